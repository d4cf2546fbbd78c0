package ssefeed

import (
	"github.com/beevik/etree"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
	"slices"
)

// syncAnew writes an sx:sync element for the item's metadata (§2.3 to
// §2.5, §5.1, §5.2), with the position on it when explicit, and what the
// version's own sx:sync held that the model does not (foreign attributes
// and child elements). deleted is written when true, and as "false" when
// the sx:sync read had it (§4.2 step 3 allows both); conflict when true,
// and as "false" only when rewriting the very version read with it, since
// an update removes it (§4.2 step 4).
func (wr *writer) syncAnew(x *itemData, it *sse.Item, explicit bool, ind string) {
	d := wr.d
	src := x.sync
	attrs := []etree.Attr{{Key: "id", Value: it.ID}, {Key: "version", Value: itoa(it.Version)}}
	switch {
	case it.Deleted:
		attrs = append(attrs, etree.Attr{Key: "deleted", Value: "true"})
	case hasAttr(src, "deleted"):
		attrs = append(attrs, etree.Attr{Key: "deleted", Value: "false"})
	}
	switch {
	case it.Conflict:
		attrs = append(attrs, etree.Attr{Key: "conflict", Value: "true"})
	case hasAttr(src, "conflict") && sameVersion(src, it.Version):
		attrs = append(attrs, etree.Attr{Key: "conflict", Value: "false"})
	}
	if src != nil {
		for _, a := range src.Attr {
			switch {
			case a.Space == "" && (a.Key == "id" || a.Key == "version" || a.Key == "deleted" || a.Key == "conflict"):
			case xmlutil.IsDecl(a), a.Space != "" && attrURI(src, a) == NSOutline:
			default:
				attrs = append(attrs, a)
			}
		}
	}
	if explicit {
		attrs = wr.posAttrs(attrs, it.Position, itoa(it.Version))
	}
	name := wr.sxName("sync")
	outer := wr.open(name, attrs, wr.sxDecl(), src)
	wr.w.WriteByte('>')
	in := ind + d.unit
	wr.w.WriteString(in)
	wr.history(it.History, in)
	if len(it.Conflicts) > 0 {
		wr.w.WriteString(in)
		wr.conflicts(it, in)
	}
	if src != nil {
		for c := range src.ChildElementsSeq() {
			if !isSSE(uriOf(c)) {
				wr.w.WriteString(in)
				wr.element(c)
			}
		}
	}
	wr.w.WriteString(ind)
	wr.close(name, outer)
}

// syncPatched writes an sx:sync as read, but with its position marks
// decided anew: the item's position, which it did not carry validly or
// carried under another prefix than the feed's, in place of any it had
// when explicit; else none, where it had valid ones a reader no longer
// needs (marks that are not valid are foreign markup, kept as read). A
// declaration of feedsync's namespace on it goes where the root declares
// it alike, or where nothing written uses it: a PostgreSQL hub stores
// every outline with its marks declared there, and an outline merged in
// from a feed that binds the prefix elsewhere brings it (see the package
// doc, "Outline positions").
func (wr *writer) syncPatched(src *etree.Element, it *sse.Item, explicit, posSet bool) {
	replace := explicit || posSet
	attrs := make([]etree.Attr, 0, len(src.Attr)+3)
	for _, a := range src.Attr {
		if replace && a.Space != "" && !xmlutil.IsDecl(a) && attrURI(src, a) == NSOutline {
			continue
		}
		attrs = append(attrs, a)
	}
	attrs = slices.DeleteFunc(attrs, func(a etree.Attr) bool {
		if a.Space != "xmlns" || a.Value != NSOutline {
			return false
		}
		return fsoBoundAlike(a, wr.cur) || !childrenUse(src, a.Key) && !slices.ContainsFunc(attrs, func(b etree.Attr) bool { return b.Space == a.Key })
	})
	extra := fixupsWith(src, attrs, wr.cur)
	if explicit {
		attrs = wr.posAttrs(attrs, it.Position, itoa(it.Version))
	}
	wr.trimmedWith(src, attrs, extra, src)
}

// trimmed writes t, inside an sx:sync written as read, as read but
// without the declarations of feedsync's namespace that the scope it is
// written in makes alike (a record's marks declared on the record, as
// feedsync wrote OPML before the root declared them).
func (wr *writer) trimmed(t etree.Token) {
	e, ok := t.(*etree.Element)
	if !ok || !redundantFSO(e, wr.cur) {
		t.WriteTo(wr.w, &xmlutil.WriteSettings)
		return
	}
	attrs := slices.DeleteFunc(slices.Clone(e.Attr), func(a etree.Attr) bool { return fsoBoundAlike(a, wr.cur) })
	wr.trimmedWith(e, attrs, nil, nil)
}

// trimmedWith writes e with the attributes attrs, and extra, the
// declarations its source element ctx needs where it is written, then its
// children trimmed.
func (wr *writer) trimmedWith(e *etree.Element, attrs, extra []etree.Attr, ctx *etree.Element) {
	outer := wr.open(e.FullTag(), attrs, extra, ctx)
	if !wr.endStart(len(e.Child) == 0, outer) {
		return
	}
	for _, c := range e.Child {
		wr.trimmed(c)
	}
	wr.close(e.FullTag(), outer)
}

// redundantFSO reports whether e or an element inside it declares
// feedsync's namespace under a prefix that is bound to it alike where it
// is, e being written in scope s.
func redundantFSO(e *etree.Element, s *xmlutil.Scope) bool {
	if slices.ContainsFunc(e.Attr, func(a etree.Attr) bool { return fsoBoundAlike(a, s) }) {
		return true
	}
	in := s.Push(e.Attr)
	for c := range e.ChildElementsSeq() {
		if redundantFSO(c, in) {
			return true
		}
	}
	return false
}

// fsoBoundAlike reports whether a declares feedsync's namespace under a
// prefix that s binds to it already.
func fsoBoundAlike(a etree.Attr, s *xmlutil.Scope) bool {
	if a.Space != "xmlns" || a.Value != NSOutline {
		return false
	}
	u, _ := s.URI(a.Key)
	return u == NSOutline
}

// marksInPlace reports whether src, an outline's sx:sync read, is in the
// form the writer gives its marks: valid position marks (posSet) under
// the feed's prefix for feedsync's namespace, and no declaration of that
// namespace, on it or inside it, that the scope it is written in makes
// already.
func (wr *writer) marksInPlace(src *etree.Element, posSet bool) bool {
	for _, a := range src.Attr {
		switch {
		case fsoBoundAlike(a, wr.cur):
			return false
		case posSet && a.Space != "" && a.Space != wr.d.fso && !xmlutil.IsDecl(a) && attrURI(src, a) == NSOutline:
			return false
		}
	}
	in := wr.cur.Push(src.Attr)
	for c := range src.ChildElementsSeq() {
		if redundantFSO(c, in) {
			return false
		}
	}
	return true
}

// childrenUse reports whether a child of e, or one of theirs, uses prefix
// as bound at e.
func childrenUse(e *etree.Element, prefix string) bool {
	for c := range e.ChildElementsSeq() {
		if slices.Contains(usedPrefixes(c), prefix) {
			return true
		}
	}
	return false
}

// posAttrs appends an outline position in feedsync's namespace; version is
// that of the sx:sync carrying it, "" on sx:conflict.
func (wr *writer) posAttrs(attrs []etree.Attr, pos sse.Position, version string) []etree.Attr {
	p := wr.d.fso
	attrs = append(attrs, etree.Attr{Space: p, Key: "parent", Value: pos.Parent}, etree.Attr{Space: p, Key: "key", Value: pos.Key})
	if version != "" {
		attrs = append(attrs, etree.Attr{Space: p, Key: "version", Value: version})
	}
	return wr.declFSO(attrs)
}

// deletedAttr appends fso:deleted="true", the mark of an sx:conflict that
// records a deletion (see the package doc).
func (wr *writer) deletedAttr(attrs []etree.Attr) []etree.Attr {
	return wr.declFSO(append(attrs, etree.Attr{Space: wr.d.fso, Key: "deleted", Value: "true"}))
}

// fromAttrs appends fso:fromWhen and fso:fromBy, the stamp of the version
// an sx:conflict's loser was made from (see the package doc), each when
// it is there.
func (wr *writer) fromAttrs(attrs []etree.Attr, from sse.Stamp) []etree.Attr {
	if !from.When.IsZero() {
		attrs = append(attrs, etree.Attr{Space: wr.d.fso, Key: "fromWhen", Value: wr.d.date(from.When)})
	}
	if from.By != "" {
		attrs = append(attrs, etree.Attr{Space: wr.d.fso, Key: "fromBy", Value: from.By})
	}
	return wr.declFSO(attrs)
}

// declFSO appends the declaration of feedsync's prefix to attrs, which
// use it, when it is not bound to NSOutline where they are written.
func (wr *writer) declFSO(attrs []etree.Attr) []etree.Attr {
	p := wr.d.fso
	if u, _ := wr.cur.URI(p); u != NSOutline && !xmlutil.Declared(attrs, p) {
		attrs = append(attrs, xmlutil.Decl(p, NSOutline))
	}
	return attrs
}

// sxName returns the name of an SSE element as written.
func (wr *writer) sxName(local string) string {
	if wr.d.sx == "" {
		return local
	}
	return wr.d.sx + ":" + local
}

// sxDecl returns the declaration of the SSE prefix when it is not bound
// to the feed's SSE namespace here.
func (wr *writer) sxDecl() []etree.Attr {
	if u, _ := wr.cur.URI(wr.d.sx); u != wr.d.ns {
		return []etree.Attr{xmlutil.Decl(wr.d.sx, wr.d.ns)}
	}
	return nil
}

// history writes sx:history (§2.4) with its sx:update elements (§2.5).
func (wr *writer) history(h sse.History, ind string) {
	name := wr.sxName("history")
	wr.w.WriteByte('<')
	wr.w.WriteString(name)
	wr.stampAttrs(h.Stamp())
	if len(h.Updates) == 0 {
		wr.w.WriteString("/>")
		return
	}
	wr.w.WriteByte('>')
	in := ind + wr.d.unit
	for _, u := range h.Updates {
		wr.w.WriteString(in)
		wr.w.WriteByte('<')
		wr.w.WriteString(wr.sxName("update"))
		wr.stampAttrs(u)
		wr.w.WriteString("/>")
	}
	wr.w.WriteString(ind)
	xmlutil.EndTag(wr.w, name)
}

// stampAttrs writes when and by, those present.
func (wr *writer) stampAttrs(st sse.Stamp) {
	if st.HasWhen() {
		wr.attr("when", wr.d.date(st.When))
	}
	if st.HasBy() {
		wr.attr("by", st.By)
	}
}

func (wr *writer) attr(key, value string) {
	wr.w.WriteByte(' ')
	a := etree.Attr{Key: key, Value: value}
	a.WriteTo(wr.w, &xmlutil.WriteSettings)
}

// conflicts writes sx:conflicts (§5.1) and an sx:conflict for each record
// (§5.2): when, by and version as in the spec's example, the position in
// feedsync's namespace when it is not the item's own, fso:deleted="true"
// when the losing version was a deletion, fso:fromWhen and fso:fromBy
// when the record knows what the losing version was made from, and the
// losing version's data as children.
func (wr *writer) conflicts(it *sse.Item, ind string) {
	d := wr.d
	name, cname := wr.sxName("conflicts"), wr.sxName("conflict")
	wr.w.WriteString("<" + name + ">")
	in := ind + d.unit
	for _, c := range it.Conflicts {
		wr.w.WriteString(in)
		var attrs []etree.Attr
		if !c.When.IsZero() {
			attrs = append(attrs, etree.Attr{Key: "when", Value: d.date(c.When)})
		}
		if c.By != "" {
			attrs = append(attrs, etree.Attr{Key: "by", Value: c.By})
		}
		attrs = append(attrs, etree.Attr{Key: "version", Value: itoa(c.Version)})
		if d.kind == KindOPML && c.Position != it.Position {
			attrs = wr.posAttrs(attrs, c.Position, "")
		}
		if c.Deleted {
			attrs = wr.deletedAttr(attrs)
		}
		if c.HasFrom {
			attrs = wr.fromAttrs(attrs, c.From)
		}
		outer := wr.open(cname, attrs, nil, nil)
		x := d.own(c.Data)
		if !wr.endStart(x.empty(), outer) {
			continue
		}
		wr.conflictData(x, in+d.unit)
		if x.kind != KindRSS || !mixed(x.kids) {
			wr.w.WriteString(in)
		}
		wr.close(cname, outer)
	}
	wr.w.WriteString(ind)
	xmlutil.EndTag(wr.w, name)
}

// conflictData writes the data of a losing version: an RSS item's
// children, or an outline element, each child on a line with its own
// indentation laid out afresh at its new depth (see field).
// Children that hold text (mixed content) are written side by side, as
// read: indentation would change the text.
func (wr *writer) conflictData(x *itemData, ind string) {
	defer wr.useTags(x.tags)()
	in := ind
	if mixed(x.kids) {
		in = ""
	}
	if x.kind == KindRSS {
		for _, t := range x.kids {
			wr.w.WriteString(in)
			wr.field(t, in)
		}
		return
	}
	wr.w.WriteString(ind)
	outer := wr.openData("outline", x)
	if !wr.endStartData("outline", x, len(x.kids) == 0, outer) {
		return
	}
	for _, t := range x.kids {
		at := ""
		if in != "" {
			at = in + wr.d.unit
		}
		wr.w.WriteString(at)
		wr.field(t, at)
	}
	wr.w.WriteString(in)
	wr.closeData("outline", x, outer)
}

// mixed reports whether toks hold character data other than white space.
func mixed(toks []etree.Token) bool {
	return slices.ContainsFunc(toks, isText)
}

// isText reports whether t is character data other than white space.
func isText(t etree.Token) bool {
	c, ok := t.(*etree.CharData)
	return ok && (c.IsCData() || !xmlutil.IsSpace(c.Data))
}

// empty reports whether data has neither attributes nor children.
func (x *itemData) empty() bool { return len(x.attrs) == 0 && len(x.kids) == 0 }

func hasAttr(e *etree.Element, key string) bool {
	_, ok := plainAttr(e, key)
	return ok
}

// plainAttr returns the value of an unprefixed attribute of e, which may be nil.
func plainAttr(e *etree.Element, key string) (string, bool) {
	if e == nil {
		return "", false
	}
	for _, a := range e.Attr {
		if a.Space == "" && a.Key == key {
			return a.Value, true
		}
	}
	return "", false
}

// sameVersion reports whether an sx:sync read is of the given version.
func sameVersion(sync *etree.Element, version int) bool {
	v, _ := plainAttr(sync, "version")
	n, ok := number(v, 1, 10)
	return ok && n == version
}
