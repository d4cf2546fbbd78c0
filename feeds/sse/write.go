package ssefeed

import (
	"bufio"
	"io"
	"slices"

	"github.com/beevik/etree"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// WriteTo writes the feed. Everything but the items that changed is
// written as it was read, through etree with the tags as read (see the
// package doc, Tags as read); changed items are written from
// their data and sync metadata, indented as the feed indents its items.
// OPML outlines are laid out from the items (see the package doc). Lines
// end as the feed's own do (CRLF or LF), in what is written anew and in
// items merged in from a feed that ends them otherwise. The output depends
// only on the Doc, so writing is deterministic.
func (d *Doc) WriteTo(w io.Writer) (int64, error) {
	return xmlutil.WriteDocument(w, d.src.cs, d.src.data, d.src.tree, d.root, func(bw *bufio.Writer) {
		wr := &writer{d: d, w: bw, tags: &d.src.tags}
		if d.kind == KindOPML {
			wr.lay = d.layout()
		}
		wr.root()
	})
}

// Bytes returns the feed as WriteTo writes it.
func (d *Doc) Bytes() []byte { return xmlutil.Bytes(d) }

// writer writes one Doc.
type writer struct {
	d    *Doc
	w    *bufio.Writer
	lay  *layout
	cur  *xmlutil.Scope   // the namespace context at the point of writing
	tags *xmlutil.RawTags // the tags read of the elements being written (those of the item's source)
	same map[*source]bool // whether items read in a source can be written as their bytes here
	// fsoDropped is set when the root is written without its declaration
	// of feedsync's outline prefix: items read in the feed are then
	// written from their trees, which declare it where they use it.
	fsoDropped bool
}

// root writes the root element, declaring the SSE prefix and feedsync's
// outline prefix on it when the feed did not and now needs them, and
// without the root's declaration of the outline prefix when nothing
// written uses it (see fsoDecl).
func (wr *writer) root() {
	d := wr.d
	var extra []etree.Attr
	sx, fso, used := wr.needs()
	if d.declSX && sx {
		extra = append(extra, xmlutil.Decl(d.sx, d.ns))
	}
	if d.declFSO && fso {
		extra = append(extra, xmlutil.Decl(d.fso, NSOutline))
	}
	attrs := d.root.Attr
	if i := d.fsoDecl(); i >= 0 && !used && !d.src.usesOutlineNS() {
		attrs = slices.Delete(slices.Clone(attrs), i, i+1)
		wr.fsoDropped = true
	}
	outer := wr.openAsRead(d.root, attrs, extra, nil)
	if !wr.endStartOf(d.root, len(d.root.Child) == 0, outer) {
		return
	}
	for _, t := range d.root.Child {
		switch {
		case t == d.sharingEl && d.sharingSet:
			// read outside channel or head: written in its place now
		case t == d.head && (d.sharingSet || d.level.Edits != nil):
			wr.head()
		case t != d.box:
			if e, ok := t.(*etree.Element); ok {
				wr.tags.WriteElement(wr.w, e, nil)
			} else {
				t.WriteTo(wr.w, &xmlutil.WriteSettings)
			}
		case d.kind == KindOPML:
			if d.head == nil && d.sharingSet && d.sharing != nil {
				wr.newHead()
			}
			wr.body()
		default:
			wr.channel()
		}
	}
	wr.closeOf(d.root, outer)
}

// needs reports whether anything written anew uses the SSE prefix,
// whether anything written uses feedsync's outline prefix on the root
// (fso), and whether any item written uses a declaration of it there
// (used): an outline's position marks or a conflict's marks, as read or
// anew. In OPML the root declares it for marks written as read too, so
// that it has one place whichever merge brought them (see the package
// doc, "Outline positions"). In RSS nothing written anew uses it on the root: the
// record declares it (declFSO), since the root is each endpoint's own and
// a declaration put there would stay at the endpoint that first wrote the
// record alone, and the endpoints taking the item from it would hold
// other bytes (the item carrying the declaration) for the same items; an
// item written as read may still use the root's.
func (wr *writer) needs() (sx, fso, used bool) {
	d := wr.d
	if d.sharingSet && d.sharing != nil {
		sx = true
	}
	if d.kind == KindRSS {
		for i := range d.recs {
			if d.isHidden(i) {
				continue
			}
			if wr.d.rssMode(&d.recs[i], d.itemInd) != verbatim {
				sx = true
			} else {
				used = used || marked(d.recs[i].item)
			}
		}
		return sx, false, used
	}
	wr.lay.walk(func(n *node) {
		it := d.recs[n.rec].item
		x := dataOf(it.Data)
		asRead := x.read == it && d.nsOf(x.sync)
		sx = sx || !asRead
		fso = fso || n.explicit || marked(it)
		used = used || n.explicit || marked(it)
	})
	return sx, fso, used
}

// fsoDecl returns the index among the root's attributes of its
// declaration of feedsync's outline prefix, or -1 for none. The
// declaration follows the data: feedsync puts it there when an outline
// needs position marks or a conflict its marks (needs), and once nothing
// uses it (the conflicts resolved, the marks needless) it is dropped,
// since an endpoint that never held the conflict holds the same outline
// without it, and the two would hold two byte forms for the same items.
// A declaration that anything other than those marks uses (the head, an
// item's data, another writer's attributes) is the feed's own, and is
// kept (source.usesOutlineNS).
func (d *Doc) fsoDecl() int {
	if d.declFSO {
		return -1
	}
	for i, a := range d.root.Attr {
		if a.Space == "xmlns" && a.Key == d.fso && a.Value == NSOutline {
			return i
		}
	}
	return -1
}

// usesOutlineNS reports whether the document read uses feedsync's outline
// namespace by a prefix anywhere but in attributes of an SSE sx:sync or
// sx:conflict inside an item, the marks that feedsync writes and rewrites
// (needs accounts for those it writes). Elsewhere, in what is written as
// read, a use is the feed's own: the root's declaration stays for it.
// The source is scanned for it once, at the first write that asks, not
// at each: a hub writes one Doc many times.
func (s *source) usesOutlineNS() bool {
	s.outlineOnce.Do(func() { s.outlineNS = s.scanOutlineNS() })
	return s.outlineNS
}

// scanOutlineNS is usesOutlineNS, scanning the document read.
func (s *source) scanOutlineNS() bool {
	sc := xmlscan.New(s.data)
	for sc.Next() {
		t := sc.Token()
		if t.Kind != xmlscan.StartElement {
			continue
		}
		if t.Name.Prefix != "" {
			if u, _ := sc.Lookup(t.Name.Prefix); u == NSOutline {
				return true
			}
		}
		if sc.Depth() >= 4 && (t.Name.Local == "sync" || t.Name.Local == "conflict") {
			if u, _ := sc.Lookup(t.Name.Prefix); isSSE(u) {
				continue // marks: an item's, written from its data
			}
		}
		for _, a := range t.Attrs {
			if a.Name.Prefix == "" || a.Name.Prefix == "xmlns" {
				continue
			}
			if u, _ := sc.Lookup(a.Name.Prefix); u == NSOutline {
				return true
			}
		}
	}
	return sc.Err() != nil // what cannot be scanned keeps what it had
}

// conflictsMarked reports whether a conflict of it carries attributes in
// feedsync's namespace when written: a position other than its own, or
// the mark of a deletion.
func conflictsMarked(it *sse.Item) bool {
	for _, c := range it.Conflicts {
		if c.Position != it.Position || c.Deleted {
			return true
		}
	}
	return false
}

// marked reports whether a conflict of it carries any attribute in
// feedsync's namespace when written: conflictsMarked's, or the stamp of
// the version its loser was made from.
func marked(it *sse.Item) bool {
	return conflictsMarked(it) || slices.ContainsFunc(it.Conflicts, func(c *sse.Conflict) bool { return c.HasFrom })
}

// startTag writes a start tag without its closing '>' and returns the
// namespace context inside it. attrs were read where ctx is (nil for
// attributes made anew); fixups are added for their prefixes.
func (wr *writer) startTag(name string, attrs, extra []etree.Attr, ctx *etree.Element) *xmlutil.Scope {
	all := append(append([]etree.Attr(nil), attrs...), extra...)
	all = append(all, attrFixups(all, ctx, wr.cur)...)
	xmlutil.StartTag(wr.w, name, all, nil)
	return wr.cur.Push(all)
}

// attrFixups returns the declarations that prefixed attributes read at ctx
// need in the output context dst; attributes that declare their own
// prefixes need none.
func attrFixups(attrs []etree.Attr, ctx *etree.Element, dst *xmlutil.Scope) []etree.Attr {
	if ctx == nil {
		return nil
	}
	var decls []etree.Attr
	for _, a := range attrs {
		if a.Space == "" || xmlutil.IsDecl(a) || xmlutil.Declared(attrs, a.Space) || xmlutil.Declared(decls, a.Space) {
			continue
		}
		su, ok := lookup(ctx, a.Space)
		if !ok {
			continue
		}
		if du, _ := dst.URI(a.Space); du != su {
			decls = append(decls, xmlutil.Decl(a.Space, su))
		}
	}
	return decls
}

// element writes e as it was read, declaring what its prefixes need here.
func (wr *writer) element(e *etree.Element) {
	writeElement(wr.w, wr.tags, e, fixups(e, wr.cur), "", "")
}

// writeElement writes e with decls added to its start tag and, unless ind
// is "", its own indentation laid out afresh at ind, unit a level below,
// where it is only that (xmlutil.Indented); else as read. Its tags and
// those of the elements within it are written as read (tags).
func writeElement(w *bufio.Writer, tags *xmlutil.RawTags, e *etree.Element, decls []etree.Attr, ind, unit string) {
	if ind != "" && !xmlutil.Indented(e, uriOf(e)) {
		ind = ""
	}
	if ind == "" {
		tags.WriteElement(w, e, decls)
		return
	}
	in := ind + unit
	tags.Wrap(w, e, decls, func() {
		xmlutil.WriteChildren(w, e, ind, in, func(c *etree.Element) { writeElement(w, tags, c, nil, in, unit) })
	})
}

// field writes t, a child of an item's data, laid out at indentation ind
// ("" for as read): an element whose value is XML (see relaid) with its
// own indentation laid out afresh there, unless xml:space="preserve"
// holds around it; the rest as read.
func (wr *writer) field(t etree.Token, ind string) {
	e, ok := t.(*etree.Element)
	if !ok || ind == "" || !relaid(e) || xmlutil.SpacePreserved(e.Parent()) {
		wr.token(t)
		return
	}
	writeElement(wr.w, wr.tags, e, fixups(e, wr.cur), ind, wr.d.unit)
}

// relaid reports whether e, a child of an item's data, is laid out afresh
// where it is written at another depth: all but a title, description and
// category without a namespace, whose value is all their text (Fields).
func relaid(e *etree.Element) bool { return group(KindRSS, e) == 3 }

// token writes a token as it was read.
func (wr *writer) token(t etree.Token) {
	if e, ok := t.(*etree.Element); ok {
		wr.element(wr.d.src.builtChild(e)) // an RSS item without sx:sync is built first
		return
	}
	t.WriteTo(wr.w, &xmlutil.WriteSettings)
}

// open writes a start tag and enters it; close leaves it.
func (wr *writer) open(name string, attrs, extra []etree.Attr, ctx *etree.Element) *xmlutil.Scope {
	outer := wr.cur
	wr.cur = wr.startTag(name, attrs, extra, ctx)
	return outer
}

func (wr *writer) close(name string, outer *xmlutil.Scope) {
	xmlutil.EndTag(wr.w, name)
	wr.cur = outer
}

// openAsRead is open for e, an element read, written with attrs (e's
// own, or e's but some left out) and extra: in the bytes its start tag was
// read with where etree writes others (xmlutil.RawTags), so that what
// feedsync does not change keeps its quotes, white space, references and
// attribute order. closeOf and endStartOf end it as read.
func (wr *writer) openAsRead(e *etree.Element, attrs, extra []etree.Attr, ctx *etree.Element) *xmlutil.Scope {
	outer := wr.cur
	all := append(append([]etree.Attr(nil), attrs...), extra...)
	fix := attrFixups(all, ctx, wr.cur)
	wr.tags.StartTag(wr.w, e, attrs, append(slices.Clip(extra), fix...))
	wr.cur = wr.cur.Push(append(all, fix...))
	return outer
}

// closeOf writes e's end tag as read and leaves it (close).
func (wr *writer) closeOf(e *etree.Element, outer *xmlutil.Scope) {
	wr.tags.EndTag(wr.w, e)
	wr.cur = outer
}

// endStartOf is endStart for an element openAsRead wrote: empty, it ends
// as it was read, "/>" or with its end tag.
func (wr *writer) endStartOf(e *etree.Element, empty bool, outer *xmlutil.Scope) (open bool) {
	if empty {
		wr.tags.EndEmpty(wr.w, e)
		wr.cur = outer
		return false
	}
	wr.w.WriteByte('>')
	return true
}

// endStart ends the start tag open wrote: with "/>" when the element is
// empty, which closes it (the namespace context goes back to outer, as
// close does), else with ">". It reports whether the element is still
// open, for its content and close.
func (wr *writer) endStart(empty bool, outer *xmlutil.Scope) (open bool) {
	if empty {
		wr.w.WriteString("/>")
		wr.cur = outer
		return false
	}
	wr.w.WriteByte('>')
	return true
}
