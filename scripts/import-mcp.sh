#!/usr/bin/env bash
# import-mcp.sh: regenerate examples/mcp/mcp.smithy from the pinned Model
# Context Protocol schema (2025-11-25) with `smithy import mcp` and the
# mapping scripts/mcp-mapping.json (what the schema does not say: errors
# that only the specification's pages show, the cancelling notification,
# the results of task-augmented calls, each entry with its reason). The
# schema is read from ../shared/corpus (beside the repository), never copied
# in; its sha256 is pinned here and in openrpc/importer's
# TestMCPExampleIsCurrent, which fails when the committed model differs
# from what this script writes.
#
# usage: scripts/import-mcp.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
src="$root/../shared/corpus/mcp/schema-2025-11-25.json"
pin=268a5f82ba70fd7e4b6dc4aa1e64f116f74b4d0edcb69dc046829c79dd4e97e7

if [[ ! -f "$src" ]]; then
    echo "import-mcp.sh: $src not found (the corpus lives in ../shared beside the repository)" >&2
    exit 1
fi
got="$(sha256sum "$src" | cut -d' ' -f1)"
if [[ "$got" != "$pin" ]]; then
    echo "import-mcp.sh: $src has sha256 $got, not the pinned $pin; move the pin here and in openrpc/importer/example_mcp_test.go" >&2
    exit 1
fi
out="$root/examples/mcp"
cd "$root"
# Diagnostics go to stderr: keep them beside the model, so that every loss
# of the import is visible in the repository.
go run ./cli/cmd/smithy import mcp --namespace io.modelcontextprotocol --mapping scripts/mcp-mapping.json \
    --output "$out/mcp.smithy" "$src" 2> "$out/import-diagnostics.txt.tmp"
sed "s|^smithy: import: ||" "$out/import-diagnostics.txt.tmp" > "$out/import-diagnostics.txt"
rm "$out/import-diagnostics.txt.tmp"
echo "wrote $out/mcp.smithy ($(wc -l < "$out/mcp.smithy") lines) and $(wc -l < "$out/import-diagnostics.txt") diagnostics" >&2
