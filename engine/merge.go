package engine

import (
	"fmt"
	"slices"
)

// Merge merges an incoming version of an item into the local one, as §3.3
// steps 2 to 11 prescribe, and returns the result: the winner W carrying the
// other surviving versions as its conflicts. Neither argument is modified.
//
// The two collections are L (the local item's conflicts, then the local
// item) and I (likewise for the incoming item). Step 7 walks L against I and
// step 8 walks I against what is left of L: a local version subsumed by an
// incoming one is removed from L and so cannot subsume anything in step 8.
// That is why two identical versions leave exactly one in M, not none.
//
// Two readings keep endpoints convergent where the text would not:
//
//   - Winner picking uses Compare, a total order, so W does not depend on
//     the order in which versions are met (see Compare).
//   - When a local version and an incoming one carry the same topmost history
//     entry but different shared data or deleted state (see TwoChanges: one
//     endpoint made two changes with one by, sequence and second, on two git
//     branches, or a peer changed the data without a new version), the spec
//     would keep whichever came in, and each endpoint would keep the
//     other's. Merge keeps both: neither subsumes the other, Compare picks
//     the winner and the other is its conflict, whichever side is local.
//     Where the data agree but Compare still tells them apart (the
//     histories below the topmost, or the updates, differ), the one Compare
//     prefers is kept on both sides. With everything equal nothing changes:
//     the incoming version is kept, as the spec says.
//
// The conflicts of the result are the versions in M other than W, flat
// (never nested, whichever side they came in on) and sorted from the most to
// the least winning by Compare, so that the result is the same whichever
// side is local. When W has noconflicts="true" the result has none (step 10).
//
// When one version simply replaces the other, Merge returns that argument
// itself: items are values that no function of this package modifies.
func Merge(local, incoming *Item) (*Item, error) {
	if local.Sync.ID != incoming.Sync.ID {
		return nil, fmt.Errorf("merging %q with %q: %w", local.Sync.ID, incoming.Sync.ID, ErrIDMismatch)
	}
	if len(local.Conflicts) == 0 && len(incoming.Conflicts) == 0 {
		if subsumedIn(local, []*Item{incoming}) {
			return incoming, nil // step 7 removes local; nothing can subsume incoming in step 8
		}
		if subsumedIn(incoming, []*Item{local}) {
			return local, nil
		}
	}
	l, in := collection(local), collection(incoming)
	var m []*Item
	var w *Item
	l, m, w = mergeStep(l, in, m, w) // step 7: L outer, I inner
	_, m, w = mergeStep(in, l, m, w) // step 8: I outer, what is left of L inner
	res := strip(w)                  // step 9
	if w.Sync.NoConflicts {          // step 10
		return res, nil
	}
	for _, z := range m { // step 11
		if z != w {
			res.Conflicts = append(res.Conflicts, strip(z))
		}
	}
	sortVersions(res.Conflicts)
	return res, nil
}

// collection builds L or I (§3.3 steps 2 and 3): the item's conflicts, then
// the item without its sx:conflicts.
func collection(it *Item) []*Item {
	c := make([]*Item, 0, len(it.Conflicts)+1)
	c = append(c, it.Conflicts...)
	return append(c, strip(it))
}

// mergeStep is §3.3 step 7: each item of outer that no item of inner
// subsumes joins M and may become the winner; the subsumed ones are removed
// from outer, which is returned.
func mergeStep(outer, inner, m []*Item, w *Item) ([]*Item, []*Item, *Item) {
	kept := outer[:0:0]
	for _, x := range outer {
		if subsumedIn(x, inner) {
			continue
		}
		kept = append(kept, x)
		m = append(m, x)
		if w == nil || Compare(x, w) > 0 {
			w = x
		}
	}
	return kept, m, w
}

// subsumedIn reports whether some item of inner subsumes x (step 7.1), but
// for the convergence readings documented on Merge (spares).
func subsumedIn(x *Item, inner []*Item) bool {
	for _, y := range inner {
		if Subsumed(x, y) && !spares(x, y) {
			return true
		}
	}
	return false
}

// spares is the convergence reading of subsumption for two versions that
// share their topmost entry: x, subsumed by y, is kept when the two are
// two changes (TwoChanges), and otherwise when Compare prefers x.
func spares(x, y *Item) bool {
	if !x.Sync.Topmost().Equal(y.Sync.Topmost()) {
		return false
	}
	return TwoChanges(x, y) || Compare(x, y) > 0
}

// TwoChanges reports whether two versions that carry the same topmost
// history entry (one by, sequence and when) are nonetheless two changes:
// their shared data (Data.Digest) or their deleted state differ. A stamp
// names one change only as long as its endpoint makes one change a
// second under each sequence. A person who edits an item on two git
// branches under one by in the same second, or a peer that changes the
// data without a new version (implementation note 1 forbids it), gives
// one stamp to two changes; Merge keeps both as a conflict rather than
// drop either (issue 29 item 8).
func TwoChanges(x, y *Item) bool {
	return x.Sync.Deleted != y.Sync.Deleted || digest(x) != digest(y)
}

// strip returns a copy of the item without conflicts.
func strip(it *Item) *Item {
	c := &Item{Sync: it.Sync, Data: it.Data}
	c.Sync.History = slices.Clone(it.Sync.History)
	return c
}

// sortVersions orders conflict versions from the most to the least winning.
func sortVersions(vs []*Item) {
	slices.SortStableFunc(vs, func(a, b *Item) int { return Compare(b, a) })
}

// MergeFeed merges the items of an incoming feed into those of a local one
// (§3.3). Several items with the same id in one feed are first merged into
// one, in document order (implementation note 2; see Dedupe). The result
// holds the local items in their order, each merged with the incoming item of
// the same id if there is one, followed by the incoming items whose id is new
// (step 1), in their order.
func MergeFeed(local, incoming []*Item) ([]*Item, error) {
	return MergeFeedByID(local, incoming, syncID, NewFold, Merge)
}

// Dedupe merges items that share a sync id within one feed (implementation
// note 2): each later item is merged, as incoming, into the first one, which
// keeps its place. Versions that one endpoint wrote one after the other
// subsume each other and leave no conflict. Each id's versions are folded
// with a Fold, so the cost is linear in the items, however many share an id.
func Dedupe(items []*Item) ([]*Item, error) {
	return FoldByID(items, syncID, NewFold)
}

func syncID(it *Item) string { return it.Sync.ID }
