package sse

import (
	"fmt"
	"slices"
	"strings"
)

// Node is one live outline in a Tree.
type Node struct {
	Item     *Item
	Children []*Node // in sibling order: by key, then by id
}

// Tree is the hierarchy that a set of outline items describes (§3.2): what
// an endpoint writes as the OPML body. It is a function of the items alone,
// so endpoints that hold the same items hold the same tree.
//
// An item's parent is the one its Position names, with these exceptions,
// each of which keeps every live outline in the tree exactly once:
//
//   - an item that §4.4.2 cycle detection reparents (see Cycles) is a root;
//   - a parent that no item has is the root (a dangling reference);
//   - a deleted parent is skipped: the item hangs under its nearest live
//     ancestor, so an outline added under one that another endpoint deleted
//     stays in sight, as close as possible to where it was put.
//
// Tombstones are not in the tree.
type Tree struct {
	Roots  []*Node
	nodes  map[string]*Node
	parent map[string]string // each live node's parent in the tree; "" is the root
}

// Build returns the tree of a set of outline items. Ids are unique in a
// merged feed; of several items with one id, Build keeps the first.
func Build(items []*Item) *Tree {
	byID := index(items)
	parent, _ := detectCycles(byID)
	t := &Tree{nodes: make(map[string]*Node), parent: make(map[string]string)}
	for id, it := range byID {
		if !it.Deleted {
			t.nodes[id] = &Node{Item: it}
		}
	}
	live := liveParents(byID, parent)
	for id := range t.nodes {
		p := live(id)
		t.parent[id] = p
		if p == "" {
			t.Roots = append(t.Roots, t.nodes[id])
		} else {
			t.nodes[p].Children = append(t.nodes[p].Children, t.nodes[id])
		}
	}
	sortSiblings(t.Roots)
	for _, n := range t.nodes {
		sortSiblings(n.Children)
	}
	return t
}

// liveParents returns a function that gives an item's nearest live
// ancestor under parent (cycles cut), "" for the root. Each answer is
// remembered, so that the answers for all items take linear time, however
// long a run of tombstones between an item and its live ancestor.
func liveParents(byID map[string]*Item, parent map[string]string) func(id string) string {
	above := make(map[string]string, len(byID)) // a tombstone's nearest live ancestor
	return func(id string) string {
		var run []string
		p := parent[id]
		for p != "" && byID[p].Deleted {
			if a, ok := above[p]; ok {
				p = a
				break
			}
			run = append(run, p)
			p = parent[p]
		}
		for _, q := range run {
			above[q] = p
		}
		return p
	}
}

// Node returns the live outline with the given id, or nil.
func (t *Tree) Node(id string) *Node { return t.nodes[id] }

// Parent returns the id of a live outline's parent in the tree, "" for a root.
func (t *Tree) Parent(id string) string { return t.parent[id] }

// Children returns the children of the outline with the given id, or the
// roots for "".
func (t *Tree) Children(id string) []*Node {
	if id == "" {
		return t.Roots
	}
	if n := t.nodes[id]; n != nil {
		return n.Children
	}
	return nil
}

// Place returns the position that puts outline id at index among the
// children of parent ("" for the root), for New or Move; id is "" for an
// outline not yet created. The index counts the other children, and is
// clamped to their number. The key lies between those of the neighbours
// (Between); when the neighbours' keys tie, the new key ties with them and
// the ids decide the order (§3.2).
func (t *Tree) Place(id, parent string, index int) (Position, error) {
	if parent != "" && t.nodes[parent] == nil {
		return Position{}, fmt.Errorf("placing %q under %q: %w", id, parent, ErrNoParent)
	}
	for p := parent; id != "" && p != ""; p = t.parent[p] {
		if p == id {
			return Position{}, fmt.Errorf("placing %q under %q: %w", id, parent, ErrCycle)
		}
	}
	sibs := slices.DeleteFunc(slices.Clone(t.Children(parent)), func(n *Node) bool { return n.Item.ID == id })
	index = min(max(index, 0), len(sibs))
	var lo string
	if index > 0 {
		lo = sibs[index-1].Item.Position.Key
	}
	key := lo
	if index == len(sibs) {
		key, _ = Between(lo, "")
	} else if hi := sibs[index].Item.Position.Key; hi != "" {
		if k, ok := Between(lo, hi); ok {
			key = k
		}
	}
	return Position{Parent: parent, Key: key}, nil
}

// Cycles runs §4.4.2 cycle detection over a set of outline items: in
// ascending id order, each item's ancestry is walked up to the root, and an
// item met again on its own walk is reparented to the root. It returns the
// ids so reparented, ascending. An item whose walk enters a cycle that does
// not hold it is left alone: the cycle's lowest id is cut, and the item
// then reaches the root through it.
func Cycles(items []*Item) []string {
	_, cut := detectCycles(index(items))
	return cut
}

// MergeOutline merges an incoming outline feed into a local one: the items
// as MergeFeed does, one at a time, and then §4.4.2 cycle detection over the
// result, which sets conflict="true" on every item it reparents to the root
// (see Cycles), but for those that local and incoming both held in a cycle
// already: the merge did not cause those (see the package doc). The
// reparenting itself is Build's: an item keeps the position its winning
// version carries, so that endpoints that saw a cycle and endpoints that
// never did still hold the same versions.
func MergeOutline(local, incoming []*Item) ([]*Item, error) {
	out, err := MergeFeed(local, incoming)
	if err != nil {
		return nil, err
	}
	cut := Cycles(out)
	localCut, incomingCut := Cycles(local), Cycles(incoming)
	for i, it := range out {
		if in(cut, it.ID) && !it.Conflict && !(in(localCut, it.ID) && in(incomingCut, it.ID)) {
			c := it.Clone()
			c.Conflict = true
			out[i] = c
		}
	}
	return out, nil
}

// in reports whether id is in ids, ascending.
func in(ids []string, id string) bool {
	_, found := slices.BinarySearch(ids, id)
	return found
}

// detectCycles returns each item's parent after cycle detection, and the
// ids it reparented to the root. A parent that no item has is the root.
//
// It is the walk of Cycles in time linear in the items: each item's fate
// is worked out once and remembered (see ancestry), and a walk stops at the
// first item whose fate is known.
func detectCycles(byID map[string]*Item) (parent map[string]string, cut []string) {
	parent = make(map[string]string, len(byID))
	for id, it := range byID {
		if _, ok := byID[it.Position.Parent]; ok {
			parent[id] = it.Position.Parent
		} else {
			parent[id] = ""
		}
	}
	a := ancestry{parent: parent, fate: make(map[string]fate, len(byID)), at: map[string]int{}}
	for _, id := range sortedIDs(byID) {
		if a.ownAncestor(id) {
			parent[id] = ""
			cut = append(cut, id)
		}
	}
	return parent, cut
}

// fate is where the walk up from an item leads, as far as it is known:
// to the root, or into cycle number cycle, on it or from below it.
type fate struct {
	cycle int // 0: to the root
	on    bool
}

// ancestry remembers the fate of the items walked so far. Cutting a cycle
// (its lowest id made a root) sends every item that led into it, and every
// item on it, to the root; no other item's fate changes, so a fate once
// known stays known, with cut saying which cycles are now cut.
type ancestry struct {
	parent map[string]string
	fate   map[string]fate
	cut    []bool         // by cycle number; cut[0] is the root's
	at     map[string]int // the items on the walk under way, by place
}

// ownAncestor reports whether id is met again on the walk up from it,
// under the parents as they are now, and notes the cycle cut when it is.
func (a *ancestry) ownAncestor(id string) bool {
	f := a.resolve(id)
	if f.cycle == 0 || a.cut[f.cycle] || !f.on {
		return false
	}
	a.cut[f.cycle] = true // id, the cycle's lowest id, is cut from it
	return true
}

// resolve returns id's fate, walking up until an item whose fate is
// known, the root, or an item met before on this walk (a cycle).
func (a *ancestry) resolve(id string) fate {
	if a.cut == nil {
		a.cut = []bool{true}
	}
	var path []string
	end, loop := fate{}, -1
	for p := id; p != ""; p = a.parent[p] {
		if f, ok := a.fate[p]; ok {
			end = fate{cycle: f.cycle}
			break
		}
		if i, seen := a.at[p]; seen {
			a.cut = append(a.cut, false)
			end, loop = fate{cycle: len(a.cut) - 1}, i
			break
		}
		a.at[p] = len(path)
		path = append(path, p)
	}
	for i, q := range path {
		delete(a.at, q)
		a.fate[q] = fate{cycle: end.cycle, on: loop >= 0 && i >= loop}
	}
	if f := a.fate[id]; !a.cut[f.cycle] {
		return f
	}
	return fate{}
}

func index(items []*Item) map[string]*Item {
	byID := make(map[string]*Item, len(items))
	for _, it := range items {
		if _, dup := byID[it.ID]; !dup {
			byID[it.ID] = it
		}
	}
	return byID
}

func sortedIDs[V any](m map[string]V) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

func sortSiblings(ns []*Node) {
	slices.SortFunc(ns, func(a, b *Node) int {
		if c := strings.Compare(a.Item.Position.Key, b.Item.Position.Key); c != 0 {
			return c
		}
		return strings.Compare(a.Item.ID, b.Item.ID)
	})
}
