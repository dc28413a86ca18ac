#!/usr/bin/env bash
# Regenerates cli/cmd/smithy/default.pgo, the CPU profile the go command
# uses to build smithy with profile-guided optimization (`go build` and
# `go install` take a main package's default.pgo by default: -pgo=auto).
#
# The profile is the command's representative work, each part profiled by
# the benchmark that already drives it, and merged:
#   - validate-rpc --transcript in both formats (cli/app
#     BenchmarkTranscriptFormats, 200,000 messages): the JSON-RPC path;
#   - validate on generated models of 1,000 and 10,000 shapes and 1,000
#     HTTP operations (cli/app BenchmarkValidateCommand): model loading and
#     the built-in validators;
#   - value validation of the Order stream and the MCP and LSP example
#     traffic (benchmarks BenchmarkValidate and BenchmarkTraffic): the
#     value engine, one pass and walk.
# Run it from anywhere in the repository after changes to those paths
# (docs/performance.md, "Profile-guided optimization"):
#
#   bash scripts/pgo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd cli && go test -run '^$' -bench 'TranscriptFormats' -benchtime 1x \
    -cpuprofile "$tmp/transcript.prof" -o "$tmp/app.test" ./app > "$tmp/out.txt" || { cat "$tmp/out.txt"; exit 1; })
(cd cli && go test -run '^$' -bench 'ValidateCommand/(shapes=1000|shapes=10000|http-operations=1000)$' -benchtime 1x \
    -cpuprofile "$tmp/validate.prof" -o "$tmp/app.test" ./app > "$tmp/out.txt" || { cat "$tmp/out.txt"; exit 1; })
(cd benchmarks && go test -run '^$' -bench 'Validate/smithyvalidate|Traffic' -benchtime 2s \
    -cpuprofile "$tmp/values.prof" -o "$tmp/benchmarks.test" . > "$tmp/out.txt" || { cat "$tmp/out.txt"; exit 1; })
go tool pprof -proto "$tmp/transcript.prof" "$tmp/validate.prof" "$tmp/values.prof" > cli/cmd/smithy/default.pgo
echo "wrote cli/cmd/smithy/default.pgo ($(wc -c < cli/cmd/smithy/default.pgo) bytes)"
