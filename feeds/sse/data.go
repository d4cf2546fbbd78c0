package ssefeed

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/beevik/etree"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// The kinds of feed, as Doc.Kind names them.
const (
	KindRSS  = "rss"  // RSS 2.0: items are <item> in <channel>
	KindOPML = "opml" // OPML: items are <outline> in <body>, nested
)

// OPML attributes that NewData, Title and Fields treat as an outline's
// title and content. text is OPML's own; _note is the outliners'
// convention for an outline's note.
const (
	attrText = "text"
	attrNote = "_note"
)

// itemData is the sse.Data of one version of an item: the attributes of
// its item or outline element and its children other than white space,
// sx:sync and (for an outline) child outlines that carry sx:sync of their
// own. Outlines without sx:sync are part of their parent's data.
//
// It is never modified once made (the engine shares it between versions).
// Data read from a feed points into the parsed tree, which is never
// modified either.
type itemData struct {
	kind   string
	el     *etree.Element // the element the data was read from, nil for data built anew
	ctx    *etree.Element // where the prefixes of attrs are bound: el, or the element they were copied from
	attrs  []etree.Attr
	kids   []etree.Token
	syncAt int              // index in kids that sx:sync is written before
	sync   *etree.Element   // the sx:sync read with this data, for markup the model does not hold; may be nil
	read   *sse.Item        // the version read with this data from el's sx:sync, nil otherwise
	lz     *lazyData        // data of an RSS feed read without its tree: el, ctx, attrs, kids, syncAt and sync are filled in by load
	tags   *xmlutil.RawTags // the tags of ctx and the elements in kids as read (their source's), nil for none

	digest atomic.Pointer[string]
	depth  atomic.Int32 // height()+1 once known
	// posSet, read: el's sx:sync carries a position valid for its version.
	// Last, beside depth: an RSS item's allocation (rssItem) stays in its
	// size class, 512 bytes, with tags.
	posSet bool
}

// dataOf returns the package's own data behind an sse.Data, or nil, with
// its tree (load).
func dataOf(d sse.Data) *itemData {
	x := peek(d)
	if x != nil {
		x.load()
	}
	return x
}

// peek returns the package's own data behind an sse.Data, or nil,
// without building the tree of data read without it: for what the scan
// noted (kind, read, lz, the digest).
func peek(d sse.Data) *itemData {
	x, _ := d.(*itemData)
	return x
}

// setDigest sets the digest the scan computed.
func (x *itemData) setDigest(h string) { x.digest.Store(&h) }

// readData returns the data of element el: its attributes, and its
// children but white space, the sx:sync sync, and child outlines for
// which skip is true.
func readData(kind string, el, sync *etree.Element, skip func(*etree.Element) bool) *itemData {
	x := &itemData{kind: kind, el: el, ctx: el, attrs: el.Attr, syncAt: -1}
	for _, t := range el.Child {
		switch t := t.(type) {
		case *etree.CharData:
			if !t.IsCData() && xmlutil.IsSpace(t.Data) {
				continue
			}
		case *etree.Element:
			if t == sync {
				x.syncAt = len(x.kids)
				continue
			}
			if skip != nil && skip(t) {
				continue
			}
		}
		x.kids = append(x.kids, t)
	}
	if x.syncAt < 0 {
		x.syncAt = len(x.kids)
	}
	return x
}

// Digest returns a digest of the data: the attributes other than
// namespace declarations, sorted, and the children, elements by expanded
// name with sorted attributes, comments left out, and each run of
// character data as one text (text that sx:sync or a comment split when
// read is one text when written without them). White space that is only
// indentation (xmlutil.Indented), in a child the writer lays out afresh
// (relaid) and in the elements within laid out with it, counts only up to
// its last newline (xmlutil.Kept), so that the layout does not change the
// digest. Equal data written with other prefixes, attribute orders or
// indentation has equal digests.
func (x *itemData) Digest() string {
	if p := x.digest.Load(); p != nil {
		return *p
	}
	var b []byte
	b = canonicalAttrs(b, x.attrs, x.ctx)
	b = canonicalTokens(b, x.kids, true, false)
	sum := sha256.Sum256(b)
	h := hex.EncodeToString(sum[:])
	x.digest.Store(&h)
	return h
}

// canonicalTokens appends the canonical form of toks: elements by
// expanded name with sorted attributes, each run of character data as one
// text, comments and processing instructions left out. toks are the
// data's children when data is true, else those of an element, laid out
// afresh when lay is true (its white space kept up to its last newline).
func canonicalTokens(b []byte, toks []etree.Token, data, lay bool) []byte {
	var text []string
	flush := func() {
		if text != nil {
			b = append(b, 't')
			b = appendText(b, strings.Join(text, ""))
			text = nil
		}
	}
	for _, t := range toks {
		switch t := t.(type) {
		case *etree.CharData:
			if lay {
				text = append(text, xmlutil.Kept(t.Data))
			} else {
				text = append(text, t.Data)
			}
		case *etree.Element:
			flush()
			u := uriOf(t)
			b = append(b, "<{"...)
			b = append(b, u...)
			b = append(b, '}')
			b = append(b, t.Tag...)
			b = canonicalAttrs(b, t.Attr, t)
			in := lay || data && relaid(t)
			b = canonicalTokens(b, t.Child, false, in && xmlutil.Indented(t, u))
			b = append(b, "</>"...)
		}
	}
	flush()
	return b
}

func canonicalAttrs(b []byte, attrs []etree.Attr, ctx *etree.Element) []byte {
	list := make([]string, 0, len(attrs))
	for _, a := range attrs {
		if !xmlutil.IsDecl(a) {
			list = append(list, "{"+attrURI(ctx, a)+"}"+a.Key+"="+a.Value)
		}
	}
	slices.Sort(list)
	for _, a := range list {
		b = append(b, ' ')
		b = appendText(b, a)
	}
	return b
}

// appendText appends s with its length, so that fields cannot run together.
func appendText(b []byte, s string) []byte {
	b = append(b, strconv.Itoa(len(s))...)
	b = append(b, ':')
	return append(b, s...)
}

// own returns dt as data of d's kind: as it is, carried over from the
// other kind by its title and content, or, for nil or data this package
// did not make, empty.
func (d *Doc) own(dt sse.Data) *itemData {
	x := dataOf(dt)
	switch {
	case x == nil:
		return &itemData{kind: d.kind}
	case x.kind != d.kind:
		title, content := Title(x), contentOf(x)
		return dataOf(d.NewData(nil, &title, &content))
	}
	return x
}

// NewData returns data for a new version of an item in d: base's (empty
// when base is nil) with the title and the content replaced where they
// are not nil. In RSS they are the text of the title and description
// elements, which keep their attributes, and are added, title first,
// where missing. In OPML they are the outline's text attribute and its
// _note attribute, the outliners' convention for a note; an empty content
// removes _note. base is not modified.
func (d *Doc) NewData(base sse.Data, title, content *string) sse.Data {
	b := d.own(base)
	if title == nil && content == nil {
		return b
	}
	x := &itemData{kind: d.kind, ctx: b.ctx, attrs: slices.Clone(b.attrs), kids: slices.Clone(b.kids),
		syncAt: b.syncAt, sync: b.sync, tags: b.tags}
	if d.kind == KindOPML {
		if title != nil {
			x.attrs = setAttr(x.attrs, attrText, *title, true)
		}
		if content != nil {
			x.attrs = setAttr(x.attrs, attrNote, *content, *content != "")
		}
		return x
	}
	if title != nil {
		x.setText("title", *title, 0)
	}
	if content != nil {
		x.setText("description", *content, x.after("title"))
	}
	return x
}

// setAttr sets, or with keep false removes, an unprefixed attribute.
func setAttr(attrs []etree.Attr, key, value string, keep bool) []etree.Attr {
	for i, a := range attrs {
		if a.Space == "" && a.Key == key {
			if !keep {
				return slices.Delete(attrs, i, i+1)
			}
			attrs[i].Value = value
			return attrs
		}
	}
	if keep {
		attrs = append(attrs, etree.Attr{Key: key, Value: value})
	}
	return attrs
}

// setText replaces the first RSS element named tag with one holding text,
// or inserts one at index at.
func (x *itemData) setText(tag, text string, at int) {
	n := etree.NewElement(tag)
	if i := x.find(tag); i >= 0 {
		old := x.kids[i].(*etree.Element)
		for _, a := range old.Attr {
			n.CreateAttr(a.FullKey(), a.Value)
		}
		if text != "" {
			n.SetText(text)
		}
		x.kids[i] = n
		return
	}
	if text != "" {
		n.SetText(text)
	}
	x.kids = slices.Insert(x.kids, at, etree.Token(n))
	if at <= x.syncAt {
		x.syncAt++
	}
}

// find returns the index of the first RSS element named tag among the
// kids, or -1.
func (x *itemData) find(tag string) int {
	for i, t := range x.kids {
		if e, ok := t.(*etree.Element); ok && e.Tag == tag && uriOf(e) == "" {
			return i
		}
	}
	return -1
}

// after returns the index just past the first element named tag, or 0.
func (x *itemData) after(tag string) int {
	return x.find(tag) + 1
}

// attr returns the value of an unprefixed attribute.
func (x *itemData) attr(key string) (string, bool) {
	for _, a := range x.attrs {
		if a.Space == "" && a.Key == key {
			return a.Value, true
		}
	}
	return "", false
}

// Title returns the data's title: the text of an RSS item's first title,
// or an outline's text attribute.
func Title(dt sse.Data) string { return textField(dataOf(dt), "title", attrText) }

// contentOf returns the data's content: an RSS description, or an
// outline's _note attribute.
func contentOf(x *itemData) string { return textField(x, "description", attrNote) }

// textField returns the text of the data's first child element tag (RSS)
// or its attribute attr (OPML); "" for nil data.
func textField(x *itemData, tag, attr string) string {
	if x == nil {
		return ""
	}
	if x.kind == KindOPML {
		v, _ := x.attr(attr)
		return v
	}
	if i := x.find(tag); i >= 0 {
		return textOf(x.kids[i].(*etree.Element))
	}
	return ""
}

// textOf returns all character data inside e.
func textOf(e *etree.Element) string {
	var sb strings.Builder
	var walk func(*etree.Element)
	walk = func(e *etree.Element) {
		for _, t := range e.Child {
			switch t := t.(type) {
			case *etree.CharData:
				sb.WriteString(t.Data)
			case *etree.Element:
				walk(t)
			}
		}
	}
	walk(e)
	return sb.String()
}
