//go:build !linux

package main

import "testing"

// minorFaults reports false: TestStartupInitIsLight's budget of page
// faults is Linux's (4 KiB pages, the program file mapped in windows of up
// to 16).
func minorFaults(*testing.T, string, ...string) (int64, bool) { return 0, false }
