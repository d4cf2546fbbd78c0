package tui

import (
	"fmt"
	"io"
	"sync"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/store"
)

// feedBases gives the resolver the base of each conflict (issue 19): the
// version the sides grew from, looked up in the version stores beside the
// feeds (package feeds/store) and, under `git mergetool`, in git's merge
// base. The stores are opened on the first look-up, which the resolver
// makes in its load command, off the screen's thread; a store set aside
// (damaged, of a newer feedsync, a symbolic link) is said once on warn
// and the session goes on without it.
type feedBases struct {
	cmd    string
	paths  []string
	warn   io.Writer
	git    *dialect.Doc // git's merge base, or nil
	once   sync.Once
	stores []*store.Store
	byID   map[string]dialect.Entry // git's base by id
}

// newFeedBases returns the bases of the feeds at paths, and of git's merge
// base doc when it is not nil; cmd names the command in warnings.
func newFeedBases(cmd string, paths []string, git *dialect.Doc, warn io.Writer) *feedBases {
	return &feedBases{cmd: cmd, paths: paths, git: git, warn: warn}
}

func (b *feedBases) open() {
	for _, p := range b.paths {
		s, warning := store.Open(p)
		if warning != nil {
			fmt.Fprintf(b.warn, "feedsync %s: warning: %v\n", b.cmd, warning)
		}
		b.stores = append(b.stores, s)
	}
	if b.git != nil {
		b.byID = map[string]dialect.Entry{}
		for _, e := range b.git.Entries() {
			b.byID[e.ID()] = e
		}
	}
}

// Base implements resolver.Bases: the first store that holds the version,
// else git's merge base when its item's topmost history entry is h.
func (b *feedBases) Base(id string, h dialect.History) ([]dialect.Field, bool) {
	b.once.Do(b.open)
	for _, s := range b.stores {
		if fs, ok := s.Base(id, h); ok {
			return fs, true
		}
		if w := s.TakeWarning(); w != nil { // a damaged record: lost, alone
			fmt.Fprintf(b.warn, "feedsync %s: warning: %v\n", b.cmd, w)
		}
	}
	e, ok := b.byID[id]
	if !ok {
		return nil, false
	}
	w := e.Winner()
	if hs := w.History(); len(hs) == 0 || !hs[0].Equal(h) {
		return nil, false
	}
	var shared []dialect.Field
	for _, f := range w.Fields() {
		if f.Shared {
			shared = append(shared, f)
		}
	}
	return shared, true
}

// Close closes the stores opened.
func (b *feedBases) Close() {
	for _, s := range b.stores {
		s.Close()
	}
}
