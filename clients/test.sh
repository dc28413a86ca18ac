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

# The clients install as packages, as their READMEs show, without a
# package index (pip --no-index, npm --offline): then the installed copy,
# imported from outside the repository, talks to the server.
echo "--- packages: pip install ./clients/python, npm install ./clients/node"
if ! python3 -m pip --version >/dev/null 2>&1; then
	need pip3 python3-pip
fi
if python3 -m pip install --quiet --no-index --disable-pip-version-check --root-user-action=ignore \
	--target "$tmp/site" ./clients/python >"$tmp/pip.log" 2>&1 &&
	(cd "$tmp" && PYTHONPATH="$tmp/site" python3 -c '
import smithyclient, sys
assert smithyclient.__file__.startswith(sys.argv[1]), smithyclient.__file__
with smithyclient.Client() as c:
    print("python package:", smithyclient.__file__[len(sys.argv[1]):], "protocol", c.hello["protocol"])
' "$tmp/site"); then
	:
else
	cat "$tmp/pip.log"
	echo "FAIL: pip install ./clients/python" >&2
	status=1
fi
mkdir -p "$tmp/npm"
if (cd "$tmp/npm" && npm init -y >/dev/null && npm install --offline --no-audit --no-fund --loglevel=error "$root/clients/node" >"$tmp/npm.log" 2>&1 &&
	node -e '
const { Client } = require("smithy-serve-client");
const c = new Client();
c.ready.then((h) => { console.log("node package: smithy-serve-client, protocol", h.protocol); return c.close(); })
  .catch((e) => { console.error(e); process.exit(1); });
'); then
	:
else
	cat "$tmp/npm.log"
	echo "FAIL: npm install ./clients/node" >&2
	status=1
fi

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
