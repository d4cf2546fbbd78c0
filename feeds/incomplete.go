package feeds

import (
	"strings"

	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// has is a set of the children an item's format requires of it, as the
// scan met them among the item's children.
type has uint16

const (
	hasTitle       has = 1 << iota // RSS title, atom:title
	hasDescription                 // RSS description
	hasID                          // atom:id
	hasUpdated                     // atom:updated
	hasContent                     // atom:content
	hasAlternate                   // an atom:link whose rel is alternate
	hasSummary                     // atom:summary
	hasTwoContents                 // a second atom:content
	hasNoText                      // an atom:content with src, or Base64 (ContentHoldsText)
)

// hasOf returns what the child element of an item of format f whose start
// tag is t, in namespace uri, is among the required children.
func hasOf(f Format, uri string, t *xmlscan.Token) has {
	switch {
	case uri == "" && f == RSS:
		switch t.Name.Local {
		case "title":
			return hasTitle
		case "description":
			return hasDescription
		}
	case uri == NSAtom && f == Atom:
		switch t.Name.Local {
		case "title":
			return hasTitle
		case "id":
			return hasID
		case "updated":
			return hasUpdated
		case "summary":
			return hasSummary
		case "content":
			if src, typ := contentAttrs(t.Attrs); src != "" || !ContentHoldsText(typ) {
				return hasContent | hasNoText
			}
			return hasContent
		case "link":
			rel := "alternate" // RFC 4287 §4.2.7.2: a link without rel is alternate
			for _, a := range t.Attrs {
				if a.Name == (xmlscan.Name{Local: "rel"}) {
					rel = a.Value
				}
			}
			if rel == "alternate" || rel == "http://www.iana.org/assignments/relation/alternate" {
				return hasAlternate
			}
		}
	}
	return 0
}

// contentAttrs returns the src and type attributes of an atom:content.
func contentAttrs(attrs []xmlscan.Attr) (src, typ string) {
	for _, a := range attrs {
		switch a.Name {
		case xmlscan.Name{Local: "src"}:
			src = a.Value
		case xmlscan.Name{Local: "type"}:
			typ = a.Value
		}
	}
	return src, typ
}

// add returns h with what the child element c adds (hasOf): a second
// atom:content is noted as such.
func (h has) add(c has) has {
	if h&c&hasContent != 0 {
		c |= hasTwoContents
	}
	return h | c
}

// lacks says what an item of format f that has h lacks of what its format
// requires, or breaks of it, or "".
func (h has) lacks(f Format) string {
	if f == RSS {
		if h&(hasTitle|hasDescription) == 0 {
			return "neither title nor description: RSS 2.0 requires one"
		}
		return ""
	}
	var no []string
	for _, n := range []struct {
		h    has
		name string
	}{{hasTitle, "atom:title"}, {hasID, "atom:id"}, {hasUpdated, "atom:updated"}} {
		if h&n.h == 0 {
			no = append(no, n.name)
		}
	}
	if h&(hasContent|hasAlternate) == 0 {
		no = append(no, "atom:content or an alternate link")
	}
	var msgs []string
	if len(no) > 0 {
		msgs = append(msgs, "no "+strings.Join(no, ", no ")+": RFC 4287 §4.1.2 requires each of every entry")
	}
	if h&hasTwoContents != 0 {
		msgs = append(msgs, "more than one atom:content: RFC 4287 §4.1.1.1 allows one")
	}
	if h&(hasNoText|hasSummary) == hasNoText {
		msgs = append(msgs, "an atom:content with src or in Base64 and no atom:summary: RFC 4287 §4.1.1.1 requires one beside such content")
	}
	return strings.Join(msgs, "; ")
}

// ContentHoldsText reports whether an Atom content of type typ ("" for
// none) holds text a person writes (RFC 4287 §4.1.3.3): a text construct
// (text, html, xhtml) or a text/* media type. Another media type holds
// an XML document (an XML media type, …+xml, …/xml) or Base64 (any other,
// video/mp4 say), which plain text cannot stand in: written with text, an
// atom:content takes a text type (EditData).
func ContentHoldsText(typ string) bool {
	t := strings.ToLower(strings.TrimSpace(typ))
	switch {
	case t == "" || t == "text" || t == "html" || t == "xhtml":
		return true
	case !strings.Contains(t, "/"):
		return false // no media type, nor a text construct's type: what it holds is unknown
	}
	return strings.HasPrefix(t, "text/")
}

// Incomplete returns a problem at each item of the feed as read, sync
// item or not, that lacks what its format requires of an item: an RSS item
// a title or a description (RSS 2.0), an Atom entry an atom:title, an
// atom:id, an atom:updated and an atom:content or an alternate link (RFC
// 4287 §4.1.2), or that holds more than one atom:content, or content with
// src or in Base64 and no atom:summary (§4.1.1.1). Conflict versions are not items of the feed and are not
// looked at. The feed loads and syncs all the same: these are warnings,
// for a validator to give, about what is the publisher's concern. The
// parse noted what each item has; Incomplete reads nothing again.
func (d *Doc) Incomplete() Problems {
	var ps Problems
	var lines *xmlscan.Lines
	for _, lz := range d.src.items {
		msg := lz.has.lacks(d.format)
		if msg == "" {
			continue
		}
		if lines == nil {
			lines = xmlscan.NewLines(d.src.data)
		}
		line, col := lines.Position(lz.start)
		ps = append(ps, Problem{File: d.name, Line: line, Col: col, Element: lz.shell.FullTag(), Msg: msg})
	}
	return ps
}
