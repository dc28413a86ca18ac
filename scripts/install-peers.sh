#!/usr/bin/env bash
# scripts/install-peers.sh: makes sure the real peers that the smithy proxy
# tests drive are installed from the npm registry, exactly as pinned by
# scripts/peers/package.json and its package-lock.json (every package and
# every transitive one, with its integrity hash): the four reference MCP
# servers (everything, filesystem, memory, sequential-thinking), the
# official MCP TypeScript SDK whose Client drives them,
# typescript-language-server with typescript, pyright, and
# vscode-languageserver-protocol, which drives the two language servers
# (conformance/peers_test.go; cli/proxy's TestMCPEverything uses the
# everything server from the same place).
#
# They go into $SMITHY_PEERS (default ~/.cache/smithy-validation/peers),
# outside the repository, with `npm ci`; a directory whose lock file equals
# the committed one and whose packages are all there is left as it is.
# Prints the directory on its last line; exits 1 when it cannot install.
#
# To move a pin: edit scripts/peers/package.json, then in scripts/peers run
#   npm install --package-lock-only --omit-lockfile-registry-resolved
# (the lock file names no registry host: npm ci uses the configured one).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
src="$root/scripts/peers"
dir=${SMITHY_PEERS:-$HOME/.cache/smithy-validation/peers}

# The executables the tests start, each from node_modules/.bin.
bins=(mcp-server-everything mcp-server-filesystem mcp-server-memory mcp-server-sequential-thinking
	typescript-language-server tsserver pyright-langserver)

installed() {
	cmp -s "$src/package-lock.json" "$dir/package-lock.json" || return 1
	cmp -s "$src/package.json" "$dir/package.json" || return 1
	[[ -f "$dir/node_modules/.package-lock.json" ]] || return 1
	local b
	for b in "${bins[@]}"; do
		[[ -x "$dir/node_modules/.bin/$b" ]] || return 1
	done
}

if installed; then
	echo "install-peers: the pinned peers are already installed in $dir" >&2
	echo "$dir"
	exit 0
fi

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
		echo "install-peers: installing nodejs and npm with apt-get" >&2
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -qq >&2
		apt-get install -y -qq nodejs npm >/dev/null
	else
		echo "install-peers: node and npm are needed (and apt-get as root is not available to install them)" >&2
		exit 1
	fi
fi
# typescript-language-server 5.3.0 wants node 20 or newer.
major=$(node -p 'process.versions.node.split(".")[0]')
if [[ $major -lt 20 ]]; then
	echo "install-peers: node $(node --version) is too old: the pinned typescript-language-server needs node 20 or newer" >&2
	exit 1
fi

mkdir -p "$dir"
cp "$src/package.json" "$src/package-lock.json" "$dir/"
(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) >&2
if ! installed; then
	echo "install-peers: $dir does not hold every pinned peer after npm ci" >&2
	exit 1
fi
echo "install-peers: the pinned peers are installed in $dir" >&2
echo "$dir"
