package store

import (
	"fmt"
	"os"
	"testing"
)

func readAll(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Prune keeps the versions the feed's histories name to KeepDepth and
// drops the rest: versions deeper in history, items the feed lost.
func TestPrune(t *testing.T) {
	feed := feedIn(t)
	s := open(t, feed)
	var hs []string
	for i := 1; i <= KeepDepth+3; i++ {
		hs = append([]string{fmt.Sprintf("%d@%02d@o", i, i)}, hs...)
		it := item{id: "a", title: fmt.Sprint("A", i), desc: "a", hist: hs}
		if err := s.Record(parse(t, rss(it, item{id: fmt.Sprint("gone", i), title: "G", hist: []string{"1@01@o"}}))); err != nil {
			t.Fatal(err)
		}
	}
	last := parse(t, rss(item{id: "a", title: "A", desc: "a", hist: hs}))
	if err := s.Prune(last); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= KeepDepth+3; i++ {
		_, ok := s.Base("a", hist(fmt.Sprintf("%d@%02d@o", i, i)))
		if want := i > 3; ok != want {
			t.Errorf("version %d kept: %v, want %v", i, ok, want)
		}
	}
	if st := open(t, feed).Stats(); st.Records != KeepDepth || st.Items != 1 {
		t.Errorf("after Prune: %+v, want %d records of one item", st, KeepDepth)
	}
}

// Past the cap a Record compacts the store; a store whose current versions
// alone pass the cap keeps them, and is not compacted again until it
// doubles.
func TestCap(t *testing.T) {
	feed := feedIn(t)
	s := open(t, feed)
	s.SetMaxBytes(2000)
	var items []item
	for i := range 40 {
		items = append(items, item{id: fmt.Sprint("i", i), title: "a title long enough to count", hist: []string{"1@01@o"}})
	}
	if err := s.Record(parse(t, rss(items...))); err != nil {
		t.Fatal(err)
	}
	after := fileSize(t, Path(feed))
	if st := s.Stats(); st.Records != 40 || st.Bytes != after {
		t.Errorf("Stats = %+v; the current versions alone must stay (%d bytes)", st, after)
	}
	items[0].hist = []string{"2@02@p", "1@01@o"}
	if err := s.Record(parse(t, rss(items...))); err != nil {
		t.Fatal(err)
	}
	if got := fileSize(t, Path(feed)); got <= after {
		t.Errorf("a store under twice its compacted size was compacted again: %d bytes, was %d", got, after)
	}
}
