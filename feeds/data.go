package feeds

import (
	"slices"
	"strings"
	"sync/atomic"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// itemData is the engine.Data of one version of an item: its element's
// children other than sx:sync. It is never modified once made (the engine
// shares it between versions); operations that change data make a new one.
//
// Data read from a feed is its element's bytes (lz): its tree is built the
// first time it is needed, and its digest was computed as it was read.
// Data made by NewData, by a merge (implementation note 1) or by crossing
// formats lists its children in comp, each with the scope it was read in,
// and is written with fresh indentation; tr holds the element and sx:sync
// it takes its start tag and sync markup from. What only such data has is
// behind one pointer (made), nil for data read from a feed, the most of
// a big feed's.
type itemData struct {
	format Format
	lz     *lazyEl             // data read from a feed
	made   *made               // data made in memory
	digest atomic.Pointer[sum] // the SHA-256 Digest gives in hex, once computed
}

// made is what data made in memory has besides its format and digest.
type made struct {
	tr   *itemTree    // the element (el nil for a new one) and sx:sync it keeps
	comp *composition // when set, the data, rather than el's children

	// pend, when set, is a composition yet to be made (compose): tr and
	// comp are set from it on first use, or made afresh for one reader
	// and not kept (loose).
	pend *pending
}

// noMade is the made of data read from a feed, which has none: never
// written.
var noMade made

// m returns the data's made, noMade when it has none.
func (d *itemData) m() *made {
	if d.made == nil {
		return &noMade
	}
	return d.made
}

// madeData returns data of format f made in memory with tree tr and
// children comp.
func madeData(f Format, tr *itemTree, comp *composition) *itemData {
	return &itemData{format: f, made: &made{tr: tr, comp: comp}}
}

// noTree is the tree of data that has no element.
var noTree = &itemTree{}

// tree returns the data's element and sx:sync, building them for data
// read from a feed.
func (d *itemData) tree() *itemTree {
	d.settle()
	switch {
	case d.lz != nil:
		return d.lz.tree()
	case d.m().tr != nil:
		return d.made.tr
	}
	return noTree
}

// slimTree returns the tree the data's fields are read from and a merge
// composes it from: for data read from a feed, the item's tree or one
// without the history and conflicts of its sx:sync (lazyEl.slim).
func (d *itemData) slimTree() *itemTree {
	if d.lz != nil && d.m().comp == nil {
		return d.lz.slim()
	}
	return d.tree()
}

// loose returns the data as a reader that reads it once sees it, with
// trees not built yet built afresh and not kept (lazyEl.loose): the data
// itself when its trees are built or it has none to build.
func (d *itemData) loose() *itemData { return d.looseIn(nil) }

// looseIn is loose with the trees of items taken from c (lazyEl.looseIn).
func (d *itemData) looseIn(c treeCache) *itemData {
	switch {
	case d.m().pend != nil && !d.made.pend.done.Load():
		x := d.made.pend.make()
		x.digest.Store(d.digest.Load())
		return x
	case d.lz != nil && !d.lz.ready():
		x := madeData(d.format, d.lz.looseIn(c), nil)
		x.digest.Store(d.digest.Load())
		return x
	}
	return d
}

// composition is the children of data that was built rather than read.
type composition struct {
	kids   []kid // children other than sx:sync, without white space
	syncAt int   // sx:sync is written before kids[syncAt]
}

// kid is one child of an item: an element, a comment or text, with the
// namespace context of its parent where it was read.
type kid struct {
	tok   etree.Token
	scope *scope
}

// elem returns the kid's element, or nil if it is not one.
func (k kid) elem() *etree.Element {
	e, _ := k.tok.(*etree.Element)
	return e
}

// children returns the data's children other than sx:sync and white space,
// and the index sx:sync goes before.
func (d *itemData) children() ([]kid, int) {
	return d.childrenIn(d.tree())
}

// childrenIn is children with tr as the data's tree (see slimTree).
func (d *itemData) childrenIn(tr *itemTree) ([]kid, int) {
	d.settle()
	if c := d.m().comp; c != nil {
		return c.kids, c.syncAt
	}
	kids := make([]kid, 0, len(tr.el.Child)/2+1)
	at := -1
	for _, t := range tr.el.Child {
		switch t := t.(type) {
		case *etree.CharData:
			if t.IsWhitespace() || xmlutil.IsSpace(t.Data) {
				continue
			}
		case *etree.Element:
			if t == tr.sync {
				at = len(kids)
				continue
			}
		}
		kids = append(kids, kid{t, tr.iscope})
	}
	if at < 0 {
		at = len(kids)
	}
	return kids, at
}

// field is a kid element with what FeedSync makes of it.
type field struct {
	kid
	uri  string
	kind kind
}

// fields returns the data's child elements, classified (implementation note 1).
func (d *itemData) fields() []field {
	return d.appendFields(nil)
}

// appendFields appends the data's child elements, classified, to fs.
func (d *itemData) appendFields(fs []field) []field {
	if p := d.m().pend; p != nil && !p.done.Load() {
		return p.make().appendFields(fs) // read once (Fields, Digest): not kept
	}
	if d.m().comp != nil { // set, or made by pend when it is done
		return d.appendFieldsIn(fs, nil)
	}
	return d.appendFieldsIn(fs, d.slimTree())
}

// appendFieldsIn is appendFields with tr as the data's tree (see
// slimTree); tr is not used for composed data.
func (d *itemData) appendFieldsIn(fs []field, tr *itemTree) []field {
	d.settle()
	if c := d.m().comp; c != nil {
		for _, k := range c.kids {
			if e := k.elem(); e != nil {
				u := k.scope.elemURI(e)
				fs = append(fs, field{k, u, classify(d.format, u, e)})
			}
		}
		return fs
	}
	pu := tr.scope.elemURI(tr.el)
	for _, t := range tr.el.Child {
		e, ok := t.(*etree.Element)
		if !ok || e == tr.sync {
			continue
		}
		u := childURI(tr.el, pu, e, tr.iscope)
		fs = append(fs, field{kid{e, tr.iscope}, u, classify(d.format, u, e)})
	}
	return fs
}

// childURI returns the namespace URI of e, a child of parent whose URI is pu
// and whose own scope is s. A child with its parent's prefix that declares
// nothing shares its parent's namespace, which saves a look-up.
func childURI(parent *etree.Element, pu string, e *etree.Element, s *scope) string {
	if e.Space == parent.Space && !xmlutil.HasDecl(e.Attr) {
		return pu
	}
	return s.elemURI(e)
}

// canonical appends to b a format-neutral form of the shared data: titles,
// then contents, then categories (term and scheme or domain), then every
// other shared element, each group in document order, elements by expanded
// name with attributes sorted and comments left out.
func (d *itemData) canonical(b []byte, scratch *[]field) []byte {
	fs := d.appendFields((*scratch)[:0])
	*scratch = fs
	for g := range 4 {
		for _, f := range fs {
			if !f.kind.shared() || group(f.kind) != g {
				continue
			}
			b = append(b, byte('0'+g))
			switch f.kind {
			case kindTitle, kindContent:
				b = appendText(b, textOf(f.elem(), f.uri))
			case kindCategory:
				term, scheme := category(f.elem(), f.uri)
				b = appendText(appendText(b, term), scheme)
			default:
				b = canonicalXML(b, f.elem(), f.scope, true)
			}
		}
	}
	return b
}

// group orders shared fields: titles, contents, categories, the rest.
func group(k kind) int {
	switch k {
	case kindTitle:
		return 0
	case kindContent:
		return 1
	case kindCategory:
		return 2
	}
	return 3
}

// appendText appends s with its length, so that fields cannot run together.
func appendText(b []byte, s string) []byte {
	b = append(b, itoa(len(s))...)
	b = append(b, ':')
	return append(b, s...)
}

// scratch holds buffers reused across comparisons.
type scratch struct {
	b      [2][]byte
	fields []field
}

// sharedEqual reports whether two data carry the same shared data: whether
// their digests are equal, without hashing.
func sharedEqual(a, b engine.Data, sc *scratch) bool {
	if a == b {
		return true
	}
	x, ok1 := a.(*itemData)
	y, ok2 := b.(*itemData)
	if !ok1 || !ok2 {
		return a != nil && b != nil && a.Digest() == b.Digest()
	}
	if dx, dy := x.digest.Load(), y.digest.Load(); dx != nil && dy != nil {
		return *dx == *dy // both read from feeds, as most are: no tree needed
	}
	sc.b[0] = x.canonical(sc.b[0][:0], &sc.fields)
	sc.b[1] = y.canonical(sc.b[1][:0], &sc.fields)
	return string(sc.b[0]) == string(sc.b[1])
}

// textOf returns the text of a title or content element: its character data,
// or for Atom's type="xhtml" the markup inside it as written.
func textOf(e *etree.Element, uri string) string {
	if uri == NSAtom && e.SelectAttrValue("type", "") == "xhtml" {
		var sb strings.Builder
		for _, t := range e.Child {
			t.WriteTo(&sb, &xmlutil.WriteSettings)
		}
		return sb.String()
	}
	if len(e.Child) == 1 {
		if cd, ok := e.Child[0].(*etree.CharData); ok {
			return cd.Data
		}
	}
	var sb strings.Builder
	appendAllText(&sb, e)
	return sb.String()
}

func appendAllText(sb *strings.Builder, e *etree.Element) {
	for _, t := range e.Child {
		switch t := t.(type) {
		case *etree.CharData:
			sb.WriteString(t.Data)
		case *etree.Element:
			appendAllText(sb, t)
		}
	}
}

// category returns the term and scheme of an Atom category, or the text and
// domain of an RSS one.
func category(e *etree.Element, uri string) (term, scheme string) {
	if uri == NSAtom {
		return e.SelectAttrValue("term", ""), e.SelectAttrValue("scheme", "")
	}
	return textOf(e, uri), e.SelectAttrValue("domain", "")
}

// canonicalXML appends a canonical form of element e, whose parent's scope is
// s: names expanded to {uri}local, namespace declarations and comments left
// out, attributes sorted. White space with a newline is two texts, up to
// its last newline and after, the second left out where it is only
// indentation (see xmlutil.Indented) and lay is true (every element around e up
// to the field is indented): the writer's layout does not change the form.
func canonicalXML(b []byte, e *etree.Element, s *scope, lay bool) []byte {
	es, u := s.child(e), s.elemURI(e)
	lay = lay && xmlutil.Indented(e, u)
	b = append(b, "<{"...)
	b = append(b, u...)
	b = append(b, '}')
	b = append(b, e.Tag...)
	attrs := make([]string, 0, len(e.Attr))
	for _, a := range e.Attr {
		if xmlutil.IsDecl(a) {
			continue
		}
		attrs = append(attrs, "{"+es.attrURI(a)+"}"+a.Key+"="+a.Value)
	}
	slices.Sort(attrs)
	for _, a := range attrs {
		b = append(b, ' ')
		b = appendText(b, a)
	}
	b = append(b, '>')
	for _, t := range e.Child {
		switch t := t.(type) {
		case *etree.CharData:
			b, _ = appendSpace(b, t.Data, !t.IsCData() && xmlutil.IsSpace(t.Data), lay)
		case *etree.Element:
			b = canonicalXML(b, t, es, lay)
		}
	}
	return append(b, "</>"...)
}

// appendSpace appends a text of canonical form: as appendText, but white
// space (space) with a newline as two texts, up to its last newline and
// after, and the second not at all when it is only indentation (lay). at
// is where the second begins in b, or -1 when there is none.
func appendSpace(b []byte, text string, space, lay bool) (out []byte, at int) {
	kept, ind := xmlutil.IndentSplit(text)
	if !space || kept == "" {
		return appendText(b, text), -1
	}
	b = appendText(b, kept)
	if lay {
		return b, -1
	}
	return appendText(b, ind), len(b)
}

// dataOf returns the package's own data behind an engine.Data, or nil.
func dataOf(d engine.Data) *itemData {
	x, _ := d.(*itemData)
	return x
}
