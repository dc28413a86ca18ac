#!/usr/bin/env bash
# aws-models.sh: `smithy validate` on every published AWS service model, one
# process per model, and a summary of the ERROR and DANGER events by model and
# by event ID. Exits 1 when any remains (or a model could not be checked), 2 on
# a usage error, 0 when every model is clean. A manual check: it needs fetched
# copies of two public repositories, which CI does not have.
#
# usage: scripts/aws-models.sh [--smithy BIN] [--jobs N] [--events] [--keep DIR] \
#            --traits SMITHY MODELS
#
#   MODELS  the AWS models: a directory (a clone of aws/api-models-aws, or any
#           directory of Smithy JSON AST files, read recursively, dot
#           directories left out), or the git directory of such a clone (a bare
#           repository: the models of its HEAD are extracted; a model whose
#           object the copy lacks is named and left out)
#   --traits SMITHY  the trait definitions the models use (aws.api, aws.auth,
#           aws.protocols, aws.iam, aws.cloudformation, aws.endpoints,
#           smithy.rules, smithy.waiters, smithy.test): a directory of
#           *.smithy / *.json files, or a clone of smithy-lang/smithy (its work
#           tree or its git directory), from which they are taken
#   --smithy BIN  the binary to run (default: built from this checkout)
#   --jobs N      models checked at once (default 2)
#   --events      also list every ERROR and DANGER event
#   --keep DIR    extract into DIR and keep it (default: a temporary directory)
set -euo pipefail

usage() {
	sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
	exit 2
}

root=$(cd "$(dirname "$0")/.." && pwd)
smithy="" jobs=2 events="" keep="" traits="" models=""
while [ $# -gt 0 ]; do
	case "$1" in
	--smithy) smithy=${2:?}; shift 2 ;;
	--jobs) jobs=${2:?}; shift 2 ;;
	--events) events=-events; shift ;;
	--keep) keep=${2:?}; shift 2 ;;
	--traits) traits=${2:?}; shift 2 ;;
	-h | --help) usage ;;
	-*) echo "aws-models.sh: unknown option $1" >&2; usage ;;
	*) [ -z "$models" ] || { echo "aws-models.sh: one MODELS argument" >&2; usage; }; models=$1; shift ;;
	esac
done
[ -n "$models" ] || { echo "aws-models.sh: MODELS is missing" >&2; usage; }
[ -n "$traits" ] || {
	echo "aws-models.sh: --traits is missing: without the AWS trait definitions every model reports Model.UnresolvedTrait" >&2
	usage
}

if [ -n "$keep" ]; then
	work=$keep
	mkdir -p "$work"
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi

# is_git_dir DIR: DIR is a git directory (a bare repository or a .git).
is_git_dir() { [ -f "$1/HEAD" ] && [ -d "$1/objects" ]; }

# extract GIT_DIR PATTERN DEST NAMING: writes the blobs of HEAD whose path
# matches the extended regular expression PATTERN into DEST, as the path
# (NAMING=path) or as <first directory>-<file name> (NAMING=flat); a blob the
# copy lacks (a partial snapshot may leave out its largest files) is named on
# stderr and left out.
extract() {
	local git_dir=$1 pattern=$2 dest=$3 naming=$4 meta p oid state i
	local -a paths=() oids=() present=()
	local -A lacking=()
	while IFS=$'\t' read -r meta p; do
		[[ $p =~ $pattern ]] || continue
		paths+=("$p")
		oids+=("${meta##* }")
	done < <(git --git-dir="$git_dir" ls-tree -r HEAD)
	# One batch query says which objects the copy has.
	while read -r oid state; do
		[ "$state" = missing ] && lacking[$oid]=1
	done < <(printf '%s\n' "${oids[@]}" | git --git-dir="$git_dir" cat-file --batch-check='%(objectname) ok')
	for i in "${!paths[@]}"; do
		if [ -n "${lacking[${oids[$i]}]:-}" ]; then
			echo "aws-models.sh: ${paths[$i]} is absent from this copy of $git_dir: left out" >&2
		else
			present+=("${paths[$i]}")
		fi
	done
	if [ ${#present[@]} -gt 0 ]; then
		if [ "$naming" = flat ]; then
			for p in "${present[@]}"; do
				git --git-dir="$git_dir" show "HEAD:$p" >"$dest/${p%%/*}-${p##*/}"
			done
		else
			# git archive names the absent blobs again ("invalid object")
			# even though they are not asked for; they were named above.
			git --git-dir="$git_dir" archive HEAD -- "${present[@]}" 2> >(grep -v '^error: invalid object ' >&2) |
				tar -x -C "$dest"
		fi
	fi
	echo "aws-models.sh: ${#present[@]} files from $git_dir ($(git --git-dir="$git_dir" rev-parse --short=12 HEAD)), $((${#paths[@]} - ${#present[@]})) absent" >&2
}

# The models.
if is_git_dir "$models"; then
	mkdir -p "$work/models"
	extract "$models" '^[^./][^/]*/service/[^/]+/[^/]+\.json$' "$work/models" path
	models=$work/models
elif [ ! -d "$models" ]; then
	echo "aws-models.sh: $models is neither a directory nor a git directory" >&2
	exit 2
fi

# The trait definitions: the packages of smithy-lang/smithy that define the
# traits the AWS models apply.
trait_packages='aws-traits|aws-cloudformation-traits|aws-endpoints|aws-iam-traits|aws-smoke-test-model|rules-engine|waiters|protocol-test-traits|smoke-test-traits'
trait_pattern="^smithy-($trait_packages)/src/main/resources/META-INF/smithy/[^/]+\.smithy\$"
if is_git_dir "$traits"; then
	mkdir -p "$work/traits"
	extract "$traits" "$trait_pattern" "$work/traits" flat
	traits=$work/traits
elif [ -d "$traits/smithy-aws-traits" ]; then
	# A work tree of smithy-lang/smithy: its files as they are.
	mkdir -p "$work/traits"
	n=0
	while IFS= read -r p; do
		cp "$traits/$p" "$work/traits/${p%%/*}-${p##*/}"
		n=$((n + 1))
	done < <(cd "$traits" && find smithy-* -path '*/src/main/resources/META-INF/smithy/*.smithy' | grep -E "$trait_pattern" || true)
	echo "aws-models.sh: $n trait files from $traits" >&2
	traits=$work/traits
elif [ ! -d "$traits" ]; then
	echo "aws-models.sh: --traits $traits is neither a directory nor a git directory" >&2
	exit 2
fi

# The binary.
if [ -z "$smithy" ]; then
	smithy=$work/smithy
	(cd "$root" && go build -o "$smithy" ./cli/cmd/smithy)
fi

cd "$root"
go build -o "$work/awsmodels" ./scripts/cmd/awsmodels
"$work/awsmodels" -smithy "$smithy" -traits "$traits" -jobs "$jobs" $events "$models"
