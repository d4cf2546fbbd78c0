//go:build !linux && !darwin

package atomicfile

// exchange is not available here: a save links the file it replaces
// under a second name instead (see guard.place).
func exchange(a, b string) error { return errNoExchange }
