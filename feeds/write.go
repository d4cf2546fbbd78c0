package feeds

import (
	"bufio"
	"io"
	"maps"
	"sync"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// WriteTo writes the feed. Everything but the sync items that changed is
// written as the exact bytes it was read from; changed items are written
// from their data and sync metadata, as etree writes them (from their
// bytes where those are proven the same, versionAsRead), indented as the
// feed indents its items. Lines end as the feed's own do (CRLF or LF), in what
// is written anew and in items merged in from a feed that ends them
// otherwise. The output depends only on the Doc, so writing is
// deterministic.
func (d *Doc) WriteTo(w io.Writer) (int64, error) {
	n, _, err := d.writeTo(w, false)
	return n, err
}

// writeTo is WriteTo, with every version written anew built as a tree
// when treesOnly is set (the path that writes versions as read must give
// the same bytes). It returns how many versions were written as read.
func (d *Doc) writeTo(w io.Writer, treesOnly bool) (n int64, asRead int, err error) {
	n, err = xmlutil.WriteIn(w, d.src.cs, func(w io.Writer) error {
		le := xmlutil.LineEnds(w, d.src.data)
		bw := writeBufs.Get().(*bufio.Writer)
		bw.Reset(le)
		defer func() {
			bw.Reset(nil)
			writeBufs.Put(bw)
		}()
		wr := &writer{d: d, w: bw, cs: d.cscope, treesOnly: treesOnly}
		wr.ar.CRLF = xmlutil.RewritesLineEnds(le)
		wr.document()
		asRead = wr.asRead
		return bw.Flush()
	})
	return n, asRead, err
}

// writeBufs holds the buffers writeTo writes through, for the next: a
// hub writes a small feed (a POST's answer) many times a second, and a
// buffer made each time was most of what it allocated.
var writeBufs = sync.Pool{New: func() any { return bufio.NewWriterSize(nil, 64<<10) }}

// Bytes returns the feed as WriteTo writes it.
func (d *Doc) Bytes() []byte { return xmlutil.Bytes(d) }

// writer writes one Doc.
type writer struct {
	d    *Doc
	w    *bufio.Writer
	cs   *scope // the namespace context inside box as written
	buf  []byte
	same map[*scope]bool // whether bytes read under a scope mean the same under cs
	// trees are the trees of the items the record being written takes
	// its version and conflicts from, built for it alone (lazyEl.looseIn).
	trees treeCache

	// Writing versions as read (versionAsRead): the checker of tokens,
	// the one scanner every version is read with (fragment), the
	// follower of a child's white space (layout), the free lists of
	// children (kidBuf), scratch for the prefixes declared within an
	// element and where each open element's begin (elementAsRead),
	// whether to build every version's tree instead, and the versions
	// written so.
	ar        xmlutil.AsRead
	sc        *xmlscan.Scanner
	lay       layout
	kidBufs   [][]rawKid
	decl      []string
	marks     []int
	treesOnly bool
	asRead    int
}

// document writes the feed: its bytes as read up to the children of the
// element that holds the items, with FeedSync's prefix declared on the
// root when the feed did not declare it and now needs it, then those
// children, then the bytes from that element's end tag on.
func (wr *writer) document() {
	d, src := wr.d, wr.d.src
	data := src.data
	var extra []etree.Attr
	if d.declSX && wr.needSX() {
		extra = []etree.Attr{xmlutil.Decl(d.sx, NSFeedSync)}
		wr.cs = declScope(d.cscope, extra)
	}
	closeAt := src.rootEnd - 1 // the root start tag's > or />
	if src.rootEmpty {
		closeAt--
	}
	open := src.boxEnd // where the children of box begin
	if src.boxEmpty {
		open -= 2
	}
	if len(extra) > 0 {
		wr.w.Write(data[:closeAt])
		for _, a := range extra {
			wr.w.WriteByte(' ')
			a.WriteTo(wr.w, &xmlutil.WriteSettings)
		}
		wr.w.Write(data[closeAt:open])
	} else {
		wr.w.Write(data[:open])
	}
	if src.boxEmpty {
		if !wr.hasChildren() {
			wr.w.Write(data[open:])
			return
		}
		wr.w.WriteByte('>')
		wr.box()
		xmlutil.EndTag(wr.w, d.box.FullTag())
		wr.w.Write(data[src.boxEnd:])
		return
	}
	wr.box()
	wr.w.Write(data[src.boxClose:])
}

// hasChildren reports whether an empty element that holds the items gets
// children: an item added or a new sx:sharing.
func (wr *writer) hasChildren() bool {
	d := wr.d
	for i := d.nTree; i < len(d.recs); i++ {
		if !d.isHidden(i) {
			return true
		}
	}
	return d.sharingSet && d.sharing != nil || len(d.level.Inserts()) > 0
}

// raw writes the bytes of child i of box as read.
func (wr *writer) raw(i int) {
	wr.w.Write(wr.d.src.child(i))
}

// needSX reports whether anything written anew uses FeedSync's prefix.
func (wr *writer) needSX() bool {
	d := wr.d
	if d.sharingSet && d.sharing != nil {
		return true
	}
	for i := range d.recs {
		if !d.isHidden(i) && !d.recs[i].verbatim(i < d.nTree) {
			return true
		}
	}
	return false
}

// box writes the children of the feed or channel element: each as read
// but sync items that changed, as they now stand, further elements of a
// merged id dropped once the item changed, sx:sharing as set, and new
// items at the end.
func (wr *writer) box() {
	d, b := wr.d, wr.d.box
	added := d.recs[d.nTree:]
	newSharing := d.sharingSet && d.sharing != nil && d.sharingAt < 0
	insertAt := d.firstItem // where a new sx:sharing goes
	if insertAt < 0 {
		insertAt = d.appendAt
	}
	// insert writes what is new before child i, each on a line of its own,
	// ahead of the white space that leads to child i.
	insert := func(i int) {
		if newSharing && i == insertAt {
			wr.w.WriteString(d.itemInd)
			wr.sharing()
		}
		if i == insertAt {
			wr.levelInserts()
		}
		if i == d.appendAt {
			wr.added(added)
		}
	}
	pending := -1 // white space, written before the next child unless that is dropped
	flush := func() {
		if pending >= 0 {
			wr.raw(pending)
			pending = -1
		}
	}
	for i, t := range b.Child {
		insert(i)
		if xmlutil.IsWS(t) {
			flush()
			pending = i
			continue
		}
		switch s := d.slots[i]; {
		case i == d.sharingAt && d.sharingSet:
			if d.sharing == nil {
				pending = -1
				continue
			}
			flush()
			wr.sharing()
		case s >= 0 && d.isHidden(int(s)), s < -1 && d.isHidden(-2-int(s)):
			pending = -1 // an item Subset left out
		case s >= 0:
			flush()
			wr.record(int(s))
		case s < -1 && !d.recs[-2-int(s)].verbatim(true):
			pending = -1 // a further element of an item that is written anew
		case d.level.Replaces(t):
			if e := d.level.Replace[t]; e != nil {
				flush()
				wr.element(e, d.level.scope, wr.cs)
			} else {
				pending = -1 // a feed-level element taken away
			}
		default:
			flush()
			wr.raw(i)
		}
	}
	insert(len(b.Child))
	flush()
}

// added writes the items added to the feed, each on its own line.
func (wr *writer) added(recs []record) {
	for i := range recs {
		if wr.d.isHidden(wr.d.nTree + i) {
			continue
		}
		wr.w.WriteString(wr.d.itemInd)
		wr.record(wr.d.nTree + i)
	}
}

// record writes record i: as read if it has not changed, else anew.
func (wr *writer) record(i int) {
	d := wr.d
	r := &d.recs[i]
	if r.verbatim(i < d.nTree) {
		if s := r.lz.src; s == d.src || wr.sameAs(s.scope) && s.ents.Same(d.src.ents) {
			wr.w.Write(r.lz.raw()) // an item that has not changed: the bytes it was read from
			return
		}
		wr.element(r.lz.loose().el, r.lz.src.scope, wr.cs)
		return
	}
	if wr.trees == nil {
		wr.trees = treeCache{}
	}
	clear(wr.trees)
	wr.version(r.item, wr.cs, d.itemInd, r.undeleted)
}

// sameAs reports whether bytes read under scope s mean the same written
// under the box's scope: whether an item read in another feed can be
// written as its bytes (when the two feeds declare the same entities,
// xmlscan.Entities.Same, too).
func (wr *writer) sameAs(s *scope) bool {
	same, ok := wr.same[s]
	if !ok {
		if wr.same == nil {
			wr.same = map[*scope]bool{}
		}
		same = sameBindings(s, wr.cs)
		wr.same[s] = same
	}
	return same
}

// element writes e, read under scope src, under scope dst, renaming or
// declaring the namespaces its prefixes need there (see relocate).
func (wr *writer) element(e *etree.Element, src, dst *scope) { wr.elementAt(e, src, dst, "") }

// elementAt is element for an e written at indentation ind, to which its
// own indentation is laid out afresh (see xmlutil.Indented); "" writes its white
// space as read.
func (wr *writer) elementAt(e *etree.Element, src, dst *scope, ind string) {
	m := relocate(e, src, dst)
	if ind != "" && xmlutil.SpacePreserved(e.Parent()) {
		ind = ""
	}
	wr.moved(e, m.rename, m.decls, src, ind)
}

// moved writes e, whose parent's scope is s, with its element prefixes
// renamed and decls added, and its indentation laid out afresh at ind
// unless that is "".
func (wr *writer) moved(e *etree.Element, rename map[string]string, decls []etree.Attr, s *scope, ind string) {
	if ind != "" && !xmlutil.Indented(e, s.elemURI(e)) {
		ind = ""
	}
	if len(rename) == 0 && len(decls) == 0 && ind == "" {
		e.WriteTo(wr.w, &xmlutil.WriteSettings)
		return
	}
	if len(rename) > 0 && xmlutil.HasDecl(e.Attr) { // prefixes e declares mean something else below it
		rename = maps.Clone(rename)
		for _, a := range e.Attr {
			if a.Space == "xmlns" {
				delete(rename, a.Key)
			} else if xmlutil.IsDecl(a) {
				delete(rename, "")
			}
		}
	}
	name := e.FullTag()
	if q, ok := rename[e.Space]; ok {
		name = qn{q, e.Tag}.String()
	}
	xmlutil.StartTag(wr.w, name, e.Attr, decls)
	if len(e.Child) == 0 {
		wr.w.WriteString("/>")
		return
	}
	wr.w.WriteByte('>')
	es, in := s.child(e), wr.d.deeper(ind)
	xmlutil.WriteChildren(wr.w, e, ind, in, func(c *etree.Element) { wr.moved(c, rename, nil, es, in) })
	xmlutil.EndTag(wr.w, name)
}

// version writes an item or a conflict version anew, as a child of an
// element whose scope is parent, at indentation ind ("\n" and spaces, or
// "" in a compact feed).
func (wr *writer) version(it *engine.Item, parent *scope, ind string, undeleted bool) {
	d := wr.d
	own := d.own(it.Data)
	if wr.versionAsRead(own, it, parent, ind, undeleted) {
		return
	}
	x := own.looseIn(wr.trees) // written once: its tree is not kept
	xt := x.tree()
	name, attrs, src := d.itemTag(xt)
	tag := planTag(name, attrs, src, xt.iscope, parent, xt.el == nil)
	wr.startTag(tag)
	if x.m().comp != nil || xt.indent() != ind {
		wr.composed(x, it, tag.inner, ind, undeleted) // laid out afresh at its new depth
	} else {
		wr.pristine(x, it, tag.inner, undeleted)
	}
	xmlutil.EndTag(wr.w, tag.name)
}

// fieldInd returns the indentation a child element e of an item, read
// under scope s and written at ind, is laid out afresh at: ind for the
// elements whose field value is XML (other shared elements, an Atom
// source) or ignores white space (an Atom person), else "": the value of
// the rest is all the character data within.
func (wr *writer) fieldInd(e *etree.Element, s *scope, ind string) string {
	if wr.d.laidOut(s.elemURI(e), e.Tag, e.SelectAttr("src") != nil) {
		return ind
	}
	return ""
}

// deeper returns the indentation one level below ind: none in a compact
// layout.
func (d *Doc) deeper(ind string) string {
	if ind == "" {
		return ""
	}
	return ind + d.unit
}

type qn struct{ space, local string }

func (n qn) String() string {
	if n.space == "" {
		return n.local
	}
	return n.space + ":" + n.local
}

// itemTag returns the name and attributes the element of data whose tree
// is xt is written with, and the scope of the parent they were read under.
func (d *Doc) itemTag(xt *itemTree) (qn, []etree.Attr, *scope) {
	if xt.el != nil {
		return qn{xt.el.Space, xt.el.Tag}, xt.el.Attr, xt.scope
	}
	if d.format == Atom {
		return qn{d.atom, "entry"}, nil, d.cscope
	}
	return qn{"", "item"}, nil, d.rssNS
}

// pristine writes the children of data read from a feed as they were read,
// with sx:sync written anew in its place.
func (wr *writer) pristine(x *itemData, it *engine.Item, inner *scope, undeleted bool) {
	xt := x.tree()
	for i, t := range xt.el.Child {
		switch t := t.(type) {
		case *etree.Element:
			if t == xt.sync {
				syncInd := ""
				if i > 0 && xmlutil.IsWS(xt.el.Child[i-1]) {
					syncInd = xmlutil.LastLine(xt.el.Child[i-1].(*etree.CharData).Data)
				}
				wr.sync(xt.sync, xt.sscope, it, inner, syncInd, undeleted)
				continue
			}
			wr.element(t, xt.iscope, inner)
		default:
			t.WriteTo(wr.w, &xmlutil.WriteSettings)
		}
	}
}

// composed writes the children of composed data, one to a line.
func (wr *writer) composed(x *itemData, it *engine.Item, inner *scope, ind string, undeleted bool) {
	in := wr.d.deeper(ind)
	kids, at := x.children()
	xt := x.tree()
	for i, k := range kids {
		if i == at {
			wr.w.WriteString(in)
			wr.sync(xt.sync, xt.sscope, it, inner, in, undeleted)
		}
		wr.w.WriteString(in)
		if e := k.elem(); e != nil {
			wr.elementAt(e, k.scope, inner, wr.fieldInd(e, k.scope, in))
		} else {
			k.tok.WriteTo(wr.w, &xmlutil.WriteSettings)
		}
	}
	if at >= len(kids) {
		wr.w.WriteString(in)
		wr.sync(xt.sync, xt.sscope, it, inner, in, undeleted)
	}
	wr.w.WriteString(ind)
}
