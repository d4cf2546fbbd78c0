package ssefeed

import (
	"time"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// newSharingAt returns the child of an RSS channel before which an
// sx:sharing set by SetSharing is written, when the one read was not
// inside the channel: before the first item, or after the last element;
// -1 when there is none to write there.
func (d *Doc) newSharingAt() int {
	if d.kind != KindRSS || !d.sharingSet || d.sharing == nil || d.sharingEl != nil && d.sharingEl.Parent() == d.box {
		return -1
	}
	if i := d.firstItem(); i >= 0 {
		return i
	}
	return d.appendAt
}

// sharing writes sx:sharing as set (§2.1) with its sx:related children
// (§2.2), the children one to a line below ind.
func (wr *writer) sharing(ind string) {
	s := wr.d.sharing
	version := s.Version
	if version == "" {
		version = "0.91"
	}
	var attrs []etree.Attr
	attrs = wr.dateAttr(attrs, "since", s.Since)
	attrs = wr.dateAttr(attrs, "until", s.Until)
	attrs = append(attrs, etree.Attr{Key: "version", Value: version})
	if s.Window > 0 {
		attrs = append(attrs, etree.Attr{Key: "window", Value: itoa(s.Window)})
	}
	name := wr.sxName("sharing")
	outer := wr.open(name, attrs, wr.sxDecl(), nil)
	if !wr.endStart(len(s.Related) == 0, outer) {
		return
	}
	in := ind + wr.d.unit
	for _, r := range s.Related {
		attrs := []etree.Attr{{Key: "link", Value: r.Link}, {Key: "type", Value: r.Type}}
		if r.Title != "" {
			attrs = append(attrs, etree.Attr{Key: "title", Value: r.Title})
		}
		attrs = wr.dateAttr(attrs, "since", r.Since)
		attrs = wr.dateAttr(attrs, "until", r.Until)
		wr.w.WriteString(in)
		xmlutil.StartTag(wr.w, wr.sxName("related"), attrs, nil)
		wr.w.WriteString("/>")
	}
	wr.w.WriteString(ind)
	wr.close(name, outer)
}

// dateAttr appends a date-time attribute when t is set (§1.2).
func (wr *writer) dateAttr(attrs []etree.Attr, key string, t time.Time) []etree.Attr {
	if t.IsZero() {
		return attrs
	}
	return append(attrs, etree.Attr{Key: key, Value: wr.d.date(t)})
}

// head writes the OPML head with the sx:sharing set by SetSharing: in
// place of the one read there, or after the head's last element; and with
// the feed-level elements taken from another version (TakeFeedLevel).
func (wr *writer) head() {
	d, h := wr.d, wr.d.head
	outer := wr.openAsRead(h, h.Attr, nil, nil)
	in := headIndent(h, d.unit)
	add := d.sharingSet && d.sharing != nil && (d.sharingEl == nil || d.sharingEl.Parent() != h)
	last := -1
	for i, t := range h.Child {
		if !xmlutil.IsWS(t) {
			last = i
		}
	}
	empty := len(h.Child) == 0 && !add && len(d.level.Inserts()) == 0
	if !wr.endStartOf(h, empty, outer) {
		return
	}
	g := gap{wr: wr}
	insert := func() {
		wr.w.WriteString(in)
		wr.sharing(in)
	}
	if add && last < 0 {
		insert()
	}
	if last < 0 {
		wr.levelInserts(in)
	}
	for i, t := range h.Child {
		switch {
		case xmlutil.IsWS(t):
			g.hold(t)
		case t == d.sharingEl && d.sharing == nil:
			g.drop()
		case t == d.sharingEl && d.sharingSet:
			g.flush()
			wr.sharing(in)
		default:
			wr.feedChild(t, &g)
		}
		if i == last && add {
			insert()
		}
		if i == last {
			wr.levelInserts(in)
		}
	}
	g.flush()
	if len(h.Child) == 0 {
		wr.w.WriteString(xmlutil.IndentOf(h))
	}
	wr.closeOf(h, outer)
}

// newHead writes an OPML head holding only sx:sharing, for an outline
// that has none, before the body.
func (wr *writer) newHead() {
	d := wr.d
	ind := xmlutil.IndentOf(d.box)
	outer := wr.open("head", nil, wr.noDefaultNS(nil), nil)
	wr.w.WriteByte('>')
	in := ind + d.unit
	if ind == "" {
		in = ""
	}
	wr.w.WriteString(in)
	wr.sharing(in)
	wr.w.WriteString(ind)
	wr.close("head", outer)
	wr.w.WriteString(ind)
}

// headIndent returns the white space before the head's children: as read
// before its first element, else one level below the head.
func headIndent(h *etree.Element, unit string) string {
	for c := range h.ChildElementsSeq() {
		return xmlutil.IndentOf(c)
	}
	if ind := xmlutil.IndentOf(h); ind != "" {
		if unit == "" {
			unit = "  "
		}
		return ind + unit
	}
	return ""
}
