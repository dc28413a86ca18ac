#!/usr/bin/env bash
# scripts/sdk-fixtures.sh: puts the provider SDKs pinned in
# mend/testdata/sdk-fixtures.txt into the Go module cache, so that mend's
# TestSDKFixtures can read their streaming test data (it runs with the
# proxy off and never downloads anything itself). The SDKs are not
# requirements of any module here: `go mod download` outside the workspace
# fetches them as plain data (checked against the checksum database as
# usual). Prints each module's directory; exits 1 when one cannot be had.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
status=0
while read -r mod; do
	[[ -z "$mod" || "$mod" == \#* ]] && continue
	if dir="$(cd "$tmp" && GOWORK=off GOFLAGS=-mod=mod go mod download -json "$mod" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')" && [[ -n "$dir" ]]; then
		echo "sdk-fixtures: $mod in $dir" >&2
		echo "$dir"
	else
		echo "sdk-fixtures: cannot download $mod" >&2
		status=1
	fi
done <"$root/mend/testdata/sdk-fixtures.txt"
exit $status
