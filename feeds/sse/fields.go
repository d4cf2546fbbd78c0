package ssefeed

import (
	"bufio"
	"slices"
	"strconv"
	"strings"

	"github.com/beevik/etree"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// Fields returns the fields of an item's data, as diffs, the resolver and
// `conflicts --json` show them. SSE shares an item's data whole, so every
// field is Shared.
//
// RSS: the title ("title"), the description ("content"), categories
// ("category[1]", ...), the other elements without a namespace by name
// ("link", "guid", a repeated name numbered from its second: "link[2]"),
// and elements in other namespaces as "{namespace}local[n]", numbered from
// 1; each group in document order. OPML: the text attribute ("title"),
// _note ("content"), the other attributes as "@name" in document order
// (prefixed ones as "@{namespace}local"), then child elements as in RSS.
// Values are the text of title, description and of elements that hold
// only text, a category's text and domain as "text (domain)" (the reading
// of feeds.Fields, feeds.CategoryValue), attribute values, and other
// elements as XML.
func Fields(dt sse.Data) []feeds.Field {
	x := dataOf(dt)
	if x == nil {
		return nil
	}
	var out []feeds.Field
	if x.kind == KindOPML {
		out = x.attrFields()
	}
	seen := map[string]int{}
	for g := range 4 {
		for _, t := range x.kids {
			if e, ok := t.(*etree.Element); ok && group(x.kind, e) == g {
				out = append(out, elemField(e, seen))
			}
		}
	}
	return out
}

// SharedFields returns the shared fields of the data: all of Fields, since
// SSE has no publisher-specific data. It is here to keep the shape of
// feeds.SharedFields.
func SharedFields(dt sse.Data) []feeds.Field { return Fields(dt) }

// attrFields returns the fields of an outline's attributes.
func (x *itemData) attrFields() []feeds.Field {
	var out []feeds.Field
	for _, key := range []string{attrText, attrNote} {
		if v, ok := x.attr(key); ok {
			base, label := "title", "Text"
			if key == attrNote {
				base, label = "content", "Note"
			}
			out = append(out, feeds.Field{Key: base, Label: label, Value: v, Shared: true, Type: "text"})
		}
	}
	for _, a := range x.attrs {
		if xmlutil.IsDecl(a) || a.Space == "" && (a.Key == attrText || a.Key == attrNote) {
			continue
		}
		key := "@" + a.Key
		if a.Space != "" {
			key = "@{" + attrURI(x.ctx, a) + "}" + a.Key
		}
		out = append(out, feeds.Field{Key: key, Label: a.FullKey(), Value: a.Value, Shared: true})
	}
	return out
}

// group orders child elements: RSS titles, descriptions, categories, then
// the rest; outlines have only the rest.
func group(kind string, e *etree.Element) int { return groupOf(kind, uriOf(e), e.Tag) }

// groupOf is group for an element named {uri}local.
func groupOf(kind, uri, local string) int {
	if kind == KindRSS && uri == "" {
		switch local {
		case "title":
			return 0
		case "description":
			return 1
		case "category":
			return 2
		}
	}
	return 3
}

// elemField describes one child element; seen counts the keys so far.
func elemField(e *etree.Element, seen map[string]int) feeds.Field {
	u := uriOf(e)
	base, label, always := e.Tag, e.FullTag(), false
	switch {
	case u != "":
		base, always = "{"+u+"}"+e.Tag, true
	case e.Tag == "description":
		base, label = "content", "Content"
	case e.Tag == "category":
		always = true
	}
	if u == "" && e.Tag != "description" {
		label = strings.ToUpper(base[:1]) + base[1:]
	}
	seen[base]++
	n := seen[base]
	key := base
	if always || n > 1 {
		key += "[" + strconv.Itoa(n) + "]"
		label += " " + strconv.Itoa(n)
	}
	f := feeds.Field{Key: key, Label: label, Value: valueOf(e, u == "" && group(KindRSS, e) < 3), Shared: true}
	switch {
	case u == "" && e.Tag == "description":
		f.Type = "html" // RSS 2.0: it may hold entity-encoded HTML
	case u == "" && e.Tag == "title":
		f.Type = "text"
	}
	f.Preserve = f.Type != "" && xmlutil.SpacePreserved(e)
	return f
}

// valueOf is the text of a title or description, a category's text and
// domain as FeedSync 1.0.2 shows them (feeds.CategoryValue), the text of
// another element that holds only text; else the element as XML, its
// white space, where it is only indentation (xmlutil.Indented), laid out
// two spaces a level, so that where the writer puts it does not change
// it.
func valueOf(e *etree.Element, text bool) string {
	if text && e.Tag == "category" {
		return feeds.CategoryValue(textOf(e), e.SelectAttrValue("domain", ""))
	}
	hasElem := slices.ContainsFunc(e.Child, func(t etree.Token) bool { _, ok := t.(*etree.Element); return ok })
	hasAttr := slices.ContainsFunc(e.Attr, func(a etree.Attr) bool { return !xmlutil.IsDecl(a) }) // a declaration is none
	if text || !hasElem && !hasAttr {
		return textOf(e)
	}
	var sb strings.Builder
	w := bufio.NewWriter(&sb)
	writeElement(w, nil, e, nil, "\n", "  ") // where the writer lays it out afresh, two spaces a level
	w.Flush()
	return sb.String()
}
