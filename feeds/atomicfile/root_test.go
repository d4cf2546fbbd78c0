package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteFileNoBackupIn covers writes confined to an os.Root, synced or
// not: a file is written atomically below the root; a directory symbolic
// link on the way that leads out is refused; a file symbolic link at the
// name is replaced by the file, and what it pointed to is left alone.
func TestWriteFileNoBackupIn(t *testing.T) {
	for name, write := range map[string]func(*os.Root, string, []byte, os.FileMode) error{
		"synced": WriteFileNoBackupIn, "not synced": WriteFileNoSyncIn,
	} {
		t.Run(name, func(t *testing.T) { testWriteIn(t, write) })
	}
}

func testWriteIn(t *testing.T, write func(*os.Root, string, []byte, os.FileMode) error) {
	sandbox := t.TempDir()
	dir, outside := filepath.Join(sandbox, "dir"), filepath.Join(sandbox, "outside")
	for _, d := range []string{filepath.Join(dir, "sub"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	secret := filepath.Join(outside, "secret")
	os.WriteFile(secret, []byte("secret"), 0o644)
	if err := os.Symlink(outside, filepath.Join(dir, "out")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	os.Symlink(secret, filepath.Join(dir, "sub", "link"))
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()

	if err := write(root, "sub/new", []byte("new"), 0o640); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "sub", "new")); string(got) != "new" {
		t.Errorf("sub/new = %q", got)
	}
	if info, _ := os.Stat(filepath.Join(dir, "sub", "new")); info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v", info.Mode())
	}
	if err := write(root, "out/x", []byte("escaped"), 0o644); err == nil {
		t.Error("wrote through a link out of the root")
	}
	if err := write(root, "sub/link", []byte("replaced"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(secret); string(got) != "secret" {
		t.Errorf("the link's target became %q", got)
	}
	entries, _ := os.ReadDir(outside)
	if len(entries) != 1 {
		t.Errorf("outside holds %d files", len(entries))
	}
	if temps, _ := filepath.Glob(filepath.Join(dir, "sub", ".*.tmp-*")); len(temps) > 0 {
		t.Errorf("temporary files left: %q", temps)
	}
}
