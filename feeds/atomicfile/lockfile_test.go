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

// TestLockFileGoesWhenNothingIsWritten: a lock file that this holder
// created is removed when it writes nothing (a command that failed), so
// that failed commands do not fill a folder with .NAME.lock files of
// outputs that never existed; one it found, or one beside a file it
// wrote, stays (QA Q5).
func TestLockFileGoesWhenNothingIsWritten(t *testing.T) {
	if !removesLockFile {
		t.Skip("this system does not remove an open file")
	}
	boom := errors.New("boom")
	fail := func(*Snapshot) ([]byte, error) { return nil, boom }
	write := func(*Snapshot) ([]byte, error) { return []byte("x"), nil }
	for _, tc := range []struct {
		name      string
		lockFirst bool // the lock file is there before
		fn        func(*Snapshot) ([]byte, error)
		stays     bool
	}{
		{"created, nothing written", false, fail, false},
		{"found, nothing written", true, fail, true},
		{"created, written", false, write, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path, lock := filepath.Join(dir, "out.xml"), filepath.Join(dir, ".out.xml.lock")
			if tc.lockFirst {
				writeInPlace(t, lock, "")
			}
			Update(context.Background(), path, tc.fn)
			if _, err := os.Stat(lock); (err == nil) != tc.stays {
				t.Errorf("lock file there: %v, want %v", err == nil, tc.stays)
			}
		})
	}
	t.Run("Acquire and Release", func(t *testing.T) {
		dir := t.TempDir()
		l, err := Acquire(context.Background(), filepath.Join(dir, "out.xml"))
		if err != nil {
			t.Fatal(err)
		}
		l.Release()
		assertNoLockFile(t, dir)
	})
}

// TestWaiterOnARemovedLockFileTakesTheNewOne: a writer that waited on a
// lock file its holder removed does not hold that file's lock, which no
// one else can see: it takes the lock on the file at the name, so that it
// and a writer that comes after still take turns.
func TestWaiterOnARemovedLockFileTakesTheNewOne(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.xml")
	first, err := Acquire(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan *Lock)
	go func() {
		l, err := Acquire(context.Background(), path)
		if err != nil {
			t.Error(err)
		}
		got <- l
	}()
	time.Sleep(50 * time.Millisecond) // the second is waiting on the file
	first.Release()                   // wrote nothing: removes the file it created
	second := <-got
	if second == nil {
		t.FailNow()
	}
	defer second.Release()
	ended, cancel := context.WithCancel(context.Background())
	cancel() // try once
	if third, err := Acquire(ended, path); err == nil {
		third.Release()
		t.Fatal("a third writer took the lock while the second held it")
	}
}

// TestLockTurnsWithFailuresBetween: writers that fail (and so remove the
// lock file they created) among writers that write still take turns:
// every write is in the end result.
func TestLockTurnsWithFailuresBetween(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "list")
	const writers, rounds = 8, 10
	var wg sync.WaitGroup
	errs := make(chan error, writers*rounds)
	boom := errors.New("boom")
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range rounds {
				_, err := Update(context.Background(), path, func(s *Snapshot) ([]byte, error) {
					if w%2 == 1 {
						return nil, boom
					}
					return fmt.Appendf(slices.Clip(s.Data), "%d.%d\n", w, r), nil
				})
				if err != boom {
					errs <- err
				}
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
	if lines := strings.Fields(string(data)); len(lines) != writers/2*rounds {
		t.Fatalf("%d of %d updates in the file", len(lines), writers/2*rounds)
	}
}

// assertNoLockFile checks that dir holds no lock file.
func assertNoLockFile(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".lock") {
			t.Errorf("%s left behind", e.Name())
		}
	}
}
