package ssefeed

import (
	"errors"
	"fmt"

	"github.com/beevik/etree"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// MaxDepth is how deep elements may nest in a feed: the limit of the
// strict reader (xmlscan.DefaultLimits), so that what feedsync writes it
// can read back.
var MaxDepth = xmlscan.DefaultLimits.MaxDepth

// ErrTooDeep is matched by every *DepthError.
var ErrTooDeep = errors.New("elements would nest deeper than feedsync reads")

// DepthError is a feed that would be written with elements nested deeper
// than MaxDepth: an outline under too long a chain of parents (which
// fso:parent can make without nesting in the XML read), or an item whose
// conflicts hold deep data. It is refused rather than written, since no
// command could read it back.
type DepthError struct {
	Feed     string
	ID       string // the item whose elements nest deepest
	Outlines int    // the outlines it is under, itself counted (1 for an RSS item)
	Depth    int    // how deep its elements would nest
}

func (e *DepthError) Error() string {
	under := ""
	if e.Outlines > 1 {
		under = fmt.Sprintf(" under %d outlines", e.Outlines-1)
	}
	return fmt.Sprintf("%s: %q would be written%s with elements %d deep, past the %d that feedsync reads; refused, so that the feed stays readable (give it a parent higher up)",
		e.Feed, e.ID, under, e.Depth, MaxDepth)
}

// Is makes errors.Is(err, ErrTooDeep) true.
func (e *DepthError) Is(target error) bool { return target == ErrTooDeep }

// checkDepth returns a *DepthError when the feed as it would be written
// nests elements deeper than MaxDepth.
func (d *Doc) checkDepth() error {
	rec, outlines, depth := d.deepest()
	if depth <= MaxDepth {
		return nil
	}
	return &DepthError{Feed: d.name, ID: d.recs[rec].item.ID, Outlines: outlines, Depth: depth}
}

// Fits returns a *DepthError when Set(it) would make the feed nest
// elements deeper than MaxDepth (see DepthError), nil otherwise; d does
// not change. An RSS item nests alone, so it alone is measured, as
// deepest measures it: in time in its size, not the feed's, for the
// callers that set many items one by one (resolve --auto, the git
// driver's combinations). An outline is measured in a copy of the feed
// with it set, since its place moves the outlines under it.
func (d *Doc) Fits(it *sse.Item) error {
	if d.kind != KindOPML {
		if x := peek(it.Data); len(it.Conflicts) == 0 || x != nil && x.read == it {
			return nil // an RSS item nests as it was read, or sx:sync two deep
		}
		if depth := d.base() + 1 + d.height(it); depth > MaxDepth {
			return &DepthError{Feed: d.name, ID: it.ID, Outlines: 1, Depth: depth}
		}
		return nil
	}
	return d.fitsInCopy(it)
}

// fitsInCopy is Fits measured in a copy of the feed with it set.
func (d *Doc) fitsInCopy(it *sse.Item) error {
	trial := d.Subset(func(*sse.Item) bool { return true })
	trial.Set(it)
	return trial.checkDepth()
}

// deepest returns the record whose elements the writer nests deepest, the
// outlines it is under (itself counted), and that depth, from the root
// element (1) on. Outlines are placed as the writer places them (layout):
// live ones under their parent in sse.Build's tree, tombstones under their
// nearest live ancestor. It takes time linear in the feed.
func (d *Doc) deepest() (rec, outlines, depth int) {
	base := d.base()
	level := func(int) int { return 1 }
	if d.kind == KindOPML {
		level = d.levels()
	}
	rec = -1
	for i := range d.recs {
		if d.isHidden(i) {
			continue
		}
		it := d.recs[i].item
		if x := peek(it.Data); d.kind != KindOPML && (len(it.Conflicts) == 0 || x != nil && x.read == it) {
			continue // an RSS item nests as it was read, or sx:sync two deep
		}
		if n := level(i); base+n+d.height(it) > depth {
			rec, outlines, depth = i, n, base+n+d.height(it)
		}
	}
	return rec, outlines, depth
}

// base is the number of elements from the root to box, both counted.
func (d *Doc) base() int {
	n := 0
	for e := d.box; e != nil && e.Parent() != nil; e = e.Parent() {
		n++
	}
	return n
}

// levels returns, for an OPML record, the outlines it is written under,
// itself counted: 1 at the top level.
func (d *Doc) levels() func(i int) int {
	tree := sse.Build(d.records())
	live := d.liveAncestors()
	memo := map[string]int{}
	var of func(id string) int
	of = func(id string) int { // of a live outline
		var path []string
		n := 0
		for p := id; p != ""; p = tree.Parent(p) {
			if k, ok := memo[p]; ok {
				n = k
				break
			}
			path = append(path, p)
		}
		for j := len(path) - 1; j >= 0; j-- {
			n++
			memo[path[j]] = n
		}
		return memo[id]
	}
	return func(i int) int {
		it := d.recs[i].item
		if !it.Deleted {
			return of(it.ID)
		}
		if a := live(it.Position.Parent); a != "" {
			return of(a) + 1
		}
		return 1
	}
}

// height is how deep an item's own elements nest inside its element: its
// data's children, its sx:sync with sx:history (2) or as read, and its
// sx:conflicts, each sx:conflict holding the losing data (in OPML inside
// an outline element of its own). Child outlines are not counted.
func (d *Doc) height(it *sse.Item) int {
	h := 2
	if x := dataOf(it.Data); x != nil {
		h = max(h, x.height())
	}
	wrap := 3 // sx:sync, sx:conflicts, sx:conflict
	if d.kind == KindOPML {
		wrap++
	}
	for _, c := range it.Conflicts {
		kids := 0
		if x := dataOf(c.Data); x != nil {
			kids = x.height()
		}
		h = max(h, wrap+kids)
	}
	return h
}

// height is how deep the data's child elements nest (1 for leaves, 0 for
// none), and its sx:sync as read; remembered, as data never changes.
func (x *itemData) height() int {
	if h := x.depth.Load(); h > 0 {
		return int(h) - 1
	}
	h := 0
	for _, t := range x.kids {
		if e, ok := t.(*etree.Element); ok {
			h = max(h, elementHeight(e))
		}
	}
	if x.sync != nil {
		h = max(h, elementHeight(x.sync))
	}
	x.depth.Store(int32(h) + 1)
	return h
}

// elementHeight is how deep e's elements nest, e counted: 1 for a leaf.
func elementHeight(e *etree.Element) int {
	h := 0
	for _, c := range e.ChildElements() {
		h = max(h, elementHeight(c))
	}
	return h + 1
}
