package resolver

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// sseScreenCases drive the resolver on the SSE 0.91 pairs of testdata/sse.
var sseScreenCases = []struct {
	name, pair string
	w, h       int
	keys       []string
}{
	{name: "sse-rss-list", pair: "rss", w: 120, h: 24},
	{name: "sse-rss-item", pair: "rss", w: 120, h: 30, keys: []string{"enter"}},
	{name: "sse-rss-item-stacked-three-way", pair: "rss", w: 80, h: 24, keys: []string{"enter", "n", "tab"}},
	{name: "sse-rss-item-deleted-winner", pair: "rss", w: 120, h: 24, keys: []string{"enter", "n", "n"}},
	{name: "sse-rss-mark-refused", pair: "rss", w: 100, h: 24, keys: []string{"enter", "m"}},
	{name: "sse-rss-after-take", pair: "rss", w: 120, h: 24, keys: []string{"enter", "t", "esc"}},
	{name: "sse-opml-tree", pair: "opml", w: 120, h: 24},
	{name: "sse-opml-tree-all", pair: "opml", w: 100, h: 20, keys: []string{"c"}},
	{name: "sse-opml-item-moved", pair: "opml", w: 120, h: 30, keys: []string{"enter"}},
	{name: "sse-opml-item-moved-unified", pair: "opml", w: 90, h: 30, keys: []string{"enter", "v"}},
	{name: "sse-opml-item-cycle", pair: "opml", w: 120, h: 24, keys: []string{"enter", "n", "n"}},
	{name: "sse-opml-history", pair: "opml", w: 100, h: 30, keys: []string{"enter", "h"}},
	{name: "sse-opml-tree-after-take", pair: "opml", w: 120, h: 24, keys: []string{"c", "enter", "t", "esc"}},
	{name: "sse-opml-confirm-keep-all", pair: "opml", w: 80, h: 20, keys: []string{"A"}},
	{name: "sse-rss-merge", pair: "rss", w: 80, h: 24, keys: []string{"enter", "e"}},
}

// TestSSEScreens compares each SSE 0.91 screen with its golden file, ANSI
// stripped and without colour.
func TestSSEScreens(t *testing.T) {
	for _, c := range sseScreenCases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("NO_COLOR", "1")
			hs := newSSEHarness(t, c.pair, c.w, c.h)
			hs.keys(c.keys...)
			golden(t, fmt.Sprintf("%s-%dx%d", c.name, c.w, c.h), hs.screen())
		})
	}
}

// The stamps of the SSE 0.91 pairs, as sseHist renders them.
const (
	me               = "tester-desk 2026-03-09T12:00:00Z"
	bobG             = "bob-phone 2026-03-02T11:30:00Z"
	alice1G          = "alice-laptop 2026-03-01T09:00:00Z"
	bobO             = "bob-phone 2026-03-03T12:05:00Z"
	alice1O          = "alice-laptop 2026-02-20T08:00:00Z"
	bob3P            = "bob-phone 2026-03-04T18:20:00Z"
	bob2P            = "bob-phone 2026-02-15T16:00:00Z"
	alice1P          = "alice-laptop 2026-02-10T12:00:00Z"
	ep2BBC           = "ep2 2026-03-05T10:30:00Z"
	ep1Start         = "ep1 2026-03-01T09:00:00Z"
	ep2Sci           = "ep2 2026-03-06T09:00:00Z"
	ep1Monde         = "ep1 2026-03-06T11:00:00Z"
	groceriesHistory = me + "; " + bobG + "; " + alice1G
)

// TestSSEDecisions checks each decision's result: 0.91 §5's further
// update increments the version, removes the conflict flag and every
// sx:conflict, and the old sx:history becomes the first sx:update (0.91 §4.2).
func TestSSEDecisions(t *testing.T) {
	cases := []struct {
		name, pair, id string
		keys           []string
		want           sseWant
		content        string // the description or _note, when checked
		position       *dialect.Position
	}{
		{name: "keep the winner", pair: "rss", id: "groceries", keys: []string{"enter", "w"},
			want: sseWant{3, false, groceriesHistory, "Buy groceries - DONE", 0, false}},
		{name: "take the version", pair: "rss", id: "groceries", keys: []string{"enter", "t"},
			want:    sseWant{3, false, groceriesHistory, "Buy groceries", 0, false},
			content: "Get milk, eggs, butter and rolls"},
		{name: "take the second sx:conflict", pair: "rss", id: "offsite", keys: []string{"enter", "n", "tab", "t"},
			want:    sseWant{3, false, me + "; " + bobO + "; " + alice1O, "Plan the team offsite", 0, false},
			content: "Book the venue in Porto for May."},
		{name: "edit", pair: "rss", id: "groceries", keys: []string{"enter", "e", "e", "ctrl+a", "ctrl+k", "Groceries and bread", "ctrl+s", "a"},
			want:    sseWant{3, false, groceriesHistory, "Groceries and bread", 0, false},
			content: "Get oat milk, eggs, butter and sourdough bread"},
		{name: "delete is an update that removes the conflicts", pair: "rss", id: "groceries", keys: []string{"enter", "d"},
			want: sseWant{3, true, groceriesHistory, "Buy groceries - DONE", 0, false}},
		{name: "undelete the deleted winner", pair: "rss", id: "passport", keys: []string{"enter", "n", "n", "d"},
			want:    sseWant{4, false, me + "; " + bob3P + "; " + bob2P + "; " + alice1P, "Renew passport", 0, false},
			content: "Photos, form and the old passport."},
		{name: "take the edit over the deletion", pair: "rss", id: "passport", keys: []string{"enter", "n", "n", "t"},
			want:    sseWant{4, false, me + "; " + bob3P + "; " + bob2P + "; " + alice1P, "Renew passport", 0, false},
			content: "Photos, form, the old passport and the fee."},
		{name: "undo", pair: "rss", id: "groceries", keys: []string{"enter", "t", "u"},
			want: sseWant{2, false, bobG + "; " + alice1G, "Buy groceries - DONE", 1, true}},
		{name: "redo", pair: "rss", id: "groceries", keys: []string{"enter", "t", "u", "ctrl+r"},
			want: sseWant{3, false, groceriesHistory, "Buy groceries", 0, false}},
		{name: "undo a delete", pair: "rss", id: "groceries", keys: []string{"enter", "d", "u"},
			want: sseWant{2, false, bobG + "; " + alice1G, "Buy groceries - DONE", 1, true}},
		{name: "undo an edit, then redo it", pair: "rss", id: "groceries", keys: []string{"e", "e", "ctrl+a", "ctrl+k", "Bread", "ctrl+s", "a", "u", "ctrl+r"},
			want: sseWant{3, false, groceriesHistory, "Bread", 0, false}},
		{name: "m marks nothing, w resolves all", pair: "rss", id: "offsite", keys: []string{"enter", "n", "m", "w"},
			want: sseWant{3, false, me + "; " + bobO + "; " + alice1O, "Plan the team offsite", 0, false}},
		{name: "take the moved version", pair: "opml", id: "bbc", keys: []string{"enter", "t"},
			want:     sseWant{3, false, me + "; " + ep2BBC + "; " + ep1Start, "BBC News", 0, false},
			position: &dialect.Position{Parent: "news", Key: "V"}},
		{name: "keep the winner clears the cycle's flag", pair: "opml", id: "science", keys: []string{"enter", "n", "n", "w"},
			want:     sseWant{3, false, me + "; " + ep2Sci + "; " + ep1Start, "Science", 0, false},
			position: &dialect.Position{Parent: "tech", Key: "W"}},
		{name: "nothing to take on a flag alone", pair: "opml", id: "science", keys: []string{"enter", "n", "n", "t"},
			want: sseWant{2, false, ep2Sci + "; " + ep1Start, "Science", 0, true}},
		{name: "undelete the tombstone", pair: "opml", id: "lemonde", keys: []string{"enter", "n", "d"},
			want: sseWant{3, false, me + "; " + ep1Monde + "; " + ep1Start, "Le Monde", 0, false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hs := newSSEHarness(t, c.pair, 120, 30)
			hs.keys(c.keys...)
			e := hs.sseItem(c.id)
			c.want.check(t, e)
			if c.content != "" {
				if got := contentOf(e.Winner().Fields()); got != c.content {
					t.Errorf("content %q, want %q", got, c.content)
				}
			}
			if p := e.Winner().Position(); c.position != nil && p != *c.position {
				t.Errorf("position %+v, want %+v", p, *c.position)
			}
		})
	}
}

// TestSSEExternalEditor records what $EDITOR left as a 0.91 §5 resolution.
func TestSSEExternalEditor(t *testing.T) {
	hs := newSSEHarness(t, "rss", 100, 30)
	hs.keys("enter", "E")
	if hs.ready.path == "" {
		t.Fatal("no temp file was written")
	}
	b, err := os.ReadFile(hs.ready.path)
	if err != nil {
		t.Fatal(err)
	}
	b = []byte(strings.Replace(string(b), "sourdough bread", "rolls", 1))
	if err := os.WriteFile(hs.ready.path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	hs.send(extExitMsg{hs.ready, nil, ""})
	e := hs.sseItem("groceries")
	sseWant{3, false, groceriesHistory, "Buy groceries - DONE", 0, false}.check(t, e)
	if c := contentOf(e.Winner().Fields()); c != "Get oat milk, eggs, butter and rolls" {
		t.Errorf("content %q", c)
	}
}

// TestSSEMarkRefused says why nothing is marked, and marks nothing.
func TestSSEMarkRefused(t *testing.T) {
	hs := newSSEHarness(t, "rss", 120, 30)
	hs.keys("enter", "m")
	if len(hs.m.item.Marked()) != 0 || !strings.Contains(hs.screen(), "nothing to mark") {
		t.Errorf("m on an SSE 0.91 item:\n%s", hs.screen())
	}
}

// TestSSEKeepAll resolves every item as one step, which one undo reverts
// to the very entries loaded.
func TestSSEKeepAll(t *testing.T) {
	hs := newSSEHarness(t, "opml", 120, 30)
	orig := append([]dialect.Entry(nil), hs.m.st.items...)
	hs.keys("A", "y")
	if hs.m.st.unresolved != 0 || !strings.Contains(hs.screen(), "3/3 resolved") {
		t.Fatalf("%d unresolved after A:\n%s", hs.m.st.unresolved, hs.screen())
	}
	for _, id := range []string{"bbc", "lemonde", "science"} {
		if e := hs.sseItem(id); e.InConflict() || e.Winner().State().Version != 3 {
			t.Errorf("%s: %+v, %d records", id, e.Winner().State(), len(e.Versions()))
		}
	}
	hs.keys("u")
	for i, e := range orig {
		if hs.m.st.items[i] != e {
			t.Errorf("item %d not restored by one undo", i)
		}
	}
}

// TestSSEOutline lays the list out as the outline of the current items
// nests them (dialect.Outline, checked against sse.Build in feeds/dialect),
// tombstones under their live parent, and marks what cycle detection cut.
func TestSSEOutline(t *testing.T) {
	hs := newSSEHarness(t, "opml", 120, 30)
	hs.keys("c")
	if got, want := treeText(hs), "bbc|news|  lemonde|↺science|  tech|    hn"; got != want {
		t.Errorf("tree\n got %s\nwant %s", got, want)
	}
	hs.keys("c", "enter", "t") // BBC goes back under News, as its sx:conflict had it
	if got, want := treeText(hs), "news|  bbc|  lemonde|↺science"; got != want {
		t.Errorf("tree after taking the version\n got %s\nwant %s", got, want)
	}
}

// treeText renders the list's rows as ids indented by depth, cut ones marked.
func treeText(hs *harness) string {
	var out []string
	for i, p := range hs.m.list.rows {
		r := hs.m.list.tree[i]
		s := strings.Repeat("  ", r.Depth) + hs.m.st.entry(p).ID()
		if r.Cut {
			s = "↺" + s
		}
		out = append(out, s)
	}
	return strings.Join(out, "|")
}

// TestSSESave writes the decisions and reads them back through package
// dialect; what was not decided keeps its conflicts.
func TestSSESave(t *testing.T) {
	hs := newSSEHarness(t, "rss", 100, 30)
	hs.keys("enter", "t", "s")
	if !hs.m.Saved() {
		t.Fatal("nothing saved")
	}
	doc, err := dialect.Parse("saved.xml", hs.saved.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	sseWant{3, false, groceriesHistory, "Buy groceries", 0, false}.check(t, entry(t, doc, "groceries"))
	if e := entry(t, doc, "offsite"); len(e.Versions()) != 2 || !e.Winner().State().Conflict {
		t.Errorf("offsite: %d records, %+v; want 2 and the flag", len(e.Versions()), e.Winner().State())
	}
	if n := doc.Conflicted(); n != 2 {
		t.Errorf("%d items in conflict in the saved feed, want 2", n)
	}
}

// TestMergeSaysWhichPosition: an outline's position is no field of the
// merge view, so where the versions put the item differently its header
// says that the result keeps the winner's place and how to take the
// version's (QA Q14).
func TestMergeSaysWhichPosition(t *testing.T) {
	for _, w := range []int{140, 40} {
		hs := newHarness(t, ssePair(t, "opml"), w, 30)
		hs.keys("enter", "e")
		if hs.m.screen != mergeScreen {
			t.Fatalf("not in the merge view:\n%s", hs.screen())
		}
		if s := flat(hs.screen()); !strings.Contains(s, "position: the result keeps the winner's (at the top level · 1st of 3); version 1's is under “News” · 1st of 1: t on the item screen takes that version whole") {
			t.Errorf("%d columns: the position is not explained:\n%s", w, hs.screen())
		}
	}
	hs := newHarness(t, demoDoc(t), 140, 30)
	hs.keys("enter", "e")
	if strings.Contains(hs.screen(), "position:") {
		t.Errorf("a position note on a feed that is no outline:\n%s", hs.screen())
	}
}
