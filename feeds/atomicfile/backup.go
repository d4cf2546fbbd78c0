package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
)

// backupName names generation n of target's backups, from 1, the newest:
// NAME.bak, NAME.bak.2, NAME.bak.3.
func backupName(target string, n int) string {
	if n == 1 {
		return target + BackupSuffix
	}
	return target + BackupSuffix + "." + strconv.Itoa(n)
}

// rotateBackups moves each backup of target one generation down, dropping
// the oldest, and keeps target's current contents, if any, as the newest.
// A hard link costs nothing and leaves target in place until the rename;
// where links are not possible the bytes are copied.
//
// Only regular files are backups (see the package doc): the chain ends
// before the first generation whose name holds anything else, which is
// never moved or removed, and a save whose NAME.bak is such a thing is
// refused, since the file it replaces could not be kept.
func rotateBackups(target string) error {
	if _, err := os.Lstat(target); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	bak := backupName(target, 1)
	if err := backupSlot(bak); err != nil {
		return fmt.Errorf("%s: not saved: %w", target, err)
	}
	last := 1
	for last < Backups && backupSlot(backupName(target, last+1)) == nil {
		last++
	}
	for n := last; n > 1; n-- {
		err := os.Rename(backupName(target, n-1), backupName(target, n))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("backing up %s: %w", target, err)
		}
	}
	os.Remove(bak)
	if err := os.Link(target, bak); err == nil {
		return nil
	}
	data, err := os.ReadFile(target)
	if err != nil {
		return fmt.Errorf("backing up %s: %w", target, err)
	}
	if err := WriteFileNoBackup(bak, data, ModeBeside(target)); err != nil {
		return fmt.Errorf("backing up %s: %w", target, err)
	}
	return nil
}

// backupSlot returns nil when a backup may go at name: nothing is there,
// or a regular file, a backup this package made. Anything else is the
// user's, and the error says what it is.
func backupSlot(name string) error {
	info, err := os.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist), err == nil && info.Mode().IsRegular():
		return nil
	case err != nil:
		return err
	}
	return fmt.Errorf("%s is %s, not a backup feedsync made; move it away, and save again", name, FileKind(info.Mode()))
}
