//go:build unix

package store

import (
	"os"
	"testing"
)

// TestStoreKeepsTheFeedPrivate: the store holds the data of the feed's
// items, so nobody may read it who cannot read the feed: a store begun
// beside a feed of mode 0600 is 0600, and a store left readable by others
// (an older feedsync's 0644) is narrowed to the feed's mode by the next
// write.
func TestStoreKeepsTheFeedPrivate(t *testing.T) {
	for _, existing := range []bool{false, true} {
		feed := feedIn(t)
		if err := os.WriteFile(feed, []byte("<rss/>"), 0o600); err != nil {
			t.Fatal(err)
		}
		if existing {
			s := open(t, feed)
			if err := s.Record(parse(t, rss(item{id: "a", title: "A", desc: "a", hist: []string{"1@01@o"}}))); err != nil {
				t.Fatal(err)
			}
			s.Close()
			if err := os.Chmod(Path(feed), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		s := open(t, feed)
		if err := s.Record(parse(t, rss(item{id: "b", title: "secret", desc: "b", hist: []string{"1@02@o"}}))); err != nil {
			t.Fatal(err)
		}
		info, err := os.Stat(Path(feed))
		if err != nil {
			t.Fatal(err)
		}
		if got := info.Mode().Perm(); got&0o077 != 0 {
			t.Errorf("existing store %v: mode %v beside a feed of mode 0600, want none for group and others", existing, got)
		}
	}
}

// TestIndexTakesTheFeedsMode: the index file, which holds the keys of the
// feed's items, takes the feed's mode, as every file beside a feed does.
func TestIndexTakesTheFeedsMode(t *testing.T) {
	for _, mode := range []os.FileMode{0o600, 0o640} {
		feed := feedIn(t)
		if err := os.WriteFile(feed, []byte("<rss/>"), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(feed, mode); err != nil { // past the umask
			t.Fatal(err)
		}
		s := open(t, feed)
		if err := s.Record(parse(t, rss(manyItems(12000, 400)...))); err != nil {
			t.Fatal(err)
		}
		info, err := os.Stat(indexPath(Path(feed)))
		if err != nil {
			t.Fatal(err)
		}
		if got := info.Mode().Perm(); got != mode {
			t.Errorf("index of a feed of mode %v: mode %v", mode, got)
		}
	}
}
