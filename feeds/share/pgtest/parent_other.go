//go:build unix && !linux

package pgtest

import "syscall"

// dieWithParent adds nothing: only Linux has a parent-death signal; the
// server is stopped by Stop and by Main.
func dieWithParent(*syscall.SysProcAttr) {}
