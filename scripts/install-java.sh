#!/usr/bin/env bash
# scripts/install-java.sh: makes sure a JDK (javac and java) is installed,
# for the tests that compare core/pattern with java.util.regex itself
# (core/pattern's Java differential tests and the import's ECMA-to-Java
# translation probes). A javac already in PATH is used as is; otherwise
# Debian's openjdk-17-jdk-headless is installed with apt-get (as root, as
# on CI). Exits 1 when neither works.
set -euo pipefail

if command -v javac >/dev/null 2>&1 && command -v java >/dev/null 2>&1; then
	echo "install-java: $(javac -version 2>&1) already installed"
	exit 0
fi
if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
	echo "install-java: no javac in PATH, and apt-get as root is not available to install it" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq openjdk-17-jdk-headless >/dev/null
echo "install-java: $(javac -version 2>&1) installed"
