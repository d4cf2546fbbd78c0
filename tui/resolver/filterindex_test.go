package resolver

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/tui/resolver/internal/keypress"
)

// TestFilterWhileIndexing types a filter before the index is built, as a
// person does at 100k items, the index being started by the first / (issue 21 item 5: the first keystroke folded
// every item's text on the UI thread, 14 to 20 s). The keys are taken at
// once; the list shows the matches among the items indexed so far with
// "searching…", each chunk adds its own, a chunk of another store or one
// already taken is dropped, and once every item is indexed the rows are
// those a search of every item's text gives.
func TestFilterWhileIndexing(t *testing.T) {
	n := 2*indexChunk + 500
	l, r := feedgen.Pair(n, benchRatio, 1)
	doc := mergePair(t, l, r)
	hs := &harness{t: t}
	hs.m = New(Config{Title: "t", By: testBy})
	hs.send(tea.WindowSizeMsg{Width: 120, Height: 30})
	hs.send(loadedMsg{doc: doc})
	if hs.m.st.indexing {
		t.Error("the index was started before the filter was opened")
	}
	hs.keys("c")
	next, cmd := hs.m.Update(keypress.Msgs("/")[0]) // the index's first chunk, held back
	hs.m = next.(Model)
	hs.keys("item-4")
	if got := hs.m.list.rows; len(got) != 0 {
		t.Errorf("before any chunk: %d rows, want none", len(got))
	}
	if s := hs.screen(); !strings.Contains(s, "0 items match so far · searching…") ||
		!strings.Contains(s, "no item matches the filter so far · searching…") {
		t.Errorf("before any chunk the screen does not say it is searching:\n%s", s)
	}
	want := filterByText(hs.m.st, "item-4")
	stale := newStore(doc).startIndex()() // another store's first chunk
	hs.send(stale)
	if hs.m.st.indexed != 0 {
		t.Fatalf("a chunk of another store was taken: %d items indexed", hs.m.st.indexed)
	}
	for chunk := 0; cmd != nil; chunk++ {
		msg := cmd().(indexMsg)
		next, cmd = hs.m.Update(msg)
		hs.m = next.(Model)
		indexed := hs.m.st.indexed
		partial := slices.DeleteFunc(slices.Clone(want), func(p int) bool { return p >= indexed })
		if got := hs.m.list.rows; !slices.Equal(got, partial) {
			t.Errorf("after chunk %d (%d indexed): rows %v, want %v", chunk, indexed, got, partial)
		}
		if s, searching := hs.screen(), indexed < n; strings.Contains(s, "searching…") != searching {
			t.Errorf("after chunk %d (%d of %d indexed), searching… shown is %t:\n%s", chunk, indexed, n, !searching, s)
		}
		if chunk == 0 { // a bulk decision asked now names the items shown so far
			hs.keys("enter", "A")
			if s := hs.screen(); !strings.Contains(s, "shows so far (it is still searching)") {
				t.Errorf("A while searching does not say the items are those found so far:\n%s", s)
			}
			hs.keys("esc", "/")
		}
		hs.send(msg) // taken already: dropped
		if got := hs.m.list.rows; len(got) != len(partial) {
			t.Errorf("chunk %d taken twice: %d rows, want %d", chunk, len(got), len(partial))
		}
	}
	if len(want) < 100 || len(hs.m.list.rows) != len(want) {
		t.Errorf("%d rows in the end, want %d (of at least 100)", len(hs.m.list.rows), len(want))
	}
	for _, c := range []struct{ key, query string }{{"9", "item-49"}, {"backspace", "item-4"}, {"backspace", "item-"}} {
		hs.keys(c.key) // a longer query narrows the rows, a shorter one searches again
		if got, want := hs.m.list.rows, filterByText(hs.m.st, c.query); !slices.Equal(got, want) {
			t.Errorf("filter %q: %d rows, want %d", c.query, len(got), len(want))
		}
	}
}

// filterByText is the filter's answer found the slow way: every item's
// text folded now, on this goroutine.
func filterByText(st *store, query string) []int {
	var out []int
	for pos := range st.len() {
		if strings.Contains(searchText(st.entry(pos), endpoints(st.entry(pos))), query) {
			out = append(out, pos)
		}
	}
	return out
}

// TestIndexKeepsNoStaleText: an item decided after its chunk was taken
// (the command folds the states it was given) keeps no text from it; it
// is folded again, from its new state, when searched.
func TestIndexKeepsNoStaleText(t *testing.T) {
	st := newStore(demoDoc(t))
	msg := st.startIndex()().(indexMsg)
	other := st.entry(plants)
	st.set(plumber, other, edited) // plumber now holds plants' state
	if !st.takeIndex(msg) {
		t.Fatal("the chunk awaited was dropped")
	}
	if st.search[plumber] != "" || st.ends[plumber] != "" {
		t.Errorf("the decided item kept the text of its former state: %q, %q", st.search[plumber], st.ends[plumber])
	}
	if got, want := st.endpoints(plumber), strings.Join(endpoints(other), ", "); got != want {
		t.Errorf("the decided item's endpoints are %q, want its new state's %q", got, want)
	}
	if !st.matches(plumber, "plants") || st.matches(plumber, "plumber") {
		t.Errorf("the decided item is not searched by its new state: %q", st.search[plumber])
	}
	if st.takeIndex(msg) {
		t.Error("a chunk already taken was taken again")
	}
}

// TestSearchTextTitleIsTheEntrysTitle: the title the filter searches
// first, read from the winner's fields when they hold it, is the entry's
// Title, for every item of a generated 1.0.2 pair and SSE 0.91 pair, the
// SSE 0.91 pairs of testdata (an OPML outline's title is an attribute,
// not a field), and items without a title.
func TestSearchTextTitleIsTheEntrysTitle(t *testing.T) {
	l, r := feedgen.Pair(300, 0.2, 4)
	sl, sr := feedgen.PairSSE(300, 0.2, 4)
	docs := map[string]*dialect.Doc{"1.0.2": mergePair(t, l, r), "0.91 rss": mergePair(t, sl, sr),
		"untitled": mergePair(t, []byte(untitledFeed), []byte(untitledFeed))}
	for _, p := range []string{"opml", "rss"} {
		docs["testdata "+p] = ssePair(t, p)
	}
	fromFields := 0
	for name, d := range docs {
		for _, e := range d.Entries() {
			fs := e.Winner().Fields()
			if got, want := titleOf(e, fs), e.Title(); got != want {
				t.Errorf("%s: %s: title %q, Title %q", name, e.ID(), got, want)
			}
			if valueOf(fs, "title") != "" {
				fromFields++
			}
		}
	}
	if fromFields < 600 {
		t.Errorf("only %d titles read from fields", fromFields)
	}
}

const untitledFeed = `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>c</title>
<item><description>no title</description><sx:sync id="u1" updates="1"><sx:history sequence="1" by="a"/></sx:sync></item>
</channel></rss>`
