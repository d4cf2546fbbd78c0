package store

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var (
	itemA = item{id: "a", title: "A", desc: "a", hist: []string{"1@01@o"}}
	itemB = item{id: "b", title: "B", desc: "b", hist: []string{"1@01@o"}}
	itemC = item{id: "c", title: "C", desc: "c", hist: []string{"1@01@o"}}
)

// recorded returns a feed whose store holds the versions of items.
func recorded(t *testing.T, items ...item) string {
	t.Helper()
	feed := feedIn(t)
	s := open(t, feed)
	if err := s.Record(parse(t, rss(items...))); err != nil {
		t.Fatal(err)
	}
	s.Close()
	return feed
}

func appendBytes(t *testing.T, path string, b []byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(b); err != nil {
		t.Fatal(err)
	}
}

// A record cut short at the end (a kill -9 mid-append) is ignored without
// a warning, and the next Record writes over it.
func TestTornTail(t *testing.T) {
	rec := (&version{id: "z", h: hist("1@01@o"), fields: nil}).encode(nil)
	for _, tc := range []struct {
		name string
		tail []byte
	}{
		{"frame cut", rec[:5]},
		{"payload cut", rec[:len(rec)-2]},
		{"last checksum fails", append(append([]byte{}, rec[:len(rec)-1]...), rec[len(rec)-1]^1)},
		{"zeros", make([]byte, 40)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			feed := recorded(t, itemA)
			size := fileSize(t, Path(feed))
			appendBytes(t, Path(feed), tc.tail)
			s := open(t, feed) // fails on a warning
			if _, ok := s.Base("a", hist("1@01@o")); !ok {
				t.Error("the whole record before the torn one is lost")
			}
			if err := s.Record(parse(t, rss(itemA, itemB))); err != nil {
				t.Fatal(err)
			}
			want := size + int64(len((&version{}).encode(nil))) // at least one record more
			if got := fileSize(t, Path(feed)); got < want || got > size+200 {
				t.Errorf("size after the next Record = %d, want the torn bytes replaced (%d..%d)", got, want, size+200)
			}
			s2 := open(t, feed)
			for _, id := range []string{"a", "b"} {
				if _, ok := s2.Base(id, hist("1@01@o")); !ok {
					t.Errorf("Base(%s) not found after the torn tail was overwritten", id)
				}
			}
		})
	}
}

// A file that is no store (garbage, a header that is not ours before
// records that are not either) and a store of a newer format are set
// aside with one warning; the store is usable and begins again. (Damage
// inside a store is skipped, not set aside: TestDamageLosesOnlyTheDamaged.)
func TestSetAside(t *testing.T) {
	for _, tc := range []struct {
		name, why string
		spoil     func(t *testing.T, path string)
	}{
		{"garbage", "not a feedsync version store", func(t *testing.T, path string) {
			os.WriteFile(path, []byte(strings.Repeat("garbage ", 100)), 0o644)
		}},
		{"newer format", "newer feedsync", func(t *testing.T, path string) {
			b, _ := os.ReadFile(path)
			binary.BigEndian.PutUint32(b[len(magic):], format+1)
			os.WriteFile(path, b, 0o644)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			feed := recorded(t, itemA, itemB)
			tc.spoil(t, Path(feed))
			spoilt, _ := os.ReadFile(Path(feed))
			s, warn := Open(feed)
			defer s.Close()
			if warn == nil || !strings.Contains(warn.Error(), tc.why) || !strings.Contains(warn.Error(), "set aside as") {
				t.Fatalf("warning = %v, want one naming %q and where it went", warn, tc.why)
			}
			aside, _ := filepath.Glob(Path(feed) + ".aside-*")
			if len(aside) != 1 {
				t.Fatalf("set aside: %v, want one file", aside)
			}
			if kept, _ := os.ReadFile(aside[0]); string(kept) != string(spoilt) {
				t.Error("the file set aside is not the store as it was")
			}
			if _, ok := s.Base("a", hist("1@01@o")); ok {
				t.Error("Base found a version in a store set aside")
			}
			if err := s.Record(parse(t, rss(itemC))); err != nil {
				t.Fatalf("Record after setting aside: %v", err)
			}
			s2, warn := Open(feed)
			defer s2.Close()
			if warn != nil {
				t.Errorf("second Open warns again: %v", warn)
			}
			if _, ok := s2.Base("c", hist("1@01@o")); !ok {
				t.Error("the store begun again does not hold what was recorded")
			}
		})
	}
}

// Nothing is written through a symbolic link in .feedsync.
func TestSymlinks(t *testing.T) {
	t.Run("store file", func(t *testing.T) {
		feed := recorded(t, itemA)
		victim := filepath.Join(t.TempDir(), "victim")
		os.WriteFile(victim, []byte("mine"), 0o644)
		os.Remove(Path(feed))
		if err := os.Symlink(victim, Path(feed)); err != nil {
			t.Skip(err)
		}
		s, warn := Open(feed)
		defer s.Close()
		if warn == nil || !strings.Contains(warn.Error(), "symbolic link") {
			t.Errorf("warning = %v, want one naming the symbolic link", warn)
		}
		s.Record(parse(t, rss(itemB)))
		if b, _ := os.ReadFile(victim); string(b) != "mine" {
			t.Errorf("the link's target was written: %q", b)
		}
	})
	t.Run("lock file", func(t *testing.T) {
		feed := recorded(t, itemA)
		victim := filepath.Join(t.TempDir(), "victim")
		os.WriteFile(victim, []byte("mine"), 0o644)
		lp := lockPath(Path(feed))
		os.Remove(lp)
		if err := os.Symlink(victim, lp); err != nil {
			t.Skip(err)
		}
		s := open(t, feed)
		if err := s.Record(parse(t, rss(itemB))); err == nil || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("Record = %v, want a warning naming the link", err)
		}
		if b, _ := os.ReadFile(victim); string(b) != "mine" {
			t.Errorf("the link's target was written: %q", b)
		}
		if _, ok := s.Base("a", hist("1@01@o")); !ok {
			t.Error("the store is still readable: Base found nothing")
		}
	})
	t.Run(".feedsync", func(t *testing.T) {
		feed := feedIn(t)
		elsewhere := t.TempDir()
		if err := os.Symlink(elsewhere, filepath.Join(filepath.Dir(feed), ".feedsync")); err != nil {
			t.Skip(err)
		}
		s, warn := Open(feed)
		defer s.Close()
		if warn == nil || !strings.Contains(warn.Error(), "symbolic link") {
			t.Errorf("warning = %v, want one naming the symbolic link", warn)
		}
		s.Record(parse(t, rss(itemA)))
		if es, _ := os.ReadDir(elsewhere); len(es) != 0 {
			t.Errorf("written through the link: %v", es)
		}
	})
}

// TestStoreFollowsTheFeedsLink: a feed reached through a symbolic link has
// its store beside the file the link names, where its saves keep the lock
// and the backups; recorded through the link, it is found through the
// file's own name (before, each name had a store of its own beside it).
func TestStoreFollowsTheFeedsLink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real", "todo.xml")
	if err := os.MkdirAll(filepath.Dir(real), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "todo.xml")
	if err := os.Symlink(filepath.Join("real", "todo.xml"), link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	s, warn := Open(link)
	if warn != nil {
		t.Fatal(warn)
	}
	if got, want := s.Stats().Path, Path(real); got != want {
		t.Errorf("the store of the link is %s, want %s", got, want)
	}
	s.Close()
}
