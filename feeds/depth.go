package feeds

import (
	"errors"
	"fmt"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// MaxDepth is how deep elements may nest in a feed: the limit of the
// strict reader (xmlscan.DefaultLimits), so that what feedsync writes it
// can read back.
var MaxDepth = xmlscan.DefaultLimits.MaxDepth

// ErrTooDeep is matched by every *DepthError.
var ErrTooDeep = errors.New("elements would nest deeper than feedsync reads")

// DepthError is a merge whose result would be written with elements
// nested deeper than MaxDepth: a conflict version (1.0.2 §3.3 step 5) is
// written inside sx:sync and sx:conflicts, three levels below where its
// item was read, and data that nested nearly as deep as the reader takes
// would pass it. It is refused rather than written, since no command
// could read it back.
type DepthError struct {
	Feed  string
	ID    string // the item whose conflicts nest too deep
	Depth int    // how deep its elements would nest
}

func (e *DepthError) Error() string {
	return fmt.Sprintf("%s: item %q would be written with a conflict version's elements %d deep, past the %d that feedsync reads; refused, so that the feed stays readable",
		e.Feed, e.ID, e.Depth, MaxDepth)
}

// Is makes errors.Is(err, ErrTooDeep) true.
func (e *DepthError) Is(target error) bool { return target == ErrTooDeep }

// checkDepth returns a *DepthError when an item that a merge gave new
// conflicts would be written nested deeper than MaxDepth. Items written
// as they were read nest as they did.
func (d *Doc) checkDepth() error {
	for i := range d.recs {
		if d.isHidden(i) {
			continue
		}
		if err := d.checkDepthAt(i); err != nil {
			return err
		}
	}
	return nil
}

// checkDepthAt is checkDepth for the record at i.
func (d *Doc) checkDepthAt(i int) error {
	r := &d.recs[i]
	if r.item == r.orig || len(r.item.Conflicts) == 0 {
		return nil
	}
	item := 2 // feed, entry
	if d.format == RSS {
		item = 3 // rss, channel, item
	}
	if depth := item + 3 + conflictHeight(r.item.Conflicts); depth > MaxDepth {
		return &DepthError{Feed: d.name, ID: r.item.Sync.ID, Depth: depth}
	}
	return nil
}

// conflictHeight is how deep the children of the conflict versions' items
// nest, 1 for leaves: sx:sync, sx:conflicts and the version's element
// come above them.
func conflictHeight(cs []*engine.Item) int {
	h := 0
	for _, c := range cs {
		x := dataOf(c.Data)
		if x == nil {
			continue
		}
		if x.lz != nil && !x.lz.ready() {
			h = max(h, x.lz.height())
			continue
		}
		kids, _ := x.children()
		for _, k := range kids {
			if e := k.elem(); e != nil {
				h = max(h, elementHeight(e))
			}
		}
	}
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
