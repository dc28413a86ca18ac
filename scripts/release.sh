#!/usr/bin/env bash
# scripts/release.sh: tag every library module at its versions.yaml version.
#
#   bash scripts/release.sh             dry run: check, then print the tags
#   bash scripts/release.sh --execute   create the tags (git tag, not pushed)
#
# Tags are <dir>/vX.Y.Z (core/v0.1.0, ion-adapter/v0.1.0), the form the go
# command expects for a module in a subdirectory. The version check
# (scripts/cmd/checkversions) runs first; --execute also refuses a tree
# with uncommitted changes to tracked files, and refuses to run at all if
# any of the tags already exists. Pushing is left to you.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

usage() {
	sed -n '2,11s/^# \{0,1\}//p' "$0"
}

execute=false
case "${1:-}" in
	"" | --dry-run) ;;
	--execute) execute=true ;;
	-h | --help)
		usage
		exit 0
		;;
	*)
		usage >&2
		exit 2
		;;
esac

echo "release: checking versions.yaml, go.work and every go.mod"
go run ./scripts/cmd/checkversions
mapfile -t tags < <(go run ./scripts/cmd/checkversions -tags)
if [[ ${#tags[@]} -eq 0 ]]; then
	echo "release: versions.yaml releases no module" >&2
	exit 1
fi

existing=()
for tag in "${tags[@]}"; do
	if git rev-parse -q --verify "refs/tags/$tag" >/dev/null; then
		existing+=("$tag")
	fi
done

head="$(git rev-parse --short HEAD)"
if ! $execute; then
	echo "release: dry run: would tag $head with:"
	for tag in "${tags[@]}"; do
		echo "  $tag"
	done
	if [[ ${#existing[@]} -gt 0 ]]; then
		echo "release: these tags exist already, so --execute would refuse: ${existing[*]}" >&2
		exit 1
	fi
	echo "release: run with --execute to create them"
	exit 0
fi

if [[ ${#existing[@]} -gt 0 ]]; then
	echo "release: refusing: these tags exist already: ${existing[*]}" >&2
	exit 1
fi
if [[ -n "$(git status --porcelain --untracked-files=no)" ]]; then
	echo "release: refusing: the working tree has uncommitted changes to tracked files:" >&2
	git status --short --untracked-files=no >&2
	exit 1
fi
for tag in "${tags[@]}"; do
	git tag "$tag"
	echo "release: created $tag at $head"
done
echo "release: push with: git push origin ${tags[*]}"
