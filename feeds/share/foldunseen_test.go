package share

import (
	"testing"
	"time"
)

// Where a file's size and modification time are all its identity
// (fileid_other.go: Windows and the other systems but Linux and macOS),
// another command's edit of FEED of the same size within the clock's
// resolution leaves FEED's identity as the hub last wrote it. The fold,
// which reads FEED under its lock, compares the bytes as well: the edit
// is taken in, never overwritten.
func TestFoldNeverOverwritesAnEditTheStatMissed(t *testing.T) {
	defer setFoldIdle(time.Hour)()
	th := startHub(t, "rss", Options{})
	th.edit("A", create("a", "A"))
	e := th.endpoint("E")
	e.sync()
	if err := th.hub.fold(); err != nil {
		t.Fatal(err)
	}
	e.edit(create("b", "B"))
	e.sync() // b: in the journal only
	h := th.hub
	// An edit the stat cannot tell from the hub's own write:
	th.edit("Z", edit("a", "A by Z", false))
	edited := sums(mustParse(t, th.path, readFileRaw(t, th.path)))["a"]
	id, err := statID(th.path)
	if err != nil {
		t.Fatal(err)
	}
	h.mu.Lock()
	h.setID(id)
	h.pending++ // a fold is due
	h.mu.Unlock()
	if err := h.fold(); err != nil {
		t.Fatal(err)
	}
	if got := sums(mustParse(t, th.path, readFileRaw(t, th.path)))["a"]; got != edited {
		t.Errorf("after the fold FEED's a is %s, want Z's edit %s: the fold overwrote it", got, edited)
	}
}
