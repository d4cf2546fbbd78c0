package feeds

import (
	"strings"

	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// has is a set of the children an item's format requires of it, as the
// scan met them among the item's children.
type has uint8

const (
	hasTitle       has = 1 << iota // RSS title, atom:title
	hasDescription                 // RSS description
	hasID                          // atom:id
	hasUpdated                     // atom:updated
	hasContent                     // atom:content
	hasAlternate                   // an atom:link whose rel is alternate
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
		case "content":
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

// lacks says what an item of format f that has h lacks of what its format
// requires, or "".
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
	if len(no) == 0 {
		return ""
	}
	return "no " + strings.Join(no, ", no ") + ": RFC 4287 §4.1.2 requires each of every entry"
}

// Incomplete returns a problem at each item of the feed as read, sync
// item or not, that lacks what its format requires of an item: an RSS item
// a title or a description (RSS 2.0), an Atom entry an atom:title, an
// atom:id, an atom:updated and an atom:content or an alternate link (RFC
// 4287 §4.1.2). Conflict versions are not items of the feed and are not
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
