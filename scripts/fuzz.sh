#!/usr/bin/env bash
# scripts/fuzz.sh: run every fuzz target of the repository for a while.
#
#   bash scripts/fuzz.sh [DURATION]      (default 60s; any go test -fuzztime value)
#
# Every `func FuzzX(f *testing.F)` in a module of go.work is run with
# `go test -run '^$' -fuzz '^FuzzX$' -fuzztime DURATION` from its module, one
# after another (the fuzzer uses every core). A crash or a hang is written by
# go test to the package's testdata/fuzz/FuzzX/ as a new seed: commit it as
# a regression test once the fault is mended. The summary lists each
# target's time and result; the script exits 1 if any target failed.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
duration="${1:-60s}"

mapfile -t modules < <(go work edit -json | sed -n 's/^.*"DiskPath": "\(.*\)".*$/\1/p' | sed 's#^\./##')
summary=()
failed=0
for mod in "${modules[@]}"; do
	while IFS=: read -r file name; do
		[[ -n "$file" ]] || continue
		pkg="./$(dirname "${file#"$mod"/}")"
		start=$SECONDS
		echo "=== $mod $pkg $name ($duration)"
		if (cd "$mod" && go test -run '^$' -fuzz "^${name}\$" -fuzztime "$duration" "$pkg"); then
			status=ok
		else
			status=FAIL
			failed=$((failed + 1))
		fi
		secs=$((SECONDS - start))
		summary+=("$(printf '  %-4s %-44s %-22s %3dm%02ds' "$status" "$mod/${pkg#./}" "$name" $((secs / 60)) $((secs % 60)))")
	done < <(grep -rEo --include='*_test.go' '^func (Fuzz[A-Za-z0-9_]+)' "$mod" | sed 's/func //' | sort)
done

echo
echo "=== fuzz summary ($duration a target)"
printf '%s\n' "${summary[@]}"
if [[ $failed -gt 0 ]]; then
	echo "fuzz.sh: $failed target(s) failed"
	exit 1
fi
echo "fuzz.sh: ok"
