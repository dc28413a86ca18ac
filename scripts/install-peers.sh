#!/usr/bin/env bash
# scripts/install-peers.sh: installs the real JSON-RPC peers that the
# `smithy proxy` tests drive (cli/proxy TestMCPEverything, TestGopls):
#   - the reference MCP "everything" server from the npm registry, pinned,
#     into $SMITHY_PEERS (default ~/.cache/smithy-validation/peers), outside
#     the repository;
#   - gopls v0.23.0 from the Go module proxy (later versions need a newer
#     Go), with go install into $(go env GOPATH)/bin, unless that version is
#     already there.
# Exits 1 when either cannot be installed. scripts/test.sh runs it and sets
# SMITHY_REQUIRE_PEERS=1, so the tests never skip where it runs.
set -euo pipefail

MCP_EVERYTHING_VERSION=2026.8.31
GOPLS_VERSION=v0.23.0
peers=${SMITHY_PEERS:-$HOME/.cache/smithy-validation/peers}

mkdir -p "$peers"
bin="$peers/node_modules/.bin/mcp-server-everything"
if [[ -x "$bin" ]] && grep -q "\"version\": \"$MCP_EVERYTHING_VERSION\"" "$peers/node_modules/@modelcontextprotocol/server-everything/package.json" 2>/dev/null; then
	echo "install-peers: @modelcontextprotocol/server-everything@$MCP_EVERYTHING_VERSION already installed"
else
	npm install --prefix "$peers" --no-audit --no-fund --loglevel=error \
		"@modelcontextprotocol/server-everything@$MCP_EVERYTHING_VERSION" >/dev/null
	echo "install-peers: @modelcontextprotocol/server-everything@$MCP_EVERYTHING_VERSION installed in $peers"
fi

gobin=$(go env GOPATH)/bin
if [[ -x "$gobin/gopls" ]] && "$gobin/gopls" version 2>/dev/null | grep -q "gopls $GOPLS_VERSION\$"; then
	echo "install-peers: gopls $GOPLS_VERSION already installed"
else
	GOTOOLCHAIN=local GOFLAGS=-mod=mod GOWORK=off go install "golang.org/x/tools/gopls@$GOPLS_VERSION"
	echo "install-peers: gopls $GOPLS_VERSION installed in $gobin"
fi
