package ssefeed

import sse "github.com/feedsync/feedsync/engine/sse"

// placement answers where the writer puts outlines (layout, levels) for
// one state of a Doc's items, walking up from the outlines asked about
// alone: item gives an outline by id (nil for none), cut whether cycle
// detection cuts it (0.91 §4.4.2). Answers are remembered.
type placement struct {
	item    func(id string) *sse.Item
	cut     func(id string) bool
	lives   map[string]int
	anchors map[string]int
	limit   int // the number of outlines: no walk up is longer
}

func newPlacement(item func(string) *sse.Item, cut func(string) bool, limit int) *placement {
	return &placement{item: item, cut: cut, lives: map[string]int{}, anchors: map[string]int{}, limit: limit}
}

// up is the outline above id in sse.Build's links: its stored parent,
// but the root for an outline cut from a cycle or whose parent no outline
// is.
func (v *placement) up(id string) string {
	if v.cut(id) {
		return ""
	}
	if p := v.item(id).Position.Parent; p != "" && v.item(p) != nil {
		return p
	}
	return ""
}

// live is the number of live outlines from id up to the root, id
// included: a live outline's level in the tree (levels), and one less
// than that of a live outline whose parent is id; 0 for an id no outline
// has.
func (v *placement) live(id string) int {
	var path []string
	n := 0
	for p := id; p != "" && v.item(p) != nil; p = v.up(p) {
		if k, ok := v.lives[p]; ok {
			n = k
			break
		}
		if len(path) > v.limit {
			break // with every cycle cut no walk goes round: a guard
		}
		path = append(path, p)
	}
	for j := len(path) - 1; j >= 0; j-- {
		if !v.item(path[j]).Deleted {
			n++
		}
		v.lives[path[j]] = n
	}
	return v.lives[id]
}

// anchor is the level of the live outline that a tombstone whose parent
// is id is written under (liveAncestors: the first live outline up the
// stored parents from id, id included, none at an unknown id or on going
// round), 0 for none: the tombstone's level is one more.
func (v *placement) anchor(id string) int {
	var run []string
	on := map[string]bool{}
	a := 0
	for id != "" && !on[id] {
		if k, ok := v.anchors[id]; ok {
			a = k
			break
		}
		it := v.item(id)
		if it == nil {
			break
		}
		if !it.Deleted {
			a = v.live(id)
			break
		}
		on[id] = true
		run = append(run, id)
		id = it.Position.Parent
	}
	for _, q := range run {
		v.anchors[q] = a
	}
	return a
}

// level is the outlines the writer puts outline id under, itself
// counted (levels).
func (v *placement) level(id string) int {
	it := v.item(id)
	if !it.Deleted {
		return v.live(id)
	}
	return v.anchor(it.Position.Parent) + 1
}

// depthAfter bounds how deep the outline nests after the steps, whose
// cycle detection is cc: at least as deep as deepest would find.
//
// An outline whose links up (its stored parent, whether it is live, cut
// or has a parent at all) did not change is placed as before relative
// to the first outline above it whose links did: it moves as far down as
// that one's children do. Those are the outlines of the steps (changed or
// new, and the new ones are the parents that outlines which named an
// unknown parent now have) and the cuts cycle detection added or dropped
// (moved). So the outline nests at most as much deeper as the children of
// those do, and each of those is measured where it is now.
func (d *Doc) depthAfter(ix *outlineIndex, cc *sse.CycleChange, steps []inStep, moved []string) int {
	now := map[string]*sse.Item{}
	for _, s := range steps {
		now[s.item.ID] = s.item
		moved = append(moved, s.item.ID)
	}
	limit := len(d.recs) + len(now)
	before := newPlacement(d.Item, ix.cycles.Cut, limit)
	after := newPlacement(func(id string) *sse.Item {
		if it, ok := now[id]; ok {
			return it
		}
		return d.Item(id)
	}, cc.Cut, limit)
	base, deeper, depth := d.base(), 0, ix.depth
	for _, id := range moved {
		deeper = max(deeper, after.live(id)-before.live(id), after.anchor(id)-before.anchor(id))
		depth = max(depth, base+after.level(id)+d.height(after.item(id)))
	}
	return max(depth, ix.depth+deeper)
}
