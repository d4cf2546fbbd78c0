package feeds

import (
	"strings"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// nsXHTML is the XHTML namespace, whose white space between elements can
// be text (a pre).
const nsXHTML = "http://www.w3.org/1999/xhtml"

// indented reports whether the white space among e's children is only
// indentation: e holds elements, all its character data is white space
// (see indentSpace), and it is not text that looks like element content:
// not XHTML, not an Atom text construct of type="xhtml", not
// xml:space="preserve". uri is e's namespace. Where an element and every
// element around it up to a field are indented, the writer lays the white
// space out afresh when it writes the field at another depth, and Fields
// and Digest read that white space only up to its last newline (see
// indentKept), so that the layout never changes the data.
func indented(e *etree.Element, uri string) bool {
	if !indentable(uri, e.SelectAttrValue("type", ""), xmlSpace(e.Attr)) {
		return false
	}
	elems := false
	for _, t := range e.Child {
		switch t := t.(type) {
		case *etree.Element:
			elems = true
		case *etree.CharData:
			if !indentSpace(t.Data, t.IsCData()) {
				return false
			}
		}
	}
	return elems
}

// indentSpace reports whether character data can be indentation: white
// space, not a CDATA section, and no carriage return (which a reader sees
// only where it was written as a reference, &#13;, on purpose).
func indentSpace(text string, cdata bool) bool {
	return !cdata && xmlutil.IsSpace(text) && strings.IndexByte(text, '\r') < 0
}

// indentable is what indented asks of an element besides its content:
// its namespace, its type attribute and its xml:space.
func indentable(uri, typ, space string) bool {
	return uri != nsXHTML && !(uri == NSAtom && typ == "xhtml") && space != "preserve"
}

// xmlSpace returns the value of an xml:space attribute among attrs, or "".
func xmlSpace(attrs []etree.Attr) string {
	for _, a := range attrs {
		if a.Space == "xml" && a.Key == "space" {
			return a.Value
		}
	}
	return ""
}

// scanSpace is xmlSpace for the attributes of a start tag the scanner read.
func scanSpace(attrs []xmlscan.Attr) string {
	for _, a := range attrs {
		if a.Name.Prefix == "xml" && a.Name.Local == "space" {
			return a.Value
		}
	}
	return ""
}

// spacePreserved reports whether xml:space="preserve" holds at e: on e or
// the nearest ancestor that says either.
func spacePreserved(e *etree.Element) bool {
	for ; e != nil; e = e.Parent() {
		if v := xmlSpace(e.Attr); v != "" {
			return v == "preserve"
		}
	}
	return false
}

// indentSplit cuts white space at its last newline: what a new layout
// keeps (up to and including the newline) and the indentation it replaces.
// White space without a newline is all kept.
func indentSplit(ws string) (kept, ind string) {
	i := strings.LastIndexByte(ws, '\n')
	return ws[:i+1], ws[i+1:]
}

// reindent returns white space ws laid out afresh: its blank lines and
// then ind ("\n" and the indentation), or ws itself when it holds no
// newline (white space within a line is not indentation).
func reindent(ws, ind string) string {
	kept, _ := indentSplit(ws)
	if kept == "" {
		return ws
	}
	return kept[:len(kept)-1] + ind
}
