#!/usr/bin/env bash
# scripts/test.sh: the project's whole test suite, as CI runs it.
#
#   bash scripts/test.sh          (from any directory)
#
# For every module in go.work: go vet ./... and go test ./...; then
# smithyvalidate and rpc under the race detector (when cgo is available); the
# version check (scripts/cmd/checkversions) and the isolation proofs
# (scripts/cmd/isolation), and the Python and Node clients' tests
# (clients/test.sh). Before the modules, scripts/install-chromium.sh makes
# sure Chromium is there for cli's HTML report test (which must not skip
# here: SMITHY_REQUIRE_CHROMIUM=1), scripts/install-java.sh a JDK for the
# java.util.regex comparisons (SMITHY_REQUIRE_JAVA=1), scripts/install-gopls.sh installs
# gopls for conformance's recorded LSP session (SMITHY_REQUIRE_GOPLS=1,
# SMITHY_GOPLS=its path) and scripts/install-peers.sh the MCP servers and
# language servers that conformance and cli/proxy drive through smithy
# proxy (SMITHY_REQUIRE_PEERS=1), and scripts/sdk-fixtures.sh the provider
# SDKs whose streaming test data mend reads (SMITHY_REQUIRE_SDK_FIXTURES=1). Every step runs even after a failure; the
# summary at the end lists each one, and every skipped test with its reason
# (counting those skipped for a missing corpus), and the script exits 1 if
# any failed.
#
# Environment:
#   SMITHY_TEST_RACE=1   add -race to go test (needs cgo and a C compiler;
#                        off by default: see scripts/README.md)
#   SMITHY_TEST_FLAGS    extra go test flags, e.g. "-count=1" or "-short"
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if ! command -v go >/dev/null 2>&1; then
	echo "test.sh: the go command is not in PATH" >&2
	exit 2
fi

# A package's tests may take longer than go test's default 10 minutes on a
# slow or busy machine (conformance plays every case three ways); CI's own
# bound is 90 minutes for the whole script.
test_flags=(-timeout 30m)
if [[ "${SMITHY_TEST_RACE:-0}" == 1 ]]; then
	test_flags+=(-race)
fi
if [[ -n "${SMITHY_TEST_FLAGS:-}" ]]; then
	read -r -a extra <<<"$SMITHY_TEST_FLAGS"
	test_flags+=("${extra[@]}")
fi

log="$(mktemp)"
modlog="$(mktemp)"
skips="$(mktemp)"  # skipped tests: package, test, reason (tab-separated)
tools="$(mktemp -d)"
trap 'rm -rf "$log" "$modlog" "$skips" "$tools"' EXIT

steps=()         # one summary line per step
failed_steps=0
passed_checks=0  # go vet per module, version check, isolation
failed_checks=0
start_all=$SECONDS

# record NAME STATUS SECONDS
record() {
	local name=$1 status=$2 secs=$3
	if [[ $status == ok ]]; then
		steps+=("$(printf '  ok    %-36s %4ss' "$name" "$secs")")
	elif [[ $status == skip ]]; then
		steps+=("$(printf '  --    %-36s %4s  (no packages)' "$name" "")")
	else
		steps+=("$(printf '  FAIL  %-36s %4ss' "$name" "$secs")")
		failed_steps=$((failed_steps + 1))
	fi
}

# Chromium for the HTML report test of the smithy command: installed when
# missing (Debian's chromium, as root), and required, so that the test
# never skips where this script runs.
echo "=== chromium (cli's HTML report test)"
t=$SECONDS
if bash scripts/install-chromium.sh; then
	record "chromium install" ok $((SECONDS - t))
else
	record "chromium install" FAIL $((SECONDS - t))
fi
export SMITHY_REQUIRE_CHROMIUM=1

# A JDK for the tests that compare core/pattern with java.util.regex:
# installed when missing (Debian's openjdk-17-jdk-headless, as root), and
# required, so that those tests never skip where this script runs.
echo "=== java (core/pattern's java.util.regex comparisons)"
t=$SECONDS
if bash scripts/install-java.sh; then
	record "java install" ok $((SECONDS - t))
else
	record "java install" FAIL $((SECONDS - t))
fi
export SMITHY_REQUIRE_JAVA=1

# install NAME SCRIPT VAR: runs scripts/SCRIPT, which installs a real peer
# when it is missing and prints its path last; exports that path as VAR.
install_peer() {
	local name=$1 script=$2 var=$3 t=$SECONDS out
	if out="$(bash "scripts/$script" | tail -n 1)"; then
		record "$name install" ok $((SECONDS - t))
		export "$var=$out"
	else
		record "$name install" FAIL $((SECONDS - t))
	fi
}

# gopls v0.23.0 for conformance's recorded LSP session (TestLSPGoplsSession)
# and cli/proxy's gopls test: installed from the Go module proxy when
# missing, and required, so that the tests never skip where this script runs.
echo "=== gopls (conformance's recorded LSP session)"
install_peer gopls install-gopls.sh SMITHY_GOPLS
export SMITHY_REQUIRE_GOPLS=1

# The provider SDKs whose streaming test data mend's TestSDKFixtures reads
# from the module cache (mend/testdata/sdk-fixtures.txt): downloaded when
# missing, and required, so that the test never skips where this script runs.
echo "=== provider SDK fixtures (mend's TestSDKFixtures)"
t=$SECONDS
if bash scripts/sdk-fixtures.sh >/dev/null; then
	record "sdk fixtures download" ok $((SECONDS - t))
else
	record "sdk fixtures download" FAIL $((SECONDS - t))
fi
export SMITHY_REQUIRE_SDK_FIXTURES=1

# The real peers from npm, each pinned by scripts/peers/package-lock.json:
# the four reference MCP servers with the MCP TypeScript SDK, and
# typescript-language-server and pyright with vscode-languageserver-protocol,
# for conformance's TestRealPeers (every session through smithy proxy, no
# finding) and cli/proxy's TestMCPEverything: installed outside the
# repository when missing, and required.
echo "=== real peers (npm: MCP servers, language servers, their client libraries)"
install_peer "npm peers" install-peers.sh SMITHY_PEERS
if [[ -n "${SMITHY_PEERS:-}" ]]; then
	export SMITHY_MCP_EVERYTHING="$SMITHY_PEERS/node_modules/.bin/mcp-server-everything"
	# benchmarks' TestJSONSchemaSuite: draft 4 of the JSON-Schema-Test-Suite
	# against openrpc/jsonschema and v5
	export SMITHY_JSON_SCHEMA_TEST_SUITE="$SMITHY_PEERS/node_modules/json-schema-test-suite/tests"
fi
export SMITHY_REQUIRE_PEERS=1

# go test runs with -json through scripts/cmd/testlog, which prints what a
# plain go test prints and records every skipped test with its reason, so
# that the summary can count them (and those skipped for a missing corpus).
filter=("$tools/testlog" -skips "$skips")
if ! go build -o "$tools/testlog" ./scripts/cmd/testlog; then
	record "testlog build" FAIL 0
	filter=(cat)
fi
gotest() { go test -json "$@" 2>&1 | "${filter[@]}"; }

# The modules, in go.work order.
mapfile -t modules < <(go work edit -json | sed -n 's/^.*"DiskPath": "\(.*\)".*$/\1/p' | sed 's#^\./##')
if [[ ${#modules[@]} -eq 0 ]]; then
	echo "test.sh: go.work lists no module" >&2
	exit 2
fi
echo "test.sh: go $(go env GOVERSION), ${#modules[@]} modules: ${modules[*]}"

for mod in "${modules[@]}"; do
	echo
	echo "=== $mod"
	if [[ -z "$(cd "$mod" && go list -e ./... 2>/dev/null)" ]]; then
		echo "no Go packages in $mod"
		record "$mod: vet + test" skip 0
		continue
	fi

	t=$SECONDS
	if (cd "$mod" && go vet ./...); then
		record "$mod: go vet" ok $((SECONDS - t))
		passed_checks=$((passed_checks + 1))
	else
		record "$mod: go vet" FAIL $((SECONDS - t))
		failed_checks=$((failed_checks + 1))
	fi

	t=$SECONDS
	: >"$modlog"
	if (cd "$mod" && gotest ${test_flags[@]+"${test_flags[@]}"} ./...) | tee "$modlog"; then
		record "$mod: go test" ok $((SECONDS - t))
	else
		record "$mod: go test" FAIL $((SECONDS - t))
		# A module whose go test fails before any package line counts once.
		if ! grep -q '^FAIL[[:space:]]' "$modlog"; then
			printf 'FAIL\t%s [go test failed]\n' "$mod" >>"$modlog"
		fi
	fi
	cat "$modlog" >>"$log"
done

# Prepared validators and services are shared between goroutines: run their
# modules under the race detector too, when cgo can build it (a machine with
# only Go has no C compiler; SMITHY_TEST_RACE=1 already ran everything so).
race_modules=(smithyvalidate rpc)
echo
echo "=== race detector: ${race_modules[*]}"
if [[ "${SMITHY_TEST_RACE:-0}" == 1 ]]; then
	echo "already run with -race above"
elif [[ "$(go env CGO_ENABLED)" != 1 ]] || ! command -v "$(go env CC)" >/dev/null 2>&1; then
	echo "skipped: the race detector needs cgo and a C compiler ($(go env CC))"
	record "race detector" skip 0
else
	for mod in "${race_modules[@]}"; do
		t=$SECONDS
		: >"$modlog"
		if (cd "$mod" && gotest -race ./...) | tee "$modlog"; then
			record "$mod: go test -race" ok $((SECONDS - t))
		else
			record "$mod: go test -race" FAIL $((SECONDS - t))
			if ! grep -q '^FAIL[[:space:]]' "$modlog"; then
				printf 'FAIL\t%s [go test -race failed]\n' "$mod" >>"$modlog"
			fi
		fi
		cat "$modlog" >>"$log"
	done
fi

echo
echo "=== clients (Python and Node, against serve --stdio)"
t=$SECONDS
if bash clients/test.sh; then
	record "clients: python + node" ok $((SECONDS - t))
	passed_checks=$((passed_checks + 1))
else
	record "clients: python + node" FAIL $((SECONDS - t))
	failed_checks=$((failed_checks + 1))
fi

echo
echo "=== version check"
t=$SECONDS
if go run ./scripts/cmd/checkversions; then
	record "version check" ok $((SECONDS - t))
	passed_checks=$((passed_checks + 1))
else
	record "version check" FAIL $((SECONDS - t))
	failed_checks=$((failed_checks + 1))
fi

echo
echo "=== isolation proofs"
t=$SECONDS
if go run ./scripts/cmd/isolation; then
	record "isolation proofs" ok $((SECONDS - t))
	passed_checks=$((passed_checks + 1))
else
	record "isolation proofs" FAIL $((SECONDS - t))
	failed_checks=$((failed_checks + 1))
fi

pkg_ok=$(grep -c '^ok[[:space:]]' "$log" || true)
pkg_fail=$(grep -c '^FAIL[[:space:]]' "$log" || true)
pkg_none=$(grep -c '^?[[:space:]]' "$log" || true)
skipped=$(wc -l <"$skips" | tr -d ' ')
# The reason without the file:line the testing package puts first (a test
# file named *corpus* skipped for another reason is not one).
corpus_skipped=$(awk -F'\t' '{ r = $3; sub(/^[^ ]*\.go:[0-9]+: /, "", r) } tolower(r) ~ /corpus/' "$skips" | wc -l | tr -d ' ')

echo
echo "=== summary ($((SECONDS - start_all))s)"
printf '%s\n' "${steps[@]}"
echo "  go test packages: $pkg_ok ok, $pkg_fail FAIL, $pkg_none without tests"
echo "  skipped tests: $skipped ($corpus_skipped for a missing corpus: ../shared/corpus beside the repository)"
if [[ $skipped -gt 0 ]]; then
	awk -F'\t' '{ printf "    %s %s: %.160s\n", $1, $2, $3 }' "$skips"
fi
if [[ $failed_steps -gt 0 ]]; then
	echo "test.sh: FAIL: $failed_steps step(s) failed"
else
	echo "test.sh: ok"
fi
# The closing line counts go test packages and the other checks (go vet per
# module, the version check, the isolation proofs) as passed or failed, and
# the tests that skipped.
echo "Summary: $((pkg_ok + passed_checks)) passed, $((pkg_fail + failed_checks)) failed, $skipped skipped"
[[ $failed_steps -eq 0 ]]
