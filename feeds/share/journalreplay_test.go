package share

import (
	"os"
	"strings"
	"testing"
	"time"
)

// A journal record that no longer merges into FEED when the hub starts
// (FEED edited while the hub was down so that the two disagree, here on
// an item's noconflicts, 1.0.2 §2.4) is an acknowledged POST: the start
// fails and says why, and the journal keeps the record, rather than the
// start logging a warning and its fold dropping the segment.
func TestReplayThatFailsKeepsTheJournal(t *testing.T) {
	defer setFoldIdle(time.Hour)()
	th := startHub(t, "rss", Options{})
	th.edit("A", create("x", "X"))
	e := th.endpoint("E")
	e.sync()
	e.edit(edit("x", "X by E", false))
	e.sync() // the record of x by E: in the journal only
	th.crash()
	feed := string(readFileRaw(t, th.path))
	edited := strings.Replace(feed, `<sx:sync id="x"`, `<sx:sync noconflicts="true" id="x"`, 1)
	if edited == feed {
		t.Fatalf("no sx:sync of x in\n%s", feed)
	}
	os.WriteFile(th.path, []byte(edited), 0o644)
	segs, _ := segments(journalPath(th.path))
	h, err := NewHub(th.path, Options{Now: th.clock.Now, Log: th.log})
	if err == nil {
		h.Close()
		t.Fatalf("the hub started, its log:\n%s", th.log)
	}
	if !strings.Contains(err.Error(), "journal") {
		t.Errorf("the start failed with %v, want it to name the journal", err)
	}
	if after, _ := segments(journalPath(th.path)); len(after) != len(segs) {
		t.Errorf("journal segments %v after the start, %v before", after, segs)
	}
}
