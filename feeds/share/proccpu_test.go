package share

import "time"

// procCPU is processCPU (cputime_*_test.go) for the benchmarks that leave
// the metric out where it is not measured.
func procCPU() (time.Duration, bool) {
	d := processCPU()
	return d, d > 0
}
