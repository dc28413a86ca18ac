#!/usr/bin/env bash
# clients/test.sh: the Python and Node clients' tests against a freshly
# built smithy binary (scripts/test.sh runs this). python3 and node come
# with the machine image; on a machine without them, apt-get installs them
# (as root, or with sudo) rather than letting the tests skip.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

need() { # need COMMAND DEBIAN-PACKAGE
	command -v "$1" >/dev/null 2>&1 && return 0
	echo "clients/test.sh: $1 is missing; installing the Debian package $2" >&2
	local sudo=()
	[[ $(id -u) -eq 0 ]] || sudo=(sudo)
	"${sudo[@]}" apt-get update -qq && "${sudo[@]}" apt-get install -y -qq "$2" >/dev/null
	command -v "$1" >/dev/null 2>&1 || { echo "clients/test.sh: cannot install $1" >&2; exit 1; }
}
need python3 python3
need node nodejs

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/smithy" ./cli/cmd/smithy
export SMITHY="$tmp/smithy"

status=0
echo "--- python client ($(python3 --version 2>&1))"
python3 -m unittest discover -s clients/python/tests -t clients/python -v 2>&1 | tail -n 12 || status=1
echo "--- node client (node $(node --version))"
if node --test clients/node/test/ >"$tmp/node.log" 2>&1; then
	grep -E '^# (tests|pass|fail)' "$tmp/node.log"
else
	tail -n 60 "$tmp/node.log"
	status=1
fi
exit $status
