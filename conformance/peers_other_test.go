//go:build !unix

package conformance

import (
	"os/exec"
	"time"
)

// endGroupOnCancel: without process groups, the context's end kills the
// driver only.
func endGroupOnCancel(cmd *exec.Cmd) { cmd.WaitDelay = 10 * time.Second }
