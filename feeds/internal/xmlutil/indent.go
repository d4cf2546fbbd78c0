package xmlutil

import (
	"bufio"
	"strings"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// Namespaces whose white space between elements can be text.
const (
	// NSXHTML is the XHTML namespace (a pre).
	NSXHTML = "http://www.w3.org/1999/xhtml"
	// NSAtom is the Atom 1.0 namespace (RFC 4287), whose text constructs
	// of type="xhtml" hold XHTML.
	NSAtom = "http://www.w3.org/2005/Atom"
)

// Indented reports whether the white space among e's children is only
// indentation: e holds elements, all its character data is white space
// (see IndentSpace), and it is not text that looks like element content:
// not XHTML, not an Atom text construct of type="xhtml", not
// xml:space="preserve". uri is e's namespace. Where an element and every
// element around it up to a field are indented, the writers of the feed
// bindings lay the white space out afresh when they write the field at
// another depth, and their fields and digests read that white space only
// up to its last newline (see Kept), so that the layout never changes the
// data.
func Indented(e *etree.Element, uri string) bool {
	if !Indentable(uri, e.SelectAttrValue("type", ""), XMLSpace(e.Attr)) {
		return false
	}
	elems := false
	for _, t := range e.Child {
		switch t := t.(type) {
		case *etree.Element:
			elems = true
		case *etree.CharData:
			if !IndentSpace(t.Data, t.IsCData()) {
				return false
			}
		}
	}
	return elems
}

// IndentSpace reports whether character data can be indentation: white
// space, not a CDATA section, and no carriage return (which a reader sees
// only where it was written as a reference, &#13;, on purpose).
func IndentSpace(text string, cdata bool) bool {
	return !cdata && IsSpace(text) && strings.IndexByte(text, '\r') < 0
}

// Indentable is what Indented asks of an element besides its content:
// its namespace, its type attribute and its xml:space.
func Indentable(uri, typ, space string) bool {
	return uri != NSXHTML && !(uri == NSAtom && typ == "xhtml") && space != "preserve"
}

// XMLSpace returns the value of an xml:space attribute among attrs, or "".
func XMLSpace(attrs []etree.Attr) string {
	for _, a := range attrs {
		if a.Space == "xml" && a.Key == "space" {
			return a.Value
		}
	}
	return ""
}

// ScanSpace is XMLSpace for the attributes of a start tag the scanner read.
func ScanSpace(attrs []xmlscan.Attr) string {
	for _, a := range attrs {
		if a.Name.Prefix == "xml" && a.Name.Local == "space" {
			return a.Value
		}
	}
	return ""
}

// AttrAny returns the value of the first attribute among attrs whose
// local name is key, whatever its prefix: what etree's
// SelectAttrValue(key, "") returns, on which the trees' canonical forms
// rely.
func AttrAny(attrs []xmlscan.Attr, key string) string {
	for _, a := range attrs {
		if a.Name.Local == key {
			return a.Value
		}
	}
	return ""
}

// SpacePreserved reports whether xml:space="preserve" holds at e: on e or
// the nearest ancestor that says either.
func SpacePreserved(e *etree.Element) bool {
	for ; e != nil; e = e.Parent() {
		if v := XMLSpace(e.Attr); v != "" {
			return v == "preserve"
		}
	}
	return false
}

// IndentSplit cuts white space at its last newline: what a new layout
// keeps (up to and including the newline) and the indentation it replaces.
// kept is "" when there is no newline.
func IndentSplit(ws string) (kept, ind string) {
	i := strings.LastIndexByte(ws, '\n')
	return ws[:i+1], ws[i+1:]
}

// Kept returns what a new layout keeps of white space ws: up to its last
// newline, or all of it when it has none (white space within a line is
// not indentation).
func Kept(ws string) string {
	if kept, _ := IndentSplit(ws); kept != "" {
		return kept
	}
	return ws
}

// Reindent returns white space ws laid out afresh: its blank lines and
// then ind ("\n" and the indentation), or ws itself when it holds no
// newline (white space within a line is not indentation).
func Reindent(ws, ind string) string {
	kept, _ := IndentSplit(ws)
	if kept == "" {
		return ws
	}
	return kept[:len(kept)-1] + ind
}

// WriteChildren writes e's children: its elements through elem, and,
// unless ind is "", its white space laid out afresh (see Reindent): the
// last child, before the end tag, at ind, the others at in, one level
// below. With ind "", and for other tokens, it writes them as read. e is
// to be Indented when ind is not "".
func WriteChildren(w *bufio.Writer, e *etree.Element, ind, in string, elem func(*etree.Element)) {
	for i, t := range e.Child {
		switch t := t.(type) {
		case *etree.Element:
			elem(t)
			continue
		case *etree.CharData:
			if ind != "" {
				at := in
				if i == len(e.Child)-1 {
					at = ind
				}
				w.WriteString(Reindent(t.Data, at))
				continue
			}
		}
		t.WriteTo(w, &WriteSettings)
	}
}
