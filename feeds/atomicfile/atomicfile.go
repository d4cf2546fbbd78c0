// Package atomicfile replaces files so that a reader, or a crash, never sees a
// half-written one: the new bytes go to a temporary file in the same folder,
// which is synced and then renamed over the target. The file it replaces is
// kept beside it as a backup.
package atomicfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// BackupSuffix is appended to a replaced file's name to name its backup:
// todo.xml is kept as todo.xml.bak.
const BackupSuffix = ".bak"

// WriteFile writes data to path atomically. If path already exists, its
// previous contents are kept in path+BackupSuffix, and the new file takes the
// old one's permissions; otherwise it is created with perm.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write is WriteFile for output produced by a function. If fill returns an
// error, nothing at path changes.
func Write(path string, perm os.FileMode, fill func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	if info, statErr := os.Stat(path); statErr == nil {
		if !info.Mode().IsRegular() {
			return fmt.Errorf("writing %s: not a regular file", path)
		}
		perm = info.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = fill(tmp); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = tmp.Chmod(perm); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("syncing %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = backup(path); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("replacing %s: %w", path, err)
	}
	syncDir(dir)
	return nil
}

// backup keeps the current contents of path, if any, in path+BackupSuffix.
// A hard link costs nothing and leaves path in place until the rename;
// where links are not possible the bytes are copied.
func backup(path string) error {
	if _, err := os.Lstat(path); os.IsNotExist(err) {
		return nil
	}
	bak := path + BackupSuffix
	os.Remove(bak)
	if err := os.Link(path, bak); err == nil {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("backing up %s: %w", path, err)
	}
	if err := WriteFileNoBackup(bak, data, 0o600); err != nil {
		return fmt.Errorf("backing up %s: %w", path, err)
	}
	return nil
}

// WriteFileNoBackup writes data to path atomically and keeps no backup; it is
// for files the program owns, such as cache entries.
func WriteFileNoBackup(path string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	name := tmp.Name()
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(perm)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, path)
	}
	if err != nil {
		os.Remove(name)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	syncDir(filepath.Dir(path))
	return nil
}

// syncDir makes a rename in dir durable where the system allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
