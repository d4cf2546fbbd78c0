package feeds

import (
	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// Doc is a loaded feed: the parsed document and its FeedSync items. The
// parsed tree is never modified: items that change are written from their
// new state, and the others as they were read. Two Docs may share a tree
// (Merge's result shares its local input's), which is safe for that reason.
type Doc struct {
	name   string
	format Format
	src    *source
	root   *etree.Element
	box    *etree.Element // the element holding the items: <feed> or <channel>
	cscope *scope         // the namespace context inside box
	sx     string         // prefix for FeedSync inside box
	declSX bool           // sx is not bound inside box: declare it on the root if needed
	atom   string         // Atom feeds: the prefix bound to Atom inside box
	rssNS  *scope         // a context with no default namespace, for generated RSS elements
	note   string         // an rss version read as RSS 2.0 (RSSVersion), or ""

	itemInd string // white space before an item, as read ("" in a compact feed)
	unit    string // one level of indentation, as read

	slots     []int32 // per child of box: record index, -1 for none, -2-r for another element of record r (note 2)
	appendAt  int     // child of box before which new items are written
	firstItem int     // child of box holding the first item, or -1
	sharingAt int     // child of box holding sx:sharing, or -1

	recs  []record // sync items: those read, in document order, then those added
	nTree int      // recs[:nTree] were read from the tree
	index map[string]int
	// hidden marks the records Subset left out, by index into recs; a
	// record past its end is not hidden. Hidden records are neither listed
	// nor written, and their ids are not in index.
	hidden []bool

	sharing    *Sharing
	sharingSet bool // SetSharing was called: write sharing, not the element read

	level levelEdits // feed-level elements taken from another version (TakeFeedLevel); nil Edits for none
	notes Problems   // what the merge that made the Doc must say (MergeWarnings)
}

// record is one sync item of a Doc and where it came from.
type record struct {
	item *engine.Item
	orig *engine.Item // the item as read; while item == orig, its element is written as it was read
	lz   *lazyEl      // the element read, or nil; its source's scope is the namespace context of its parent
	dups bool         // several elements carried this id and were merged (note 2)
	// undeleted: Set brought the item back from deletion, so it is written
	// with deleted="false" (§3.2 step 6).
	undeleted bool
}

// Name returns the name the feed was loaded under.
func (d *Doc) Name() string { return d.name }

// Format returns the feed's format.
func (d *Doc) Format() Format { return d.format }

// Items returns the sync items in document order, items added since at the
// end. Several elements with one id were merged into one item when read
// (implementation note 2, engine.Dedupe). The items belong to the Doc: change
// them through Set, never in place.
func (d *Doc) Items() []*engine.Item {
	return xmlutil.Visible(d.recs, d.hidden, recordItem)
}

// Subset returns a Doc that holds only the sync items for which keep
// returns true, for a partial feed (§4): it lists and writes those items
// and leaves the others out, with the white space before them; everything
// else in the feed, items without sx:sync included, is written as before.
// d does not change. An item Set or merged into the result under the id of
// one left out is a new item, added at the end.
func (d *Doc) Subset(keep func(*engine.Item) bool) *Doc {
	out := *d
	out.recs, out.hidden, out.index = xmlutil.Subset(d.recs, d.hidden,
		func(r *record) bool { return keep(r.item) },
		func(r *record) string { return r.item.Sync.ID })
	return &out
}

// isHidden reports whether Subset left record i out.
func (d *Doc) isHidden(i int) bool { return xmlutil.Hidden(d.hidden, i) }

func recordItem(r *record) *engine.Item { return r.item }

// Item returns the item with the given sync id, or nil.
func (d *Doc) Item(id string) *engine.Item {
	return xmlutil.Lookup(d.recs, d.index, id, recordItem)
}

// Set replaces the item with it.Sync.ID, or appends it as a new item at the
// end of the feed (§3.1 step 4). Data of the other format, its own or its
// conflicts', crosses into the feed's format.
func (d *Doc) Set(it *engine.Item) {
	it = d.adopt(it)
	i, added := xmlutil.Put(&d.recs, d.index, it.Sync.ID)
	r := &d.recs[i]
	r.undeleted = !added && !it.Sync.Deleted && (r.item.Sync.Deleted || r.undeleted)
	r.item = it
}

// ItemBytes returns the bytes item id's element was read from, while d
// holds the item as read: not replaced since (Set, a merge) and read from
// one element. false otherwise, and for an id d does not hold.
func (d *Doc) ItemBytes(id string) ([]byte, bool) {
	i, ok := d.index[id]
	if !ok {
		return nil, false
	}
	r := &d.recs[i]
	if r.lz == nil || r.item != r.orig || r.dups {
		return nil, false
	}
	return r.lz.raw(), true
}

// verbatim reports whether the record is written as the element it was read
// from. An item merged from several elements of another feed is not.
func (r *record) verbatim(inTree bool) bool {
	return r.lz != nil && r.item == r.orig && (inTree || !r.dups)
}

// Sharing is a feed's sx:sharing element (§2.2, §2.3).
type Sharing struct {
	// Since and Until bound the items in the feed. They are opaque strings
	// compared by code point (§4, footnote 1), not dates; both or neither.
	Since, Until string
	// Expires is a date-time (§2.1.5), or "".
	Expires string
	Related []Related
}

// Related is an sx:related element (§2.3).
type Related struct {
	Link  string // an absolute URI
	Type  string // "complete" or "aggregated"
	Title string // optional
}

// OutOfSync reports whether a subscriber that cached until from an earlier
// read of this feed has missed updates: the feed's since collates after it
// (§4.1.2 step 2.1).
func (s *Sharing) OutOfSync(cachedUntil string) bool {
	return s != nil && s.Since != "" && cachedUntil != "" && s.Since > cachedUntil
}

// Sharing returns the feed's sx:sharing, or nil. The result is a copy.
func (d *Doc) Sharing() *Sharing {
	return xmlutil.Copy(d.sharing, relatedOf)
}

func relatedOf(s *Sharing) *[]Related { return &s.Related }

// SetSharing replaces the feed's sx:sharing with s, or removes it when s is
// nil. Markup the old element held beyond what Sharing models is not kept.
func (d *Doc) SetSharing(s *Sharing) {
	d.sharingSet = true
	d.sharing = xmlutil.Copy(s, relatedOf)
}
