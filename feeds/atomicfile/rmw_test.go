package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestCommitRefusesAChangeItHasNotSeen(t *testing.T) {
	tests := []struct {
		name   string
		before string // "" for no file
		change func(t *testing.T, path string)
		what   string // "" when the commit must go through
	}{
		{"modified in place", "one", func(t *testing.T, p string) { writeInPlace(t, p, "two") }, "was modified"},
		{"modified, same size", "one", func(t *testing.T, p string) { writeInPlace(t, p, "uno") }, "was modified"},
		{"replaced by rename", "one", func(t *testing.T, p string) { replaceByRename(t, p, "other") }, "was replaced"},
		{"removed", "one", func(t *testing.T, p string) { os.Remove(p) }, "was removed"},
		{"created", "", func(t *testing.T, p string) { writeInPlace(t, p, "new") }, "was created"},
		{"replaced by the same bytes", "one", func(t *testing.T, p string) { replaceByRename(t, p, "one") }, ""},
		{"untouched", "one", func(*testing.T, string) {}, ""},
		{"still absent", "", func(*testing.T, string) {}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "todo.xml")
			if tt.before != "" {
				writeInPlace(t, path, tt.before)
			}
			snap, err := Read(path)
			if err != nil {
				t.Fatal(err)
			}
			tt.change(t, path)
			after, _ := os.ReadFile(path)
			_, err = Commit(context.Background(), snap, []byte("mine"))
			if tt.what == "" {
				if err != nil {
					t.Fatalf("Commit: %v", err)
				}
				assertFile(t, path, "mine")
				return
			}
			var ce *ChangedError
			if !errors.As(err, &ce) || !errors.Is(err, ErrChanged) {
				t.Fatalf("Commit = %v, want a *ChangedError", err)
			}
			if !strings.HasPrefix(ce.What, tt.what) {
				t.Errorf("What = %q, want %q", ce.What, tt.what)
			}
			if !strings.HasPrefix(err.Error(), path+": changed since it was read") {
				t.Errorf("message %q does not start with the path", err)
			}
			if string(ce.Current.Data) != string(after) {
				t.Errorf("Current = %q, want the file as it is now, %q", ce.Current.Data, after)
			}
			if got, _ := os.ReadFile(path); string(got) != string(after) {
				t.Errorf("the file became %q, want it untouched: %q", got, after)
			}
		})
	}
}

// TestCommitAgainstCurrentAfterAChange is the resolver's path: refused,
// merge the file's new state in, commit against it.
func TestCommitAgainstCurrentAfterAChange(t *testing.T) {
	path := filepath.Join(t.TempDir(), "todo.xml")
	writeInPlace(t, path, "a")
	snap, _ := Read(path)
	replaceByRename(t, path, "a b")
	_, err := Commit(context.Background(), snap, []byte("a c"))
	var ce *ChangedError
	if !errors.As(err, &ce) {
		t.Fatalf("Commit = %v, want a *ChangedError", err)
	}
	merged := string(ce.Current.Data) + " c"
	if _, err := Commit(context.Background(), ce.Current, []byte(merged)); err != nil {
		t.Fatal(err)
	}
	assertFile(t, path, "a b c")
}

// TestUpdateLosesNoConcurrentUpdate runs many read-modify-writes at once on
// one file, each adding a line; every line must be in the end result.
func TestUpdateLosesNoConcurrentUpdate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "list")
	const writers, rounds = 8, 10
	var wg sync.WaitGroup
	errs := make(chan error, writers*rounds)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range rounds {
				_, err := Update(context.Background(), path, func(s *Snapshot) ([]byte, error) {
					return fmt.Appendf(slices.Clip(s.Data), "%d.%d\n", w, r), nil
				})
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	data, _ := os.ReadFile(path)
	lines := strings.Fields(string(data))
	if len(lines) != writers*rounds {
		t.Fatalf("%d of %d updates in the file", len(lines), writers*rounds)
	}
}

func TestUpdateErrorWritesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "todo.xml")
	writeInPlace(t, path, "keep")
	boom := errors.New("boom")
	_, err := Update(context.Background(), path, func(*Snapshot) ([]byte, error) { return nil, boom })
	if err != boom {
		t.Fatalf("Update = %v, want fn's error as it is", err)
	}
	assertFile(t, path, "keep")
	assertEntries(t, dir, "todo.xml")
}

func TestLockWaitEndsWithLockedError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "todo.xml")
	held, err := Acquire(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Release()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = Acquire(ctx, path)
	var le *LockedError
	if !errors.As(err, &le) || !errors.Is(err, ErrLocked) {
		t.Fatalf("Acquire = %v, want a *LockedError", err)
	}
	if le.PID != os.Getpid() {
		t.Errorf("PID = %d, want the holder's, %d", le.PID, os.Getpid())
	}
	held.Release()
	l, err := Acquire(context.Background(), path)
	if err != nil {
		t.Fatalf("after Release: %v", err)
	}
	l.Release()
}

func TestReleasedLockRefusesToWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "todo.xml")
	l, err := Acquire(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	l.Release()
	if _, err := l.Replace([]byte("x")); err == nil {
		t.Fatal("Replace after Release wrote")
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("file written: %v", err)
	}
}

func TestSessionKeepsTheOriginalAsBackup(t *testing.T) {
	path := filepath.Join(t.TempDir(), "todo.xml")
	writeInPlace(t, path, "original")
	snap, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"save 1", "save 2", "save 3", "save 4"} {
		if snap, err = Commit(context.Background(), snap, []byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	assertFile(t, path, "save 4")
	assertFile(t, path+".bak", "original")
	if _, err := os.Stat(path + ".bak.2"); !os.IsNotExist(err) {
		t.Fatalf("one session made two backups: %v", err)
	}
}

func TestBackupsKeepGenerations(t *testing.T) {
	path := filepath.Join(t.TempDir(), "todo.xml")
	for _, s := range []string{"one", "two", "three", "four", "five"} {
		if err := WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	assertFile(t, path, "five")
	assertFile(t, path+".bak", "four")
	assertFile(t, path+".bak.2", "three")
	assertFile(t, path+".bak.3", "two")
	if _, err := os.Stat(path + ".bak.4"); !os.IsNotExist(err) {
		t.Fatalf("more than %d generations: %v", Backups, err)
	}
}

func TestSymlinkIsWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "real"), 0o755)
	target := filepath.Join(dir, "real", "todo.xml")
	writeInPlace(t, target, "old")
	link := filepath.Join(dir, "todo.xml")
	if err := os.Symlink(filepath.Join("real", "todo.xml"), link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	snap, err := Read(link)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Commit(context.Background(), snap, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced by a file: %v", err)
	}
	assertFile(t, target, "new")
	assertFile(t, target+".bak", "old")
	assertEntries(t, dir, "real", "todo.xml")
}

func TestDanglingSymlinkCreatesItsTarget(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "todo.xml")
	if err := os.Symlink("elsewhere.xml", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := WriteFile(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	assertFile(t, filepath.Join(dir, "elsewhere.xml"), "new")
	if info, _ := os.Lstat(link); info.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a file")
	}
}

func TestSymlinkLoopIsAnError(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if err := os.Symlink("b", a); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	os.Symlink("a", b)
	if _, err := Read(a); err == nil || !strings.Contains(err.Error(), "symbolic links") {
		t.Fatalf("Read = %v, want a loop error", err)
	}
	if err := WriteFile(a, []byte("x"), 0o644); err == nil {
		t.Fatal("WriteFile through a loop succeeded")
	}
}

func TestReadOfAMissingFileIsAbsent(t *testing.T) {
	snap, err := Read(filepath.Join(t.TempDir(), "none.xml"))
	if err != nil || snap.Exists() || snap.Data != nil {
		t.Fatalf("Read = %+v, %v, want an absent snapshot", snap, err)
	}
}

func TestReadRefusesADirectory(t *testing.T) {
	dir := t.TempDir()
	_, err := Read(dir)
	if err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Fatalf("Read = %v, want 'is a directory'", err)
	}
}

func TestReadRefusesTooLargeWithoutReading(t *testing.T) {
	lowerMax(t, 1<<20)
	path := filepath.Join(t.TempDir(), "big.xml")
	f, _ := os.Create(path)
	f.Truncate(1<<20 + 1) // sparse: nothing to read if the size is checked first
	f.Close()
	_, err := Read(path)
	var te *TooLargeError
	if !errors.As(err, &te) || te.Size != 1<<20+1 {
		t.Fatalf("Read = %v, want a *TooLargeError with the size", err)
	}
	if want := path + ": 1048577 bytes, larger than 1 MiB, the size limit"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
}

func TestCommitRefusesWhatCouldNotBeReadBack(t *testing.T) {
	lowerMax(t, 10)
	dir := t.TempDir()
	path := filepath.Join(dir, "todo.xml")
	writeInPlace(t, path, "small")
	snap, _ := Read(path)
	_, err := Commit(context.Background(), snap, []byte("more than ten bytes"))
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Commit = %v, want ErrTooLarge", err)
	}
	assertFile(t, path, "small")
	assertEntries(t, dir, "todo.xml")
	if _, err := Commit(context.Background(), snap, []byte("ten bytes!")); err != nil {
		t.Fatalf("a result of exactly the limit: %v", err)
	}
}

func TestWriteRefusesNonRegularTarget(t *testing.T) {
	dir := t.TempDir()
	if err := WriteFile(dir, []byte("x"), 0o644); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Fatalf("WriteFile over a folder = %v", err)
	}
}

func writeInPlace(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func replaceByRename(t *testing.T, path, s string) {
	t.Helper()
	tmp := path + ".other"
	writeInPlace(t, tmp, s)
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}
