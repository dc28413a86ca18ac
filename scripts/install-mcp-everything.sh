#!/usr/bin/env bash
# scripts/install-mcp-everything.sh: makes sure the reference MCP
# "everything" server (@modelcontextprotocol/server-everything, pinned) is
# installed from the npm registry, for the `smithy proxy` test that drives
# it through the proxy (cli/proxy TestMCPEverything). It goes into
# $SMITHY_PEERS (default ~/.cache/smithy-validation/peers), outside the
# repository. Prints the server's executable on its last line; exits 1 when
# it cannot install it.
set -euo pipefail

want=2026.8.31
dir=${SMITHY_PEERS:-$HOME/.cache/smithy-validation/peers}
bin="$dir/node_modules/.bin/mcp-server-everything"
pkg="$dir/node_modules/@modelcontextprotocol/server-everything/package.json"
if [[ -x "$bin" ]] && grep -q "\"version\": \"$want\"" "$pkg" 2>/dev/null; then
	echo "install-mcp-everything: server-everything $want already installed" >&2
	echo "$bin"
	exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
	echo "install-mcp-everything: npm is not installed" >&2
	exit 1
fi
mkdir -p "$dir"
npm install --prefix "$dir" --no-audit --no-fund --loglevel=error \
	"@modelcontextprotocol/server-everything@$want" >&2
if ! grep -q "\"version\": \"$want\"" "$pkg" 2>/dev/null || [[ ! -x "$bin" ]]; then
	echo "install-mcp-everything: $bin is not server-everything $want after npm install" >&2
	exit 1
fi
echo "install-mcp-everything: server-everything $want installed in $dir" >&2
echo "$bin"
