#!/usr/bin/env bash
# scripts/install-chromium.sh: makes sure a Chromium is installed, for the
# HTML report test of the smithy command (cli/app TestHTMLReportInChromium,
# which drives headless Chromium over the DevTools protocol). A Chromium
# already in PATH is used as is; otherwise Debian's chromium package is
# installed with apt-get (as root, as on CI). Exits 1 when neither works.
set -euo pipefail

for b in chromium chromium-browser google-chrome; do
	if command -v "$b" >/dev/null 2>&1; then
		echo "install-chromium: $("$b" --version 2>/dev/null || echo "$b") already installed"
		exit 0
	fi
done
if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
	echo "install-chromium: no chromium in PATH, and apt-get as root is not available to install it" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
echo "install-chromium: $(chromium --version) installed"
