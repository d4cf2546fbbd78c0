package ssefeed

import (
	"time"

	"github.com/beevik/etree"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// Doc is a loaded SSE 0.91 feed: an RSS 2.0 channel or an OPML outline,
// and its items. The parsed tree is never modified: items that change are
// written from their new state, the others as they were read. Two Docs
// may share a tree (Merge's result shares its local input's).
type Doc struct {
	name     string
	kind     string // KindRSS or KindOPML
	src      *source
	root     *etree.Element
	box      *etree.Element // where the items are: <channel> or <body>
	ns       string         // the SSE namespace in the form the feed uses
	sx       string         // prefix bound to ns at box
	declSX   bool           // sx is not bound at box: declare it on the root if needed
	fso      string         // prefix for NSOutline at box
	declFSO  bool
	sharing  *Sharing
	warnings feeds.Problems
	notes    feeds.Problems // what the merge that made the Doc must say (MergeWarnings)

	// sx:sharing: the element read (nil for none), the OPML head (nil
	// for none, or RSS), and whether SetSharing was called, so that the
	// element is written from sharing rather than as read.
	sharingEl  *etree.Element
	head       *etree.Element
	sharingSet bool

	level levelEdits // feed-level elements taken from another version (TakeFeedLevel); nil Edits for none

	recs  []record // the items: those read in document order, then those added
	nRead int      // recs[:nRead] were read from the tree
	index map[string]int
	// hidden marks the records Subset left out, by index into recs; a
	// record past its end is not hidden. Hidden records are neither listed
	// nor written, and their ids are not in index.
	hidden []bool
	dates  map[int64]string // the first date-time text read for each instant, written back as read
	// moreDates holds the texts MergeIn took in for instants dates has
	// none for; both maps may be shared with other Docs and never change.
	moreDates map[int64]string

	// RSS layout.
	slots    []int // per child of box: the record it holds, -1 for none, -2 for a further element of a merged id
	appendAt int   // child of box before which added items are written

	itemInd string // white space before an item at the top level, as read
	unit    string // one level of indentation, as read

	outline *outlineIndex // OPML: what MergeIn keeps to merge in place; nil until it is needed
}

// record is one item of a Doc and the element it was read from.
type record struct {
	item *sse.Item
	el   *etree.Element // nil for an item added since
}

// Sharing is the feed's sx:sharing element (§2.1) with its sx:related
// children (§2.2). Times are zero when absent or blank.
type Sharing struct {
	Since, Until time.Time
	Version      string // required; "0.91"
	Window       int    // days of history the publisher keeps; 0 when absent
	Related      []Related
}

// Related is an sx:related element (§2.2).
type Related struct {
	Link         string
	Title        string // optional
	Type         string // "complete" or "aggregated"
	Since, Until time.Time
}

// SetSharing replaces the feed's sx:sharing with s, or removes it when s is
// nil (§2.1, §2.2). The new element goes where the one read was, when that
// was inside the channel or the head; otherwise at the head of the
// channel, before the first item, or at the end of the OPML head (made
// when the outline has none), and one read outside is dropped. Markup the
// old element held beyond what Sharing models is not kept. Times are
// written as RFC 822 dates (§1.2); an empty Version is written "0.91".
func (d *Doc) SetSharing(s *Sharing) {
	d.sharingSet = true
	d.sharing = xmlutil.Copy(s, relatedOf)
}

// Subset returns a Doc that holds only the items for which keep returns
// true, for a partial feed (§2.2.1): it lists and writes those items and
// leaves the others out; everything else is written as before. In OPML an
// outline kept under one left out is written where the layout puts it
// (under its nearest ancestor written, or at the top) with its position
// on its sx:sync (see the package doc). d does not change. An item Set or
// merged into the result under the id of one left out is a new item.
func (d *Doc) Subset(keep func(*sse.Item) bool) *Doc {
	out := *d
	out.outline = nil
	out.recs, out.hidden, out.index = xmlutil.Subset(d.recs, d.hidden,
		func(r *record) bool { return keep(r.item) },
		func(r *record) string { return r.item.ID })
	return &out
}

// isHidden reports whether Subset left record i out.
func (d *Doc) isHidden(i int) bool { return xmlutil.Hidden(d.hidden, i) }

// Name returns the name the feed was loaded under.
func (d *Doc) Name() string { return d.name }

// Kind returns "rss" or "opml" (KindRSS, KindOPML).
func (d *Doc) Kind() string { return d.kind }

// Warnings returns what is wrong with the feed but did not stop it from
// loading, in file order: sx:sharing outside channel or head, several
// items with one id, and the like. Merge's result has both inputs'.
func (d *Doc) Warnings() feeds.Problems { return append(feeds.Problems(nil), d.warnings...) }

// Sharing returns a copy of the feed's sx:sharing, or nil.
func (d *Doc) Sharing() *Sharing {
	return xmlutil.Copy(d.sharing, relatedOf)
}

func relatedOf(s *Sharing) *[]Related { return &s.Related }

// Items returns the items in document order: for OPML depth-first, in the
// layout WriteTo writes, tombstones included; for RSS in the order read,
// items added since at the end. Several elements with one id were merged
// into one item when read (sse.Dedupe). The items belong to the Doc:
// change them through Set, never in place.
func (d *Doc) Items() []*sse.Item {
	if d.kind == KindOPML {
		var out []*sse.Item
		d.layout().walk(func(n *node) { out = append(out, d.recs[n.rec].item) })
		return out
	}
	return d.records()
}

// records returns the items Subset did not leave out, in the order read,
// items added at the end.
func (d *Doc) records() []*sse.Item {
	return xmlutil.Visible(d.recs, d.hidden, recordItem)
}

func recordItem(r *record) *sse.Item { return r.item }

// Item returns the item with the given id, or nil.
// ItemBytes returns the bytes an RSS item's element was read from, while
// d holds the item as read: not replaced since (Set, a merge) and read
// from one element. false otherwise, for an OPML outline (its element
// holds the outlines under it) and for an id d does not hold.
func (d *Doc) ItemBytes(id string) ([]byte, bool) {
	i, ok := d.index[id]
	if !ok {
		return nil, false
	}
	it := d.recs[i].item
	x := peek(it.Data)
	if x == nil || x.lz == nil || x.lz.conflict >= 0 || x.read != it {
		return nil, false
	}
	return x.lz.item.raw(), true
}

func (d *Doc) Item(id string) *sse.Item {
	return xmlutil.Lookup(d.recs, d.index, id, recordItem)
}

// Set replaces the item with it.ID, or adds it as a new item: at the end
// of an RSS channel, or in an OPML outline where its Position puts it
// (WriteTo lays outlines out with sse.Build). Data of the other kind is
// carried over by its title and content. RSS items have no position:
// it.Position is not written.
func (d *Doc) Set(it *sse.Item) {
	it = d.adopt(it)
	d.outline = nil
	i, _ := xmlutil.Put(&d.recs, d.index, it.ID)
	d.recs[i].item = it
}

// adopt returns it with its data and its conflicts' data of d's kind: it
// itself when they already are, else a copy.
func (d *Doc) adopt(it *sse.Item) *sse.Item {
	fits := func(dt sse.Data) bool { x := peek(dt); return x != nil && x.kind == d.kind }
	ok := fits(it.Data)
	for _, c := range it.Conflicts {
		ok = ok && fits(c.Data)
	}
	if ok {
		return it
	}
	c := it.Clone()
	c.Data = d.own(c.Data)
	for _, x := range c.Conflicts {
		x.Data = d.own(x.Data)
	}
	return c
}

// Tree returns the hierarchy of an OPML feed's outlines (sse.Build), for
// the resolver's indented tree, or nil for RSS.
func (d *Doc) Tree() *sse.Tree {
	if d.kind != KindOPML {
		return nil
	}
	return sse.Build(d.records())
}

// date returns the text a date-time is written with: the first text read
// for that instant, or the spec's form (§1.2).
func (d *Doc) date(t time.Time) string {
	if s, ok := d.dateText(t.Unix()); ok {
		return s
	}
	return formatDate(t)
}
