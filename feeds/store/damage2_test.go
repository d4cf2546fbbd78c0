package store

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// manyItems returns n items "i0".."i{n-1}", each with a description of
// about size bytes.
func manyItems(n, size int) []item {
	out := make([]item, n)
	for i := range out {
		out[i] = item{id: fmt.Sprint("i", i), title: "T", desc: strings.Repeat("d", size), hist: []string{"1@01@o"}}
	}
	return out
}

// recordEach records items one Record at a time into the store of a new
// feed, and returns the feed.
func recordEach(t *testing.T, items []item, per int) string {
	t.Helper()
	feed := feedIn(t)
	s := open(t, feed)
	for i := 0; i < len(items); i += per {
		if err := s.Record(parse(t, rss(items[i:min(i+per, len(items))]...))); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	return feed
}

// found counts the items whose version Base finds.
func found(s *Store, items []item) (n int, missing []string) {
	for _, it := range items {
		if _, ok := s.Base(it.id, hist(it.hist[0])); ok {
			n++
		} else {
			missing = append(missing, it.id)
		}
	}
	return n, missing
}

func flipByte(t *testing.T, path string, off int64) {
	t.Helper()
	b := readAll(t, path)
	b[off] ^= 0xff
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// recordOffsets returns the offsets of the records of the store file.
func recordOffsets(t *testing.T, path string) []int64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, _ := f.Stat()
	sc := newScanner(f, info.Size(), int64(headerSize))
	var out []int64
	for off, _, ok := sc.next(); ok; off, _, ok = sc.next() {
		out = append(out, off)
	}
	return out
}

// TestDamageLosesOnlyTheDamaged: a byte damaged anywhere in the store (a
// record's data, its length, its checksum, the header; in a store small
// enough to have no index file and in one that has) loses the damaged
// record at most: the warning says how many, once, and every other
// version is still found (before, the whole store was set aside and
// `resolve --auto` combined 0 of 299 conflicts: issue 29, item 6).
func TestDamageLosesOnlyTheDamaged(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int // items, each about 400 bytes, recorded 50 at a time
		where func(offs []int64) int64
		lost  int
	}{
		{"data, small store", 300, func(o []int64) int64 { return o[150] + frameSize + 20 }, 1},
		{"length, small store", 300, func(o []int64) int64 { return o[150] + 1 }, 1},
		{"checksum, small store", 300, func(o []int64) int64 { return o[150] + 5 }, 1},
		{"header", 300, func(o []int64) int64 { return 3 }, 0},
		{"data, indexed store", 12000, func(o []int64) int64 { return o[6000] + frameSize + 30 }, 1},
		{"length, indexed store", 12000, func(o []int64) int64 { return o[100] }, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			items := manyItems(tc.n, 400)
			feed := recordEach(t, items, 50)
			if tc.n > 10000 {
				if _, err := os.Stat(indexPath(Path(feed))); err != nil {
					t.Fatalf("a store past tailMax has no index file: %v", err)
				}
			}
			flipByte(t, Path(feed), tc.where(recordOffsets(t, Path(feed))))
			s, warn := Open(feed)
			defer s.Close()
			n, missing := found(s, items)
			if tc.n > 10000 { // the index vouched for the record: found damaged as it is read
				warn = s.TakeWarning()
			}
			switch {
			case tc.n > 10000 && (warn == nil || !strings.Contains(warn.Error(), fmt.Sprintf("item %q", missing[0])) || !strings.Contains(warn.Error(), "is damaged")):
				t.Errorf("warning = %v, want one naming the damaged record", warn)
			case tc.n <= 10000 && tc.lost > 0 && (warn == nil || !strings.Contains(warn.Error(), count(tc.lost, "record")+" damaged")):
				t.Errorf("warning = %v, want one saying %s damaged", warn, count(tc.lost, "record"))
			case tc.lost == 0 && (warn == nil || !strings.Contains(warn.Error(), "header was damaged")):
				t.Errorf("warning = %v, want one saying the header was written again", warn)
			}
			if n != tc.n-tc.lost {
				t.Errorf("%d of %d versions found, want %d (missing %v)", n, tc.n, tc.n-tc.lost, missing[:min(len(missing), 5)])
			}
			if aside, _ := filepath.Glob(Path(feed) + ".aside-*"); len(aside) > 0 {
				t.Errorf("set aside: %v", aside)
			}
			s2 := open(t, feed) // said once: no warning now
			if n, _ := found(s2, items); n != tc.n-tc.lost {
				t.Errorf("reopened: %d found, want %d", n, tc.n-tc.lost)
			}
			s2.TakeWarning()
			extra := item{id: "after", title: "A", hist: []string{"1@01@o"}}
			if err := s2.Record(parse(t, rss(extra))); err != nil {
				t.Fatal(err)
			}
			if _, ok := open(t, feed).Base("after", hist("1@01@o")); !ok {
				t.Error("a version recorded after the damage is not found")
			}
		})
	}
}

// TestDamageAfterIndexingLosesOnlyIt: a record damaged after the index
// was made is not found (its checksum fails as it is read), and only it.
func TestDamageAfterIndexingLosesOnlyIt(t *testing.T) {
	items := manyItems(12000, 400)
	feed := recordEach(t, items, 500)
	flipByte(t, Path(feed), recordOffsets(t, Path(feed))[42]+frameSize+40)
	s, _ := Open(feed)
	defer s.Close()
	if n, missing := found(s, items); n != len(items)-1 || missing[0] != "i42" {
		t.Errorf("%d found, missing %v; want all but i42", n, missing[:min(5, len(missing))])
	}
}

// TestDamagedIndexLosesNothing: the index file is made from the log, so
// damage to it (a bucket, the header, the file gone) loses nothing: it
// is made again.
func TestDamagedIndexLosesNothing(t *testing.T) {
	items := manyItems(12000, 400)
	for _, tc := range []struct {
		name  string
		spoil func(t *testing.T, path string)
	}{
		{"bucket", func(t *testing.T, path string) { flipByte(t, path, indexHeaderSize+5000*entrySize+3) }},
		{"header", func(t *testing.T, path string) { flipByte(t, path, 30) }},
		{"gone", func(t *testing.T, path string) { os.Remove(path) }},
		{"emptied", func(t *testing.T, path string) { os.WriteFile(path, nil, 0o644) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			feed := recordEach(t, items, 2000)
			tc.spoil(t, indexPath(Path(feed)))
			s := open(t, feed)
			if n, missing := found(s, items); n != len(items) {
				t.Errorf("%d of %d found, missing %v", n, len(items), missing[:min(5, len(missing))])
			}
			if st := s.Stats(); st.Records != len(items) || st.Items != len(items) {
				t.Errorf("Stats = %+v", st)
			}
		})
	}
}

// TestEmptiedStoreWarns: a store cut to 0 bytes (or to less than its
// header) is a warning naming what was lost, once; not silence.
func TestEmptiedStoreWarns(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		size int64
	}{
		{"small, to 0 bytes", 10, 0},
		{"indexed, to 0 bytes", 12000, 0},
		{"small, to 7 bytes", 10, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			feed := recordEach(t, manyItems(tc.n, 400), 1000)
			if err := os.Truncate(Path(feed), tc.size); err != nil {
				t.Fatal(err)
			}
			s, warn := Open(feed)
			if warn == nil || !strings.Contains(warn.Error(), "is empty") {
				t.Fatalf("warning = %v, want one saying the store is empty", warn)
			}
			if tc.n > 10000 && !strings.Contains(warn.Error(), "versions it held are lost") {
				t.Errorf("warning = %v, want it to say how many versions were lost", warn)
			}
			s.Close()
			if st := open(t, feed).Stats(); st.Records != 0 {
				t.Errorf("Stats = %+v, want an empty store", st)
			}
		})
	}
}

// TestCutShortStoreSaysWhatWasLost: a store cut short keeps the records
// before the cut and says how many versions went.
func TestCutShortStoreSaysWhatWasLost(t *testing.T) {
	items := manyItems(12000, 400)
	feed := recordEach(t, items, len(items)) // all in the index file
	offs := recordOffsets(t, Path(feed))
	if err := os.Truncate(Path(feed), offs[4000]); err != nil {
		t.Fatal(err)
	}
	s, warn := Open(feed)
	defer s.Close()
	if warn == nil || !strings.Contains(warn.Error(), "8000 versions lost") {
		t.Errorf("warning = %v, want one saying 8000 versions were lost", warn)
	}
	if n, _ := found(s, items); n != 4000 {
		t.Errorf("%d found, want the 4000 before the cut", n)
	}
}
