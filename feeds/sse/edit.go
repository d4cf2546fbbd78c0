package ssefeed

import (
	"fmt"
	"slices"
	"strings"

	"github.com/beevik/etree"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// EditData returns data for a new version of an item in d: base's with the
// edits applied in order, each naming a field by its key as Fields gives
// it. SSE shares an item's data whole, so any field can be edited: the
// title and content as NewData sets them; in OPML an attribute ("@name");
// an element gets a value that begins with "<" (after white space) as XML,
// the element the key names, and any other value as the text it holds,
// keeping its attributes (a title, description or category of RSS always
// holds text; a category's value is "text (domain)" as in FeedSync 1.0.2,
// feeds.ParseCategory). A field the data lacks is added after the others of its
// name when its key is the next of that name ("category[3]" after
// "category[2]", "link[2]" after "link") and the item may hold another: an
// RSS item has at most one of each element RSS 2.0 defines but category
// and enclosure. When one of sources (other versions of the item) has a
// field of the same name with the value asked for, its element is taken as
// it is. Errors are *feeds.FieldError, wrapping feeds.ErrNotShared for a
// key that names nothing the kind can hold, feeds.ErrNoField for a key
// that names no field and no place for a new one, and feeds.ErrFieldValue
// for a value it cannot take. base and sources are not modified.
func (d *Doc) EditData(base sse.Data, edits []feeds.FieldEdit, sources ...sse.Data) (sse.Data, error) {
	b := d.own(base)
	x := &itemData{kind: d.kind, ctx: b.ctx, attrs: slices.Clone(b.attrs), kids: slices.Clone(b.kids),
		syncAt: b.syncAt, sync: b.sync, tags: b.tags}
	for _, ed := range edits {
		if err := x.edit(d, ed, sources); err != nil {
			return nil, &feeds.FieldError{Key: ed.Key, Err: err}
		}
	}
	return x, nil
}

// edit applies one edit to x, which EditData made and nothing shares yet.
func (x *itemData) edit(d *Doc, ed feeds.FieldEdit, sources []sse.Data) error {
	switch {
	case ed.Key == "title" || ed.Key == "content":
		return x.editText(d, ed)
	case strings.HasPrefix(ed.Key, "@"):
		return x.editAttr(ed, sources)
	}
	base, _, ok := feeds.SplitKey(ed.Key)
	if !ok {
		return fmt.Errorf("%w: a key is a name, or a name and a number from 1: %s, %s[2]", feeds.ErrNoField, base, base)
	}
	uri, tag, err := x.elementName(base)
	if err != nil {
		return err
	}
	i := x.keyAt(ed.Key)
	if ed.Remove {
		if i >= 0 {
			x.kids = slices.Delete(x.kids, i, i+1)
			if i < x.syncAt {
				x.syncAt--
			}
		}
		return nil
	}
	if i < 0 {
		if err := x.newKey(ed.Key, base, tag); err != nil {
			return err
		}
	}
	e, err := x.element(ed, base, uri, tag, i, sources)
	if err != nil {
		return err
	}
	if i >= 0 {
		x.kids[i] = e
		return nil
	}
	at := x.placeFor(base)
	x.kids = slices.Insert(x.kids, at, etree.Token(e))
	if at <= x.syncAt {
		x.syncAt++
	}
	return nil
}

// editText sets or removes the title or the content, as NewData does.
func (x *itemData) editText(d *Doc, ed feeds.FieldEdit) error {
	v := ed.Value
	if ed.Remove {
		v = ""
	}
	var n *itemData
	if ed.Key == "title" {
		n = dataOf(d.NewData(x, &v, nil))
	} else {
		n = dataOf(d.NewData(x, nil, &v))
	}
	if ed.Remove && d.kind == KindRSS {
		tag := map[string]string{"title": "title", "content": "description"}[ed.Key]
		if i := n.find(tag); i >= 0 {
			n.kids = slices.Delete(n.kids, i, i+1)
			if i < n.syncAt {
				n.syncAt--
			}
		}
	}
	x.attrs, x.kids, x.syncAt = n.attrs, n.kids, n.syncAt
	return nil
}

// editAttr sets or removes an outline's attribute.
func (x *itemData) editAttr(ed feeds.FieldEdit, sources []sse.Data) error {
	if x.kind != KindOPML {
		return feeds.ErrNotShared
	}
	name := ed.Key[1:]
	i := slices.IndexFunc(x.attrs, func(a etree.Attr) bool { return attrKey(x.ctx, a) == ed.Key })
	switch {
	case ed.Remove:
		if i >= 0 {
			x.attrs = slices.Delete(x.attrs, i, i+1)
		}
	case i >= 0:
		x.attrs[i].Value = ed.Value
	case !strings.HasPrefix(name, "{"):
		x.attrs = append(x.attrs, etree.Attr{Key: name, Value: ed.Value})
	default:
		return fmt.Errorf("%w: a namespaced attribute the outline lacks cannot be added", feeds.ErrFieldValue)
	}
	return nil
}

// attrKey is an attribute's field key: "@name" or "@{namespace}local".
func attrKey(ctx *etree.Element, a etree.Attr) string {
	if a.Space == "" {
		return "@" + a.Key
	}
	return "@{" + attrURI(ctx, a) + "}" + a.Key
}

// elementName returns the namespace and the local name of the elements a
// base key names: "{uri}local", or a name without a namespace.
func (x *itemData) elementName(base string) (uri, tag string, err error) {
	if rest, ok := strings.CutPrefix(base, "{"); ok {
		uri, tag, ok = strings.Cut(rest, "}")
		if ok && tag != "" && !(uri == "" && x.kind == KindRSS) && uri != NS && uri != NSHTTP && uri != NSOutline {
			return uri, tag, nil
		}
		return "", "", feeds.ErrNotShared
	}
	if base == "" || strings.ContainsAny(base, "{}@:[]") || x.kind == KindOPML && base == "outline" {
		return "", "", feeds.ErrNotShared
	}
	if base == "content" && x.kind == KindRSS {
		return "", "description", nil // "content[2]", a second description
	}
	return "", base, nil
}

// newKey checks the key of an element the data lacks: it must be the next
// of its base, and an RSS item holds at most one of each element RSS 2.0
// defines but category and enclosure.
func (x *itemData) newKey(key, base, tag string) error {
	seen := map[string]int{}
	for _, t := range x.kids {
		if e, ok := t.(*etree.Element); ok {
			elemField(e, seen)
		}
	}
	count := seen[base]
	_, n, _ := feeds.SplitKey(key)
	single := x.kind == KindRSS && !strings.HasPrefix(base, "{") && singleRSS[tag]
	numbered := strings.HasPrefix(base, "{") || base == "category"
	next := feeds.NextKey(base, count, numbered)
	switch {
	case key == next && !(single && count > 0):
		return nil
	case single && count > 0 && n != 1:
		return fmt.Errorf("%w: an RSS item has at most one %s", feeds.ErrNoField, tag)
	case !numbered && (count == 0 || n == 1):
		return fmt.Errorf("%w: the first %s's key is %s", feeds.ErrNoField, tag, base)
	case count == 0:
		return fmt.Errorf("%w: the item has no %s; %s adds one", feeds.ErrNoField, base, next)
	case count == 1 && numbered:
		return fmt.Errorf("%w: the item has %s[1]; %s adds one", feeds.ErrNoField, base, next)
	case count == 1:
		return fmt.Errorf("%w: the item has %s; %s adds one", feeds.ErrNoField, base, next)
	}
	first := base + "[1]"
	if !numbered {
		first = base
	}
	return fmt.Errorf("%w: the item has %s to %s[%d]; %s adds one", feeds.ErrNoField, first, base, count, next)
}

// singleRSS lists the elements of an RSS 2.0 item that it holds at most
// once: all it defines but category and enclosure (whose number RSS 2.0
// leaves open).
var singleRSS = map[string]bool{"title": true, "description": true, "link": true, "author": true,
	"comments": true, "guid": true, "pubDate": true, "source": true}

// keyAt returns the index among the kids of the element with the given
// key, or -1.
func (x *itemData) keyAt(key string) int {
	seen := map[string]int{}
	for i, t := range x.kids {
		if e, ok := t.(*etree.Element); ok && elemField(e, seen).Key == key {
			return i
		}
	}
	return -1
}

// placeFor returns where a new element goes: after the last one with the
// same base key, else after every other element.
func (x *itemData) placeFor(base string) int {
	at := -1
	seen := map[string]int{}
	for i, t := range x.kids {
		e, ok := t.(*etree.Element)
		if !ok {
			continue
		}
		if b, _, _ := strings.Cut(elemField(e, seen).Key, "["); b == base {
			at = i
		}
	}
	if at >= 0 {
		return at + 1
	}
	return len(x.kids)
}

// element returns the element a field gets: a source's with the value
// asked for, old (kids[i]) or a new one holding the value as text, or the
// value read as XML.
func (x *itemData) element(ed feeds.FieldEdit, base, uri, tag string, i int, sources []sse.Data) (*etree.Element, error) {
	for _, src := range sources {
		s := dataOf(src)
		if s == nil || s.kind != x.kind {
			continue
		}
		seen := map[string]int{}
		for _, t := range s.kids {
			if e, ok := t.(*etree.Element); ok {
				f := elemField(e, seen)
				if b, _, _ := strings.Cut(f.Key, "["); b == base && f.Value == ed.Value {
					return e, nil
				}
			}
		}
	}
	var old *etree.Element
	if i >= 0 {
		old = x.kids[i].(*etree.Element)
	}
	textual := uri == "" && x.kind == KindRSS && group(KindRSS, &etree.Element{Tag: tag}) < 3 ||
		!strings.HasPrefix(strings.TrimLeft(ed.Value, " \t\r\n"), "<")
	if !textual {
		return x.parseElement(ed.Value, uri, tag)
	}
	n := etree.NewElement(tag)
	if old != nil {
		n.Space = old.Space
		for _, a := range old.Attr {
			n.CreateAttr(a.FullKey(), a.Value)
		}
	} else if p, _, ok := prefixFor(x.ctx, "", uri); ok {
		n.Space = p
	} else {
		n.CreateAttr("xmlns", uri)
	}
	text := ed.Value
	if uri == "" && tag == "category" {
		var err error
		if text, err = categoryText(n, text); err != nil {
			return nil, err
		}
	}
	if text != "" {
		n.SetText(text)
	}
	if _, ok := xmlutil.Bound(n.Attr, n.Space); !ok && uri != "" {
		// Bind its prefix on a parent made for it, as parseElement does,
		// so that its namespace is known wherever it is written.
		wrap := etree.NewElement("context")
		wrap.CreateAttr(declKey(n.Space), uri)
		wrap.AddChild(n)
	}
	return n, nil
}

// categoryText sets or removes the domain of category n as a value "text
// (domain)" gives it (feeds.ParseCategory, the reading FeedSync 1.0.2 has
// of an RSS 2.0 category), and returns the text.
func categoryText(n *etree.Element, value string) (string, error) {
	text, domain, err := feeds.ParseCategory(value)
	if err != nil {
		return "", err
	}
	if domain != "" {
		n.CreateAttr("domain", domain)
	} else {
		n.RemoveAttr("domain")
	}
	return text, nil
}

// declKey is the attribute that declares prefix p: xmlns:p, or xmlns.
func declKey(p string) string {
	if p == "" {
		return "xmlns"
	}
	return "xmlns:" + p
}

// parseElement reads an element written as Fields shows it: one element
// named by the key, its prefixes declared in the value or bound where the
// item is.
func (x *itemData) parseElement(value, uri, tag string) (*etree.Element, error) {
	doc := etree.NewDocument()
	if err := doc.ReadFromString(value); err != nil {
		return nil, fmt.Errorf("%w: %v", feeds.ErrFieldValue, err)
	}
	var root *etree.Element
	for _, t := range doc.Child {
		switch t := t.(type) {
		case *etree.Element:
			if root != nil {
				return nil, fmt.Errorf("%w: more than one element", feeds.ErrFieldValue)
			}
			root = t
		case *etree.CharData:
			if !t.IsWhitespace() {
				return nil, fmt.Errorf("%w: text outside the element", feeds.ErrFieldValue)
			}
		}
	}
	if root == nil {
		return nil, fmt.Errorf("%w: no element", feeds.ErrFieldValue)
	}
	e := root.Copy()
	if e.Tag != tag {
		return nil, fmt.Errorf("%w: the element is %s, the key names %s", feeds.ErrFieldValue, e.Tag, tag)
	}
	// Bind each prefix it uses and does not declare on a parent made for
	// it, as Fields and the writer look prefixes up: its own to the key's
	// namespace, the others as where the item is. The value, which is the
	// element as written, then stays as it was given.
	wrap := etree.NewElement("context")
	for _, p := range usedPrefixes(e) {
		u, ok := lookup(x.ctx, p)
		if p == e.Space {
			u, ok = uri, true
		}
		switch {
		case p == "" && u == "":
		case !ok || u == "":
			return nil, fmt.Errorf("%w: prefix %q is not bound", feeds.ErrFieldValue, p)
		default:
			wrap.CreateAttr(declKey(p), u)
		}
	}
	wrap.AddChild(e)
	if uriOf(e) != uri {
		return nil, fmt.Errorf("%w: the element is in namespace %q, the key names %q", feeds.ErrFieldValue, uriOf(e), uri)
	}
	return e, nil
}

// usedPrefixes lists the prefixes that e and its descendants use without
// declaring them on the way down, e's own first.
func usedPrefixes(e *etree.Element) []string {
	var out []string
	var walk func(e *etree.Element, declared map[string]bool)
	walk = func(e *etree.Element, declared map[string]bool) {
		d := map[string]bool{}
		for k, v := range declared {
			d[k] = v
		}
		for _, a := range e.Attr {
			if xmlutil.IsDecl(a) {
				if a.Space == "" {
					d[""] = true
				} else {
					d[a.Key] = true
				}
			}
		}
		use := func(p string) {
			if p != "xml" && p != "xmlns" && !d[p] && !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
		use(e.Space)
		for _, a := range e.Attr {
			if a.Space != "" {
				use(a.Space)
			}
		}
		for c := range e.ChildElementsSeq() {
			walk(c, d)
		}
	}
	walk(e, nil)
	return out
}
