package sse

import (
	"fmt"
	"slices"

	"github.com/feedsync/feedsync/engine"
)

// Merge merges an incoming version of an item into the local one (§4.4)
// and returns the result; neither argument is modified. The winner is the
// greater by Compare (§4.4 step 1), and then:
//
//   - If the two tie on version, when and by, and hold the same data,
//     deleted state and position, they are identical (§4.4 step 2) and the
//     result is that version. Its conflict flag is set if either side's is,
//     and its sx:conflicts are both sides' joined (see below). The spec
//     says no action is required; joining instead lets an endpoint that
//     received a version before a conflict was recorded on it learn of
//     that conflict later, so every endpoint ends with the same record.
//   - If the loser conflicts with the winner (§4.4.1; see Conflicting), or
//     the two tie on version, when and by but are two changes (TwoChanges:
//     one by changed the item twice in one second from one version, on
//     two git branches; step 2 would call them identical and drop one),
//     the result is the winner with conflict="true" (§4.4.1 step 2) and,
//     since feedsync always preserves conflicts (§5), its sx:conflicts
//     joined with the loser's and with a record of the loser itself,
//     holding the loser's data, position and deleted state.
//   - Otherwise the result is the winner, sx:sync intact (§4.2): its
//     conflict flag is preserved (§4.4.1 step 2), and the loser's sx:conflicts
//     are dropped: the winner descends from the loser (or is assumed to,
//     step 1.4), and an update removes the conflicts it saw (§4.2 step 4).
//
// Joining keeps one sx:conflict per by, the greatest of the version, then
// the when (§5 states this for records without by; it is used for all),
// then position and data. Records without by are one group, as §5's
// replacement rule implies. The list is flat and sorted from the most to
// the least winning, so both sides of a sync write the same list and
// "sx:conflict N" names the same record everywhere.
func Merge(local, incoming *Item) (*Item, error) {
	if local.ID != incoming.ID {
		return nil, fmt.Errorf("merging %q with %q: %w", local.ID, incoming.ID, ErrIDMismatch)
	}
	w, l := local, incoming
	if Compare(incoming, local) > 0 {
		w, l = incoming, local
	}
	res := w.Clone()
	switch {
	case identical(w, l):
		res.Conflict = w.Conflict || l.Conflict
		res.Conflicts = joinConflicts(w.Conflicts, l.Conflicts)
	case TwoChanges(w, l), Conflicting(w, l):
		res.Conflict = true
		res.Conflicts = joinConflicts(w.Conflicts, l.Conflicts, []*Conflict{l.asConflict()})
	default:
		res.Conflicts = joinConflicts(w.Conflicts)
	}
	return res, nil
}

// joinConflicts returns the records of all lists, one per by, the greatest
// by cmpConflict, sorted from the greatest down (§5). Records are copied.
func joinConflicts(lists ...[]*Conflict) []*Conflict {
	best := make(map[string]*Conflict)
	for _, list := range lists {
		for _, c := range list {
			if b, ok := best[c.By]; !ok || cmpConflict(c, b) > 0 {
				best[c.By] = c
			}
		}
	}
	if len(best) == 0 {
		return nil
	}
	out := make([]*Conflict, 0, len(best))
	for _, c := range best {
		cc := *c
		out = append(out, &cc)
	}
	slices.SortFunc(out, func(a, b *Conflict) int { return cmpConflict(b, a) })
	return out
}

// MergeFeed merges the items of an incoming feed into those of a local one,
// one at a time (§3.1, §4.3). Several items with one id in a feed are first
// merged into one (see Dedupe). The result holds the local items in their
// order, each merged with the incoming item of the same id if there is one,
// followed by the incoming items whose id is new, in their order. Outline
// feeds use MergeOutline, which adds cycle detection.
func MergeFeed(local, incoming []*Item) ([]*Item, error) {
	return engine.MergeFeedByID(local, incoming, itemID, NewFold, Merge)
}

// Dedupe merges items that share a sync id within one feed, which §2.3
// forbids but real feeds contain: each later item is merged, as incoming,
// into the first one, which keeps its place. Each id's versions are folded
// with a Fold, so the cost is linear in the items.
func Dedupe(items []*Item) ([]*Item, error) {
	return engine.FoldByID(items, itemID, NewFold)
}

func itemID(it *Item) string { return it.ID }
