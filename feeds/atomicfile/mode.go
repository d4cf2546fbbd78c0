package atomicfile

import (
	"errors"
	"io/fs"
	"os"
)

// ModeBeside is the permission of a file feedsync creates beside the file
// at path, for it: a feed's backups, lock file, journal, publisher and
// subscriber state and version store hold its data or say what it holds,
// so they take its permission bits, and the owner's read and write, for
// feedsync opens them again to write (a read-only feed's lock file at
// 0444 could not be locked by the next command). 0600 when path cannot be
// looked at (it does not exist yet): private until known otherwise.
func ModeBeside(path string) fs.FileMode {
	info, err := os.Stat(path)
	if err != nil {
		return 0o600
	}
	return info.Mode().Perm()&0o666 | 0o600
}

// DirModeBeside is the permission of a folder feedsync creates beside the
// file at path (its .feedsync): ModeBeside's, searchable by whoever may
// read it, so that a private feed's folder of state is private too.
func DirModeBeside(path string) fs.FileMode {
	m := ModeBeside(path)
	return m | (m&0o444)>>2
}

// MkdirBeside makes the folder dir, and its parents, for the files
// feedsync keeps beside the file at path, with DirModeBeside's permission
// exactly (not narrowed by the umask, as ModeBeside's files are not). A
// folder already there is left as it is.
func MkdirBeside(dir, path string) error {
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dir, 0o755) // there, or an error MkdirAll words
	}
	perm := DirModeBeside(path)
	if err := os.MkdirAll(dir, perm); err != nil {
		return err
	}
	return os.Chmod(dir, perm)
}

// Created sets f, a file just created with perm, to perm exactly, as the
// umask may have narrowed it. Best effort: narrower is never a leak.
func Created(f *os.File, perm fs.FileMode) {
	if info, err := f.Stat(); err == nil && info.Mode().Perm() != perm {
		f.Chmod(perm)
	}
}
