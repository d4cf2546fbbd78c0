package atomicfile

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path"
	"strconv"
)

// WriteFileNoBackupIn is WriteFileNoBackup for name, a slash-separated
// path inside root: the temporary file, the rename and the folder sync all
// go through root, so a symbolic link planted anywhere on the way cannot
// make the write land outside it (os.Root refuses to follow one out). It
// is for files the program owns below one folder, such as a CSE cache.
func WriteFileNoBackupIn(root *os.Root, name string, data []byte, perm os.FileMode) error {
	return writeIn(root, name, data, perm, true)
}

// WriteFileNoSyncIn is WriteFileNoBackupIn without its syncs: other
// processes, and a crash of this one, see the old file or the new one,
// never a mix, but a crash of the system may lose the write. It is for
// files made durable in bulk afterwards, by a sync of their file system,
// where one sync per file would cost more than the write.
func WriteFileNoSyncIn(root *os.Root, name string, data []byte, perm os.FileMode) error {
	return writeIn(root, name, data, perm, false)
}

func writeIn(root *os.Root, name string, data []byte, perm os.FileMode, sync bool) error {
	tmp, f, err := createTempIn(root, name)
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := placeTemp(root, tmp, f, name, data, perm, sync); err != nil {
		return err
	}
	if !sync {
		return nil
	}
	if d, err := root.Open(path.Dir(name)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// createTempIn creates a temporary file beside name in root, named as
// createTemp names them, and returns its name in root.
func createTempIn(root *os.Root, name string) (string, *os.File, error) {
	prefix := path.Join(path.Dir(name), tempPrefix(name)+strconv.Itoa(os.Getpid())+"-")
	for range 100 {
		tmp := prefix + strconv.FormatUint(rand.Uint64()>>16, 10)
		f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if os.IsExist(err) {
			continue
		}
		return tmp, f, err
	}
	return "", nil, fmt.Errorf("no free temporary name beside %s", name)
}
