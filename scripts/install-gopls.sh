#!/usr/bin/env bash
# scripts/install-gopls.sh: makes sure gopls v0.23.0 is installed, for the
# recorded Language Server Protocol session of conformance
# (TestLSPGoplsSession, which starts gopls, speaks LSP with it and validates
# the conversation against examples/lsp). Installed from the Go module proxy
# with the local toolchain (later gopls versions need a newer Go). Prints
# the binary's path on its last line; exits 1 when it cannot install it.
set -euo pipefail

want=v0.23.0
bin="$(go env GOPATH)/bin/gopls"
if [[ -x "$bin" ]] && "$bin" version 2>/dev/null | grep -q "golang.org/x/tools/gopls $want"; then
	echo "install-gopls: gopls $want already installed" >&2
	echo "$bin"
	exit 0
fi
GOTOOLCHAIN=local GOFLAGS= go install "golang.org/x/tools/gopls@$want" >&2
if ! "$bin" version 2>/dev/null | grep -q "golang.org/x/tools/gopls $want"; then
	echo "install-gopls: $bin is not gopls $want after go install" >&2
	exit 1
fi
echo "install-gopls: gopls $want installed" >&2
echo "$bin"
