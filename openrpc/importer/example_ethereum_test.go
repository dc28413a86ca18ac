package importer

import (
	"path/filepath"
	"testing"
)

// ethereumPin is the sha256 of the execution-apis OpenRPC document that
// examples/ethereum is generated from (scripts/import-ethereum.sh pins the
// same).
const ethereumPin = "c5c5e33e77c3d8c08b9e4c28ebe53973eee632576a8305bfd4467de99212353b"

var ethereumExample = filepath.Join("..", "..", "examples", "ethereum")

// TestEthereumExampleIsCurrent: the committed examples/ethereum model and
// its diagnostics are exactly what scripts/import-ethereum.sh writes from
// the pinned document (UPDATE_GOLDEN=1 rewrites them, as the script does).
func TestEthereumExampleIsCurrent(t *testing.T) {
	readPinned(t, "openrpc/ethereum-execution-apis-openrpc.json", ethereumPin, "document", "scripts/import-ethereum.sh")
	checkExampleIsCurrent(t, ethereumExample, "ethereum.smithy", "scripts/import-ethereum.sh", importEthereum(t), nil)
}
