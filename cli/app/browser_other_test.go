//go:build !linux

package app

import (
	"os/exec"
	"time"
)

// On systems other than Linux the browser tests end Chromium by its
// process alone: no process group is made, and there is no /proc to
// wait on. The tests run on Linux in CI (scripts/test.sh), where
// browser_linux_test.go ends the whole group.

func ownProcessGroup(cmd *exec.Cmd) {}

func killGroup(cmd *exec.Cmd) error { return cmd.Process.Kill() }

func waitGroupGone(cmd *exec.Cmd, timeout time.Duration) []int { return nil }
