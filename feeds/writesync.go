package feeds

import (
	"strconv"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// sync writes an sx:sync element for the item's metadata: its history, its
// conflicts, and what the version's own sx:sync held that the engine does
// not model (attributes without a prefix, foreign child elements). deleted
// and noconflicts are written when true, and as "false" when the version's
// sx:sync had them: noconflicts keeps the state of the first update (§2.4),
// and an undeleted item says deleted="false" (§3.2 step 6).
//
// sy is the version's own sx:sync, nil for none, and ss the scope inside
// it; only sy's attributes and the child elements it holds besides
// sx:history and sx:conflicts are read (a version written as read gives
// one without children, and no scope).
func (wr *writer) sync(sy *etree.Element, ss *scope, it *engine.Item, parent *scope, ind string, undeleted bool) {
	d := wr.d
	p := d.sx
	var decls []etree.Attr
	if u, _ := parent.URI(p); u != NSFeedSync {
		decls = []etree.Attr{xmlutil.Decl(p, NSFeedSync)}
	}
	inner := declScope(parent, decls)
	s := it.Sync
	attrs := []etree.Attr{{Key: "id", Value: s.ID}, {Key: "updates", Value: strconv.Itoa(s.Updates)}}
	attrs = appendFlag(attrs, "deleted", s.Deleted, undeleted || sy != nil && hasPlainAttr(sy, "deleted"))
	attrs = appendFlag(attrs, "noconflicts", s.NoConflicts, sy != nil && hasPlainAttr(sy, "noconflicts"))
	if sy != nil {
		for _, a := range sy.Attr {
			switch {
			case a.Space != "", a.Key == "xmlns", a.Key == "id", a.Key == "updates", a.Key == "deleted", a.Key == "noconflicts":
			default:
				attrs = append(attrs, a)
			}
		}
	}
	name := qn{p, "sync"}.String()
	xmlutil.StartTag(wr.w, name, attrs, decls)
	wr.w.WriteByte('>')
	in := d.deeper(ind)
	for _, h := range s.History {
		wr.w.WriteString(in)
		wr.history(p, h)
	}
	if len(it.Conflicts) > 0 {
		cname := qn{p, "conflicts"}.String()
		wr.w.WriteString(in)
		wr.w.WriteString("<" + cname + ">")
		for _, c := range it.Conflicts {
			wr.w.WriteString(d.deeper(in))
			wr.version(c, inner, d.deeper(in), false)
		}
		wr.w.WriteString(in)
		xmlutil.EndTag(wr.w, cname)
	}
	if sy != nil {
		for c := range sy.ChildElementsSeq() {
			if ss.elemURI(c) == NSFeedSync && (c.Tag == "history" || c.Tag == "conflicts") {
				continue
			}
			wr.w.WriteString(in)
			wr.elementAt(c, ss, inner, in)
		}
	}
	wr.w.WriteString(ind)
	xmlutil.EndTag(wr.w, name)
}

// appendFlag appends a boolean attribute: when true, or as "false" when it
// is to be written anyway.
func appendFlag(attrs []etree.Attr, key string, on, always bool) []etree.Attr {
	switch {
	case on:
		return append(attrs, etree.Attr{Key: key, Value: "true"})
	case always:
		return append(attrs, etree.Attr{Key: key, Value: "false"})
	}
	return attrs
}

func hasPlainAttr(e *etree.Element, key string) bool {
	for _, a := range e.Attr {
		if a.Space == "" && a.Key == key {
			return true
		}
	}
	return false
}

// history writes one sx:history element (§2.5).
func (wr *writer) history(p string, h engine.History) {
	b := append(wr.buf[:0], '<')
	if p != "" {
		b = append(b, p...)
		b = append(b, ':')
	}
	b = append(b, `history sequence="`...)
	b = strconv.AppendInt(b, int64(h.Sequence), 10)
	b = append(b, '"')
	if h.HasWhen() {
		b = append(b, ` when="`...)
		b = appendDateTime(b, h.When)
		b = append(b, '"')
	}
	wr.buf = b
	wr.w.Write(b)
	if h.HasBy() {
		wr.w.WriteByte(' ')
		a := etree.Attr{Key: "by", Value: h.By}
		a.WriteTo(wr.w, &xmlutil.WriteSettings)
	}
	wr.w.WriteString("/>")
}

// sharing writes the sx:sharing element as set.
func (wr *writer) sharing() {
	d, s := wr.d, wr.d.sharing
	name := qn{d.sx, "sharing"}.String()
	var attrs []etree.Attr
	for _, a := range [][2]string{{"since", s.Since}, {"until", s.Until}, {"expires", s.Expires}} {
		if a[1] != "" {
			attrs = append(attrs, etree.Attr{Key: a[0], Value: a[1]})
		}
	}
	xmlutil.StartTag(wr.w, name, attrs, nil)
	if len(s.Related) == 0 {
		wr.w.WriteString("/>")
		return
	}
	wr.w.WriteByte('>')
	in := d.deeper(d.itemInd)
	for _, r := range s.Related {
		wr.w.WriteString(in)
		attrs = []etree.Attr{{Key: "link", Value: r.Link}, {Key: "type", Value: r.Type}}
		if r.Title != "" {
			attrs = append(attrs, etree.Attr{Key: "title", Value: r.Title})
		}
		xmlutil.StartTag(wr.w, qn{d.sx, "related"}.String(), attrs, nil)
		wr.w.WriteString("/>")
	}
	wr.w.WriteString(d.itemInd)
	xmlutil.EndTag(wr.w, name)
}
