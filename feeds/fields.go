package feeds

import (
	"slices"
	"strings"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// Field is one child element of an item's data, as diffs, the TUI and
// `conflicts --json` show it.
type Field struct {
	// Key is unique within an item and the same for the same field in the
	// other format: "title", "content" (atom:content or RSS description),
	// "summary", "category[2]", "{namespace}local[1]" for other shared
	// elements, and for publisher-specific ones their name ("id", "guid",
	// "link[1]", "atom:link[1]" in RSS). Names that may repeat are always
	// numbered from 1; a repeated title is "title", "title[2]".
	Key string
	// Label names the field for people: "Title", "Category 2", or the
	// element's name as written.
	Label string
	// Value is the text: character data for text fields, a category's
	// term and scheme (CategoryValue), href for a link, name and email
	// for an Atom person, the element in canonical XML for the rest (its
	// indentation, where it has nothing else between elements, two
	// spaces a level).
	Value string
	// Shared is true for shared data, false for publisher-specific data
	// (implementation note 1).
	Shared bool
	// Type says how a title, content or summary holds its text, so that
	// a merge of it can keep markup whole: Atom's type attribute ("text"
	// when absent; RFC 4287 §3.1.1, §4.1.3.1), with Value the markup of
	// an "xhtml" one and the unescaped markup of an "html" one; "html"
	// for an RSS description (RSS 2.0: it may hold entity-encoded HTML),
	// "text" for an RSS title. Other fields have none.
	Type string
	// Preserve is set on a title, content or summary where
	// xml:space="preserve" holds at its element (on it or the nearest
	// ancestor that says either, XML 1.0 §2.10): its white space is kept
	// as written, which a three-way merge honours (package
	// feeds/threeway). It says where the element is, not what it holds:
	// a version merged into another feed holds where it was read until it
	// is written there.
	Preserve bool
}

// Fields returns all fields of the data: the shared ones first (titles,
// contents, categories, then the others in document order), then the
// publisher-specific ones in document order. Data not made by this package
// has none.
func Fields(d engine.Data) []Field {
	x := dataOf(d)
	if x == nil {
		return nil
	}
	fs := x.fields()
	out := make([]Field, 0, len(fs))
	seen := map[string]int{}
	add := func(f field) {
		out = append(out, x.field(f, seen))
	}
	for g := range 4 {
		for _, f := range fs {
			if f.kind.shared() && group(f.kind) == g {
				add(f)
			}
		}
	}
	for _, f := range fs {
		if !f.kind.shared() && f.kind != kindSync {
			add(f)
		}
	}
	return out
}

// SharedFields returns the shared fields of the data, in Fields' order.
func SharedFields(d engine.Data) []Field {
	return slices.DeleteFunc(Fields(d), func(f Field) bool { return !f.Shared })
}

// Title returns the text of the data's first title, or "".
func Title(d engine.Data) string {
	x := dataOf(d)
	if x == nil {
		return ""
	}
	for _, f := range x.fields() {
		if f.kind == kindTitle {
			return textOf(f.elem(), f.uri)
		}
	}
	return ""
}

// field describes one field; seen counts the keys given so far.
func (x *itemData) field(f field, seen map[string]int) Field {
	e := f.elem()
	base, multi := e.Tag, false
	switch f.kind {
	case kindTitle:
		base = "title"
	case kindContent:
		base = "content"
	case kindSummary:
		base = "summary"
	case kindCategory:
		base, multi = "category", true
	case kindOther:
		base, multi = "{"+f.uri+"}"+e.Tag, true
	default:
		multi = repeatable(f.uri, e.Tag)
		if x.format == RSS && f.uri == NSAtom {
			base = "atom:" + e.Tag
		}
	}
	seen[base]++
	n := seen[base]
	key, label := base, labelOf(base)
	if multi || n > 1 {
		key = base + "[" + itoa(n) + "]"
		label += " " + itoa(n)
	}
	if f.kind == kindOther {
		label = qname(e)
		if multi && n > 1 {
			label += " " + itoa(n)
		}
	}
	t := typeOf(f)
	return Field{Key: key, Label: label, Value: valueOf(f), Shared: f.kind.shared(), Type: t, Preserve: t != "" && xmlutil.SpacePreserved(e)}
}

// typeOf returns the Type of a title, content or summary field.
func typeOf(f field) string {
	switch {
	case f.kind != kindTitle && f.kind != kindContent && f.kind != kindSummary:
		return ""
	case f.uri == NSAtom:
		return f.elem().SelectAttrValue("type", "text")
	case f.kind == kindContent:
		return "html"
	}
	return "text"
}

// repeatable reports whether a publisher-specific element may occur more
// than once in an item.
func repeatable(uri, tag string) bool {
	if uri == NSAtom {
		return tag == "link" || tag == "author" || tag == "contributor"
	}
	return tag == "enclosure"
}

// labelOf turns a key's base into a label: "pubDate" → "PubDate", "atom:link" → "Atom:link".
func labelOf(base string) string {
	if base == "" {
		return base
	}
	return strings.ToUpper(base[:1]) + base[1:]
}

// valueOf returns a field's value.
func valueOf(f field) string {
	e := f.elem()
	switch f.kind {
	case kindTitle, kindContent, kindSummary:
		return textOf(e, f.uri)
	case kindCategory:
		return CategoryValue(category(e, f.uri))
	case kindOther:
		return string(readableXML(nil, e, f.scope, "\n"))
	}
	switch {
	case f.uri == NSAtom && e.Tag == "link":
		return e.SelectAttrValue("href", "")
	case f.uri == NSAtom && (e.Tag == "author" || e.Tag == "contributor"):
		v := childText(e, f.scope, "name")
		if m := childText(e, f.scope, "email"); m != "" {
			v += " <" + m + ">"
		}
		return v
	case f.uri == "" && e.Tag == "enclosure":
		return e.SelectAttrValue("url", "")
	case f.uri == NSAtom && e.Tag == "source":
		return string(readableXML(nil, e, f.scope, "\n"))
	}
	return textOf(e, f.uri)
}

// childText returns the text of e's first Atom child with the given name.
func childText(e *etree.Element, s *scope, name string) string {
	es := s.child(e)
	for c := range e.ChildElementsSeq() {
		if c.Tag == name && es.elemURI(c) == NSAtom {
			return textOf(c, NSAtom)
		}
	}
	return ""
}

// readableXML appends element e, whose parent's scope is s, in a canonical
// form meant for reading: names as written, namespace declarations and
// comments left out, attributes sorted, text escaped as XML requires, and
// white space that is only indentation (see xmlutil.Indented) laid out at ind and
// two spaces a level below it, as wherever the writer puts e.
func readableXML(b []byte, e *etree.Element, s *scope, ind string) []byte {
	if ind != "" && !xmlutil.Indented(e, s.elemURI(e)) {
		ind = ""
	}
	b = append(b, '<')
	b = append(b, e.FullTag()...)
	attrs := slices.Clone(e.Attr)
	attrs = slices.DeleteFunc(attrs, xmlutil.IsDecl)
	slices.SortFunc(attrs, func(a, c etree.Attr) int { return strings.Compare(a.FullKey(), c.FullKey()) })
	var sb strings.Builder
	for _, a := range attrs {
		sb.Reset()
		a.WriteTo(&sb, &xmlutil.WriteSettings)
		b = append(b, ' ')
		b = append(b, sb.String()...)
	}
	if len(e.Child) == 0 {
		return append(b, "/>"...)
	}
	b = append(b, '>')
	es, in := s.child(e), ind+"  "
	if ind == "" {
		in = ""
	}
	for i, t := range e.Child {
		switch t := t.(type) {
		case *etree.CharData:
			text := t.Data
			switch {
			case ind != "" && i == len(e.Child)-1:
				text = xmlutil.Reindent(text, ind) // before the end tag
			case ind != "":
				text = xmlutil.Reindent(text, in)
			}
			sb.Reset()
			etree.NewText(text).WriteTo(&sb, &xmlutil.WriteSettings)
			b = append(b, sb.String()...)
		case *etree.Element:
			b = readableXML(b, t, es, in)
		}
	}
	b = append(b, "</"...)
	b = append(b, e.FullTag()...)
	return append(b, '>')
}
