package ssefeed

import (
	"bufio"
	"bytes"
	"io"
	"strings"

	"github.com/beevik/etree"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// writeSettings escape only what XML requires, as feeds does, so that what
// is written reads back the same.
var writeSettings = etree.WriteSettings{CanonicalText: true, CanonicalAttrVal: true}

// WriteTo writes the feed. Everything but the items that changed is
// written as it was read, through etree; changed items are written from
// their data and sync metadata, indented as the feed indents its items.
// OPML outlines are laid out from the items (see the package doc). The
// output depends only on the Doc, so writing is deterministic.
func (d *Doc) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	bw := bufio.NewWriterSize(cw, 64<<10)
	wr := &writer{d: d, w: bw}
	if d.kind == KindOPML {
		wr.lay = d.layout()
	}
	for _, t := range d.src.tree.Child {
		if t == d.root {
			wr.root()
			continue
		}
		t.WriteTo(bw, &writeSettings)
	}
	err := bw.Flush()
	return cw.n, err
}

// Bytes returns the feed as WriteTo writes it.
func (d *Doc) Bytes() []byte {
	var b bytes.Buffer
	d.WriteTo(&b) // a bytes.Buffer does not fail
	return b.Bytes()
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// writer writes one Doc.
type writer struct {
	d   *Doc
	w   *bufio.Writer
	lay *layout
	cur *xmlutil.Scope // the namespace context at the point of writing
}

// root writes the root element, declaring the SSE prefix and feedsync's
// outline prefix on it when the feed did not and now needs them.
func (wr *writer) root() {
	d := wr.d
	var extra []etree.Attr
	sx, fso := wr.needs()
	if d.declSX && sx {
		extra = append(extra, xmlutil.Decl(d.sx, d.ns))
	}
	if d.declFSO && fso {
		extra = append(extra, xmlutil.Decl(d.fso, NSOutline))
	}
	outer := wr.open(d.root.FullTag(), d.root.Attr, extra, nil)
	wr.w.WriteByte('>')
	for _, t := range d.root.Child {
		if t != d.box {
			t.WriteTo(wr.w, &writeSettings)
			continue
		}
		if d.kind == KindOPML {
			wr.body()
		} else {
			wr.channel()
		}
	}
	wr.close(d.root.FullTag(), outer)
}

// needs reports whether anything written anew uses the SSE prefix, and
// whether anything uses feedsync's outline prefix.
func (wr *writer) needs() (sx, fso bool) {
	d := wr.d
	if d.kind == KindRSS {
		for i := range d.recs {
			if wr.d.rssMode(&d.recs[i], d.itemInd) != verbatim {
				return true, false
			}
		}
		return false, false
	}
	wr.lay.walk(func(n *node) {
		it := d.recs[n.rec].item
		x := dataOf(it.Data)
		asRead := x.read == it && d.nsOf(x.sync)
		sx = sx || !asRead
		fso = fso || n.explicit && !(asRead && x.posSet) || !asRead && conflictsMoved(it)
	})
	return sx, fso
}

// conflictsMoved reports whether a conflict of it has a position other
// than its own, which its sx:conflict then carries.
func conflictsMoved(it *sse.Item) bool {
	for _, c := range it.Conflicts {
		if c.Position != it.Position {
			return true
		}
	}
	return false
}

// startTag writes a start tag without its closing '>' and returns the
// namespace context inside it. attrs were read where ctx is (nil for
// attributes made anew); fixups are added for their prefixes.
func (wr *writer) startTag(name string, attrs, extra []etree.Attr, ctx *etree.Element) *xmlutil.Scope {
	all := append(append([]etree.Attr(nil), attrs...), extra...)
	all = append(all, attrFixups(all, ctx, wr.cur)...)
	wr.w.WriteByte('<')
	wr.w.WriteString(name)
	for _, a := range all {
		wr.w.WriteByte(' ')
		a.WriteTo(wr.w, &writeSettings)
	}
	return wr.cur.Push(all)
}

func (wr *writer) endTag(name string) {
	wr.w.WriteString("</")
	wr.w.WriteString(name)
	wr.w.WriteByte('>')
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
	decls := fixups(e, wr.cur)
	if len(decls) == 0 {
		e.WriteTo(wr.w, &writeSettings)
		return
	}
	wr.w.WriteByte('<')
	wr.w.WriteString(e.FullTag())
	for _, list := range [2][]etree.Attr{e.Attr, decls} {
		for _, a := range list {
			wr.w.WriteByte(' ')
			a.WriteTo(wr.w, &writeSettings)
		}
	}
	if len(e.Child) == 0 {
		wr.w.WriteString("/>")
		return
	}
	wr.w.WriteByte('>')
	for _, t := range e.Child {
		t.WriteTo(wr.w, &writeSettings)
	}
	wr.endTag(e.FullTag())
}

// token writes a token as it was read.
func (wr *writer) token(t etree.Token) {
	if e, ok := t.(*etree.Element); ok {
		wr.element(e)
		return
	}
	t.WriteTo(wr.w, &writeSettings)
}

// open writes a start tag and enters it; close leaves it.
func (wr *writer) open(name string, attrs, extra []etree.Attr, ctx *etree.Element) *xmlutil.Scope {
	outer := wr.cur
	wr.cur = wr.startTag(name, attrs, extra, ctx)
	return outer
}

func (wr *writer) close(name string, outer *xmlutil.Scope) {
	wr.endTag(name)
	wr.cur = outer
}

// indentOf returns the indentation before e where it was read: a newline
// and the last line's white space, or "" when e does not start a line.
func indentOf(e *etree.Element) string {
	p, i := e.Parent(), e.Index()
	if p == nil || i < 1 || !isWS(p.Child[i-1]) {
		return ""
	}
	return lastLine(p.Child[i-1].(*etree.CharData).Data)
}

// isWS reports whether a token is white space.
func isWS(t etree.Token) bool {
	cd, ok := t.(*etree.CharData)
	return ok && !cd.IsCData() && isSpace(cd.Data)
}

// lastLine returns white space reduced to a newline and the last line's
// indentation, or as it is when it holds no newline.
func lastLine(ws string) string {
	if i := strings.LastIndexByte(ws, '\n'); i >= 0 {
		return "\n" + strings.TrimLeft(ws[i+1:], "\r")
	}
	return ws
}
