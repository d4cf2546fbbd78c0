//go:build unix

package share

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used, all threads, user and
// system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
