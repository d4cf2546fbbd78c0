package feeds

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// FieldEdit sets, adds or removes one field of an item's data, named by its
// key (Field.Key): what a person who combines versions by hand decides,
// field by field (1.0.2 §3.4 step 1.3).
type FieldEdit struct {
	// Key names the field: "title", "content", "summary", "category[2]",
	// "{namespace}local[1]". A field the data lacks is added when its key
	// is the next of its name (category[3] after category[2]); an item
	// has at most one title, content and summary.
	Key string
	// Value is the new value, written as Field.Value shows it: text for a
	// title, content or summary; for a category its term, followed by
	// " (scheme)" when it has a scheme, or by " ()" when the term itself
	// ends in "(…)" (CategoryValue; a value that begins with "<" is
	// refused: an element written out, not a term); other elements as
	// XML, the element the key names. A value for another element that does not
	// begin with "<" (after white space) is the text the element holds.
	Value string
	// Remove removes the field; removing one the data lacks does nothing.
	Remove bool
}

// FieldError is an edit that cannot be made.
type FieldError struct {
	Key string
	Err error
}

func (e *FieldError) Error() string { return fmt.Sprintf("field %s: %v", e.Key, e.Err) }

func (e *FieldError) Unwrap() error { return e.Err }

// Errors a FieldError wraps.
var (
	// ErrNotShared is a key that names no shared field of the format:
	// publisher-specific data (implementation note 1) or an unknown key.
	ErrNotShared = errors.New("feeds: not a shared field of this format")
	// ErrFieldValue is a value the field cannot hold: XML that is not one
	// well-formed element, or that uses a prefix bound nowhere.
	ErrFieldValue = errors.New("feeds: not a value this field can hold")
	// ErrNoField is a key that names no field of the data and no place
	// where a new one can go: a second title, a category past the one
	// after the last, a key whose number is not 1, 2, ...
	ErrNoField = errors.New("feeds: no such field")
)

// EditData returns data for a new version of an item in d: base's
// elements (as NewData takes them) with the edits applied in order. A set
// field keeps its element's attributes, except Atom's type="xhtml", which
// plain text cannot honour (a value that is one div, the markup the field
// shows, keeps it: retextedKid); a field the data lacks is added after the
// others of its kind, when its key is the next of its name and the item
// may hold another (FieldEdit.Key); else the error wraps ErrNoField. When one of sources (other versions of the item,
// typically) has a field of the same kind with the value asked for, its
// element is copied as it is, attributes and namespaces included, so that
// taking a category or a foreign element from a version keeps it whole.
// base and sources are not modified.
func (d *Doc) EditData(base engine.Data, edits []FieldEdit, sources ...engine.Data) (engine.Data, error) {
	b := d.own(base)
	kids, at := b.children()
	c := &composition{kids: slices.Clone(kids), syncAt: at}
	in := b.tree().iscope
	if in == nil {
		_, k := d.newElem("x")
		in = k.scope
	}
	for _, ed := range edits {
		if err := d.editOne(c, in, ed, sources); err != nil {
			return nil, &FieldError{Key: ed.Key, Err: err}
		}
	}
	return madeData(d.format, b.tree(), c), nil
}

// keyed is one element of a composition with its field key.
type keyed struct {
	key, base string
	at        int
	f         field
}

// keyed lists the composition's elements with their keys, numbered as
// Fields numbers them: per base name, in document order.
func (d *Doc) keyed(c *composition) []keyed {
	x := &itemData{format: d.format}
	seen := map[string]int{}
	var out []keyed
	for i, k := range c.kids {
		e := k.elem()
		if e == nil {
			continue
		}
		u := k.scope.elemURI(e)
		f := field{k, u, classify(d.format, u, e)}
		key := x.field(f, seen).Key
		base, _, _ := SplitKey(key)
		out = append(out, keyed{key, base, i, f})
	}
	return out
}

// editOne applies one edit to c; in is the scope inside the item.
func (d *Doc) editOne(c *composition, in *scope, ed FieldEdit, sources []engine.Data) error {
	k, uri, local, err := d.kindOfKey(ed.Key)
	if err != nil {
		return err
	}
	fs := d.keyed(c)
	i := slices.IndexFunc(fs, func(f keyed) bool { return f.key == ed.Key })
	if i < 0 && d.addressesContent(k, uri, local) {
		// The entry's content in its other form (content.go).
		i = slices.IndexFunc(fs, func(f keyed) bool { return isAtomContent(f.f.kid) })
	}
	if ed.Remove {
		if i >= 0 {
			c.remove(fs[i].at)
		}
		return nil
	}
	var old *field
	if i >= 0 {
		old = &fs[i].f
	} else if err := d.newKey(fs, ed.Key, k); err != nil {
		return err
	}
	nk, err := d.fieldKid(k, uri, local, ed, old, in, sources)
	if err != nil {
		return err
	}
	if i >= 0 {
		c.kids[fs[i].at] = nk
		return nil
	}
	c.insert(d.placeFor(fs, ed.Key, k), nk)
	return nil
}

// kindOfKey returns the kind of field a key names in d's format, and for
// other elements their namespace URI and local name.
func (d *Doc) kindOfKey(key string) (k kind, uri, local string, err error) {
	base, _, ok := SplitKey(key)
	switch {
	case !ok:
		return 0, "", "", fmt.Errorf("%w: a key is a name, or a name and a number from 1: %s, %s[2]", ErrNoField, base, base)
	case base == "title":
		return kindTitle, "", "", nil
	case base == "content":
		return kindContent, "", "", nil
	case base == "category":
		return kindCategory, "", "", nil
	case base == "summary" && d.format == Atom:
		return kindSummary, NSAtom, "", nil
	case strings.HasPrefix(base, "{"):
		uri, local, ok := strings.Cut(base[1:], "}")
		// An atom:content with src is another element (classify): its key
		// is the element's, {Atom}content[1].
		src := uri == NSAtom && local == "content"
		if ok && local != "" && classifyName(d.format, uri, local, src) == kindOther {
			return kindOther, uri, local, nil
		}
	}
	return 0, "", "", ErrNotShared
}

// placeFor returns where a new field goes: after the last field with the
// same base name, else after the last shared field of the same or an
// earlier group, else where the first shared field is (first, when there
// is none), which is where a merge puts a shared element that leads the
// winner's (interleave), so that the endpoints that merge this version
// lay it out as this one does.
func (d *Doc) placeFor(fs []keyed, key string, k kind) int {
	base, _, _ := SplitKey(key)
	at, first := -1, -1
	for _, f := range fs {
		if f.f.kind.shared() && (first < 0 || f.at < first) {
			first = f.at
		}
		switch {
		case f.base == base:
			at = max(at, f.at+1)
		case f.f.kind.shared() && group(f.f.kind) <= group(k):
			at = max(at, f.at+1)
		}
	}
	if at < 0 {
		return max(first, 0)
	}
	return at
}

func (c *composition) insert(i int, k kid) {
	c.kids = slices.Insert(c.kids, i, k)
	if i < c.syncAt || i == c.syncAt && i > 0 {
		c.syncAt++
	}
}

func (c *composition) remove(i int) {
	c.kids = slices.Delete(c.kids, i, i+1)
	if i < c.syncAt {
		c.syncAt--
	}
}

// fieldKid builds the element a field gets: a source's element with the
// value asked for, or one made from the value.
func (d *Doc) fieldKid(k kind, uri, local string, ed FieldEdit, old *field, in *scope, sources []engine.Data) (kid, error) {
	base, _, _ := SplitKey(ed.Key)
	for _, src := range sources {
		x := dataOf(src)
		if x == nil || x.format != d.format {
			continue
		}
		for _, f := range Fields(src) {
			fb, _, _ := SplitKey(f.Key)
			if fb == base && f.Value == ed.Value {
				return x.kidOf(f.Key), nil
			}
		}
	}
	switch k {
	case kindTitle, kindContent, kindSummary:
		return d.textKid(k, ed.Value, old)
	case kindCategory:
		term, scheme, err := ParseCategory(ed.Value)
		if err != nil {
			return kid{}, err
		}
		return d.categoryKid(term, scheme, old), nil
	}
	if !strings.HasPrefix(strings.TrimLeft(ed.Value, " \t\r\n"), "<") {
		return textElement(uri, local, ed.Value, old, in), nil
	}
	return parseElement(ed.Value, uri, local, in)
}

// textElement returns an element named by a key that holds text: old's
// with its attributes, or a new one, its namespace bound by a prefix in
// scope in or declared on it.
func textElement(uri, local, text string, old *field, in *scope) kid {
	if old != nil {
		e := old.elem().Copy()
		e.Child = nil
		if text != "" {
			e.SetText(text)
		}
		return kid{e, old.scope}
	}
	e := etree.NewElement(local)
	if p, ok := in.prefixFor(uri, ""); ok {
		e.Space = p
	} else {
		e.CreateAttr("xmlns", uri)
	}
	if text != "" {
		e.SetText(text)
	}
	return kid{e, in}
}

// kidOf returns the element of the data with the given key.
func (x *itemData) kidOf(key string) kid {
	seen := map[string]int{}
	for _, f := range x.fields() {
		if x.field(f, seen).Key == key {
			return f.kid
		}
	}
	return kid{}
}

// textKid returns a title, content or summary element holding text:
// old's, with its attributes (retextedKid), or a new one.
func (d *Doc) textKid(k kind, text string, old *field) (kid, error) {
	if old == nil {
		if k == kindSummary {
			e, kd := d.newElem("summary")
			if text != "" {
				e.SetText(text)
			}
			return kd, nil
		}
		return d.newText(k, text), nil
	}
	return retextedKid(kid{old.elem(), old.scope}, text)
}

// retextedKid is kd's element holding text, as retexted makes it, but
// for an Atom type="xhtml" element given its value as textOf shows it:
// that stays XHTML, type and all (xhtmlKid), so that setting such a
// content to its own value, or to that value edited, keeps it markup; a
// value that is not well-formed XHTML is an *XHTMLError, never text with
// its tags escaped. An atom:content out of line or of a type that holds no
// text is written as text content (content.go).
func retextedKid(kd kid, text string) (kid, error) {
	if isXHTML(kd) {
		return xhtmlKid(kd, text)
	}
	e := kd.elem()
	if isAtomContent(kd) {
		if e.SelectAttr("src") == nil && !ContentHoldsText(e.SelectAttrValue("type", "")) && textOf(e, NSAtom) == text {
			return kd, nil // its own value: Base64 or XML under its type, kept whole
		}
		e = textContent(e) // text takes a text type (content.go)
	}
	return kid{retexted(e, text), kd.scope}, nil
}

// retexted returns a new element like e, with its attributes but Atom's
// type="xhtml", which plain text cannot honour, holding text.
func retexted(e *etree.Element, text string) *etree.Element {
	n := etree.NewElement(e.Tag)
	n.Space = e.Space
	for _, a := range e.Attr {
		if !(a.Space == "" && a.Key == "type" && a.Value == "xhtml") {
			n.CreateAttr(a.FullKey(), a.Value)
		}
	}
	if text != "" {
		n.SetText(text)
	}
	return n
}

// categoryKid returns a category with a term and a scheme (none when
// ""): old's with its other attributes, or a new one.
func (d *Doc) categoryKid(term, scheme string, old *field) kid {
	if old == nil {
		return d.newCategory(term, scheme)
	}
	e := old.elem().Copy()
	if old.uri == NSAtom {
		e.CreateAttr("term", term)
		if scheme != "" {
			e.CreateAttr("scheme", scheme)
		} else {
			e.RemoveAttr("scheme")
		}
		return kid{e, old.scope}
	}
	if scheme != "" {
		e.CreateAttr("domain", scheme)
	} else {
		e.RemoveAttr("domain")
	}
	e.Child = nil
	if term != "" {
		e.SetText(term)
	}
	return kid{e, old.scope}
}

// parseElement reads an element written as Field.Value shows it: one
// element named local, its own prefix bound to uri (the key's namespace),
// the other prefixes it uses bound in scope in or declared in the value
// itself. It is read as strictly as a feed (package xmlscan).
func parseElement(value, uri, local string, in *scope) (kid, error) {
	data := []byte(value)
	i := 0
	for i < len(data) && strings.IndexByte(" \t\r\n", data[i]) >= 0 {
		i++
	}
	if i >= len(data) || data[i] != '<' || i+1 < len(data) && (data[i+1] == '!' || data[i+1] == '?' || data[i+1] == '/') {
		return kid{}, fmt.Errorf("%w: no element", ErrFieldValue)
	}
	ns := append(bindingsOf(&in.Scope), xmlscan.Binding{Prefix: nameAt(data, i).Prefix, URI: uri})
	sc := xmlscan.NewFragment(data, i, ns, xmlscan.DefaultLimits)
	var b xmlutil.Builder
	var e *etree.Element
	if sc.Next() {
		e = b.Element(sc)
	}
	if e == nil {
		return kid{}, fmt.Errorf("%w: %w", ErrFieldValue, sc.Err())
	}
	if rest := strings.TrimSpace(string(data[sc.Token().End:])); rest != "" {
		if strings.HasPrefix(rest, "<") {
			return kid{}, fmt.Errorf("%w: more than one element", ErrFieldValue)
		}
		return kid{}, fmt.Errorf("%w: text outside the element", ErrFieldValue)
	}
	if e.Tag != local {
		return kid{}, fmt.Errorf("%w: the element is %s, the key names %s", ErrFieldValue, e.Tag, local)
	}
	if got, ok := xmlutil.Bound(e.Attr, e.Space); !ok {
		if u, _ := in.URI(e.Space); u != uri {
			e.CreateAttr(declKey(e.Space), uri)
		}
	} else if got != uri {
		return kid{}, fmt.Errorf("%w: the element is in namespace %q, the key names %q", ErrFieldValue, got, uri)
	}
	return kid{e, in}, nil
}

// declKey is the attribute that declares prefix p: xmlns:p, or xmlns.
func declKey(p string) string {
	if p == "" {
		return "xmlns"
	}
	return "xmlns:" + p
}
