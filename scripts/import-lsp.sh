#!/usr/bin/env bash
# import-lsp.sh: regenerate examples/lsp/lsp.smithy (and the import's
# diagnostics beside it) from the pinned LSP meta model with
# `smithy import lsp`.
#
# The pin is the 3.18.0 meta model of microsoft/vscode-languageserver-node
# (protocol/metaModel.json at commit 0da5527ddf79, see the corpus README),
# the one version the corpus holds. Issue 26 names 3.17; 3.18.0 holds every
# 3.17 request and notification with the same method and direction, plus
# five new ones, each documented "@since 3.18.0" (95 messages; 3.17 has 90),
# and the real servers the tests drive (gopls v0.23.0,
# typescript-language-server, pyright) already send 3.18 fields. The file is
# read from ../shared/corpus (beside the repository), never copied in; its
# sha256 is pinned here and in openrpc/importer's TestLSPExampleIsCurrent,
# which fails when the committed model differs from what this script
# writes.
#
# usage: scripts/import-lsp.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
src="$root/../shared/corpus/lsp/metaModel.json"
pin=35ebcc0b607eeda105dd092c990182eb338852d82130053d3a27499ff34c89a2

if [[ ! -f "$src" ]]; then
    echo "import-lsp.sh: $src not found (the corpus lives in ../shared beside the repository)" >&2
    exit 1
fi
got="$(sha256sum "$src" | cut -d' ' -f1)"
if [[ "$got" != "$pin" ]]; then
    echo "import-lsp.sh: $src has sha256 $got, not the pinned $pin; move the pin here and in openrpc/importer/example_lsp_test.go" >&2
    exit 1
fi
out="$root/examples/lsp"
cd "$root"
# Diagnostics go to stderr: keep them beside the model, so that every loss
# of the import is visible in the repository.
go run ./cli/cmd/smithy import lsp --namespace org.lsp --service LanguageServer \
    --output "$out/lsp.smithy" "$src" 2> "$out/import-diagnostics.txt.tmp"
sed "s|^smithy: import: ||" "$out/import-diagnostics.txt.tmp" > "$out/import-diagnostics.txt"
rm "$out/import-diagnostics.txt.tmp"
echo "wrote $out/lsp.smithy ($(wc -l < "$out/lsp.smithy") lines) and $(wc -l < "$out/import-diagnostics.txt") diagnostics" >&2
