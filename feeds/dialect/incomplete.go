package dialect

import (
	"cmp"
	"slices"
	"strings"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// incomplete returns a warning for each item of a feed of format f that
// lacks what its format requires of an item, sync items and others alike:
// an RSS item a title or a description (RSS 2.0), an OPML outline a text
// attribute (OPML 2.0), an Atom entry an atom:title, an atom:id, an
// atom:updated (RFC 4287 §4.1.2) and either an atom:content or an
// alternate link (§4.1.1 and §4.1.2). Conflict versions are not items of
// the feed and are not looked at. data is a feed that Parse loaded; it is
// scanned once more, which only Validate asks for.
func incomplete(name string, data []byte, f Format) feeds.Problems {
	text, _, err := xmlscan.Decode(data)
	if err != nil {
		return nil
	}
	w := itemWalk{f: f, s: xmlscan.New(text)}
	for w.s.Next() {
		w.token()
	}
	if len(w.found) == 0 {
		return nil
	}
	lines := xmlscan.NewLines(text)
	out := make(feeds.Problems, len(w.found))
	for i, fd := range w.found {
		line, col := lines.Position(fd.off)
		out[i] = feeds.Problem{File: name, Line: line, Col: col, Element: fd.el, Msg: fd.msg}
	}
	return out
}

// itemWalk follows the tokens of a feed, noting of each item what it has.
type itemWalk struct {
	f     Format
	s     *xmlscan.Scanner
	path  []string // the open elements, as "uri local"
	item  int      // depth of the item open, 0 for none
	off   int      // its start tag's offset
	el    string   // its name as written
	has   map[string]bool
	found []found
}

// names of the elements on the way to a feed's items, as "uri local".
var (
	atomFeed  = feeds.NSAtom + " feed"
	atomEntry = feeds.NSAtom + " entry"
)

func (w *itemWalk) token() {
	t := w.s.Token()
	switch t.Kind {
	case xmlscan.StartElement:
		uri, _ := w.s.Lookup(t.Name.Prefix)
		n := uri + " " + t.Name.Local
		if w.item > 0 && len(w.path) == w.item {
			w.child(n, t)
		}
		w.path = append(w.path, n)
		switch {
		case w.item > 0 || !w.isItem():
		case w.f == OPML: // outlines nest: each is looked at here
			if !slices.ContainsFunc(t.Attrs, func(a xmlscan.Attr) bool { return a.Name == xmlscan.Name{Local: "text"} }) {
				w.note(t.Off, t.Name.String(), "no text attribute: OPML 2.0 requires it")
			}
		default:
			w.item, w.off, w.el, w.has = len(w.path), t.Off, t.Name.String(), map[string]bool{}
		}
	case xmlscan.EndElement:
		if len(w.path) == w.item {
			w.check()
			w.item = 0
		}
		w.path = w.path[:len(w.path)-1]
	}
}

// isItem reports whether the element just opened is an item of the feed.
func (w *itemWalk) isItem() bool {
	p := w.path
	switch w.f {
	case Atom:
		return len(p) == 2 && p[0] == atomFeed && p[1] == atomEntry
	case RSS:
		return len(p) == 3 && p[0] == " rss" && p[1] == " channel" && p[2] == " item"
	}
	if len(p) < 3 || p[0] != " opml" || p[1] != " body" || p[len(p)-1] != " outline" {
		return false
	}
	for _, n := range p[2:] {
		if n != " outline" {
			return false // an outline inside SSE or other markup
		}
	}
	return true
}

// child notes a child element of the item open.
func (w *itemWalk) child(n string, t *xmlscan.Token) {
	switch n {
	case " title", " description":
		if w.f == RSS {
			w.has[n[1:]] = true
		}
	case feeds.NSAtom + " title", feeds.NSAtom + " id", feeds.NSAtom + " updated", feeds.NSAtom + " content":
		w.has[strings.TrimPrefix(n, feeds.NSAtom+" ")] = true
	case feeds.NSAtom + " link":
		rel := "alternate" // RFC 4287 §4.2.7.2: no rel is alternate
		for _, a := range t.Attrs {
			if a.Name == (xmlscan.Name{Local: "rel"}) {
				rel = a.Value
			}
		}
		if rel == "alternate" || rel == "http://www.iana.org/assignments/relation/alternate" {
			w.has["alternate"] = true
		}
	}
}

// check notes what the item just closed lacks.
func (w *itemWalk) check() {
	if w.f == RSS && !w.has["title"] && !w.has["description"] {
		w.note(w.off, w.el, "neither title nor description: RSS 2.0 requires one")
	}
	if w.f != Atom {
		return
	}
	var lacks []string
	for _, n := range []string{"title", "id", "updated"} {
		if !w.has[n] {
			lacks = append(lacks, "atom:"+n)
		}
	}
	if !w.has["content"] && !w.has["alternate"] {
		lacks = append(lacks, "atom:content or an alternate link")
	}
	if len(lacks) > 0 {
		w.note(w.off, w.el, "no "+strings.Join(lacks, ", no ")+": RFC 4287 §4.1.2 requires each of every entry")
	}
}

// note notes a warning about the item whose start tag is at off.
func (w *itemWalk) note(off int, el, msg string) {
	w.found = append(w.found, found{off, el, msg})
}

// found is a warning about an item, not yet placed.
type found struct {
	off     int
	el, msg string
}

// sortProblems sorts problems by position, stably.
func sortProblems(ps feeds.Problems) {
	slices.SortStableFunc(ps, func(a, b feeds.Problem) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
}
