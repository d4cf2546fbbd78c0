package ssefeed

import (
	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
	"slices"
)

// mode is how an item element is written.
type mode int

const (
	verbatim mode = iota // the element read, as it was read
	inPlace              // the element read, with a new sx:sync
	composed             // built from the data, laid out afresh
)

// rssMode says how an RSS record is written at indentation ind: as read
// when it is the version read with its data, in place when only its sync
// metadata changed and the element sits at the same depth, else anew.
func (d *Doc) rssMode(r *record, ind string) mode {
	x := peek(r.item.Data)
	if x.lz != nil && x.lz.conflict >= 0 {
		return composed // an sx:conflict's data, which has no element of its own
	}
	if x.lz != nil { // an item read without its tree, which this does not need
		switch it := x.lz.item; {
		case x.read == r.item && it.syncNS == d.ns:
			return verbatim
		case xmlutil.IndentOf(it.shell) == ind:
			return inPlace
		}
		return composed
	}
	switch {
	case x.read == r.item && x.el != nil && d.nsOf(x.sync):
		return verbatim
	case x.el != nil && xmlutil.IndentOf(x.el) == ind:
		return inPlace
	}
	return composed
}

// channel writes the channel: its children in order, each item as it now
// stands, further elements of a merged id dropped, and added items after
// the last item.
func (wr *writer) channel() {
	d, b := wr.d, wr.d.box
	added := d.nRead < len(d.recs)
	outer := wr.openAsRead(b, b.Attr, nil, nil)
	empty := len(b.Child) == 0 && !added && d.newSharingAt() < 0 && len(d.level.Inserts()) == 0
	if !wr.endStartOf(b, empty, outer) {
		return
	}
	g := gap{wr: wr}
	insertAt := d.newSharingAt()
	levelAt := d.levelInsertAt()
	for i, t := range b.Child {
		if i == insertAt {
			wr.w.WriteString(d.itemInd)
			wr.sharing(d.itemInd)
		}
		if i == levelAt {
			wr.levelInserts(d.itemInd)
		}
		if i == d.appendAt {
			wr.added()
		}
		if xmlutil.IsWS(t) {
			g.hold(t)
			continue
		}
		switch s := d.slots[i]; {
		case t == d.sharingEl && d.sharingSet:
			if d.sharing == nil {
				g.drop()
				continue
			}
			g.flush()
			wr.sharing(d.itemInd)
		case s >= 0 && d.isHidden(s), s == -2:
			g.drop()
		case s >= 0:
			g.flush()
			wr.item(s)
		default:
			wr.feedChild(t, &g)
		}
	}
	if insertAt >= len(b.Child) {
		wr.w.WriteString(d.itemInd)
		wr.sharing(d.itemInd)
	}
	if levelAt >= len(b.Child) {
		wr.levelInserts(d.itemInd)
	}
	if d.appendAt >= len(b.Child) {
		wr.added()
	}
	g.flush()
	wr.closeOf(b, outer)
}

// added writes the RSS items added since reading, each on a line.
func (wr *writer) added() {
	for i := wr.d.nRead; i < len(wr.d.recs); i++ {
		if wr.d.isHidden(i) {
			continue
		}
		wr.w.WriteString(wr.d.itemInd)
		wr.item(i)
	}
}

// item writes RSS record i.
func (wr *writer) item(i int) {
	d := wr.d
	r := &d.recs[i]
	mode := d.rssMode(r, d.itemInd)
	if x := peek(r.item.Data); mode == verbatim && x.lz != nil && wr.asBytes(x.lz.item) {
		wr.w.Write(x.lz.item.raw()) // an item that has not changed: the bytes it was read from
		return
	}
	it, x := r.item, dataOf(r.item.Data)
	defer wr.useTags(x.tags)()
	sync := func(ind string) { wr.syncAnew(x, it, false, ind) }
	switch mode {
	case verbatim:
		wr.element(x.el)
	case inPlace:
		outer := wr.openItem("item", x)
		wr.content(contentSpec{toks: x.el.Child, syncEl: x.sync, sync: sync, in: d.itemInd + d.unit, end: d.itemInd})
		wr.closeData("item", x, outer)
	default:
		outer := wr.openItem("item", x)
		wr.content(contentSpec{kids: x.kids, syncAt: x.syncAt, sync: sync, in: d.itemInd + d.unit, end: d.itemInd})
		wr.closeData("item", x, outer)
	}
}

// asBytes reports whether an item read without its tree can be written
// as its bytes where the writer is: in the feed it was read from, where
// the declarations the writer may add bind only prefixes that were free,
// or where every prefix in scope means what it meant where it was read
// and every entity its feed declares is declared alike here (a reference
// to one in its bytes would mean nothing, or something else).
func (wr *writer) asBytes(lz *lazyItem) bool {
	if lz.src == wr.d.src && !wr.fsoDropped {
		return true
	}
	same, ok := wr.same[lz.src]
	if !ok {
		if wr.same == nil {
			wr.same = map[*source]bool{}
		}
		same = sameBindings(lz.bindings, wr.cur) && lz.src.bld.Entities.Same(wr.d.src.bld.Entities)
		wr.same[lz.src] = same
	}
	return same
}

// nsOf reports whether an sx:sync read is in the form of the SSE
// namespace the feed uses, so that it can be written as read.
func (d *Doc) nsOf(sync *etree.Element) bool { return sync != nil && uriOf(sync) == d.ns }

// openItem writes the start tag of an item or outline with data x, which
// is in no namespace: as the element x was read from was read when x has
// its attributes, as read or but some (openAsRead), under x's tags.
func (wr *writer) openItem(tag string, x *itemData) *xmlutil.Scope {
	outer := wr.openData(tag, x)
	wr.w.WriteByte('>')
	return outer
}

// openData writes the start tag of an item, an outline or the outline of
// a losing version (tag), with data x, without its '>' or "/>".
func (wr *writer) openData(tag string, x *itemData) *xmlutil.Scope {
	if x.ctx != nil && x.ctx.FullTag() == tag {
		return wr.openAsRead(x.ctx, x.attrs, wr.noDefaultNS(x.attrs), x.ctx)
	}
	return wr.open(tag, x.attrs, wr.noDefaultNS(x.attrs), x.ctx)
}

// endStartData ends the start tag openData wrote (endStart, or endStartOf
// for one written as read, which ends empty as it was read).
func (wr *writer) endStartData(tag string, x *itemData, empty bool, outer *xmlutil.Scope) (open bool) {
	if x.ctx != nil && x.ctx.FullTag() == tag {
		return wr.endStartOf(x.ctx, empty, outer)
	}
	return wr.endStart(empty, outer)
}

// closeData writes the end tag of what openData began.
func (wr *writer) closeData(tag string, x *itemData, outer *xmlutil.Scope) {
	if x.ctx != nil && x.ctx.FullTag() == tag {
		wr.closeOf(x.ctx, outer)
		return
	}
	wr.close(tag, outer)
}

// useTags makes tags the writer's until the function it returns is
// called, which puts back those before.
func (wr *writer) useTags(tags *xmlutil.RawTags) func() {
	outer := wr.tags
	wr.tags = tags
	return func() { wr.tags = outer }
}

// noDefaultNS returns the declaration that puts an element written with
// attrs back in no namespace, when a default namespace is in force here.
func (wr *writer) noDefaultNS(attrs []etree.Attr) []etree.Attr {
	if u, _ := wr.cur.URI(""); u != "" && !xmlutil.Declared(attrs, "") {
		return []etree.Attr{xmlutil.Decl("", "")}
	}
	return nil
}

// body writes the OPML body laid out from the items.
func (wr *writer) body() {
	d, b := wr.d, wr.d.box
	outer := wr.openAsRead(b, b.Attr, nil, nil)
	if !wr.endStartOf(b, len(b.Child) == 0 && len(wr.lay.roots) == 0, outer) {
		return
	}
	wr.content(contentSpec{toks: b.Child, nodes: wr.lay.roots, in: d.itemInd, end: xmlutil.IndentOf(b)})
	wr.closeOf(b, outer)
}

// node writes an outline and, inside it, its children in the layout.
func (wr *writer) node(n *node, ind string) {
	d := wr.d
	it := d.recs[n.rec].item
	x := dataOf(it.Data)
	defer wr.useTags(x.tags)()
	asRead := x.read == it && x.sync != nil && d.nsOf(x.sync)
	sync := func(in string) {
		switch {
		case asRead && n.explicit == x.posSet && wr.marksInPlace(x.sync, x.posSet):
			wr.element(x.sync)
		case asRead:
			wr.syncPatched(x.sync, it, n.explicit, x.posSet)
		default:
			wr.syncAnew(x, it, n.explicit, in)
		}
	}
	outer := wr.openItem("outline", x)
	spec := contentSpec{kids: x.kids, syncAt: x.syncAt, sync: sync, nodes: n.children, in: ind + d.unit, end: ind}
	if x.el != nil && xmlutil.IndentOf(x.el) == ind {
		spec.toks, spec.syncEl = x.el.Child, x.sync
	}
	wr.content(spec)
	wr.closeData("outline", x, outer)
}

// contentSpec is what goes inside an item, an outline or the body.
type contentSpec struct {
	toks    []etree.Token    // the children as read, white space and all; nil when built
	kids    []etree.Token    // otherwise the data's children, without white space
	syncAt  int              // with kids: sx:sync goes before kids[syncAt]
	syncEl  *etree.Element   // with toks: the sx:sync that sync replaces
	sync    func(ind string) // writes sx:sync; nil for the body
	nodes   []*node          // child outlines, in order
	in, end string           // indentation of the children, and of the end tag
}

// part is a child other than white space and outlines with sx:sync, and
// the index of the outline with sx:sync it preceded (anchor).
type part struct {
	tok    etree.Token
	sync   bool
	anchor int
}

// content writes the children. When they were read and the child outlines
// are the ones read, in the same order, everything is written as read,
// white space included, with sx:sync and each child outline written in
// their places. Otherwise the children are laid out afresh, one to a
// line: the data and sx:sync first, then the outlines, each run of other
// children (comments, outlines without sx:sync) before the outline it
// preceded when read, or at the end when that outline is gone.
func (wr *writer) content(c contentSpec) {
	var syncOutlines []*etree.Element
	for _, t := range c.toks {
		if e, ok := t.(*etree.Element); ok && syncOutline(e) {
			syncOutlines = append(syncOutlines, e)
		}
	}
	if c.toks != nil && wr.sameOutlines(syncOutlines, c.nodes) {
		wr.asRead(c)
		return
	}
	parts := c.parts(syncOutlines)
	if slices.ContainsFunc(parts, func(p part) bool { return isText(p.tok) }) {
		c.in, c.end = "", "" // indentation would change the text
	}
	at := map[*etree.Element]int{}
	for j, e := range syncOutlines {
		at[e] = j
	}
	present := map[int]bool{}
	for _, n := range c.nodes {
		if j, ok := at[wr.d.recs[n.rec].el]; ok {
			present[j] = true
		}
	}
	done := make([]bool, len(parts))
	emit := func(ok func(anchor int) bool) {
		for i, p := range parts {
			if done[i] || !ok(p.anchor) {
				continue
			}
			done[i] = true
			wr.w.WriteString(c.in)
			switch {
			case p.sync:
				c.sync(c.in)
			case c.toks == nil: // the data's children, laid out afresh
				wr.field(p.tok, c.in)
			default:
				wr.token(p.tok)
			}
		}
	}
	emit(func(a int) bool { return a == 0 })
	for _, n := range c.nodes {
		if j, ok := at[wr.d.recs[n.rec].el]; ok && j > 0 {
			emit(func(a int) bool { return a <= j && (a == j || !present[a]) })
		}
		wr.w.WriteString(c.in)
		wr.node(n, c.in)
	}
	emit(func(int) bool { return true })
	wr.w.WriteString(c.end)
}

// parts lists the children that are neither white space nor outlines with
// sx:sync, each anchored to the outline with sx:sync that followed it.
func (c contentSpec) parts(syncOutlines []*etree.Element) []part {
	var out []part
	if c.toks == nil {
		for i, t := range c.kids {
			if i == c.syncAt && c.sync != nil {
				out = append(out, part{sync: true})
			}
			out = append(out, part{tok: t})
		}
		if c.syncAt >= len(c.kids) && c.sync != nil {
			out = append(out, part{sync: true})
		}
		return out
	}
	j := 0
	for _, t := range c.toks {
		if xmlutil.IsWS(t) {
			continue
		}
		if j < len(syncOutlines) && t == etree.Token(syncOutlines[j]) {
			j++
			continue
		}
		out = append(out, part{tok: t, sync: t == etree.Token(c.syncEl) && c.syncEl != nil, anchor: j})
	}
	return out
}

// sameOutlines reports whether the layout puts the outlines read, and only
// them, in the order read.
func (wr *writer) sameOutlines(read []*etree.Element, nodes []*node) bool {
	if len(read) != len(nodes) {
		return false
	}
	for i, n := range nodes {
		if wr.d.recs[n.rec].el != read[i] {
			return false
		}
	}
	return true
}

// asRead writes children as read, with sx:sync and the child outlines in
// their places, each indented as the white space before it says.
func (wr *writer) asRead(c contentSpec) {
	ind, k := c.in, 0
	for _, t := range c.toks {
		switch e, _ := t.(*etree.Element); {
		case xmlutil.IsWS(t):
			ind = xmlutil.LastLine(t.(*etree.CharData).Data)
			wr.token(t)
			continue
		case e != nil && e == c.syncEl && c.syncEl != nil:
			c.sync(ind)
		case e != nil && k < len(c.nodes) && syncOutline(e):
			wr.node(c.nodes[k], ind)
			k++
		default:
			wr.token(t)
		}
		ind = ""
	}
}

// syncOutline reports whether e is an outline with sx:sync: an item of
// its own rather than part of its parent's data.
func syncOutline(e *etree.Element) bool {
	if e.Tag != "outline" || uriOf(e) != "" {
		return false
	}
	for c := range e.ChildElementsSeq() {
		if c.Tag == "sync" && isSSE(uriOf(c)) {
			return true
		}
	}
	return false
}
