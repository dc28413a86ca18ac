#!/usr/bin/env bash
# Regenerates core/pattern/testdata/aws-patterns.jsonl: every distinct
# @pattern of the published AWS service models with generated probes and
# java.util.regex's Matcher.find() verdict on each (the table
# core/pattern's TestAWSPatternTable checks everywhere).
#
#   bash scripts/aws-pattern-table.sh MODELS
#
# MODELS is a checkout of github.com/aws/api-models-aws, or a bare clone
# of it (read with git archive; blobs missing from a partial clone are
# skipped with a notice). Needs Go and a JDK (javac, java). The models are
# read from a temporary directory and never copied into the repository.
set -euo pipefail
src=${1:?usage: aws-pattern-table.sh MODELS (a checkout or bare clone of aws/api-models-aws)}
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$src
if [ -f "$src/HEAD" ] && [ -d "$src/objects" ]; then
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
	git --git-dir="$src" ls-tree -r --name-only HEAD | grep '/service/.*\.json$' | while read -r f; do
		mkdir -p "$dir/$(dirname "$f")"
		if ! git --git-dir="$src" show "HEAD:$f" >"$dir/$f" 2>/dev/null; then
			echo "skipped (blob not in this clone): $f" >&2
			rm -f "$dir/$f"
		fi
	done
fi
echo "models: $(find "$dir" -path '*/service/*.json' | wc -l) files" >&2
cd "$root/core"
SMITHY_AWS_MODELS="$dir" UPDATE_GOLDEN=1 SMITHY_REQUIRE_JAVA=1 go test ./pattern -run '^TestGenerateAWSPatternTable$' -count=1 -v | grep -E '^(---|ok|FAIL|\s+table_test)' || true
