package atomicfile

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// Limits and naming shared by every reader and writer of feeds.
const (
	// MaxBytes is the largest file feedsync reads, and so the largest it
	// writes: 256 MiB.
	MaxBytes = 256 << 20
	// BackupSuffix is appended to a replaced file's name to name its
	// backup: todo.xml is kept as todo.xml.bak, older generations as
	// todo.xml.bak.2 and todo.xml.bak.3.
	BackupSuffix = ".bak"
	// Backups is the number of backup generations kept.
	Backups = 3
	// LockWait is how long a save waits for another one to finish.
	LockWait = 30 * time.Second
	// StaleAge is the age past which a temporary file of this package's
	// naming is removed even when its writer's pid still runs.
	StaleAge = time.Hour
)

// maxBytes is MaxBytes, lowered by tests.
var maxBytes int64 = MaxBytes

// newFilePerm is the permission of a file a save creates.
const newFilePerm = 0o644

// WriteFile writes data to path atomically, under the lock, whatever the
// file holds now (it is a write, not a read-modify-write). If path already
// exists, its previous contents are kept as a backup, and the new file
// takes the old one's permissions; otherwise it is created with perm.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	ctx, cancel := context.WithTimeout(context.Background(), LockWait)
	defer cancel()
	l, err := Acquire(ctx, path)
	if err != nil {
		return err
	}
	defer l.Release()
	_, err = l.replace(nil, data, perm)
	return err
}

// Write is WriteFile for output produced by a function, which writes
// straight to the temporary file (Lock.ReplaceWith). If fill returns an
// error, or writes more than MaxBytes, nothing at path changes.
func Write(path string, perm os.FileMode, fill func(io.Writer) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), LockWait)
	defer cancel()
	l, err := Acquire(ctx, path)
	if err != nil {
		return err
	}
	defer l.Release()
	_, err = l.replaceWith(nil, fill, perm)
	return err
}

// WriteFileNoBackup writes data to path atomically and keeps no backup and
// no lock; it is for files the program owns, such as cache entries.
func WriteFileNoBackup(path string, data []byte, perm os.FileMode) error {
	tmp, err := createTemp(path)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := placeTemp(osFiles{}, tmp.Name(), tmp, path, data, perm, true); err != nil {
		return err
	}
	SyncDir(filepath.Dir(path))
	return nil
}

// renamer is where a temporary file is renamed or removed: the file
// system by paths (osFiles) or an *os.Root by names inside it.
type renamer interface {
	Rename(oldname, newname string) error
	Remove(name string) error
}

// osFiles is the file system as a renamer, by paths.
type osFiles struct{}

func (osFiles) Rename(oldname, newname string) error { return os.Rename(oldname, newname) }
func (osFiles) Remove(name string) error             { return os.Remove(name) }

// placeTemp fills f, the temporary file tmp in fsys, with data (see
// fillTemp) and renames it to name; if either fails it removes tmp and
// returns the error as writing name.
func placeTemp(fsys renamer, tmp string, f *os.File, name string, data []byte, perm os.FileMode, sync bool) error {
	err := fillTemp(f, data, perm, sync)
	if err == nil {
		err = fsys.Rename(tmp, name)
	}
	if err != nil {
		fsys.Remove(tmp)
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}

// fillTemp writes data to the new temporary file f, gives it perm, syncs
// it when sync is set, and closes it.
func fillTemp(f *os.File, data []byte, perm os.FileMode, sync bool) error {
	_, err := f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil && sync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// SyncDir makes the entries of dir (a file created, renamed or removed in
// it) durable where the system allows it.
func SyncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
