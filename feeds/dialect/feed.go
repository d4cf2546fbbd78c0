package dialect

import (
	"cmp"
	"io"
	"slices"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// Doc is a loaded feed in either dialect. Its methods are the operations
// of the spec; all of them return data. A Doc changes only through Set
// (and Create, Update and Resolve return entries for Set): the entries it
// returned before keep the state they had.
type Doc struct {
	b backend
	// src is the input Parse read, kept while nothing was Set, so that a
	// feed with no sync data can be read again in the other binding.
	src    []byte
	synced bool   // holds sync data: a sync item or sx:sharing
	ns     string // the sync namespace URI the feed declares, when known
}

// backend is one binding: package feeds for FeedSync 1.0.2, package
// feeds/sse for SSE 0.91.
type backend interface {
	name() string
	dialect() Dialect // the binding's dialect, whether or not the feed has sync data
	format() Format
	hasItems() bool
	warnings() feeds.Problems
	mergeWarnings() feeds.Problems
	incomplete() feeds.Problems // the items as read that lack what their format requires, and XHTML without its div
	entries() []Entry
	item(id string) (Entry, bool)
	itemBytes(id string) ([]byte, bool)
	set(e Entry)
	writeTo(w io.Writer) (int64, error)
	bytes() []byte
	create(id string, st engine.Stamp, c Change) (Entry, error)
	update(e Entry, st engine.Stamp, c Change, opt Options) (Entry, error)
	resolve(e Entry, st engine.Stamp, r Resolution, opt Options) (Entry, error)
	merge(remote backend, p feeds.Progress) (backend, error)
	outline(entries []Entry) *Outline
	sharing() *Sharing
	setSharing(s *Sharing)
	subset(keep func(Entry) bool) backend
}

// binding holds a binding's Doc, whose items are I, and does what both
// bindings do alike.
type binding[I any, D interface {
	Name() string
	Items() []*I
	Item(id string) *I
	ItemBytes(id string) ([]byte, bool)
	Set(*I)
	WriteTo(io.Writer) (int64, error)
	Bytes() []byte
}] struct {
	doc  D
	wrap func(*I) Entry // the Entry of an item
}

func (b binding[I, D]) name() string                       { return b.doc.Name() }
func (b binding[I, D]) writeTo(w io.Writer) (int64, error) { return b.doc.WriteTo(w) }
func (b binding[I, D]) bytes() []byte                      { return b.doc.Bytes() }

func (b binding[I, D]) entries() []Entry {
	items := b.doc.Items()
	out := make([]Entry, len(items))
	for i, it := range items {
		out[i] = b.wrap(it)
	}
	return out
}

func (b binding[I, D]) hasItems() bool { return len(b.doc.Items()) > 0 }

func (b binding[I, D]) itemBytes(id string) ([]byte, bool) { return b.doc.ItemBytes(id) }

func (b binding[I, D]) item(id string) (Entry, bool) {
	it := b.doc.Item(id)
	return b.wrap(it), it != nil
}

// setItem writes an entry's item, unless the entry is of the other
// dialect (nil).
func (b binding[I, D]) setItem(it *I) {
	if it != nil {
		b.doc.Set(it)
	}
}

// bound turns what a binding's Parse or Merge returns, a Doc or an error,
// into the backend of that Doc made by bind, or the error as it is.
func bound[D any, B backend](bind func(D) B) func(D, error) (backend, error) {
	return func(doc D, err error) (backend, error) {
		if err != nil {
			return nil, err
		}
		return bind(doc), nil
	}
}

// Parse loads a feed, sniffing its dialect once from its first bytes and
// parsing it with that binding (see the package doc). name is used in
// messages only. A feed that does not load gives a feeds.Problems error,
// every problem as file:line:col, and no Doc. SSE 0.91 warnings, which do
// not stop a feed from loading, are in Warnings.
func Parse(name string, data []byte) (*Doc, error) {
	return ParseWithProgress(name, data, nil)
}

// ParseWithProgress is Parse, telling p how many of data's bytes it has
// read, as the dialect's binding does (feeds.ParseWithProgress,
// ssefeed.ParseWithProgress).
func ParseWithProgress(name string, data []byte, p feeds.Progress) (*Doc, error) {
	binding, ns := sniff(data)
	b, err := parseAs(binding, name, data, p)
	if err != nil {
		return nil, err
	}
	d := newDoc(b, data)
	d.ns = ns
	return d, nil
}

// Validate returns every problem Parse would report for the feed, and the
// warnings of a feed that loads: Warnings, every item that lacks what
// its format requires of an item (see the package doc), and every Atom
// text construct of type="xhtml" that is not one XHTML div
// (feeds.Doc.XHTMLProblems), in file order; both are nil for a clean feed.
func Validate(name string, data []byte) (problems, warnings feeds.Problems) {
	d, err := Parse(name, data)
	if err != nil {
		if ps, ok := err.(feeds.Problems); ok {
			return ps, nil
		}
		return feeds.Problems{{File: name, Msg: err.Error()}}, nil
	}
	warnings = append(d.Warnings(), d.b.incomplete()...)
	if len(warnings) == 0 {
		return nil, nil
	}
	sortProblems(warnings)
	return nil, warnings
}

// parseAs parses data with the binding of dialect d, telling p how far
// it has read.
func parseAs(d Dialect, name string, data []byte, p feeds.Progress) (backend, error) {
	if d == SSE091 {
		return bound(newSSE)(ssefeed.ParseWithProgress(name, data, p))
	}
	return bound(newFS)(feeds.ParseWithProgress(name, data, p))
}

// hasSync reports whether b holds sync data, a sync item or sx:sharing; a
// feed that holds none has no dialect yet (see Merge).
func hasSync(b backend) bool { return b.hasItems() || b.sharing() != nil }

func newDoc(b backend, src []byte) *Doc {
	d := &Doc{b: b, src: src}
	d.synced = hasSync(b)
	return d
}

// Name returns the name the feed was loaded under.
func (d *Doc) Name() string { return d.b.name() }

// Dialect returns the feed's dialect, None while it holds no sync data.
func (d *Doc) Dialect() Dialect {
	if !d.synced {
		return None
	}
	return d.b.dialect()
}

// Declared returns the dialect whose sync namespace the feed declares
// where Parse looks for it (the root, and an RSS channel; FeedSync
// 1.0.2's when both are), whether or not it holds sync data yet: an empty
// SSE 0.91 RSS feed declares SSE 0.91, and a hub keeps it so (package
// feeds/share). None for a feed that declares neither, as an RSS feed or
// an OPML outline that no endpoint has synced yet. Dialect, not None once
// the feed holds sync data, is what the data is; Declared is only what
// the feed says.
func (d *Doc) Declared() Dialect {
	if d.ns == "" {
		return None
	}
	return d.binding() // the binding sniff chose from the declaration
}

// binding returns the dialect of the binding that holds the feed, which
// is the one a feed with no sync data yet is created in: FeedSync 1.0.2
// for Atom and RSS, SSE 0.91 for OPML or a feed that declares it.
func (d *Doc) binding() Dialect { return d.b.dialect() }

// Format returns the feed's format.
func (d *Doc) Format() Format { return d.b.format() }

// Warnings returns what is wrong with the feed but did not stop it from
// loading (SSE 0.91), in file order; a merge's result has both inputs'.
func (d *Doc) Warnings() feeds.Problems { return d.b.warnings() }

// MergeWarnings returns what the merge that made the Doc kept but must
// say (feeds.Doc.MergeWarnings): items one endpoint changed twice with one
// sequence, and items the two feeds held with the same sync data and
// different data. It is nil for a Doc no merge made.
func (d *Doc) MergeWarnings() feeds.Problems { return d.b.mergeWarnings() }

// Entries returns the items in document order: an OPML outline depth
// first, as written, tombstones included. The index of an entry is its
// position in Outline.
func (d *Doc) Entries() []Entry { return d.b.entries() }

// Release lets go of what d alone reads, for a d nothing reads again but
// through the items a merge took from it (feeds.Doc.Release): a merge's
// REMOTE in a command that ends with the merge. An SSE 0.91 feed keeps
// all. d must not be used afterwards.
func (d *Doc) Release() {
	if f, ok := d.b.(fs102); ok {
		f.doc.Release()
	}
}

// Entry returns the item with the given sync id, or a *NoItemError.
func (d *Doc) Entry(id string) (Entry, error) {
	if e, ok := d.b.item(id); ok {
		return e, nil
	}
	return Entry{}, &NoItemError{Feed: d.Name(), ID: id}
}

// ItemBytes returns the bytes item id's element was read from, while the
// Doc holds the item as read (nothing set, merged or resolved it since,
// and it was one element): two items with equal bytes, read from feeds
// that bind their prefixes alike, are the same item, which a caller can
// tell without reading their data. false otherwise, for an OPML outline
// (whose element holds the outlines under it) and for an item the Doc
// lacks.
func (d *Doc) ItemBytes(id string) ([]byte, bool) { return d.b.itemBytes(id) }

// Conflicted counts the items that await a resolution (Entry.InConflict).
func (d *Doc) Conflicted() int {
	n := 0
	for _, e := range d.Entries() {
		if e.InConflict() {
			n++
		}
	}
	return n
}

// Selective reports whether a resolution can fold in some conflict
// versions and leave the others: FeedSync 1.0.2 can (1.0.2 §4), SSE 0.91
// resolves all of an item's conflicts at once (0.91 §5).
func (d *Doc) Selective() bool { return d.binding() == FeedSync102 }

// Set writes an entry into the feed: it replaces the item with its id, or
// adds it (at the end of an RSS or Atom feed, 1.0.2 §3.1 step 4; in an
// OPML outline where its position puts it).
func (d *Doc) Set(e Entry) {
	d.b.set(e)
	d.src, d.synced = nil, true
}

// WriteTo writes the feed: what did not change as it was read, changed
// items from their state. The output depends only on the Doc.
func (d *Doc) WriteTo(w io.Writer) (int64, error) { return d.b.writeTo(w) }

// Bytes returns the feed as WriteTo writes it.
func (d *Doc) Bytes() []byte { return d.b.bytes() }

// UTF8Bytes returns the feed as Bytes does, but in UTF-8 whatever encoding
// it came in, its XML declaration saying so: for a store that keeps feeds
// as text (the PostgreSQL hub cuts them with the scanner, which reads
// UTF-8). A UTF-8 feed's are its Bytes.
func (d *Doc) UTF8Bytes() []byte {
	b := d.Bytes()
	text, cs, err := xmlscan.Decode(b)
	if err != nil || cs == nil {
		return b
	}
	return xmlscan.DeclareUTF8(text)
}

// Create makes a new item stamped st (1.0.2 §3.1, 0.91 §4.1) from the
// change: its title and content, whether it is born deleted, in an OPML
// outline its place (at the end of the top level by default), and in
// 1.0.2 noconflicts. It returns the entry for Set; d does not change. A
// feed with no sync data yet creates in its binding's dialect: FeedSync
// 1.0.2 for Atom and RSS, SSE 0.91 for OPML.
//
// The item is what its format requires: an item without what the format
// requires of its text is refused (IncompleteError), and a 1.0.2 Atom
// entry gets the atom:id, atom:updated and atom:content every entry has
// (see the package doc).
func (d *Doc) Create(id string, st engine.Stamp, c Change) (Entry, error) {
	if err := d.check(c, Options{}); err != nil {
		return Entry{}, err
	}
	if _, ok := d.b.item(id); ok {
		return Entry{}, &ExistsError{Feed: d.Name(), ID: id}
	}
	e, err := d.b.create(id, st, c)
	if err == nil && d.lacksText(e.Winner()) {
		return Entry{}, &IncompleteError{Feed: d.Name(), ID: id, Format: d.Format()}
	}
	return e, err
}

// lacksText reports whether a version lacks what its format requires of
// an item's text (IncompleteError).
func (d *Doc) lacksText(v Version) bool {
	has := func(key string) bool {
		return slices.ContainsFunc(v.Fields(), func(f feeds.Field) bool { return f.Key == key })
	}
	return !has("title") && (d.Format() != RSS || !has("content"))
}

// keepsText refuses a new state of an item that lacks what its format
// requires of its text when the version it was made from had it. A
// tombstone may drop it: 1.0.2 §3.2 lets a deletion remove the item's data.
func (d *Doc) keepsText(from Version, to Entry, err error) (Entry, error) {
	if err == nil && !to.Winner().Deleted() && d.lacksText(to.Winner()) && !d.lacksText(from) {
		return Entry{}, &IncompleteError{Feed: d.Name(), ID: to.ID(), Format: d.Format()}
	}
	return to, err
}

// Update changes, deletes, undeletes or moves an item (e, an entry of d)
// as a local update stamped st (1.0.2 §3.2; 0.91 §4.2, and §3.2: a move is an update) and
// returns the new entry for Set; e and d do not change. An SSE 0.91 update
// also removes the item's conflicts (0.91 §4.2 step 4). An update that
// would take away what the format requires of the item's text is refused
// (IncompleteError); a 1.0.2 Atom entry's atom:updated moves to st's time.
func (d *Doc) Update(e Entry, st engine.Stamp, c Change, opt Options) (Entry, error) {
	if err := d.check(c, opt); err != nil {
		return Entry{}, err
	}
	up, err := d.b.update(e, st, c, opt)
	return d.keepsText(e.Winner(), up, err)
}

// Resolve resolves the conflicts of an item (e, an entry of d) as r says (1.0.2 §3.4 and §4: a
// §3.2 update, then the versions factored in are folded into the history;
// 0.91 §5: a further update that removes the conflict flag and every
// sx:conflict) and returns the new entry for Set; e and d do not change.
func (d *Doc) Resolve(e Entry, st engine.Stamp, r Resolution, opt Options) (Entry, error) {
	if err := d.check(Change{}, opt); err != nil {
		return Entry{}, err
	}
	if r.Place != nil && d.Format() != OPML {
		return Entry{}, &OPMLOnlyError{Feed: d.Name(), Dialect: d.binding(), Format: d.Format()}
	}
	from := e.Winner()
	if vs := e.Versions(); r.Pick >= 1 && r.Pick <= len(vs) {
		from = vs[r.Pick-1]
	}
	res, err := d.b.resolve(e, st, r, opt)
	return d.keepsText(from, res, err)
}

// check refuses what the change and options ask of the other dialect or
// of another format.
func (d *Doc) check(c Change, opt Options) error {
	dl := d.binding()
	switch {
	case dl == SSE091 && opt.CleanHistory:
		return &OptionError{Feed: d.Name(), Dialect: dl, Option: CleanHistory}
	case dl == SSE091 && c.NoConflicts:
		return &OptionError{Feed: d.Name(), Dialect: dl, Option: NoConflicts}
	case dl == FeedSync102 && opt.KeepVersions != 0:
		return &OptionError{Feed: d.Name(), Dialect: dl, Option: KeepVersions}
	case c.moves() && d.Format() != OPML:
		return &OPMLOnlyError{Feed: d.Name(), Dialect: dl, Format: d.Format()}
	}
	return nil
}

// Outline returns the tree that the given entries, in their current
// states, make of an OPML outline (see Outline); nil for RSS and Atom.
// entries are the feed's Entries or new states of them, in that order.
func (d *Doc) Outline(entries []Entry) *Outline { return d.b.outline(entries) }

// sortProblems sorts problems by position, stably.
func sortProblems(ps feeds.Problems) {
	slices.SortStableFunc(ps, func(a, b feeds.Problem) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
}
