package ssefeed

import (
	"fmt"
	"maps"
	"slices"

	"github.com/beevik/etree"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// MergeIn is Merge(d, remote) done in place: d becomes the Doc Merge
// would return, written byte for byte as it would be, and MergeIn returns
// the ids of the items the merge changed or added, in remote's order
// (then those remote does not hold, in d's order), and true. Its cost is
// in remote's items, not d's. On an error d does not change.
//
// RSS items merge one at a time (§4.3, §4.4), each local item with the
// remote one of its id, and a new item goes after d's, in remote's order,
// where Merge puts it. OPML outlines merge so too, and then §4.4.2's cycle
// detection, which Merge runs over the whole merged outline, is run over
// what the merge changed: d keeps its outline's cycles (sse.CycleSet), and
// only the ancestries of the outlines remote brings are walked (see
// mergeInOPML). Where that is not enough MergeIn returns false and leaves
// d as it was, for the caller to merge the whole feed: a Doc Subset made,
// and a merge that could nest the outline near MaxDepth. So it does for
// feeds of two kinds, which Merge refuses.
//
// d must nest no deeper than MaxDepth, as every Doc read, merged or Set
// through Fits does: only the items the merge changes are checked.
func (d *Doc) MergeIn(remote *Doc) ([]string, bool, error) {
	if d.kind == KindOPML && remote.kind == KindOPML {
		return d.mergeInOPML(remote)
	}
	if d.kind != KindRSS || remote.kind != KindRSS {
		return nil, false, nil
	}
	steps := d.mergeSteps(remote)
	if err := d.checkDepthOfSteps(steps); err != nil {
		return nil, true, fmt.Errorf("merging %s into %s: %w", remote.name, d.name, err)
	}
	return d.takeSteps(steps, remote), true, nil
}

// takeSteps puts the items of the steps in d, with what else Merge takes
// from remote (its warnings, the texts of its date-times), and returns
// the ids of the items that changed: in remote's order, then those remote
// does not hold in d's.
func (d *Doc) takeSteps(steps []inStep, remote *Doc) []string {
	changed := make([]string, 0, len(steps))
	d.notes = nil
	for _, s := range steps {
		if s.at < 0 {
			i, _ := xmlutil.Put(&d.recs, d.index, s.item.ID)
			d.recs[i] = record{item: s.item, el: s.el}
		} else {
			d.note(d, d.recs[s.at].item, remote, s.remote, s.res)
			if d.recs[s.at].item == s.item {
				continue
			}
			d.recs[s.at].item = s.item
		}
		changed = append(changed, s.item.ID)
	}
	d.warnings = append(slices.Clip(d.warnings), remote.warnings...)
	d.takeDates(remote)
	rank := func(id string) int {
		if j, ok := remote.index[id]; ok {
			return j
		}
		return len(remote.recs) + d.index[id]
	}
	slices.SortStableFunc(changed, func(a, b string) int { return rank(a) - rank(b) })
	return changed
}

// inStep is what MergeIn does with one remote item: the item it puts at
// d's record at (-1: a new record), read from el when new; res is the
// merge's result before asRead, for the note.
type inStep struct {
	at        int
	item, res *sse.Item
	remote    *sse.Item
	el        *etree.Element
}

// mergeSteps merges each of remote's items with d's of its id (sse.Merge),
// as sse.MergeFeed does, without changing d: d's items first, in d's
// order (the order of Merge's notes), then the new ones in remote's.
func (d *Doc) mergeSteps(remote *Doc) []inStep {
	var steps, added []inStep
	for j := range remote.recs {
		if remote.isHidden(j) {
			continue
		}
		r := remote.recs[j].item
		i, ok := d.index[r.ID]
		if !ok {
			added = append(added, inStep{at: -1, item: d.adopt(asRead(r, nil, r)), res: r, remote: r, el: remote.recs[j].el})
			continue
		}
		l := d.recs[i].item
		res, _ := sse.Merge(l, r) // the ids are equal: Merge cannot fail
		steps = append(steps, inStep{at: i, item: asRead(res, l, r), res: res, remote: r})
	}
	slices.SortFunc(steps, func(a, b inStep) int { return a.at - b.at })
	return append(steps, added...)
}

// checkDepthOfSteps is checkDepth for the items the steps put, as they
// would be in d: the deepest one, the first in d's order on a tie.
func (d *Doc) checkDepthOfSteps(steps []inStep) error {
	base := d.base()
	depth, id := 0, ""
	for _, s := range steps {
		it := s.item
		if x := peek(it.Data); len(it.Conflicts) == 0 || x != nil && x.read == it {
			continue // as in deepest: an RSS item nests as it was read, or sx:sync two deep
		}
		if n := base + 1 + d.height(it); n > depth {
			depth, id = n, it.ID
		}
	}
	if depth <= MaxDepth {
		return nil
	}
	return &DepthError{Feed: d.name, ID: id, Outlines: 1, Depth: depth}
}

// takeDates adds the date-time texts remote read for instants d has none
// for, as Merge's result has them, without changing the map d may share
// with the Docs Subset made of it: they go to a copy of the small map of
// instants added since, folded into a copy of the whole one once it is an
// eighth of that, so that the copying costs O(1) per instant added.
func (d *Doc) takeDates(remote *Doc) {
	var more map[int64]string
	add := func(src map[int64]string) {
		for k, v := range src {
			if _, ok := d.dateText(k); ok {
				continue
			}
			if more == nil {
				more = maps.Clone(d.moreDates)
				if more == nil {
					more = map[int64]string{}
				}
			}
			if _, ok := more[k]; !ok {
				more[k] = v
			}
		}
	}
	add(remote.dates)
	add(remote.moreDates)
	if more == nil {
		return
	}
	if len(more) <= len(d.dates)/8+64 {
		d.moreDates = more
		return
	}
	all := maps.Clone(d.dates)
	maps.Copy(all, more)
	d.dates, d.moreDates = all, nil
}

// dateText returns the text read for the instant of Unix time u, if any.
func (d *Doc) dateText(u int64) (string, bool) {
	if s, ok := d.dates[u]; ok {
		return s, true
	}
	s, ok := d.moreDates[u]
	return s, ok
}
