package sse

import "slices"

// CycleSet is the cycles that the parent links of a set of outline items
// make, kept so that §4.4.2 cycle detection after a change to a few items
// costs the walks up from those items, not a walk of every item. The links
// are those Cycles walks: an item's Position.Parent when the set holds an
// item of that id, else the root.
//
// Each item has one parent, so each item is on at most one cycle, and
// Cycles cuts exactly the lowest id of each: the walks go in ascending id
// order, the first item walked of a cycle meets itself and is cut, and
// that breaks the cycle for every other item on it. A change that makes a
// cycle changes one of its links: the cycle passes through an item whose
// parent changed or that is new (a link to a parent that was unknown is a
// link to a new item, which is on the cycle too). A change that breaks
// one changes the parent of an item on it, since items are never taken
// away. So the walks up from the changed and new items find every cycle
// made, and the cycles those items were on are every cycle broken.
type CycleSet struct {
	on      map[string]string   // each item on a cycle: the cycle's lowest id
	members map[string][]string // each cycle, by its lowest id: its items
}

// NewCycleSet returns the cycles of a set of outline items, in time linear
// in the items. Of several items with one id the first counts, as in
// Cycles.
func NewCycleSet(items []*Item) *CycleSet {
	byID := index(items)
	_, cut := detectCycles(byID)
	s := &CycleSet{on: map[string]string{}, members: map[string][]string{}}
	for _, low := range cut {
		var cyc []string
		for p := low; len(cyc) == 0 || p != low; p = byID[p].Position.Parent {
			cyc = append(cyc, p)
		}
		s.add(cyc)
	}
	return s
}

// add records a cycle, given as its items.
func (s *CycleSet) add(cyc []string) {
	low := slices.Min(cyc)
	s.members[low] = cyc
	for _, id := range cyc {
		s.on[id] = low
	}
}

// Cut reports whether cycle detection cuts id (reparents it to the root):
// whether it is the lowest id of a cycle.
func (s *CycleSet) Cut(id string) bool { return id != "" && s.on[id] == id }

// Cuts returns the ids cycle detection cuts, ascending: Cycles of the items.
func (s *CycleSet) Cuts() []string { return sortedIDs(s.members) }

// CycleChange is what a change to some items does to a CycleSet: the
// cycles it breaks and those it makes. Cut answers for the items as they
// are after the change; the CycleSet answers for them as they were until
// Apply.
type CycleChange struct {
	s      *CycleSet
	broken map[string]bool // the lowest ids of the cycles broken
	made   [][]string      // the cycles made, each as its items
	cuts   map[string]bool // the lowest ids of those made
}

// Change returns what a change to the items of ids does to s's cycles.
// get returns an item as it is after the change, nil for an id no item
// has; ids must name every item whose parent changed and every new one
// (naming others costs a walk but is harmless). No item is taken away.
// It walks up from each item of ids, each item at most once, and so takes
// time in the length of their ancestries, whatever the set's size.
func (s *CycleSet) Change(get func(id string) *Item, ids []string) *CycleChange {
	c := &CycleChange{s: s, broken: map[string]bool{}, cuts: map[string]bool{}}
	for _, id := range ids {
		if low, ok := s.on[id]; ok {
			c.broken[low] = true // found again below if it still closes
		}
	}
	parent := func(id string) string {
		if p := get(id).Position.Parent; p != "" && get(p) != nil {
			return p
		}
		return ""
	}
	done := map[string]bool{} // walked: leads to the root or to a cycle known
	for _, id := range ids {
		if get(id) == nil {
			continue
		}
		var path []string
		at := map[string]int{}
		for p := id; p != "" && !done[p] && !c.kept(p); p = parent(p) {
			if i, seen := at[p]; seen {
				c.made = append(c.made, path[i:])
				c.cuts[slices.Min(path[i:])] = true
				break
			}
			at[p] = len(path)
			path = append(path, p)
		}
		for _, p := range path {
			done[p] = true
		}
	}
	return c
}

// kept reports whether id is on a cycle of the set that the change does
// not break: its links did not change, so it is on that cycle still.
func (c *CycleChange) kept(id string) bool {
	low, ok := c.s.on[id]
	return ok && !c.broken[low]
}

// Cut reports whether cycle detection cuts id after the change.
func (c *CycleChange) Cut(id string) bool {
	return c.cuts[id] || c.s.Cut(id) && !c.broken[id]
}

// Made returns the lowest ids of the cycles the change makes, ascending. A
// cycle that Change walked again because an item on it was named is among
// them, and among Broken too.
func (c *CycleChange) Made() []string { return sortedIDs(c.cuts) }

// Broken returns the lowest ids of the cycles the change breaks, ascending.
func (c *CycleChange) Broken() []string { return sortedIDs(c.broken) }

// Apply makes the change to the CycleSet it was made for.
func (c *CycleChange) Apply() {
	s := c.s
	for low := range c.broken {
		for _, id := range s.members[low] {
			delete(s.on, id)
		}
		delete(s.members, low)
	}
	for _, cyc := range c.made {
		s.add(cyc)
	}
	c.broken, c.made, c.cuts = nil, nil, nil
}
