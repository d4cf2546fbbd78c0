package tui

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

const plainTodo = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0">
 <channel>
  <title>To Do List</title>
  <item>
   <title>Buy groceries</title>
   <guid>urn:todo:1</guid>
  </item>
  <item>
   <title>Call mom</title>
  </item>
 </channel>
</rss>
`

// adopt -o FEED saves as every command does (a backup of what it
// replaced); adopting the result again leaves the file as it is and
// writes no further backup.
func TestAdoptInPlaceOnce(t *testing.T) {
	h := newHarness(t)
	f := h.write("todo.xml", plainTodo)
	code, _, stderr := h.run("", "adopt", f, "-o", f, "--by", "A", "--when", "2005-05-21T09:43:33Z")
	// A report, as merge's and sync's are: the command's name first, the
	// items counted in words.
	if code != ExitOK || !strings.HasPrefix(stderr, "feedsync adopt: "+f+": adopted 2 items as feedsync-1.0.2;") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if h.read("todo.xml.bak") != plainTodo {
		t.Errorf("the backup is not the plain feed")
	}
	adopted := h.read("todo.xml")
	if !strings.Contains(adopted, `<sx:sync id="urn:todo:1" updates="1">`) {
		t.Errorf("no sync data:\n%s", adopted)
	}
	code, _, stderr = h.run("", "adopt", f, "-o", f, "--by", "B")
	if code != ExitOK || !strings.HasPrefix(stderr, "feedsync adopt: "+f+": every item has sync data already; nothing to adopt") {
		t.Fatalf("second adopt: exit %d: %s", code, stderr)
	}
	if h.read("todo.xml") != adopted {
		t.Errorf("the second adopt changed the feed")
	}
	if _, err := os.Stat(h.path("todo.xml.bak.2")); err == nil {
		t.Errorf("the second adopt wrote a backup of a file it did not change")
	}
}

// Two endpoints that each adopt the same plain feed, then merge: every
// item once, none lost, all in conflict (exit 1), as README warns.
func TestAdoptByTwoEndpointsConflicts(t *testing.T) {
	h := newHarness(t)
	f := h.write("todo.xml", plainTodo)
	h.run("", "adopt", f, "-o", h.path("a.xml"), "--by", "A", "--when", "2005-05-21T09:43:33Z")
	h.run("", "adopt", f, "-o", h.path("b.xml"), "--by", "B", "--when", "2005-05-21T09:43:34Z")
	code, out, stderr := h.run("", "merge", h.path("a.xml"), h.path("b.xml"))
	if code != ExitAttention || !strings.Contains(stderr, "2 item") {
		t.Fatalf("merge: exit %d, want 1 with 2 items in conflict: %s", code, stderr)
	}
	if strings.Count(out, "<title>Buy groceries</title>") != 2 || strings.Count(out, "<title>Call mom</title>") != 2 {
		t.Errorf("want each item once and its conflict version once:\n%s", out)
	}
}

// A big feed's adopted items are listed up to maxListed, then counted.
func TestAdoptListsFewItems(t *testing.T) {
	h := newHarness(t)
	var b strings.Builder
	b.WriteString("<rss version=\"2.0\"><channel><title>T</title>\n")
	for i := range maxListed + 5 {
		fmt.Fprintf(&b, "<item><title>%d</title></item>\n", i)
	}
	b.WriteString("</channel></rss>\n")
	code, _, stderr := h.run("", "adopt", h.write("big.xml", b.String()), "--by", "A")
	if code != ExitOK || strings.Count(stderr, " id sha256-") != maxListed || !strings.Contains(stderr, "... and 5 more") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}
