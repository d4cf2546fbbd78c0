package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// maxLinks bounds the symbolic links followed to a target, as the kernel's
// own limit does (ELOOP).
const maxLinks = 40

// Target returns the file a save of path replaces: path followed through
// symbolic links, as every save follows it. The lock, the backups and the
// temporary files live beside it, and so does what else belongs to the
// feed (its version store), whatever name the feed is reached by.
func Target(path string) (string, error) { return resolve(path) }

// resolve follows path through symbolic links to the file a save replaces,
// which may not exist yet (a dangling link names the file to create).
func resolve(path string) (string, error) {
	for range maxLinks {
		info, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if errors.Is(err, syscall.ENOTDIR) {
			return "", folderError(path, path, err)
		}
		if err != nil {
			return "", err
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// folderError words a failure to create a file beside target, the file
// that path names (the lock file comes first, then the temporary file):
// the folder is missing, is not a folder, or refuses new files. The
// message names path, which the user gave, and not the lock file.
func folderError(path, target string, err error) error {
	dir := filepath.Dir(target)
	info, serr := os.Stat(dir)
	switch {
	case errors.Is(serr, fs.ErrNotExist):
		return &folderErr{path: path, msg: "no such folder: " + dir, err: fs.ErrNotExist}
	case errors.Is(serr, syscall.ENOTDIR):
		return &folderErr{path: path, msg: notFolder(dir) + " is not a folder", err: syscall.ENOTDIR}
	case serr == nil && !info.IsDir():
		return &folderErr{path: path, msg: dir + " is not a folder", err: syscall.ENOTDIR}
	case errors.Is(err, fs.ErrPermission):
		return &folderErr{path: path, msg: "cannot create files in " + dir + ": permission denied", err: fs.ErrPermission}
	}
	return fmt.Errorf("locking %s: %w", path, err)
}

// notFolder returns the first part of dir that exists and is no folder.
func notFolder(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if info, err := os.Stat(d); err == nil && !info.IsDir() {
			return d
		}
		if parent := filepath.Dir(d); parent == d {
			return dir
		}
	}
}

// folderErr is folderError's error: errors.Is matches err.
type folderErr struct {
	path, msg string
	err       error
}

func (e *folderErr) Error() string { return e.path + ": " + e.msg }
func (e *folderErr) Unwrap() error { return e.err }
