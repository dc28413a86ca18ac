package render

import "syscall"

const ioctlGetTermios = syscall.TCGETS
