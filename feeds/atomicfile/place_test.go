package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSaveIntoAMissingFolderSaysSo guards QA's S4: -o /nodir/x.xml said
// "locking ...: open /nodir/.x.xml.lock: no such file or directory", a
// file the user never named. The message names the file to write and the
// folder that is missing, or that is not a folder.
func TestSaveIntoAMissingFolderSaysSo(t *testing.T) {
	dir := t.TempDir()
	writeInPlace(t, filepath.Join(dir, "plain"), "a file")
	cases := []struct {
		name, path, want string
		is               error
	}{
		{"missing", filepath.Join(dir, "nodir", "x.xml"), ": no such folder: " + filepath.Join(dir, "nodir"), fs.ErrNotExist},
		{"missing twice", filepath.Join(dir, "a", "b", "x.xml"), ": no such folder: " + filepath.Join(dir, "a", "b"), fs.ErrNotExist},
		{"a file", filepath.Join(dir, "plain", "x.xml"), ": " + filepath.Join(dir, "plain") + " is not a folder", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := WriteFile(c.path, []byte("x"), 0o644)
			if err == nil || err.Error() != c.path+c.want {
				t.Fatalf("WriteFile = %v, want %q", err, c.path+c.want)
			}
			if strings.Contains(err.Error(), ".lock") {
				t.Errorf("the message names the lock file: %v", err)
			}
			if c.is != nil && !errors.Is(err, c.is) {
				t.Errorf("errors.Is(err, %v) is false", c.is)
			}
		})
	}
	if os.Geteuid() != 0 { // root writes anywhere
		ro := filepath.Join(dir, "ro")
		os.Mkdir(ro, 0o555)
		err := WriteFile(filepath.Join(ro, "x.xml"), []byte("x"), 0o644)
		if want := filepath.Join(ro, "x.xml") + ": cannot create files in " + ro; err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("a read-only folder: %v, want %q...", err, want)
		}
	}
}
