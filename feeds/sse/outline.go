package ssefeed

import (
	"cmp"
	"slices"
	"strings"

	sse "github.com/feedsync/feedsync/engine/sse"
)

// keyDigits are the characters of a derived key, in code-point order, as
// sse.Between uses them.
const keyDigits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// succ returns the key after prev: "V" after nothing; prev with its last
// character moved to the next of keyDigits; or prev followed by "1" when
// that character is "z" or not one of keyDigits. Keys so made grow by a
// character every 61 siblings and never end in "0".
func succ(prev string) string {
	if prev == "" {
		return "V"
	}
	last := prev[len(prev)-1]
	if i := strings.IndexByte(keyDigits, last); i >= 0 && i < len(keyDigits)-1 {
		return prev[:len(prev)-1] + string(keyDigits[i+1])
	}
	return prev + "1"
}

// nextKey is the key derived for an outline whose position the feed does
// not carry: succ of the previous sibling's key when it sorts below hi,
// the key of the next sibling that carries its position ("" when none
// does); else sse.Between the two; else, when nothing fits, succ anyway.
// It depends only on its neighbours, so that a change in one place of a
// feed does not move the keys derived anywhere else.
func nextKey(prev, hi string) string {
	k := succ(prev)
	if hi == "" || k < hi {
		return k
	}
	if b, ok := sse.Between(prev, hi); ok {
		return b
	}
	return k
}

// derive returns the keys of a list of siblings in document order: the
// keys of those that carry their position (explicit), and for the others
// nextKey from the previous sibling's key and the next explicit one's.
func derive(keys []string, explicit []bool) []string {
	out := slices.Clone(keys)
	his := make([]string, len(keys))
	hi := ""
	for i := len(keys) - 1; i >= 0; i-- {
		his[i] = hi
		if explicit[i] {
			hi = keys[i]
		}
	}
	prev := ""
	for i := range out {
		if !explicit[i] {
			out[i] = nextKey(prev, his[i])
		}
		prev = out[i]
	}
	return out
}

// settle decides which siblings of a list, in the order written, must
// carry their position so that a reader derives the others' as they are
// (see derive). explicit comes in set for those that must carry it anyway
// and is set for the others that need it. One pass from the right
// suffices: a sibling's derived key depends on the key before it, which is
// its stored key either way, and on the next explicit key after it,
// already decided.
func settle(keys []string, explicit []bool) {
	hi := ""
	for i := len(keys) - 1; i >= 0; i-- {
		if !explicit[i] {
			prev := ""
			if i > 0 {
				prev = keys[i-1]
			}
			explicit[i] = nextKey(prev, hi) != keys[i]
		}
		if explicit[i] {
			hi = keys[i]
		}
	}
}

// node is one outline in the layout WriteTo writes.
type node struct {
	rec      int
	children []*node
	explicit bool // its sx:sync carries its position
}

// layout is the OPML body as written.
type layout struct {
	roots []*node
}

// walk calls f on every node, depth-first in document order.
func (l *layout) walk(f func(*node)) {
	var rec func([]*node)
	rec = func(ns []*node) {
		for _, n := range ns {
			f(n)
			rec(n.children)
		}
	}
	rec(l.roots)
}

// layout lays the outlines out as sse.Build does: each live outline under
// its parent in the tree (an outline that §4.4.2 cut from a cycle at the
// root), siblings by key and then id. Tombstones, which the tree leaves
// out, are written under their nearest live ancestor, in key order among
// its children. Then each list is settled: which outlines carry their
// position on their sx:sync.
func (d *Doc) layout() *layout {
	items := make([]*sse.Item, len(d.recs))
	for i := range d.recs {
		items[i] = d.recs[i].item
	}
	tree := sse.Build(d.records())
	live := d.liveAncestors()
	lists := map[string][]*node{}
	nodes := make([]*node, len(d.recs))
	for i, it := range items {
		if d.isHidden(i) {
			continue
		}
		p := tree.Parent(it.ID)
		if it.Deleted {
			p = live(it.Position.Parent)
		}
		nodes[i] = &node{rec: i}
		lists[p] = append(lists[p], nodes[i])
	}
	for p, list := range lists {
		slices.SortFunc(list, func(a, b *node) int {
			x, y := items[a.rec], items[b.rec]
			return cmp.Or(strings.Compare(x.Position.Key, y.Position.Key), strings.Compare(x.ID, y.ID))
		})
		d.settleList(p, list)
		if p != "" {
			nodes[d.index[p]].children = list
		}
	}
	return &layout{roots: lists[""]}
}

// liveAncestors returns a function that gives the nearest live outline
// up the parents from id, or "" (the root) when the walk meets an unknown
// id or goes round. Answers are remembered, so that a run of tombstones is
// walked once, not once per tombstone in it.
func (d *Doc) liveAncestors() func(id string) string {
	known := map[string]string{}
	return func(id string) string {
		var run []string
		onRun := map[string]bool{}
		a := ""
		for id != "" && !onRun[id] {
			if k, ok := known[id]; ok {
				a = k
				break
			}
			i, ok := d.index[id]
			if !ok {
				break
			}
			if it := d.recs[i].item; !it.Deleted {
				a = id
				break
			}
			onRun[id] = true
			run = append(run, id)
			id = d.recs[i].item.Position.Parent
		}
		for _, q := range run {
			known[q] = a
		}
		return a
	}
}

// settleList marks the outlines of one list, children of parent, that
// must carry their position: those not written under their parent, and
// those whose key a reader would not derive (settle). It looks at the
// positions only, never at whether an outline was read with marks, so
// that the marks follow from the data and not from the order of the
// merges that made it: an outline read with marks it no longer needs is
// written without them.
func (d *Doc) settleList(parent string, list []*node) {
	keys := make([]string, len(list))
	explicit := make([]bool, len(list))
	for i, n := range list {
		it := d.recs[n.rec].item
		keys[i] = it.Position.Key
		explicit[i] = it.Position.Parent != parent
	}
	settle(keys, explicit)
	for i, n := range list {
		n.explicit = explicit[i]
	}
}
