package feeds

import (
	"slices"

	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// atomTextConstructs are the Atom elements that are text constructs (RFC
// 4287 §3.1), which may be of type="xhtml".
var atomTextConstructs = []string{"title", "subtitle", "summary", "content", "rights"}

// XHTMLProblems returns a warning at each Atom text construct of
// type="xhtml", in an item, a conflict version or the feed itself, whose
// content is not one XHTML div: RFC 4287 §3.1.1.3 requires the div, and
// readers show what is inside it, so that text or markup without one is
// shown as nothing or as something else by each. The feed loads all the
// same; these are for a validator to give (issue 20 item 1: such content
// was called valid). It reads the feed as read again, and nothing for a
// feed that is not Atom.
func (d *Doc) XHTMLProblems() Problems {
	if d.format != Atom || d.src == nil || d.src.data == nil {
		return nil
	}
	var ps Problems
	var lines *xmlscan.Lines
	s := xmlscan.New(d.src.data)
	for s.Next() {
		t := s.Token()
		if t.Kind != xmlscan.StartElement || !isXHTMLConstruct(s, t) {
			continue
		}
		at, name := t.Off, t.Name.String()
		if msg := xhtmlContentFault(s); msg != "" {
			if lines == nil {
				lines = xmlscan.NewLines(d.src.data)
			}
			line, col := lines.Position(at)
			ps = append(ps, Problem{File: d.name, Line: line, Col: col, Element: name, Msg: msg})
		}
	}
	return ps
}

// isXHTMLConstruct reports whether t, a start tag, is an Atom text
// construct of type="xhtml".
func isXHTMLConstruct(s *xmlscan.Scanner, t *xmlscan.Token) bool {
	if u, _ := s.Lookup(t.Name.Prefix); u != NSAtom || !slices.Contains(atomTextConstructs, t.Name.Local) {
		return false
	}
	for _, a := range t.Attrs {
		if a.Name == (xmlscan.Name{Local: "type"}) {
			return a.Value == "xhtml"
		}
	}
	return false
}

// xhtmlContentFault reads the content of a text construct of
// type="xhtml", whose start tag s has just read, up to its end tag, and
// says what is wrong with it, or "".
func xhtmlContentFault(s *xmlscan.Scanner) string {
	depth := s.Depth()
	divs, beside := 0, false
	for s.Next() {
		t := s.Token()
		switch {
		case t.Kind == xmlscan.EndElement && s.Depth() == depth-1:
			switch {
			case divs == 0:
				return `type="xhtml" holds no XHTML div: RFC 4287 §3.1.1.3 requires one, and readers show only what is inside it`
			case divs > 1 || beside:
				return `type="xhtml" holds more than its one XHTML div (RFC 4287 §3.1.1.3): readers may drop the rest`
			}
			return ""
		case t.Kind == xmlscan.StartElement && s.Depth() == depth+1:
			u, _ := s.Lookup(t.Name.Prefix)
			if u == xmlutil.NSXHTML && t.Name.Local == "div" {
				divs++
			} else {
				beside = true
			}
		case (t.Kind == xmlscan.Text || t.Kind == xmlscan.CDATA) && s.Depth() == depth:
			beside = beside || !t.Space && !xmlutil.IsSpace(t.Text)
		}
	}
	return ""
}
