package share

import (
	"time"

	"golang.org/x/sys/windows"
)

// processCPU is the CPU time the process has used, all threads, user and
// kernel.
func processCPU() time.Duration {
	var created, exited, kernel, user windows.Filetime
	windows.GetProcessTimes(windows.CurrentProcess(), &created, &exited, &kernel, &user)
	return ticks(kernel) + ticks(user)
}

// ticks is a Filetime read as a span: a count of 100 ns.
func ticks(f windows.Filetime) time.Duration {
	return time.Duration(int64(f.HighDateTime)<<32|int64(f.LowDateTime)) * 100
}
