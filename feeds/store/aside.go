package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// setAside moves a store file that cannot be used out of the way, under
// the store's lock, and returns the warning that says so. info is the file
// as Open found it: a file another writer has replaced since is left
// alone (the next Record indexes it). A symbolic link is renamed itself,
// never followed.
func (s *Store) setAside(info fs.FileInfo, why string) error {
	if info != nil && info.Mode()&fs.ModeSymlink == 0 {
		if err := checkLockFile(s.path); err != nil {
			s.off = true
			return err
		}
		ctx, cancel := context.WithTimeout(context.Background(), lockWait)
		defer cancel()
		l, err := atomicfile.Acquire(ctx, s.path)
		if err != nil {
			s.off = true
			return fmt.Errorf("%s: %s; going on without it (%w)", s.path, why, err)
		}
		defer l.Release()
	}
	if err := s.rename(info, why); err != nil {
		s.off = true
		return err
	}
	return nil
}

// rename renames the store file aside if it is still the file info
// describes, and keeps the warning that says so in s.warned. Its error
// says the file could not be moved: the store is then not used.
func (s *Store) rename(info fs.FileInfo, why string) error {
	now, err := os.Lstat(s.path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && info != nil && !os.SameFile(now, info)) {
		return nil
	}
	aside := s.path + ".aside-" + time.Now().UTC().Format("20060102T150405.000000000")
	if err == nil {
		err = os.Rename(s.path, aside)
	}
	if err != nil {
		return fmt.Errorf("%s: %s, and it cannot be set aside: %w; going on without it", s.path, why, err)
	}
	os.Remove(indexPath(s.path)) // the index of what was set aside
	s.warned = fmt.Errorf("%s: %s; set aside as %s, going on without the bases it held", s.path, why, aside)
	return nil
}

// checkLockFile refuses a lock file that is not a regular file: taking
// the lock would write through it.
func checkLockFile(path string) error {
	if info, err := os.Lstat(lockPath(path)); err == nil && !info.Mode().IsRegular() {
		return fmt.Errorf("%s is a %s: the version store is not used", lockPath(path), kind(info.Mode()))
	}
	return nil
}
