package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

// TestBackupsRotateOnlyRegularFiles guards QA's S3: rotation renamed a
// folder the user had named todo.xml.bak down to .bak.2 and .bak.3, and
// the third save then failed with "rename ... file exists", as did every
// save after it. What is not a regular file at a backup's name is not
// feedsync's: it is never moved or removed. At NAME.bak, where the file a
// save replaces must go, the save is refused and says why; further down,
// the chain of backups ends before it, and saves go on.
func TestBackupsRotateOnlyRegularFiles(t *testing.T) {
	foreign := func(t *testing.T, name string) {
		t.Helper()
		if err := os.Mkdir(name, 0o755); err != nil {
			t.Fatal(err)
		}
		writeInPlace(t, filepath.Join(name, "x"), "the user's")
	}
	untouched := func(t *testing.T, name string) {
		t.Helper()
		assertFile(t, filepath.Join(name, "x"), "the user's")
	}
	t.Run("at .bak", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "todo.xml")
		writeInPlace(t, path, "original")
		foreign(t, path+".bak")
		for range 3 {
			err := WriteFile(path, []byte("new"), 0o644)
			want := path + ": not saved: " + path + ".bak is a directory, not a backup feedsync made; move it away, and save again"
			if err == nil || err.Error() != want {
				t.Fatalf("WriteFile = %v, want %q", err, want)
			}
		}
		assertFile(t, path, "original")
		untouched(t, path+".bak")
		assertEntries(t, dir, "todo.xml", "todo.xml.bak")
	})
	for _, n := range []int{2, 3} {
		t.Run(fmt.Sprintf("at .bak.%d", n), func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "todo.xml")
			foreign(t, backupName(path, n))
			for _, s := range []string{"one", "two", "three", "four", "five"} {
				if err := WriteFile(path, []byte(s), 0o644); err != nil {
					t.Fatalf("save %q: %v", s, err)
				}
			}
			assertFile(t, path, "five")
			assertFile(t, path+".bak", "four")
			untouched(t, backupName(path, n))
			if n == 3 {
				assertFile(t, path+".bak.2", "three")
			} else if _, err := os.Lstat(path + ".bak.3"); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("a backup went past the folder at .bak.2: %v", err)
			}
		})
	}
}

// TestLockWaitEndsWhenTheContextEnds guards QA's S1: Ctrl-C while waiting
// for a lock said "locked by another writer; gave up after 1s", as if the
// wait had run out. A wait that ends with the caller's context returns
// the context's error, not a *LockedError. A context that has ended
// before the call tries once (feeds/share takes its state's lock so):
// ErrLocked when the lock is held, the lock when it is free.
func TestLockWaitEndsWhenTheContextEnds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "todo.xml")
	held, err := Acquire(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	_, err = Acquire(ctx, path)
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrLocked) {
		t.Fatalf("Acquire = %v, want context.Canceled", err)
	}
	if want := path + ": waiting for the lock: context canceled"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	if _, err := Acquire(ctx, path); !errors.Is(err, ErrLocked) {
		t.Fatalf("Acquire with an ended context of a held lock = %v, want ErrLocked", err)
	}
	held.Release()
	l, err := Acquire(ctx, path)
	if err != nil {
		t.Fatalf("Acquire with an ended context of a free lock = %v, want the lock", err)
	}
	l.Release()
}
