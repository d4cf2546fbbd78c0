package xmlutil

import (
	"strings"

	"github.com/beevik/etree"
)

// Parts collects the feed-level parts of a feed, for feeds.Doc.FeedLevel
// and ssefeed.Doc.FeedLevel: each a name a person reads and the part's text
// as etree writes it, for comparing versions of a feed.
type Parts struct {
	Add func(name, text string)
}

// Token adds t: an element under its qualified name, a comment as
// "#comment", a processing instruction as "?target", a directive as "!",
// text as "#text". White space is left out.
func (p Parts) Token(t etree.Token) {
	var name string
	switch t := t.(type) {
	case *etree.Element:
		name = t.FullTag()
	case *etree.Comment:
		name = "#comment"
	case *etree.ProcInst:
		name = "?" + t.Target
	case *etree.Directive:
		name = "!"
	case *etree.CharData:
		if IsWS(t) {
			return
		}
		name = "#text"
	default:
		return
	}
	var b strings.Builder
	t.WriteTo(&b, &WriteSettings)
	p.Add(name, b.String())
}

// Attrs adds e's attributes, each as "element@name" with its value.
// Namespace declarations are left out: they are how the feed is written,
// not what it says, and a binding may add one on writing.
func (p Parts) Attrs(e *etree.Element) {
	for _, a := range e.Attr {
		if !IsDecl(a) {
			p.Add(e.FullTag()+"@"+a.FullKey(), a.Value)
		}
	}
}

// Prolog adds the top-level tokens of doc other than root: the XML
// declaration, processing instructions such as a stylesheet, comments.
func (p Parts) Prolog(doc *etree.Document, root *etree.Element) {
	for _, t := range doc.Child {
		if t != etree.Token(root) {
			p.Token(t)
		}
	}
}
