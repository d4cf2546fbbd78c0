package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Unchanged says what Commit would say of the file, writing nothing.
func TestUnchangedSaysWhatCommitWould(t *testing.T) {
	later := func(t *testing.T, p string) {
		info, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, time.Time{}, info.ModTime().Add(time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name   string
		before string // "" for no file
		change func(t *testing.T, path string)
		what   string // "" when the file still stands
	}{
		{"modified in place", "one", func(t *testing.T, p string) { writeInPlace(t, p, "three") }, "was modified"},
		{"modified, same size", "one", func(t *testing.T, p string) { writeInPlace(t, p, "uno"); later(t, p) }, "was modified"},
		{"replaced by rename", "one", func(t *testing.T, p string) { replaceByRename(t, p, "other") }, "was replaced"},
		{"removed", "one", func(t *testing.T, p string) { os.Remove(p) }, "was removed"},
		{"created", "", func(t *testing.T, p string) { writeInPlace(t, p, "new") }, "was created"},
		{"replaced by the same bytes", "one", func(t *testing.T, p string) { replaceByRename(t, p, "one") }, ""},
		{"touched", "one", later, ""},
		{"untouched", "one", func(*testing.T, string) {}, ""},
		{"still absent", "", func(*testing.T, string) {}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "todo.xml")
			if tt.before != "" {
				writeInPlace(t, path, tt.before)
			}
			snap, err := Read(path)
			if err != nil {
				t.Fatal(err)
			}
			tt.change(t, path)
			after, _ := os.ReadFile(path)
			err = lock(t, path).Unchanged(snap)
			if tt.what == "" {
				if err != nil {
					t.Errorf("Unchanged = %v, want nil", err)
				}
			} else if ce := (*ChangedError)(nil); !errors.As(err, &ce) || !strings.HasPrefix(ce.What, tt.what) {
				t.Errorf("Unchanged = %v, want a *ChangedError that says %q", err, tt.what)
			}
			if got, _ := os.ReadFile(path); string(got) != string(after) {
				t.Errorf("the file became %q, want it untouched: %q", got, after)
			}
		})
	}
}

// Digest is the digest of what was read, "" for a file that was absent.
func TestSnapshotDigest(t *testing.T) {
	path := filepath.Join(t.TempDir(), "todo.xml")
	if s, err := Read(path); err != nil || s.Digest() != "" {
		t.Errorf("absent: %q, %v; want \"\"", s.Digest(), err)
	}
	writeInPlace(t, path, "abc")
	const want = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" // SHA-256 of "abc"
	if s, err := Read(path); err != nil || s.Digest() != want {
		t.Errorf("Digest = %q, %v; want %q", s.Digest(), err, want)
	}
}
