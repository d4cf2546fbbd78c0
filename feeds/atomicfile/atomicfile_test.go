package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileKeepsBackup(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "todo.xml")
	if err := WriteFile(path, []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + BackupSuffix); !os.IsNotExist(err) {
		t.Fatalf("a new file has a backup: %v", err)
	}
	if err := WriteFile(path, []byte("two"), 0o644); err != nil {
		t.Fatal(err)
	}
	assertFile(t, path, "two")
	assertFile(t, path+BackupSuffix, "one")
	if err := WriteFile(path, []byte("three"), 0o644); err != nil {
		t.Fatal(err)
	}
	assertFile(t, path, "three")
	assertFile(t, path+BackupSuffix, "two")
}

func TestWriteFailureChangesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "todo.xml")
	if err := WriteFile(path, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(path, 0o644, func(w io.Writer) error {
		w.Write([]byte("half"))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	assertFile(t, path, "keep me")
	assertEntries(t, dir, "todo.xml")
}

func TestWriteKeepsPermissions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := WriteFile(path, []byte("a"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("b"), 0o644); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := info.Mode().Perm(); got != 0o600 {
		t.Fatalf("mode = %v, want 0600", got)
	}
}

func TestWriteFileNoBackup(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache")
	for _, s := range []string{"a", "b"} {
		if err := WriteFileNoBackup(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	assertFile(t, path, "b")
	if _, err := os.Stat(path + BackupSuffix); !os.IsNotExist(err) {
		t.Fatalf("backup written: %v", err)
	}
}

func assertFile(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatalf("%s = %q, want %q", filepath.Base(path), got, want)
	}
}
