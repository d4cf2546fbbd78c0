package resolver

import (
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
	"github.com/feedsync/feedsync/tui/resolver/mergeview"
)

// Bases gives the base of a conflict (issue 19): the shared data of the
// version of item id whose topmost history entry is h, as the version
// store beside the feed holds it (package feeds/store), or git's merge
// base under `git mergetool`; false when it holds none. Base may read a
// file: the resolver asks in its commands, never in Update.
type Bases = threeway.Bases

// basesOf looks up the base of each entry in conflict: for a command, since
// Bases may read a file. An entry whose base is not known has none
// (threeway.BaseOf: nothing is guessed).
func basesOf(b Bases, entries []dialect.Entry) map[dialect.Entry]mergeview.Base {
	if b == nil {
		return nil
	}
	out := map[dialect.Entry]mergeview.Base{}
	for _, e := range entries {
		if !e.InConflict() {
			continue
		}
		h, ok := threeway.BaseOf(e)
		if !ok {
			continue
		}
		fs, ok := b.Base(e.ID(), h)
		if !ok {
			continue
		}
		plan, err := threeway.Combine(e, b)
		if err != nil {
			continue
		}
		out[e] = mergeview.Base{Fields: fs, From: h, Plan: plan}
	}
	return out
}

// baseOf returns the base of e's conflict, when one is known.
func (s *store) baseOf(e dialect.Entry) (mergeview.Base, bool) {
	b, ok := s.bases[e]
	return b, ok
}

// clashesLeft counts the clashes left in the whole feed (issue 30 item 7,
// for the header): over every unresolved item whose base is known, the
// places its plan clashes, each clash of a text's words once, a field
// or the item that clashes whole once. ok is false when no base is known.
func (s *store) clashesLeft() (n int, ok bool) {
	if len(s.bases) == 0 {
		return 0, false
	}
	for _, pos := range s.conflicted {
		e := s.entry(pos)
		if !e.InConflict() {
			continue
		}
		for _, c := range s.bases[e].Plan.Clashes {
			n += max(len(c.Spans), 1)
		}
	}
	return n, true
}

// basePtr returns the base of e's conflict, or nil when none is known.
func (s *store) basePtr(e dialect.Entry) *mergeview.Base {
	if b, ok := s.bases[e]; ok {
		return &b
	}
	return nil
}
