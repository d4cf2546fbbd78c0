//go:build windows

package atomicfile

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

const openReadFlags = os.O_RDONLY

// removesLockFile is false: Windows does not remove a file that is open,
// and a lock file it has not removed is harmless.
const removesLockFile = false

// tryLock takes an exclusive LockFileEx lock on f, or reports that another
// holds it.
func tryLock(f *os.File) (bool, error) {
	var ov windows.Overlapped
	err := windows.LockFileEx(windows.Handle(f.Fd()),
		windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ov)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) {
		return false, nil
	}
	return err == nil, err
}

// processGone is not known here; StaleAge alone decides.
func processGone(int) bool { return false }
