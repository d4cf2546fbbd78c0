package ssefeed

import (
	"maps"
	"slices"

	sse "github.com/feedsync/feedsync/engine/sse"
)

// outlineIndex is what an OPML Doc keeps to merge in place: made when the
// outline is read (Parse walks it whole anyway), or by the first MergeIn
// into a Doc made otherwise; kept current by each MergeIn; dropped by
// whatever else changes the items (Set) or copies the Doc (Subset, Merge).
type outlineIndex struct {
	cycles    *sse.CycleSet   // the cycles of the outlines' stored parents (0.91 §4.4.2)
	unflagged map[string]bool // the outlines cycle detection cuts that are not conflict="true"
	// depth is at least the depth deepest finds: exact when made, then
	// raised by each MergeIn by as much as it can have deepened any
	// outline (depthAfter).
	depth int
}

// outlines returns d's outlineIndex, made now when d has none.
func (d *Doc) outlines() *outlineIndex {
	if d.outline == nil {
		_, _, depth := d.deepest()
		d.outline = d.newOutlineIndex(sse.NewCycleSet(d.records()), depth)
	}
	return d.outline
}

// newOutlineIndex is the outlineIndex of d, whose cycles and depth
// (deepest) are given.
func (d *Doc) newOutlineIndex(cycles *sse.CycleSet, depth int) *outlineIndex {
	ix := &outlineIndex{cycles: cycles, unflagged: map[string]bool{}, depth: depth}
	for _, id := range cycles.Cuts() {
		if !d.Item(id).Conflict {
			ix.unflagged[id] = true
		}
	}
	return ix
}

// mergeInOPML is MergeIn for two outlines. The outlines merge one at a
// time, as RSS items do (0.91 §4.4); then cycle detection (0.91 §4.4.2),
// which Merge runs over the whole merged outline (sse.MergeOutline),
// looks only at what the merge changed. A cycle the merge makes passes
// through an outline remote brings, and one it breaks held one, so d's
// CycleSet, changed by the walks up from remote's outlines, is the merged
// outline's. Merge flags conflict="true" on each outline it cuts from a
// cycle that is not flagged yet, unless both feeds held it cut: those can
// be the cuts of the cycles made, the outlines remote brings, and the
// cuts d holds unflagged, which d keeps a set of (a feed read with a cycle
// no merge flagged has some; after a merge, only outlines remote brought
// can be: those both feeds held cut). An outline remote does not hold
// that is so flagged is changed like the others, and named after them.
//
// Where an outline goes in the written body depends on all its
// ancestors, so whether the merge nests any deeper than MaxDepth is not
// known from the outlines it changed alone; depthAfter bounds it. When the
// bound passes MaxDepth, mergeInOPML returns false and leaves d as it
// was: the whole merge then says exactly which outline nests too deep. A
// Doc Subset made (whose left-out records Merge treats as absent) is left
// to the whole merge too.
func (d *Doc) mergeInOPML(remote *Doc) ([]string, bool, error) {
	if len(d.hidden) > 0 {
		return nil, false, nil
	}
	ix := d.outlines()
	steps := d.mergeSteps(remote)
	merged := make(map[string]*sse.Item, len(steps))
	ids := make([]string, len(steps))
	for i, s := range steps {
		merged[s.item.ID], ids[i] = s.res, s.item.ID
	}
	get := func(id string) *sse.Item {
		if it, ok := merged[id]; ok {
			return it
		}
		return d.Item(id)
	}
	cc := ix.cycles.Change(get, ids)
	made, broken := cc.Made(), cc.Broken()
	steps = d.flag(steps, d.cycleFlags(ix, cc, get, remote, slices.Concat(made, ids)))
	depth := d.depthAfter(ix, cc, steps, slices.Concat(made, broken))
	if depth > MaxDepth {
		return nil, false, nil
	}
	changed := d.takeSteps(steps, remote)
	cc.Apply()
	ix.depth = depth
	ix.recheck(d, slices.Collect(maps.Keys(ix.unflagged)), changed, made, broken)
	return changed, true, nil
}

// recheck brings unflagged up to date for the outlines of ids, those
// whose flag or cut may have changed.
func (ix *outlineIndex) recheck(d *Doc, ids ...[]string) {
	for _, id := range slices.Concat(ids...) {
		if ix.cycles.Cut(id) && !d.Item(id).Conflict {
			ix.unflagged[id] = true
		} else {
			delete(ix.unflagged, id)
		}
	}
}

// cycleFlags returns the outlines that Merge's cycle detection flags
// conflict="true" (sse.MergeOutline): cut from a cycle after the merge
// (cc), not flagged, and not cut in both feeds. The candidates are
// cand (the cuts of the cycles made, and remote's outlines) and the cuts
// d holds unflagged; no other outline can be one.
func (d *Doc) cycleFlags(ix *outlineIndex, cc *sse.CycleChange, get func(string) *sse.Item, remote *Doc, cand []string) map[string]bool {
	incoming := sse.Cycles(remote.records())
	flags := map[string]bool{}
	consider := func(id string) {
		_, both := slices.BinarySearch(incoming, id)
		if cc.Cut(id) && !get(id).Conflict && !(both && ix.cycles.Cut(id)) {
			flags[id] = true
		}
	}
	for _, id := range cand {
		consider(id)
	}
	for id := range ix.unflagged {
		consider(id)
	}
	return flags
}

// flag sets conflict="true" on the merged outlines of flags, as
// sse.MergeOutline does before Merge writes them as read where it can
// (asRead), and adds a step for each outline of flags that remote does
// not hold, in d's order.
func (d *Doc) flag(steps []inStep, flags map[string]bool) []inStep {
	var more []inStep
	taken := map[string]bool{}
	for i, s := range steps {
		id := s.item.ID
		taken[id] = true
		if !flags[id] {
			continue
		}
		f := s.res.Clone()
		f.Conflict = true
		steps[i].res = f
		if s.at < 0 {
			steps[i].item = d.adopt(asRead(f, nil, s.remote))
		} else {
			steps[i].item = asRead(f, d.recs[s.at].item, s.remote)
		}
	}
	for id := range flags {
		if taken[id] {
			continue
		}
		at := d.index[id]
		l := d.recs[at].item
		f := l.Clone()
		f.Conflict = true
		more = append(more, inStep{at: at, item: asRead(f, l, nil), res: f})
	}
	slices.SortFunc(more, func(a, b inStep) int { return a.at - b.at })
	return append(steps, more...)
}
