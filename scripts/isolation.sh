#!/usr/bin/env bash
# scripts/isolation.sh: prove the contract's isolation claims (from any
# directory). Each consumers/* module is built with GOWORK=off against zips
# of the working tree served by a local file proxy, and its `go list -m all`
# is compared with its expected-modules.txt. Flags go to the Go tool:
#   -only json-value,rpc   check some consumers only
#   -keep                  keep the temporary proxy and module cache
#   -p N                   build N consumers at once (default 2)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec go run ./scripts/cmd/isolation "$@"
