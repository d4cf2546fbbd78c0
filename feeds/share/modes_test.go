package share

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// Every file feedsync creates beside a feed takes the feed's mode (with
// the owner's read and write), and .feedsync the same with search where
// it gives read: the hub's journal segments, a damaged segment kept
// aside, the publisher state, the version store, the backups and the lock
// files; the subscriber's state, store, backups and locks beside LOCAL.
// A 0600 feed's journal segments were created 0644, its state and
// .feedsync readable by all (issue 29 item 10).
func TestFilesBesideAFeedTakeItsMode(t *testing.T) {
	for _, mode := range []fs.FileMode{0o600, 0o640} {
		t.Run(mode.String(), func(t *testing.T) {
			defer setFoldIdle(time.Hour)()
			th := &testHub{t: t, path: writeFeed(t, t.TempDir(), "hub.xml", emptyFeeds["atom"]), clock: &clock{now: t0}, log: &syncBuffer{}}
			os.Chmod(th.path, mode)
			th.start(Options{})
			e := th.endpoint("E")
			writeFeed(t, filepath.Dir(e.local), filepath.Base(e.local), emptyFeeds["atom"])
			os.Chmod(e.local, mode)
			e.edit(create("e", "from E"))
			os.Chmod(e.local, mode)
			e.sync()
			th.edit("A", create("a", "A"))
			os.Chmod(th.path, mode) // edit's rename made it 0644
			e.sync()
			segs, _ := filepath.Glob(journalPath(th.path) + ".*")
			if len(segs) == 0 {
				t.Fatal("no journal segment while the hub runs: the test sees none of its modes")
			}
			checkModes(t, th.path, mode) // the journal while the hub runs

			// A damaged segment is kept aside as found, in the feed's mode.
			th.crash()
			seg := segs[len(segs)-1]
			data, _ := os.ReadFile(seg)
			r := testRecord(t, "z", 200)
			frame, _ := r.encode()
			os.WriteFile(seg, append(append(data, "damage!!"...), frame...), 0o600)
			th.start(Options{})
			if _, err := os.Stat(seg + ".damaged"); err != nil {
				t.Fatalf("no damaged segment kept: %v", err)
			}
			th.stop() // folds: FEED.bak, the state
			checkModes(t, th.path, mode)
			checkModes(t, e.local, mode)
		})
	}
}

// checkModes checks that every file in feed's folder and its .feedsync
// has the feed's mode (atomicfile.ModeBeside), .feedsync its folder mode.
func checkModes(t *testing.T, feed string, mode fs.FileMode) {
	t.Helper()
	want := mode | 0o600
	if got := atomicfile.ModeBeside(feed); got != want {
		t.Fatalf("ModeBeside(%s) = %v, want %v", feed, got, want)
	}
	n := 0
	filepath.WalkDir(filepath.Dir(feed), func(p string, d fs.DirEntry, err error) error {
		// A file listed and gone before it is looked at was a save's
		// temporary file, renamed in the meantime (a fold at work): the
		// file it became is looked at in its turn.
		if errors.Is(err, fs.ErrNotExist) && p != filepath.Dir(feed) {
			return nil
		}
		if err != nil {
			t.Fatal(err)
		}
		info, err := d.Info()
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(filepath.Dir(feed), p)
		if strings.Contains(d.Name(), ".tmp-") && strings.HasPrefix(d.Name(), ".") {
			// A save's temporary file, being written (a fold at work):
			// it is 0600 until it is full, then takes its mode; the
			// file it becomes is looked at in its turn.
			return nil
		}
		switch {
		case d.IsDir() && rel != ".":
			if w := atomicfile.DirModeBeside(feed); info.Mode().Perm() != w {
				t.Errorf("%s: mode %v, want %v", rel, info.Mode().Perm(), w)
			}
		case info.Mode().IsRegular():
			n++
			if info.Mode().Perm() != want {
				t.Errorf("%s: mode %v, want the feed's, %v", rel, info.Mode().Perm(), want)
			}
		}
		return nil
	})
	if n < 4 {
		t.Errorf("%d files beside %s: the test looked at too few", n, feed)
	}
}
