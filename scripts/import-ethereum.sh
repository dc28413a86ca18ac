#!/usr/bin/env bash
# import-ethereum.sh: regenerate examples/ethereum from the pinned Ethereum
# execution-apis OpenRPC document with `smithy import openrpc`. The source is
# read from ../shared/corpus (beside the repository), never copied in; its
# sha256 is pinned here and in openrpc/importer's TestEthereumExampleIsCurrent,
# which fails when the committed model differs from what this script writes.
#
# usage: scripts/import-ethereum.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
src="$root/../shared/corpus/openrpc/ethereum-execution-apis-openrpc.json"
pin=c5c5e33e77c3d8c08b9e4c28ebe53973eee632576a8305bfd4467de99212353b

if [[ ! -f "$src" ]]; then
    echo "import-ethereum.sh: $src not found (the corpus lives in ../shared beside the repository)" >&2
    exit 1
fi
got="$(sha256sum "$src" | cut -d' ' -f1)"
if [[ "$got" != "$pin" ]]; then
    echo "import-ethereum.sh: $src has sha256 $got, not the pinned $pin; move the pin here and in openrpc/importer/example_ethereum_test.go" >&2
    exit 1
fi
out="$root/examples/ethereum"
cd "$root"
# Diagnostics go to stderr: keep them beside the model, so that every loss
# of the import is visible in the repository.
go run ./cli/cmd/smithy import openrpc --namespace ethereum --service Ethereum \
    --output "$out/ethereum.smithy" "$src" 2> "$out/import-diagnostics.txt.tmp"
sed "s|^smithy: import: ||" "$out/import-diagnostics.txt.tmp" > "$out/import-diagnostics.txt"
rm "$out/import-diagnostics.txt.tmp"
echo "wrote $out/ethereum.smithy ($(wc -l < "$out/ethereum.smithy") lines) and $(wc -l < "$out/import-diagnostics.txt") diagnostics" >&2
