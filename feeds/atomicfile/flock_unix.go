//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"syscall"
)

// openReadFlags opens a named pipe without waiting for a writer, so that
// Read can refuse it instead of blocking.
const openReadFlags = os.O_RDONLY | syscall.O_NONBLOCK

// removesLockFile: a holder that created the lock file and wrote nothing
// removes it (Lock.Release).
const removesLockFile = true

// tryLock takes an exclusive flock(2) on f, or reports that another holds it.
func tryLock(f *os.File) (bool, error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EWOULDBLOCK):
			return false, nil
		case errors.Is(err, syscall.EINTR):
			continue
		}
		return false, err
	}
}

// processGone reports that no process has the id pid.
func processGone(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
