//go:build !unix

package share

import "time"

// procCPU is not measured here: the benchmarks leave out its metric.
func procCPU() (time.Duration, bool) { return 0, false }
