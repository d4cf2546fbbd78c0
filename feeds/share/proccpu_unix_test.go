//go:build unix

package share

import (
	"syscall"
	"time"
)

// procCPU is the CPU time the process has used, all threads, user and
// system.
func procCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
