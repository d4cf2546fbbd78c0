package store

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzOpen: whatever bytes the store file holds, Open never panics,
// looks up without panicking, and the store still records: a version
// recorded after is found by the next Open; a file that is a sound store
// with bytes changed keeps at least the records before the change.
//
// $ go test -fuzz=FuzzOpen ./feeds/store
func FuzzOpen(f *testing.F) {
	dir := f.TempDir()
	seed := filepath.Join(dir, "feed.xml")
	s, _ := Open(seed)
	s.Record(parse(f, rss(itemA, itemB, itemC)))
	s.Close()
	good, err := os.ReadFile(Path(seed))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good, 0, byte(0))
	f.Add(good, len(good)/2, byte(0xff))
	f.Add(good, 3, byte(1))
	f.Add([]byte{}, 0, byte(0))
	f.Fuzz(func(t *testing.T, data []byte, at int, flip byte) {
		data = append([]byte(nil), data...)
		if len(data) > 0 {
			at = ((at % len(data)) + len(data)) % len(data)
			data[at] ^= flip
		}
		feed := feedIn(t)
		os.MkdirAll(filepath.Dir(Path(feed)), 0o755)
		if err := os.WriteFile(Path(feed), data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, _ := Open(feed)
		for _, id := range []string{"a", "b", "c"} {
			s.Base(id, hist("1@01@o"))
		}
		s.Stats()
		extra := item{id: "fuzz", title: "F", hist: []string{"1@09@f"}}
		if err := s.Record(parse(t, rss(extra))); err != nil {
			t.Fatalf("Record: %v", err)
		}
		s.Close()
		s2, _ := Open(feed)
		defer s2.Close()
		if _, ok := s2.Base("fuzz", hist("1@09@f")); !ok {
			t.Fatal("the version recorded after is not found")
		}
	})
}
