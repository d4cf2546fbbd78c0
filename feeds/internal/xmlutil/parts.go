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

// Edits are feed-level elements a feed takes from another version of
// itself (feeds.Doc.TakeFeedLevel, ssefeed.Doc.TakeFeedLevel): elements of
// the feed written as the other version's, or dropped, and the other's
// added. Edits never change once a Doc holds them: Clone, then Take. A nil
// *Edits is no edits: Clone, Replaces, Inserts and Each take it.
type Edits struct {
	Replace map[etree.Token]*etree.Element // an element of the feed → the element written instead; nil drops it
	Insert  []*etree.Element               // elements of the other version added
}

// Clone returns a copy of e to change, or empty Edits for a nil e.
func (e *Edits) Clone() *Edits {
	c := &Edits{Replace: map[etree.Token]*etree.Element{}}
	if e != nil {
		for k, v := range e.Replace {
			c.Replace[k] = v
		}
		c.Insert = append([]*etree.Element(nil), e.Insert...)
	}
	return c
}

// Take makes ours, elements of one name in the feed, theirs, the other
// version's of that name: one for one when they are as many, added when
// the feed has none, dropped when the other has none. It reports whether
// it could: not when both have some, in different numbers, or neither has
// any.
func (e *Edits) Take(ours, theirs []*etree.Element) bool {
	switch {
	case len(ours)+len(theirs) == 0:
		return false
	case len(ours) == len(theirs):
		for i, o := range ours {
			e.Replace[o] = theirs[i]
		}
	case len(ours) == 0:
		e.Insert = append(e.Insert, theirs...)
	case len(theirs) == 0:
		for _, o := range ours {
			e.Replace[o] = nil
		}
	default:
		return false
	}
	return true
}

// Replaces reports whether t is written otherwise, or dropped; e may be nil.
func (e *Edits) Replaces(t etree.Token) bool {
	if e == nil {
		return false
	}
	_, ok := e.Replace[t]
	return ok
}

// Inserts returns the elements added; e may be nil.
func (e *Edits) Inserts() []*etree.Element {
	if e == nil {
		return nil
	}
	return e.Insert
}

// Each calls f for t as the edits write it: its replacement, nothing when
// it is dropped, or t; e may be nil.
func (e *Edits) Each(t etree.Token, f func(etree.Token)) {
	if !e.Replaces(t) {
		f(t)
	} else if r := e.Replace[t]; r != nil {
		f(r)
	}
}
