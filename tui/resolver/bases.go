package resolver

import (
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
)

// Bases gives the base of a conflict (issue 19): the shared data of the
// version of item id whose topmost history entry is h, as the version
// store beside the feed holds it (package feeds/store), or git's merge
// base under `git mergetool`; false when it holds none. Base may read a
// file: the resolver asks in its commands, never in Update.
type Bases = threeway.Bases

// baseInfo is the base of an item's conflict, as the session knows it:
// its shared fields, the base's topmost history entry, which the merge
// view names, and how the item combines against it (threeway.Combine,
// the rule `feedsync resolve --auto` follows): the list marks the items
// whose plan is clean, and C resolves them with the plan's resolution.
type baseInfo struct {
	fields []dialect.Field
	from   dialect.History
	plan   threeway.Plan
}

// combines reports whether every change of the item combines: no clash.
func (b baseInfo) combines() bool { return b.plan.Clean() }

// basesOf looks up the base of each entry in conflict: for a command, since
// Bases may read a file. An entry whose base is not known has none
// (threeway.BaseOf: nothing is guessed).
func basesOf(b Bases, entries []dialect.Entry) map[dialect.Entry]baseInfo {
	if b == nil {
		return nil
	}
	out := map[dialect.Entry]baseInfo{}
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
		out[e] = baseInfo{fields: fs, from: h, plan: plan}
	}
	return out
}

// baseOf returns the base of e's conflict, when one is known.
func (s *store) baseOf(e dialect.Entry) (baseInfo, bool) {
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
		for _, c := range s.bases[e].plan.Clashes {
			n += max(len(c.Spans), 1)
		}
	}
	return n, true
}
