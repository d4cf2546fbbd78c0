package resolver

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	versions "github.com/feedsync/feedsync/feeds/store"
)

// baseFeed is the version both sides of the demo's groceries and offsite
// grew from (#1 by alice-laptop), as a version store holds it: the
// groceries' "bagels" became "rolls" on one side and "sourdough bread" on
// the other (a clash), the offsite's changes all combine.
const baseFeed = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
  <title>To do</title>
  <id>urn:uuid:6f1c2d3e-0000-4000-8000-000000000000</id>
  <updated>2026-03-01T09:00:00Z</updated>
  <entry>
    <title>Buy groceries</title>
    <content type="text">Get milk, eggs, butter and bagels</content>
    <id>urn:uuid:6f1c2d3e-0000-4000-8000-000000000001</id>
    <updated>2026-03-01T09:00:00Z</updated>
    <author><name>Alice</name></author>
    <sx:sync id="item-groceries" updates="1">
      <sx:history sequence="1" when="2026-03-01T09:00:00Z" by="alice-laptop"/>
    </sx:sync>
  </entry>
  <entry>
    <title>Plan the team offsite</title>
    <content type="text">Two days in Annecy, 14–15 May. Book the train for ten people.</content>
    <id>urn:uuid:6f1c2d3e-0000-4000-8000-000000000002</id>
    <updated>2026-02-20T08:00:00Z</updated>
    <author><name>Alice</name></author>
    <sx:sync id="item-offsite" updates="1">
      <sx:history sequence="1" when="2026-02-20T08:00:00Z" by="alice-laptop"/>
    </sx:sync>
  </entry>
</feed>
`

// storeBase records feed, the base the sides grew from, in the version
// store beside dir/local.xml, where the binary run next looks for it.
func storeBase(t *testing.T, dir, feed string) {
	t.Helper()
	write(t, filepath.Join(dir, "base.xml"), []byte(feed))
	base, _ := readFeed(t, dir, "base.xml")
	s, warning := versions.Open(filepath.Join(dir, "local.xml"))
	if warning != nil {
		t.Fatal(warning)
	}
	defer s.Close()
	if err := s.Record(base); err != nil {
		t.Fatal(err)
	}
}

// TestEndToEndThreeWay runs the real binary on the demo pair with a
// version store beside local.xml that holds the base of two conflicts
// (issue 19 part 5): the list marks the offsite as combining; the
// groceries' merge view opens pre-combined, its clash the one hunk open;
// C combines the offsite after naming the count; the saved feed holds
// the combination, the groceries still in conflict.
func TestEndToEndThreeWay(t *testing.T) {
	dir, bin := e2eSetup(t)
	storeBase(t, dir, baseFeed)

	tm := startTmux(t, dir, fmt.Sprintf("%s resolve local.xml remote.xml -o out.xml --by %s --when 2026-03-09T12:00:00Z", bin, testBy))
	tm.wait("0/7 resolved")
	if scr := tm.screen(); !strings.Contains(scr, "unresolved · combines") || strings.Count(scr, "combines") != 1 {
		t.Fatalf("the list does not mark the offsite alone as combining:\n%s", scr)
	}
	tm.keys("Enter", "e")
	tm.wait("1 clash, 2 combined")
	tm.wait("hunk 3 of 3 (1 open) · Content: a clash")
	if scr := tm.screen(); !strings.Contains(scr, "! Get oat milk, eggs, butter and rolls") {
		t.Fatalf("the merge view did not open pre-combined:\n%s", scr)
	}
	tm.keys("Escape")
	tm.wait("d discard the result")
	tm.keys("d")
	tm.wait("merge discarded")
	tm.keys("Escape") // back to the list (a key sent at once after esc would read as alt+key)
	tm.wait("endpoints")
	tm.keys("C")
	tm.wait("Combine 1 item that combines")
	tm.keys("y")
	tm.wait("combined 1 item against the base")
	tm.wait("1/7 resolved")
	tm.keys("s")
	tm.wait("saved to")
	tm.keys("q")
	tm.wait("feedsync exited 1") // the rest are still in conflict

	out, _ := readFeed(t, dir, "out.xml")
	offsiteItem, groceriesItem := entry(t, out, "item-offsite"), entry(t, out, "item-groceries")
	if got := valueOf(offsiteItem.Winner().Fields(), "content"); offsiteItem.InConflict() || got != "Two days in Lyon, 21–22 May. Book the train for eight people." {
		t.Errorf("the offsite: in conflict %v, content %q", offsiteItem.InConflict(), got)
	}
	if !groceriesItem.InConflict() {
		t.Error("the groceries, whose clash no one decided, were resolved")
	}
}

// TestEndToEndDemoThreeWay runs `feedsync demo` as a newcomer does: the
// demo keeps its bases (issue 19 part 6), so its first screen marks the
// items that combine and offers C; the plumber's two titles, each appended
// at one place, open as a clash, the only open hunk; C then combines the
// five items that combine and leaves the plumber and the passport.
func TestEndToEndDemoThreeWay(t *testing.T) {
	dir, bin := e2eSetup(t)
	tm := startTmux(t, dir, fmt.Sprintf("%s demo -o out.xml --by %s --when 2026-03-09T12:00:00Z", bin, testBy))
	tm.wait("0/7 resolved")
	if scr := tm.screen(); strings.Count(scr, "unresolved · combines") != 5 || !strings.Contains(scr, "C combine all that combine") {
		t.Fatalf("the demo's first screen does not mark the five items that combine, or does not offer C:\n%s", scr)
	}
	tm.keys("j", "j", "j", "j", "Enter") // the plumber
	tm.wait("“Call the plumber (Tuesday)”")
	tm.keys("e")
	tm.wait("three-way from the base (#1 by bob-phone): 1 clash, 0 combined")
	tm.wait("hunk 1 of 1 (1 open) · Title: a clash")
	tm.keys("q") // out of the merge view, nothing changed
	tm.wait("merge closed: nothing changed")
	tm.keys("q") // back to the list
	tm.wait("endpoints")
	tm.keys("C")
	tm.wait("Combine 5 items that combine")
	tm.keys("y")
	tm.wait("5/7 resolved")
	tm.keys("s")
	tm.wait("saved to")
	tm.keys("q")
	tm.wait("feedsync exited 1") // the plumber and the passport are left

	out, _ := readFeed(t, dir, "out.xml")
	for id, want := range map[string]bool{"item-offsite": false, "item-groceries": false, "item-plumber": true, "item-passport": true} {
		if got := entry(t, out, id).InConflict(); got != want {
			t.Errorf("%s: in conflict %v, want %v", id, got, want)
		}
	}
}

// TestEndToEndBaseInEveryView runs the real binary with the store of
// TestEndToEndThreeWay beside local.xml (issue 30 item 3): the item screen
// says which side changed each field against the base; the merge view's
// = says whose change it took; the offsite in columns at 240 cells shows
// the base's column first, at 180 each field's rule says which columns
// changed it.
func TestEndToEndBaseInEveryView(t *testing.T) {
	dir, bin := e2eSetup(t)
	storeBase(t, dir, baseFeed)
	tm := startTmux(t, dir, fmt.Sprintf("%s resolve local.xml remote.xml -o out.xml --by %s", bin, testBy))
	tm.wait("0/7 resolved")
	tm.keys("Enter")
	tm.wait("── Title · changed · against the base: the winner changed it")
	tm.wait("── Content · changed · against the base: both changed it, and the changes clash")
	tm.keys("e")
	tm.wait("hunk 3 of 3 (1 open) · Content: a clash")
	tm.keys("[")
	tm.wait("combined against the base: version 1's change (alice-laptop), the winner kept the base")
	tm.keys("Escape") // the result started combined: leaving asks
	tm.wait("d discard the result")
	tm.keys("d")
	tm.wait("merge discarded")
	tm.keys("n")
	tm.wait("“Plan the team offsite”")
	tm.run("resize-window", "-t", "e2e", "-x", "240", "-y", "40")
	tm.keys("e")
	tm.wait("BASE · #1 by alice-laptop")
	tm.run("resize-window", "-t", "e2e", "-x", "180", "-y", "40")
	tm.wait("· against the base: VERSION 1, VERSION 2 changed it")
	if strings.Contains(tm.screen(), "BASE ·") {
		t.Errorf("the base's column at 180 cells:\n%s", tm.screen())
	}
}
