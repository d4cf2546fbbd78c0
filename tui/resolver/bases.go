package resolver

import (
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// Bases gives the base of a conflict (issue 19): the shared data of the
// version of item id whose topmost history entry is h, as the version
// store beside the feed holds it (package feeds/store), or git's merge
// base under `git mergetool`; false when it holds none. Base may read a
// file: the resolver asks in its commands, never in Update.
type Bases interface {
	Base(id string, h dialect.History) ([]dialect.Field, bool)
}

// baseInfo is the base of an item's conflict, as the session knows it:
// its shared fields, and whether the three-way start combines every
// change (no clash), which the list marks.
type baseInfo struct {
	fields   []dialect.Field
	from     dialect.History // the base's topmost history entry, which the merge view names
	combines bool
}

// basesOf looks up the base of each entry in conflict: for a command, since
// Bases may read a file. An entry whose base is not known has none.
func basesOf(b Bases, entries []dialect.Entry) map[dialect.Entry]baseInfo {
	if b == nil {
		return nil
	}
	out := map[dialect.Entry]baseInfo{}
	for _, e := range entries {
		if !e.InConflict() || len(e.Versions()) == 0 {
			continue
		}
		h, ok := baseEntry(e)
		if !ok {
			continue
		}
		fs, ok := b.Base(e.ID(), h)
		if !ok {
			continue
		}
		out[e] = baseInfo{fields: fs, from: h, combines: mergemodel.Combines(e, fs)}
	}
	return out
}

// baseEntry returns the history entry of the version an item's winner and
// every conflict version grew from: in FeedSync 1.0.2 the newest entry
// the winner's history shares with a version's (Entry.Divergence), in
// SSE 0.91 the winner's entry for the version before the one a conflict
// record names, which both sides updated (0.91 §4.4.1). With several
// versions it must be the same entry for each; else, or when one version
// shares none, the item has no base: nothing is guessed.
func baseEntry(e dialect.Entry) (dialect.History, bool) {
	var base *dialect.History
	for i := range e.Versions() {
		d := e.Divergence(i)
		h := d.Common
		if h == nil {
			h = d.Before
		}
		if h == nil || base != nil && !base.Equal(*h) {
			return dialect.History{}, false
		}
		base = h
	}
	if base == nil {
		return dialect.History{}, false
	}
	return *base, true
}
