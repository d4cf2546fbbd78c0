//go:build unix

package feeds

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used, all threads, user and
// system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
