#!/usr/bin/env bash
# scripts/install-mcp-everything.sh: makes sure the reference MCP
# "everything" server is installed, for the `smithy proxy` test that drives
# it (cli/proxy TestMCPEverything). It is one of the real peers that
# scripts/install-peers.sh installs, pinned in scripts/peers/package.json
# (@modelcontextprotocol/server-everything 2026.8.31), into $SMITHY_PEERS
# (default ~/.cache/smithy-validation/peers), outside the repository.
# Prints the server's executable on its last line; exits 1 when it cannot
# install it.
set -euo pipefail

dir="$(bash "$(dirname "${BASH_SOURCE[0]}")/install-peers.sh" | tail -n 1)"
bin="$dir/node_modules/.bin/mcp-server-everything"
if [[ ! -x "$bin" ]]; then
	echo "install-mcp-everything: $bin is missing after install-peers.sh" >&2
	exit 1
fi
echo "$bin"
