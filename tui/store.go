package tui

import (
	"slices"
	"strings"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
)

// outcome says how an item was settled in this session.
type outcome uint8

const (
	undecided outcome = iota // nothing decided here
	resolved                 // an existing version was chosen (w, t, A)
	edited                   // new data was written (e, E)
)

// store holds the items under review: the merged document, the current
// version of every item (engine items are values: each decision replaces
// one), and which items came in with conflicts. The document itself is only
// written to by sync, so that a save running off the UI thread never sees
// it change.
type store struct {
	doc        *feeds.Doc
	items      []*engine.Item
	outcomes   []outcome
	conflicted []int // positions of the items loaded with conflicts, ascending
	unresolved int   // how many of them still have conflicts
	titles     []string
	titled     []bool
	dirty      map[int]bool
}

func newStore(doc *feeds.Doc) *store {
	items := slices.Clone(doc.Items())
	s := &store{
		doc:      doc,
		items:    items,
		outcomes: make([]outcome, len(items)),
		titles:   make([]string, len(items)),
		titled:   make([]bool, len(items)),
		dirty:    map[int]bool{},
	}
	for i, it := range items {
		if len(it.Conflicts) > 0 {
			s.conflicted = append(s.conflicted, i)
		}
	}
	s.unresolved = len(s.conflicted)
	return s
}

// len returns the number of items.
func (s *store) len() int { return len(s.items) }

// item returns the current version of the item at pos.
func (s *store) item(pos int) *engine.Item { return s.items[pos] }

// set replaces the item at pos, as a decision or its undoing does.
func (s *store) set(pos int, it *engine.Item, o outcome) {
	s.unresolved += hasConflicts(it) - hasConflicts(s.items[pos])
	s.items[pos], s.outcomes[pos], s.titled[pos] = it, o, false
	s.dirty[pos] = true
}

func hasConflicts(it *engine.Item) int {
	if len(it.Conflicts) > 0 {
		return 1
	}
	return 0
}

// title returns the item's title, computed once per version.
func (s *store) title(pos int) string {
	if !s.titled[pos] {
		s.titles[pos] = oneLine(feeds.Title(s.items[pos].Data))
		s.titled[pos] = true
	}
	return s.titles[pos]
}

// matches reports whether the item's title or id contains the lower-cased query.
func (s *store) matches(pos int, query string) bool {
	return strings.Contains(strings.ToLower(s.title(pos)), query) ||
		strings.Contains(strings.ToLower(s.items[pos].Sync.ID), query)
}

// resolvedCount returns how many of the items loaded with conflicts have none left.
func (s *store) resolvedCount() int { return len(s.conflicted) - s.unresolved }

// nextUnresolved returns the first item after pos (before it, when dir is
// -1) that still has conflicts, wrapping around; ok is false when none has.
func (s *store) nextUnresolved(pos, dir int) (int, bool) {
	n := len(s.conflicted)
	if n == 0 || s.unresolved == 0 {
		return 0, false
	}
	i, found := slices.BinarySearch(s.conflicted, pos)
	if dir > 0 && !found {
		i-- // so that i+1 is the first conflicted position after pos
	}
	for k := 1; k <= n; k++ {
		p := s.conflicted[((i+dir*k)%n+n)%n]
		if len(s.items[p].Conflicts) > 0 {
			return p, true
		}
	}
	return 0, false
}

// sync writes the items changed since the last sync into the document.
func (s *store) sync() {
	for pos := range s.dirty {
		s.doc.Set(s.items[pos])
	}
	clear(s.dirty)
}

// oneLine collapses white space, so that a title fits one row.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
