package resolver

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// spaceItemBaseFeed is where both sides of spaceItemFeed started (#1 by
// alice-laptop), as a version store holds it.
const spaceItemBaseFeed = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync"><title>To do</title>
<entry><title>Buy milk and eggs</title><content>Get milk and eggs from the shop on the corner.</content><id>urn:shop</id>
<sx:sync id="shop" updates="1"><sx:history sequence="1" when="2026-03-01T08:00:00Z" by="alice-laptop"/></sx:sync></entry></feed>`

// TestEndToEndItemHidesWhiteSpace runs the real binary on spaceItemFeed
// with its base in the version store (issue 30 item 5): W on the item
// screen leaves the version's doubled space unmarked and the title the
// winner's change against the base, and says how many are hidden; the
// merge view opens hiding them too; W there shows them, and the item
// screen shows them when it comes back.
func TestEndToEndItemHidesWhiteSpace(t *testing.T) {
	dir, bin := e2eDir(t)
	write(t, filepath.Join(dir, "local.xml"), []byte(spaceItemFeed))
	write(t, filepath.Join(dir, "remote.xml"), []byte(spaceItemFeed))
	storeBase(t, dir, spaceItemBaseFeed)
	tm := startTmux(t, dir, fmt.Sprintf("%s resolve local.xml remote.xml -o out.xml --markers --by %s --when 2026-03-09T12:00:00Z", bin, testBy))
	tm.wait("0/1 resolved")
	tm.keys("Enter")
	tm.wait("Title · changed · against the base: both changed it, and the changes combine")
	if scr := tm.screen(); !strings.Contains(scr, "Buy milk{+  +}and eggs") {
		t.Fatalf("before W, the version's white space is not marked:\n%s", scr)
	}
	tm.keys("W")
	tm.wait("2 changes of white space alone hidden · W shows")
	if scr := tm.screen(); !strings.Contains(scr, "Title · changed · against the base: the winner changed it") ||
		!strings.Contains(scr, "Buy milk  and eggs") || strings.Contains(scr, "{+  +}") {
		t.Fatalf("after W, the white space is still marked or counted:\n%s", scr)
	}
	tm.keys("e")
	tm.wait("2 white space hidden")
	tm.keys("W")
	tm.wait("white-space-only changes shown: W hides them")
	tm.keys("Escape")
	tm.wait("discard")
	tm.keys("d")
	tm.wait("Title · changed · against the base: both changed it, and the changes combine")
	if scr := tm.screen(); !strings.Contains(scr, "Buy milk{+  +}and eggs") || strings.Contains(scr, "white space alone hidden") {
		t.Fatalf("back from the merge view, the item screen still hides white space:\n%s", scr)
	}
	tm.keys("q", "q")
	tm.wait("y quit without saving")
	tm.keys("y")
	tm.wait("feedsync exited 0")
}
