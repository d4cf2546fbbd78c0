package atomicfile

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestCommitWithStreamsAndKeepsEveryPromise: output written straight to
// the temporary file is saved as Commit saves data (backup, the check
// against what was read), and an error or an oversized result in the
// middle of writing leaves the file as it was and no temporary file.
func TestCommitWithStreamsAndKeepsEveryPromise(t *testing.T) {
	errDisk := errors.New("disk full")
	tests := []struct {
		name    string
		fill    func(io.Writer) error
		want    string // the file afterwards
		wantErr error
	}{
		{"written", writeAll("new bytes"), "new bytes", nil},
		{"fails half way", func(w io.Writer) error {
			w.Write([]byte("half of it"))
			return errDisk
		}, "old", errDisk},
		{"larger than feedsync reads", writeAll("more than sixteen bytes"), "old", ErrTooLarge},
		{"exactly the limit", writeAll("sixteen bytes!!!"), "sixteen bytes!!!", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lowerMax(t, 16)
			dir := t.TempDir()
			path := filepath.Join(dir, "f.xml")
			os.WriteFile(path, []byte("old"), 0o644)
			l := lock(t, path)
			s, err := l.Read()
			if err != nil {
				t.Fatal(err)
			}
			err = l.CommitWith(s, tt.fill)
			if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("CommitWith = %v, want %v", err, tt.wantErr)
			}
			assertFile(t, path, tt.want)
			if tt.wantErr != nil {
				assertEntries(t, dir, "f.xml")
				return
			}
			assertFile(t, path+BackupSuffix, "old")
			assertEntries(t, dir, "f.xml", "f.xml.bak")
		})
	}
}

// TestCommitWithTooLargeNamesTheWholeSize: the refusal of an oversized
// result says how large it is, as the refusal of data does, though only
// the limit's worth was written.
func TestCommitWithTooLargeNamesTheWholeSize(t *testing.T) {
	lowerMax(t, 10)
	path := filepath.Join(t.TempDir(), "f.xml")
	l := lock(t, path)
	err := l.ReplaceWith(writeAll(string(bytes.Repeat([]byte("x"), 25))))
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Size != 25 || !tl.Write || tl.Path != path {
		t.Fatalf("ReplaceWith = %#v, want a TooLargeError of 25 bytes written to %s", err, path)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("a refused result created the file")
	}
}

// TestCommitWithRefusesAChangedFile: CommitWith checks the file against
// what was read, as Commit does, and writes nothing over a change.
func TestCommitWithRefusesAChangedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.xml")
	os.WriteFile(path, []byte("old"), 0o644)
	l := lock(t, path)
	s, err := l.Read()
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, []byte("an editor's"), 0o644)
	called := false
	err = l.CommitWith(s, func(w io.Writer) error { called = true; return writeAll("mine")(w) })
	if !errors.Is(err, ErrChanged) {
		t.Fatalf("CommitWith = %v, want ErrChanged", err)
	}
	assertFile(t, path, "an editor's")
	if called {
		t.Error("the output was written though the file had changed")
	}
}

func writeAll(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

func lock(t *testing.T, path string) *Lock {
	t.Helper()
	l, err := Acquire(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Release() })
	return l
}
