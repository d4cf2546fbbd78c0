package share

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// hubAt is a test hub on the feed name in dir, not started.
func hubAt(t *testing.T, dir, name string) *testHub {
	return &testHub{t: t, path: writeFeed(t, dir, name, emptyFeeds["atom"]), clock: &clock{now: t0}, log: &syncBuffer{}}
}

// killedWith leaves th's journal holding one POST of item id: the hub is
// started, sent it, and killed before it folds. It returns the segment.
func killedWith(t *testing.T, th *testHub, id string) string {
	t.Helper()
	th.start(Options{})
	e := th.endpoint("E" + id)
	e.sync()
	e.edit(create(id, id+" by E"))
	e.sync()
	th.crash()
	segs, _ := filepath.Glob(journalPath(th.path) + ".*")
	for _, s := range segs {
		if fi, err := os.Stat(s); err == nil && fi.Size() > 0 && !strings.Contains(filepath.Base(s), "json") {
			return s
		}
	}
	t.Fatalf("no journal segment left by the killed hub: %v", segs)
	return ""
}

// A journal segment of another feed, copied into FEED's .feedsync under
// FEED's name, is not replayed into FEED: its items are not published,
// the log names the file, and the segment is kept as found beside it.
// Before, G's items were published in F and nothing was logged (issue
// 29 item 9). Whether F's state was written (its FeedID differs from
// G's) or not yet (G's name differs from F's), the segment is refused.
func TestJournalOfAnotherFeedIsNotReplayed(t *testing.T) {
	defer setFoldIdle(time.Hour)()
	for _, served := range []bool{true, false} {
		name := map[bool]string{true: "F served before", false: "F new"}[served]
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			f, g := hubAt(t, dir, "f.xml"), hubAt(t, dir, "g.xml")
			if served {
				f.start(Options{})
				f.stop()
			}
			seg := killedWith(t, g, "g")
			copied := journalPath(f.path) + ".7"
			data, _ := os.ReadFile(seg)
			os.WriteFile(copied, data, 0o644)
			f.start(Options{})
			if got := ids(f.get("/")); strings.Contains(got, "g") {
				t.Errorf("F publishes %s: g's journal was replayed into it", got)
			}
			if log := f.log.String(); !strings.Contains(log, filepath.Base(copied)) || !strings.Contains(log, "another feed") {
				t.Errorf("the log does not name the foreign segment:\n%s", log)
			}
			if kept, err := os.ReadFile(copied + ".foreign"); err != nil || string(kept) != string(data) {
				t.Errorf("the foreign segment was not kept as found: %v", err)
			}
			f.stop()
			if got := ids(mustParse(t, f.path, readFile(t, f.path))); strings.Contains(got, "g") {
				t.Errorf("F's file holds %s after a fold", got)
			}
		})
	}
}

// A feed's own journal is replayed whatever befell its state: after a
// kill, with the state removed (the state then takes the records' id, so
// that its later records stay its own), and from before records named
// their feed (the upgrade path: replayed as then, for a clean stop folds
// the journal, and such a record is a POST acknowledged before a kill).
func TestJournalOfItsOwnFeedIsReplayed(t *testing.T) {
	defer setFoldIdle(time.Hour)()
	for _, c := range []string{"state kept", "state removed", "written before records named their feed"} {
		t.Run(c, func(t *testing.T) {
			f := hubAt(t, t.TempDir(), "f.xml")
			seg := killedWith(t, f, "a")
			var id string
			switch c {
			case "state removed":
				id = f.hub.st.FeedID
				os.Remove(statePath(f.path, "serve"))
			case "written before records named their feed":
				data, _ := os.ReadFile(seg)
				recs, n := decodeRecords(data)
				if len(recs) == 0 || n != len(data) {
					t.Fatalf("the segment holds %d records in %d of %d bytes", len(recs), n, len(data))
				}
				var old []byte
				for _, r := range recs {
					r.FeedID, r.FeedName = "", ""
					b, _ := r.encode()
					old = append(old, b...)
				}
				if strings.Contains(string(old), "feed_") {
					t.Fatal("the records still name their feed")
				}
				os.WriteFile(seg, old, 0o644)
			}
			f.start(Options{})
			if got := ids(f.get("/")); got != "a" {
				t.Errorf("F publishes %q after its restart, want a from its journal", got)
			}
			if strings.Contains(f.log.String(), "another feed") {
				t.Errorf("its own journal was refused:\n%s", f.log.String())
			}
			if id != "" && f.hub.st.FeedID != id {
				t.Errorf("the new state's feed id is %s, want the journal's, %s", f.hub.st.FeedID, id)
			}
			f.stop()
			var st stamps
			data, _ := os.ReadFile(statePath(f.path, "serve"))
			if json.Unmarshal(data, &st); st.FeedID == "" {
				t.Error("the state saved names no feed id")
			}
		})
	}
}
