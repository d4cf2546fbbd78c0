package resolver

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/feedsync/feedsync/engine/sse"
)

// sseOutline is the tree of an OPML feed's items (sse.Build), with its
// tombstones, which the tree leaves out, shown under their nearest live
// ancestor among its children by key, as ssefeed writes them.
type sseOutline struct {
	items []*sse.Item // by position
	pos   map[string]int
	tree  *sse.Tree
	cut   map[string]bool // reparented to the top level by cycle detection (§4.4.2)
	rows  []OutlineRow
}

func newSSEOutline(entries []Entry) *sseOutline {
	o := &sseOutline{items: make([]*sse.Item, len(entries)), pos: make(map[string]int, len(entries)), cut: map[string]bool{}}
	all := make([]*sse.Item, 0, len(entries))
	for i, e := range entries {
		se, ok := e.(sseEntry)
		if !ok {
			continue
		}
		o.items[i] = se.it
		all = append(all, se.it)
		if _, dup := o.pos[se.it.ID]; !dup {
			o.pos[se.it.ID] = i
		}
	}
	o.tree = sse.Build(all)
	for _, id := range sse.Cycles(all) {
		o.cut[id] = true
	}
	tombs := map[string][]*sse.Item{}
	for _, it := range all {
		if it.Deleted {
			a := o.anchor(it)
			tombs[a] = append(tombs[a], it)
		}
	}
	o.walk("", 0, tombs)
	return o
}

// anchor returns the nearest live ancestor of a tombstone by the positions
// stored, or "" for the top level.
func (o *sseOutline) anchor(it *sse.Item) string {
	seen := map[string]bool{}
	for p := it.Position.Parent; p != "" && !seen[p]; {
		if o.tree.Node(p) != nil {
			return p
		}
		i, ok := o.pos[p]
		if !ok {
			break
		}
		seen[p] = true
		p = o.items[i].Position.Parent
	}
	return ""
}

// walk adds the rows of the children of parent, depth first.
func (o *sseOutline) walk(parent string, depth int, tombs map[string][]*sse.Item) {
	var kids []*sse.Item
	for _, n := range o.tree.Children(parent) {
		kids = append(kids, n.Item)
	}
	kids = append(kids, tombs[parent]...)
	slices.SortStableFunc(kids, func(a, b *sse.Item) int { return siblingOrder(a.Position, a.ID, b.Position, b.ID) })
	for _, it := range kids {
		o.rows = append(o.rows, OutlineRow{Pos: o.pos[it.ID], Depth: depth, Cut: o.cut[it.ID] && !it.Deleted})
		if !it.Deleted {
			o.walk(it.ID, depth+1, tombs)
		}
	}
}

// siblingOrder orders siblings by key, then by id (§3.2).
func siblingOrder(a sse.Position, aID string, b sse.Position, bID string) int {
	return cmp.Or(cmp.Compare(a.Key, b.Key), cmp.Compare(aID, bID))
}

func (o *sseOutline) Rows() []OutlineRow { return o.rows }

// Place names the parent that a version's position gives the item and its
// place among that parent's other children in the tree, and marks a winner
// that cycle detection shows at the top level instead.
func (o *sseOutline) Place(pos int, v Version) string {
	sv, ok := v.(sseVersion)
	if !ok {
		return ""
	}
	p := sv.it.Position
	if sv.conflict >= 0 {
		p = sv.it.Conflicts[sv.conflict].Position
	}
	s := o.parentName(p.Parent) + " · " + o.nth(sv.it.ID, p)
	if sv.conflict < 0 && o.cut[sv.it.ID] && !sv.it.Deleted {
		s += " · shown at the top level: cycle detection moved it there (§4.4.2)"
	}
	return s
}

func (o *sseOutline) parentName(id string) string {
	if id == "" {
		return "at the top level"
	}
	i, ok := o.pos[id]
	if !ok {
		return fmt.Sprintf("under an unknown outline %q", id)
	}
	s := "under “" + oneLine(sseEntry{o.items[i]}.Title()) + "”"
	if o.items[i].Deleted {
		s += " (deleted)"
	}
	return s
}

// nth places the item among the other live children of p's parent.
func (o *sseOutline) nth(id string, p sse.Position) string {
	k, n := 1, 1
	for _, c := range o.tree.Children(p.Parent) {
		if c.Item.ID == id {
			continue
		}
		n++
		if siblingOrder(c.Item.Position, c.Item.ID, p, id) < 0 {
			k++
		}
	}
	return fmt.Sprintf("%s of %d", ordinal(k), n)
}

// ordinal writes 1 as "1st", 2 as "2nd", 11 as "11th".
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprint(n) + suffix
}
