package dialect

import (
	"cmp"
	"slices"

	sse "github.com/feedsync/feedsync/engine/sse"
)

// Outline is the tree that entries of an OPML outline make in their
// current states: the live outlines as sse.Build nests them, with the
// tombstones, which that tree leaves out, under their nearest live
// ancestor among its children by key, as the writer lays them out.
type Outline struct {
	items []*sse.Item // by position; nil where an entry is not of this dialect
	pos   map[string]int
	tree  *sse.Tree
	cut   map[string]bool // moved to the top level by cycle detection (0.91 §4.4.2)
	rows  []OutlineRow
}

// OutlineRow is one entry in an Outline.
type OutlineRow struct {
	Pos   int  // the entry's index in the entries the Outline was made of
	Depth int  // 0 for the top level
	Cut   bool // cycle detection moved it to the top level (0.91 §4.4.2)
}

// Place is where a version puts an outline, as data for a front end to
// word ("under “News” · 2nd of 3").
type Place struct {
	// Parent is the id of the parent outline, "" for the top level.
	Parent string
	// ParentPos is the parent's index in the entries, or -1 at the top
	// level or when no entry has the parent's id.
	ParentPos int
	// Index is the outline's 1-based place among the live children of
	// Parent, itself counted in Count.
	Index, Count int
	// Cut is set on a winner that cycle detection shows at the top level
	// instead (0.91 §4.4.2).
	Cut bool
}

func newOutline(entries []Entry) *Outline {
	o := &Outline{items: make([]*sse.Item, len(entries)), pos: make(map[string]int, len(entries)), cut: map[string]bool{}}
	all := make([]*sse.Item, 0, len(entries))
	for i, e := range entries {
		if e.sse == nil {
			continue
		}
		o.items[i] = e.sse
		all = append(all, e.sse)
		if _, dup := o.pos[e.sse.ID]; !dup {
			o.pos[e.sse.ID] = i
		}
	}
	o.tree = sse.Build(all)
	for _, id := range sse.Cycles(all) {
		o.cut[id] = true
	}
	tombs, known := map[string][]*sse.Item{}, map[string]string{}
	for _, it := range all {
		if it.Deleted {
			a := o.anchor(it, known)
			tombs[a] = append(tombs[a], it)
		}
	}
	o.walk("", 0, tombs)
	return o
}

// Rows lists the entries depth first, in the order the writer lays them out.
func (o *Outline) Rows() []OutlineRow { return o.rows }

// anchor returns the nearest live ancestor of a tombstone by the positions
// stored, or "" for the top level. known remembers the answer for every
// tombstone walked through, so that a run of them is walked once.
func (o *Outline) anchor(it *sse.Item, known map[string]string) string {
	var run []string
	onRun := map[string]bool{}
	a := ""
	for p := it.Position.Parent; p != "" && !onRun[p]; {
		if k, ok := known[p]; ok {
			a = k
			break
		}
		if o.tree.Node(p) != nil {
			a = p
			break
		}
		i, ok := o.pos[p]
		if !ok {
			break
		}
		onRun[p] = true
		run = append(run, p)
		p = o.items[i].Position.Parent
	}
	for _, q := range run {
		known[q] = a
	}
	return a
}

// walk adds the rows of the children of parent, depth first.
func (o *Outline) walk(parent string, depth int, tombs map[string][]*sse.Item) {
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

// siblingOrder orders siblings by key, then by id (0.91 §3.2).
func siblingOrder(a sse.Position, aID string, b sse.Position, bID string) int {
	return cmp.Or(cmp.Compare(a.Key, b.Key), cmp.Compare(aID, bID))
}

// Place returns where version v of an entry puts it: its parent, and its
// place among the parent's other live children in the tree.
func (o *Outline) Place(v Version) Place {
	if v.sse == nil {
		return Place{ParentPos: -1}
	}
	id, p := v.sse.ID, v.sse.Position
	if v.conflict >= 0 {
		p = v.sse.Conflicts[v.conflict].Position
	}
	pl := Place{Parent: p.Parent, ParentPos: -1, Index: 1, Count: 1}
	if i, ok := o.pos[p.Parent]; ok && p.Parent != "" {
		pl.ParentPos = i
	}
	for _, c := range o.tree.Children(p.Parent) {
		if c.Item.ID == id {
			continue
		}
		pl.Count++
		if siblingOrder(c.Item.Position, c.Item.ID, p, id) < 0 {
			pl.Index++
		}
	}
	pl.Cut = v.conflict < 0 && o.cut[id] && !v.sse.Deleted
	return pl
}
