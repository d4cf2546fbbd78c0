package share

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// errLocked is returned by tryLock when another process holds the lock.
var errLocked = errors.New("locked by another process")

// lockPath is the advisory lock file of path: .NAME.lock beside it.
func lockPath(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".lock")
}

// lockFile takes the exclusive advisory lock (flock) on lock, waiting for
// it, and returns the function that releases it.
func lockFile(lock string) (func(), error) { return flock(lock, syscall.LOCK_EX) }

// tryLock is lockFile without waiting: errLocked when another process
// holds it.
func tryLock(lock string) (func(), error) { return flock(lock, syscall.LOCK_EX|syscall.LOCK_NB) }

func flock(lock string, how int) (func(), error) {
	f, err := os.OpenFile(lock, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("locking: %w", err)
	}
	for {
		err = syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, errLocked
		}
		return nil, fmt.Errorf("locking %s: %w", lock, err)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
