package main

import (
	"os/exec"
	"syscall"
	"testing"
)

// minorFaults runs name with args, its output thrown away, and returns the
// minor page faults the kernel counted for the process.
func minorFaults(t *testing.T, name string, args ...string) (int64, bool) {
	t.Helper()
	cmd := exec.Command(name, args...)
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return cmd.ProcessState.SysUsage().(*syscall.Rusage).Minflt, true
}
