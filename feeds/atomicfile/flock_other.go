//go:build !unix && !windows

package atomicfile

import "os"

const openReadFlags = os.O_RDONLY

// removesLockFile: there is no lock, and nothing to keep a lock file for.
const removesLockFile = true

// tryLock always succeeds where the system has no file locks; the check
// at Commit is then the only guard.
func tryLock(*os.File) (bool, error) { return true, nil }

// processGone is not known here; StaleAge alone decides.
func processGone(int) bool { return false }
