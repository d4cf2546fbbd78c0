package tui

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// What TestHubLoopback checks of feeds: that the hub holds every change it
// accepted, and that endpoints hold what the hub holds.

// lbAccepted is a change the hub took: by's change of item id, numbered
// seq (a 1.0.2 sequence, a 0.91 version) and made at when.
//
// In FeedSync 1.0.2 the hub's feed must hold it in the winner or a
// conflict version: an entry of by with a sequence at least seq (§3.3's
// subsumption; a later change by the same endpoint, a merge that keeps
// both as a conflict, and a resolution that folds the conflict's history
// in, §3.4, all keep one). SSE 0.91 keeps less: a local update drops the
// conflict records (§4.2 step 4) and a merge keeps the winner whole
// (§4.4), so there the item's version must collate at or after the
// change (§4.4 step 1: version, then when, then by): the hub never went
// back to an earlier state of the item.
type lbAccepted struct {
	id, by string
	seq    int
	when   time.Time
	how    string // what made it accepted, for the failure message
}

// lbRead loads a feed file.
func lbRead(path string) (*dialect.Doc, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return dialect.Parse(path, data)
}

// lbNewest lists the newest history entry of every version of every item
// of doc, as changes accepted by how.
func lbNewest(doc *dialect.Doc, how string) []lbAccepted {
	var out []lbAccepted
	for _, e := range doc.Entries() {
		for _, v := range append([]dialect.Version{e.Winner()}, e.Versions()...) {
			if h, ok := v.Top(); ok && h.By != "" {
				out = append(out, lbAccepted{id: e.ID(), by: h.By, seq: h.Number, when: h.When, how: how})
			}
		}
	}
	return out
}

// lbHolds reports whether doc holds the change c (see lbAccepted).
func lbHolds(doc *dialect.Doc, c lbAccepted) bool {
	e, err := doc.Entry(c.id)
	if err != nil {
		return false
	}
	if doc.Dialect() == dialect.SSE091 {
		h, ok := e.Winner().Top()
		return ok && lbCollation(h, c) >= 0
	}
	for _, v := range append([]dialect.Version{e.Winner()}, e.Versions()...) {
		for _, h := range v.History() {
			if h.By == c.by && h.Number >= c.seq {
				return true
			}
		}
	}
	return false
}

// lbCollation compares an SSE 0.91 item's newest change h with the change c
// as 0.91 §4.4 step 1 picks a winner: the greater version, then the
// later when, then the greater by, a when or by present before one
// absent.
func lbCollation(h dialect.History, c lbAccepted) int {
	if h.Number != c.seq {
		return h.Number - c.seq
	}
	switch {
	case h.When.IsZero() != c.when.IsZero():
		if h.When.IsZero() {
			return -1
		}
		return 1
	case !h.When.Equal(c.when):
		return h.When.Compare(c.when)
	case (h.By == "") != (c.by == ""):
		if h.By == "" {
			return -1
		}
		return 1
	}
	return strings.Compare(h.By, c.by)
}

// lbChanges holds the accepted changes, the latest of each endpoint's per
// item: accepting a change of an item accepts the endpoint's earlier ones.
type lbChanges map[[2]string]lbAccepted

// add adds cs.
func (s lbChanges) add(cs ...lbAccepted) {
	for _, c := range cs {
		k := [2]string{c.id, c.by}
		if old, ok := s[k]; !ok || c.seq > old.seq || c.seq == old.seq && c.when.After(old.when) {
			s[k] = c
		}
	}
}

// lbLost returns the changes of cs that doc does not hold, as lines.
func lbLost(doc *dialect.Doc, cs lbChanges) []string {
	var out []string
	for _, c := range cs {
		if !lbHolds(doc, c) {
			out = append(out, fmt.Sprintf("item %s: %s's change %d (%s)", c.id, c.by, c.seq, c.how))
		}
	}
	slices.Sort(out)
	return out
}

// lbSyncData gives each item's sync data and the digest of its data, the
// winner's and every conflict version's (in a stable order), as text: two
// endpoints that converged have equal maps.
func lbSyncData(doc *dialect.Doc) map[string]string {
	out := map[string]string{}
	for _, e := range doc.Entries() {
		var cs []string
		for _, v := range e.Versions() {
			cs = append(cs, lbVersionText(v))
		}
		slices.Sort(cs)
		out[e.ID()] = lbVersionText(e.Winner()) + " conflicts [" + strings.Join(cs, "; ") + "]"
	}
	return out
}

func lbVersionText(v dialect.Version) string {
	st := v.State()
	var b strings.Builder
	fmt.Fprintf(&b, "updates %d version %d deleted %t noconflicts %t conflict %t record %t data %s history",
		st.Updates, st.Version, st.Deleted, st.NoConflicts, st.Conflict, st.Record, v.Digest())
	for _, h := range v.History() {
		fmt.Fprintf(&b, " %d/%s/%s", h.Number, h.By, h.When.UTC().Format(time.RFC3339))
	}
	return b.String()
}

// lbDifferences lists how got differs from want, at most max lines.
func lbDifferences(want, got map[string]string, max int) []string {
	var out []string
	for _, id := range slices.Sorted(lbKeys(want, got)) {
		w, wok := want[id]
		g, gok := got[id]
		switch {
		case !gok:
			out = append(out, "lacks item "+id)
		case !wok:
			out = append(out, "has item "+id+", which the hub lacks")
		case w != g:
			out = append(out, fmt.Sprintf("item %s:\n\t\thub:      %s\n\t\tendpoint: %s", id, w, g))
		}
	}
	if len(out) > max {
		out = append(out[:max], fmt.Sprintf("and %d more", len(out)-max))
	}
	return out
}

// lbKeys iterates the keys of both maps, once each.
func lbKeys(a, b map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range a {
			if !yield(k) {
				return
			}
		}
		for k := range b {
			if _, ok := a[k]; !ok && !yield(k) {
				return
			}
		}
	}
}

// lbCheckHolds fails the test for every change of cs that the feed at what
// (read from doc) does not hold.
func lbCheckHolds(t *testing.T, seed uint64, what string, doc *dialect.Doc, cs lbChanges) {
	t.Helper()
	if l := lbLost(doc, cs); len(l) > 0 {
		n := len(l)
		if n > 10 {
			l = append(l[:10], fmt.Sprintf("and %d more", n-10))
		}
		t.Errorf("%s lacks %d of %d accepted changes (-loopback.seed=%d):\n\t%s", what, n, len(cs), seed, strings.Join(l, "\n\t"))
	}
}

// The checks of TestHubLoopback can fail: a change is held by a later
// one of its endpoint's and by a conflict version, not by an earlier one
// or another item's; a different title or a missing item is a difference.
func TestLoopbackChecks(t *testing.T) {
	const conflicted = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>To Do List</title>
  <item>
   <title>TITLE</title>
   <sx:sync id="x" updates="2">
    <sx:history sequence="2" when="2005-05-21T09:43:33Z" by="B"/>
    <sx:history sequence="1" when="2005-05-21T09:40:00Z" by="A"/>
    <sx:conflicts>
     <item>
      <title>C's</title>
      <sx:sync id="x" updates="2">
       <sx:history sequence="2" when="2005-05-21T09:42:00Z" by="C"/>
       <sx:history sequence="1" when="2005-05-21T09:40:00Z" by="A"/>
      </sx:sync>
     </item>
    </sx:conflicts>
   </sx:sync>
  </item>
 </channel>
</rss>
`
	doc, err := dialect.Parse("conflicted", []byte(strings.Replace(conflicted, "TITLE", "B's", 1)))
	if err != nil {
		t.Fatal(err)
	}
	cs := lbChanges{}
	cs.add(lbNewest(doc, "the feed")...)
	if len(cs) != 2 || !lbHolds(doc, cs[[2]string{"x", "B"}]) || !lbHolds(doc, cs[[2]string{"x", "C"}]) {
		t.Errorf("the feed's own newest changes: %v", cs)
	}
	for _, c := range []struct {
		c    lbAccepted
		want bool
	}{
		{lbAccepted{id: "x", by: "B", seq: 1}, true},
		{lbAccepted{id: "x", by: "C", seq: 2}, true},
		{lbAccepted{id: "x", by: "A", seq: 1}, true},
		{lbAccepted{id: "x", by: "B", seq: 3}, false},
		{lbAccepted{id: "x", by: "D", seq: 1}, false},
		{lbAccepted{id: "y", by: "B", seq: 1}, false},
	} {
		if got := lbHolds(doc, c.c); got != c.want {
			t.Errorf("holds %+v: %t, want %t", c.c, got, c.want)
		}
	}
	cs.add(lbAccepted{id: "x", by: "B", seq: 3, how: "a test"})
	if l := lbLost(doc, cs); len(l) != 1 || l[0] != "item x: B's change 3 (a test)" {
		t.Errorf("lost: %q", l)
	}
	other, err := dialect.Parse("other", []byte(strings.Replace(conflicted, "TITLE", "another", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if d := lbDifferences(lbSyncData(doc), lbSyncData(doc), 5); len(d) != 0 {
		t.Errorf("a feed differs from itself: %q", d)
	}
	if d := lbDifferences(lbSyncData(doc), lbSyncData(other), 5); len(d) != 1 || !strings.HasPrefix(d[0], "item x:") {
		t.Errorf("another title: %q", d)
	}
	if d := lbDifferences(lbSyncData(doc), map[string]string{}, 5); len(d) != 1 || d[0] != "lacks item x" {
		t.Errorf("a missing item: %q", d)
	}
}

// In SSE 0.91 a change is held when the item's version collates at or
// after it (0.91 §4.4 step 1): a greater version, or the same with a
// later when, or the same when and a greater by.
func TestLoopbackChecksSSE(t *testing.T) {
	const sse = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>To Do List</title>
  <item>
   <title>B's</title>
   <sx:sync id="x" version="3">
    <sx:history when="Sat, 21 May 2005 09:43:33 GMT" by="B">
     <sx:update when="Sat, 21 May 2005 09:40:00 GMT" by="A"/>
    </sx:history>
   </sx:sync>
  </item>
 </channel>
</rss>
`
	doc, err := dialect.Parse("sse", []byte(sse))
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2005, 5, 21, 9, 43, 33, 0, time.UTC)
	for _, c := range []struct {
		c    lbAccepted
		want bool
	}{
		{lbAccepted{id: "x", by: "A", seq: 2, when: at.Add(time.Hour)}, true},
		{lbAccepted{id: "x", by: "B", seq: 3, when: at}, true},
		{lbAccepted{id: "x", by: "A", seq: 3, when: at}, true},
		{lbAccepted{id: "x", by: "C", seq: 3, when: at}, false},
		{lbAccepted{id: "x", by: "A", seq: 3, when: at.Add(time.Second)}, false},
		{lbAccepted{id: "x", by: "B", seq: 4, when: at}, false},
		{lbAccepted{id: "y", by: "B", seq: 1, when: at}, false},
	} {
		if got := lbHolds(doc, c.c); got != c.want {
			t.Errorf("holds %+v: %t, want %t", c.c, got, c.want)
		}
	}
}
