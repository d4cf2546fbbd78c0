package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

func TestRoundTrip(t *testing.T) {
	feed := feedIn(t)
	d := parse(t, rss(
		item{id: "a", title: "A2", desc: "a2", hist: []string{"2@02@x", "1@01@o"},
			conflicts: []item{{id: "a", title: "A2y", desc: "a2y", hist: []string{"2@03@y", "1@01@o"}}}},
		item{id: "b", title: "B", desc: "b &lt;i&gt;b&lt;/i&gt;", hist: []string{"1@01@o"}},
	))
	s := open(t, feed)
	if err := s.Record(d); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"a 2@02@x": "title=A2;content=a2;",
		"a 2@03@y": "title=A2y;content=a2y;",
		"b 1@01@o": "title=B;content=b <i>b</i>;",
	}
	check := func(s *Store) {
		t.Helper()
		for k, w := range want {
			id, h := k[:1], hist(k[2:])
			fs, ok := s.Base(id, h)
			if !ok || values(fs) != w {
				t.Errorf("Base(%s) = %q, %v; want %q", k, values(fs), ok, w)
			}
		}
		if _, ok := s.Base("a", hist("1@01@o")); ok {
			t.Errorf("Base of a version never read: found")
		}
		if st := s.Stats(); st.Records != 3 || st.Items != 2 {
			t.Errorf("Stats = %+v, want 3 records of 2 items", st)
		}
	}
	check(s)
	check(open(t, feed))
}

// A version the store holds is not appended again: Record's cost is what
// is new.
func TestRecordAppendsOnlyWhatIsNew(t *testing.T) {
	feed := feedIn(t)
	a := item{id: "a", title: "A", desc: "a", hist: []string{"1@01@o"}}
	b := item{id: "b", title: "B", desc: "b", hist: []string{"1@01@o"}}
	s := open(t, feed)
	if err := s.Record(parse(t, rss(a, b))); err != nil {
		t.Fatal(err)
	}
	size := fileSize(t, Path(feed))
	if err := s.Record(parse(t, rss(a, b))); err != nil {
		t.Fatal(err)
	}
	if got := fileSize(t, Path(feed)); got != size {
		t.Errorf("recording the same feed again: %d bytes, was %d", got, size)
	}
	b2 := item{id: "b", title: "B2", desc: "b", hist: []string{"2@02@p", "1@01@o"}}
	s2 := open(t, feed) // another process's view
	if err := s2.Record(parse(t, rss(a, b2))); err != nil {
		t.Fatal(err)
	}
	if err := s.Record(parse(t, rss(a, b2))); err != nil { // s catches up with s2's append
		t.Fatal(err)
	}
	if st := open(t, feed).Stats(); st.Records != 3 {
		t.Errorf("Stats = %+v, want 3 records", st)
	}
}

// Issue 20 item 2: one endpoint reused a sequence with different data. Both
// versions are kept; Base, asked by the entry, returns neither.
func TestTwoDataUnderOneHistoryEntry(t *testing.T) {
	feed := feedIn(t)
	s := open(t, feed)
	for _, title := range []string{"ON-MAIN", "ON-TOPIC"} {
		it := item{id: "i3", title: title, desc: "d", hist: []string{"2@05@me", "1@01@o"}}
		if err := s.Record(parse(t, rss(it))); err != nil {
			t.Fatal(err)
		}
	}
	if fs, ok := s.Base("i3", hist("2@05@me")); ok {
		t.Errorf("Base of an ambiguous entry = %q, want none", values(fs))
	}
	if st := open(t, feed).Stats(); st.Records != 2 {
		t.Errorf("Stats = %+v, want both versions kept", st)
	}
	// The same by and sequence with another when is another entry.
	if _, ok := s.Base("i3", hist("2@06@me")); ok {
		t.Error("Base of an entry with another when: found")
	}
}

func TestNilStore(t *testing.T) {
	var s *Store
	if err := s.Record(parse(t, rss(item{id: "a", title: "A", hist: []string{"1@01@o"}}))); err != nil {
		t.Errorf("Record = %v", err)
	}
	if _, ok := s.Base("a", hist("1@01@o")); ok {
		t.Error("Base on a nil store: found")
	}
	if err := s.Close(); err != nil {
		t.Errorf("Close = %v", err)
	}
	if err := s.Prune(nil); err != nil {
		t.Errorf("Prune = %v", err)
	}
}

// A missing store is empty and Open writes nothing: only Record makes the
// folder and the file.
func TestOpenMissing(t *testing.T) {
	feed := feedIn(t)
	s := open(t, feed)
	if _, ok := s.Base("a", hist("1@01@o")); ok {
		t.Error("Base on an empty store: found")
	}
	if _, err := os.Lstat(filepath.Dir(Path(feed))); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open made %s (%v)", filepath.Dir(Path(feed)), err)
	}
}

// Records are made and written a chunk at a time (so that a fresh store
// of a big feed is never all in memory): versions that fill several
// chunks are all recorded, each found at its place, in this store and
// in the next one to open the file.
func TestRecordSpansChunks(t *testing.T) {
	feed := feedIn(t)
	var items []item
	for i := range 3 * chunk / 1000 {
		id := fmt.Sprintf("i%d", i)
		items = append(items, item{id: id, title: "T " + id, desc: strings.Repeat("d", 900) + id, hist: []string{"1@01@o"}})
	}
	s := open(t, feed)
	if err := s.Record(parse(t, rss(items...))); err != nil {
		t.Fatal(err)
	}
	if size := fileSize(t, Path(feed)); size < 2*chunk {
		t.Fatalf("the store is %d bytes, not the several chunks this test is about", size)
	}
	for _, st := range []*Store{s, open(t, feed)} {
		if n := st.Stats().Records; n != len(items) {
			t.Errorf("Stats().Records = %d, want %d", n, len(items))
		}
		for _, it := range items {
			fs, ok := st.Base(it.id, hist("1@01@o"))
			if want := "title=" + it.title + ";content=" + it.desc + ";"; !ok || values(fs) != want {
				t.Fatalf("Base(%s) = %q, %v; want %q", it.id, values(fs), ok, want)
			}
		}
	}
}

// RecordLeft finds the items of a feed read in the saved feed by
// following the saved feed's order, and looks up those it does not meet
// a few places ahead: either way it records the versions that left, and
// those alone.
func TestRecordLeftWhateverTheOrder(t *testing.T) {
	var old, kept []item
	for i := range orderFrom + 20 { // enough to be walked in order (left)
		it := item{id: fmt.Sprintf("i%d", i), title: "T", desc: fmt.Sprintf("d%d", i), hist: []string{"1@01@o"}}
		old = append(old, it)
		if i == 3 || i == 15 {
			it = item{id: it.id, title: "T2", desc: it.desc, hist: []string{"2@02@x", "1@01@o"}}
		}
		kept = append(kept, it)
	}
	reversed := slices.Clone(old)
	slices.Reverse(reversed)
	shuffled := append(slices.Clone(old[len(old)/2:]), old[:len(old)/2]...)
	for name, read := range map[string][]item{"in order": old, "reversed": reversed, "shuffled": shuffled} {
		t.Run(name, func(t *testing.T) {
			feed := feedIn(t)
			s := open(t, feed)
			r := parse(t, rss(read...))
			if err := s.RecordLeft([][]dialect.Entry{r.Entries()}, parse(t, rss(kept...))); err != nil {
				t.Fatal(err)
			}
			if n := s.Stats().Records; n != 2 {
				t.Errorf("%d records, want the 2 versions replaced", n)
			}
			for _, id := range []string{"i3", "i15"} {
				if fs, ok := s.Base(id, hist("1@01@o")); !ok || values(fs) != "title=T;content=d"+id[1:]+";" {
					t.Errorf("Base(%s) = %q, %v", id, values(fs), ok)
				}
			}
		})
	}
}
