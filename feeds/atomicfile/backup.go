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
func rotateBackups(target string) error {
	if _, err := os.Lstat(target); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	for n := Backups; n > 1; n-- {
		err := os.Rename(backupName(target, n-1), backupName(target, n))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("backing up %s: %w", target, err)
		}
	}
	bak := backupName(target, 1)
	os.Remove(bak)
	if err := os.Link(target, bak); err == nil {
		return nil
	}
	data, err := os.ReadFile(target)
	if err != nil {
		return fmt.Errorf("backing up %s: %w", target, err)
	}
	if err := WriteFileNoBackup(bak, data, 0o600); err != nil {
		return fmt.Errorf("backing up %s: %w", target, err)
	}
	return nil
}
