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
	for id := range t.nodes {
		p := parent[id]
		for p != "" && byID[p].Deleted {
			p = parent[p]
		}
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
func detectCycles(byID map[string]*Item) (parent map[string]string, cut []string) {
	parent = make(map[string]string, len(byID))
	for id, it := range byID {
		if _, ok := byID[it.Position.Parent]; ok {
			parent[id] = it.Position.Parent
		} else {
			parent[id] = ""
		}
	}
	for _, id := range sortedIDs(byID) {
		if ownAncestor(parent, id) {
			parent[id] = ""
			cut = append(cut, id)
		}
	}
	return parent, cut
}

// ownAncestor reports whether id is met again on the walk up from it.
func ownAncestor(parent map[string]string, id string) bool {
	seen := make(map[string]bool)
	for p := parent[id]; p != ""; p = parent[p] {
		if p == id {
			return true
		}
		if seen[p] {
			return false // a cycle above, without id
		}
		seen[p] = true
	}
	return false
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
