package tui

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/store"
)

// basesFeed holds one item at its first version, the base of later
// conflicts.
const basesFeed = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
  <title>t</title><id>urn:f</id><updated>2026-03-01T09:00:00Z</updated>
  <entry>
    <title>Buy milk today</title><id>urn:i1</id><updated>2026-03-01T09:00:00Z</updated>
    <sx:sync id="i1" updates="1"><sx:history sequence="1" when="2026-03-01T09:00:00Z" by="alice"/></sx:sync>
  </entry>
</feed>
`

// TestFeedBases: the resolver's bases come from the version store beside
// a feed, else from git's merge base when its item's topmost history
// entry is the one asked for; nothing else is a base (issue 19: under git
// mergetool the base comes from git).
func TestFeedBases(t *testing.T) {
	doc, err := dialect.Parse("base.xml", []byte(basesFeed))
	if err != nil {
		t.Fatal(err)
	}
	h := doc.Entries()[0].Winner().History()[0]
	other := dialect.History{Number: 2, Stamp: h.Stamp}

	var warn bytes.Buffer
	git := newFeedBases("git-mergetool", nil, doc, &warn)
	if fs, ok := git.Base("i1", h); !ok || len(fs) == 0 || fs[0].Value != "Buy milk today" {
		t.Errorf("git's base: %v %v", fs, ok)
	}
	if _, ok := git.Base("i1", other); ok {
		t.Error("git's base answered for another history entry")
	}
	if _, ok := git.Base("i2", h); ok {
		t.Error("git's base answered for an item it does not hold")
	}

	dir := t.TempDir()
	feed := filepath.Join(dir, "todo.xml")
	if err := os.WriteFile(feed, []byte(basesFeed), 0o644); err != nil {
		t.Fatal(err)
	}
	s, warning := store.Open(feed)
	if warning != nil {
		t.Fatal(warning)
	}
	if err := s.Record(doc); err != nil {
		t.Fatal(err)
	}
	s.Close()
	stored := newFeedBases("resolve", []string{feed}, nil, &warn)
	defer stored.Close()
	if fs, ok := stored.Base("i1", h); !ok || fs[0].Value != "Buy milk today" {
		t.Errorf("the store's base: %v %v", fs, ok)
	}
	if _, ok := stored.Base("i1", other); ok || warn.Len() != 0 {
		t.Errorf("the store answered for another entry, or warned: %q", warn.String())
	}
}
