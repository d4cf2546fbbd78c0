package tui

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/store"
)

// autoBase is the base of resolve --auto's tests: two items made by A.
const autoBase = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy milk</title>
   <description>Get milk and eggs from the shop on the corner</description>
   <sx:sync id="x1" updates="1">
    <sx:history sequence="1" when="2026-03-01T09:00:00Z" by="A"/>
   </sx:sync>
  </item>
  <item>
   <title>Call Bob</title>
   <description>About the party</description>
   <sx:sync id="x2" updates="1">
    <sx:history sequence="1" when="2026-03-01T09:00:00Z" by="A"/>
   </sx:sync>
  </item>
 </channel>
</rss>
`

// recordBase records the versions of the feed at path in the store
// beside it, as a command that wrote the feed would have.
func recordBase(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := dialect.Parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	s, warning := store.Open(path)
	if warning != nil {
		t.Fatal(warning)
	}
	defer s.Close()
	if err := s.Record(d); err != nil {
		t.Fatal(err)
	}
}

// autoConflict writes f.xml: B's and C's updates of autoBase merged, x1
// changed apart (B its title and a word, C another word), x2 changed
// alike in one word two ways; with stored, autoBase is in f.xml's store.
func autoConflict(t *testing.T, stored bool) *harness {
	h := newHarness(t)
	f := h.write("f.xml", autoBase)
	if stored {
		recordBase(t, f)
	}
	h.write("b.xml", autoBase)
	h.write("c.xml", autoBase)
	for _, c := range [][]string{
		{"update", h.path("b.xml"), "--id", "x1", "--title", "Buy oat milk", "--content", "Get milk and bread from the shop on the corner", "--by", "B", "--when", "2026-03-02T09:00:00Z", "-o", h.path("b.xml")},
		{"update", h.path("c.xml"), "--id", "x1", "--content", "Get milk and eggs from the store on the corner", "--by", "C", "--when", "2026-03-02T10:00:00Z", "-o", h.path("c.xml")},
		{"update", h.path("b.xml"), "--id", "x2", "--content", "About the picnic", "--by", "B", "--when", "2026-03-02T09:00:00Z", "-o", h.path("b.xml")},
		{"update", h.path("c.xml"), "--id", "x2", "--content", "About the dinner", "--by", "C", "--when", "2026-03-02T10:00:00Z", "-o", h.path("c.xml")},
		{"merge", h.path("b.xml"), h.path("c.xml"), "-o", f},
	} {
		if code, _, stderr := h.run("", c...); code > ExitAttention {
			t.Fatalf("%v: exit %d\n%s", c, code, stderr)
		}
	}
	return h
}

// 1.0.2 §3.4: what combines is resolved, stamped by this endpoint; what
// clashes is left as it was; exit 1 says something is left.
func TestResolveAuto(t *testing.T) {
	h := autoConflict(t, true)
	f := h.path("f.xml")
	code, out, stderr := h.run("", "resolve", f, "--auto", "--by", "Z", "--when", "2026-03-03T09:00:00Z", "-o", f)
	if code != ExitAttention || out != "" {
		t.Fatalf("exit %d, stdout %q\n%s", code, out, stderr)
	}
	for _, want := range []string{
		"combined 1 item", `x1 "Buy oat milk": title, content combined since #1 by A`,
		"left in conflict 1 item", `x2 "Call Bob": content changed in the same place`,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	d, err := dialect.Parse(f, []byte(h.read("f.xml")))
	if err != nil {
		t.Fatal(err)
	}
	x1, _ := d.Entry("x1")
	if x1.InConflict() || x1.Title() != "Buy oat milk" || x1.Winner().History()[0].By != "Z" {
		t.Fatalf("x1: conflict %v, title %q, history %+v", x1.InConflict(), x1.Title(), x1.Winner().History())
	}
	for _, fl := range x1.Winner().Fields() {
		if fl.Key == "content" && fl.Value != "Get milk and bread from the store on the corner" {
			t.Errorf("content %q", fl.Value)
		}
	}
	if x2, _ := d.Entry("x2"); !x2.InConflict() {
		t.Error("x2, which clashes, was resolved")
	}
}

// Without a store nothing is combined and nothing is written.
func TestResolveAutoNoStore(t *testing.T) {
	h := autoConflict(t, false)
	f := h.path("f.xml")
	before, backup := h.read("f.xml"), h.read("f.xml.bak")
	code, _, stderr := h.run("", "resolve", f, "--auto", "--by", "Z", "-o", f)
	if code != ExitAttention || !strings.Contains(stderr, "no data for the base version #1 by A") ||
		!strings.Contains(stderr, "nothing combined, nothing written") {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if h.read("f.xml") != before || h.read("f.xml.bak") != backup {
		t.Fatal("the feed or its backup changed")
	}
}

func TestResolveAutoUsage(t *testing.T) {
	h := newHarness(t)
	f := h.write("f.xml", autoBase)
	for _, args := range [][]string{
		{"resolve", f, "--auto", "--pick", "1"},
		{"resolve", f, "--auto", "--id", "x1"},
		{"resolve", f, f, "--auto"},
	} {
		if code, _, stderr := h.run("", args...); code != ExitError || !strings.Contains(stderr, "--auto") {
			t.Errorf("%v: exit %d\n%s", args, code, stderr)
		}
	}
	code, _, stderr := h.run("", "resolve", f, "--auto")
	if code != ExitOK || !strings.Contains(stderr, "no items in conflict") {
		t.Errorf("no conflicts: exit %d\n%s", code, stderr)
	}
}

// conflicts --json says whether a base is known and whether it combines.
func TestConflictsJSONBase(t *testing.T) {
	for _, stored := range []bool{true, false} {
		h := autoConflict(t, stored)
		_, out, _ := h.run("", "conflicts", h.path("f.xml"), "--json")
		var list ConflictList
		if err := json.Unmarshal([]byte(out), &list); err != nil || len(list.Items) != 2 {
			t.Fatalf("%v\n%s", err, out)
		}
		x1, x2 := list.Items[0], list.Items[1]
		if x1.Base == nil || x1.Base.Sequence != 1 || x1.Base.By != "A" || x1.Base.Known != stored {
			t.Fatalf("stored %v: x1 base %+v", stored, x1.Base)
		}
		if x1.Combines != stored || x2.Combines || stored && strings.Join(x2.Clashes, ",") != "content" {
			t.Errorf("stored %v: x1 combines %v, x2 combines %v clashes %q", stored, x1.Combines, x2.Combines, x2.Clashes)
		}
	}
}
