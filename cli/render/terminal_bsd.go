//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package render

import "syscall"

const ioctlGetTermios = syscall.TIOCGETA
