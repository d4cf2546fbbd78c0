package resolver

import (
	"slices"
	"strings"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/mergeview"
)

// outcome says how an item was settled in this session.
type outcome uint8

const (
	undecided outcome = iota // nothing decided here
	resolved                 // an existing version was chosen (w, t, A)
	edited                   // new data was written (e, E)
)

// store holds the items under review: the merged document, the current
// state of every item (entries are values: each decision replaces one), and
// which items came in with conflicts. The document itself is only written
// to by sync, so that a save running off the UI thread never sees it change.
type store struct {
	doc        *dialect.Doc
	items      []dialect.Entry
	outcomes   []outcome
	conflicted []int // positions of the items loaded with conflicts, ascending (and of those a merge-in brought: mergein.go)
	unresolved int   // how many of them still have conflicts
	// onDisk marks the items a file's new state merged in changed
	// (mergein.go); nil until one is.
	onDisk   map[int]bool
	titles   []string
	titled   []bool
	search   []string // each item's text for the filter, folded; "" until indexed (filterindex.go)
	indexed  int      // the items before it are indexed
	indexing bool     // the index was started
	ends     []string // each item's endpoints, joined; "" until asked for or indexed
	dirty    map[int]bool
	ordered  bool             // the document is an outline
	outline  *dialect.Outline // of the current items; nil when stale
	// bases are the bases of the conflicts (bases.go), by the state of
	// the item they are the base of; nil when none is known.
	bases map[dialect.Entry]mergeview.Base
}

func newStore(doc *dialect.Doc) *store {
	items := doc.Entries()
	s := &store{
		doc:      doc,
		items:    items,
		outcomes: make([]outcome, len(items)),
		titles:   make([]string, len(items)),
		titled:   make([]bool, len(items)),
		search:   make([]string, len(items)),
		ends:     make([]string, len(items)),
		dirty:    map[int]bool{},
	}
	for i, e := range items {
		if e.InConflict() {
			s.conflicted = append(s.conflicted, i)
		}
	}
	s.unresolved = len(s.conflicted)
	s.outline = doc.Outline(items)
	s.ordered = s.outline != nil
	return s
}

// len returns the number of items.
func (s *store) len() int { return len(s.items) }

// entry returns the current state of the item at pos.
func (s *store) entry(pos int) dialect.Entry { return s.items[pos] }

// set replaces the item at pos, as a decision or its undoing does.
func (s *store) set(pos int, e dialect.Entry, o outcome) {
	s.unresolved += inConflict(e) - inConflict(s.items[pos])
	s.items[pos], s.outcomes[pos], s.titled[pos], s.search[pos], s.ends[pos] = e, o, false, "", ""
	s.dirty[pos] = true
	s.outline = nil
}

func inConflict(e dialect.Entry) int {
	if e.InConflict() {
		return 1
	}
	return 0
}

// tree returns the outline of the current items, or nil when the document
// is not an outline.
func (s *store) tree() *dialect.Outline {
	if s.ordered && s.outline == nil {
		s.outline = s.doc.Outline(s.items)
	}
	return s.outline
}

// place describes where a version puts its item in the outline, or
// returns "" when the document is not an outline.
func (s *store) place(v dialect.Version) string {
	if o := s.tree(); o != nil {
		return placeText(o.Place(v), s.items)
	}
	return ""
}

// title returns the item's title, computed once per version.
func (s *store) title(pos int) string {
	if !s.titled[pos] {
		s.titles[pos] = oneLine(s.items[pos].Title())
		s.titled[pos] = true
	}
	return s.titles[pos]
}

// endpoints returns the item's endpoints joined by commas, computed once
// per state: the list measures them on every frame.
func (s *store) endpoints(pos int) string {
	if s.ends[pos] == "" {
		s.ends[pos] = strings.Join(endpoints(s.items[pos]), ", ")
	}
	return s.ends[pos]
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
		if s.items[p].InConflict() {
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
