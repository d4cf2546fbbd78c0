package xmlutil

import (
	"fmt"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// Read decodes data to UTF-8 (xmlscan.Decode) and reads it into an etree
// document, strictly (xmlscan) and within lim: the tree etree's own reader
// gives with ReadSettings, for every well-formed document, and an error
// for any other. It returns the UTF-8 text as well, which the tree's
// strings share memory with (neither it nor data may change afterwards),
// and the charset data was in (nil for UTF-8), which the tree's XML
// declaration still names: write it back in it with WriteIn. An error is
// an *xmlscan.SyntaxError, or a *DecodeError when data is in an encoding
// that cannot be read.
func Read(data []byte, lim Limits) (*etree.Document, []byte, *xmlscan.Charset, error) {
	text, cs, err := xmlscan.Decode(data)
	if err != nil {
		return nil, data, nil, &DecodeError{err}
	}
	doc, err := ReadUTF8(text, lim)
	if err != nil {
		return nil, text, nil, err
	}
	return doc, text, cs, nil
}

// ReadUTF8 reads data, which is UTF-8 already, as Read does, for a reader
// that decodes documents itself (feeds/cse).
func ReadUTF8(data []byte, lim Limits) (*etree.Document, error) {
	b := Builder{Limits: lim}
	return b.Document(xmlscan.New(data))
}

// DecodeError is a document whose encoding cannot be read. Err is an
// *xmlscan.SyntaxError when the place is known (xmlscan.Decode).
type DecodeError struct{ Err error }

func (e *DecodeError) Error() string { return e.Err.Error() }

// Unwrap returns Err, so that errors.As finds the place of an error that
// has one.
func (e *DecodeError) Unwrap() error { return e.Err }

// Builder builds etree trees from an xmlscan.Scanner's tokens. It
// allocates elements, character data, child lists and attribute lists in
// blocks, sized exactly, which makes a tree smaller and faster to build
// than etree's own reader makes it; a block lives as long as any tree
// built from it.
type Builder struct {
	Limits
	els   []etree.Element
	cds   []etree.CharData
	toks  []etree.Token
	attrs []etree.Attr
	kids  []etree.Token    // children of the open elements, in order
	marks []int            // where each open element's children start in kids
	open  []*etree.Element // the open elements
	block int              // the size of the next block
	apart bool             // the element being added is allocated alone (AddApart)

	// Tags, if not nil, records the tags built that etree writes in other
	// bytes (RawTags).
	Tags     *RawTags
	ar       AsRead
	data     []byte // the bytes the tokens are read from, for Tags
	startEnd int    // where the last start tag ended

	itemDepth int // from Limits.ItemDepth once the root is known; 0 for none
	inItem    int // elements in the item being built
	elements  int // elements built
	err       *xmlscan.SyntaxError
}

// Limits bound the tree a document gives, so that its memory stays within
// a small multiple of the document's size: etree spends about a hundred
// bytes on an element, which a document can write in four.
type Limits struct {
	// ItemDepth returns the depth of a document's items, given its root
	// element (which is at depth 1): 2 for Atom's entries, 3 for RSS's
	// items; 0 for no item limit.
	ItemDepth func(root xmlscan.Name) int
	// MaxItemElements bounds the elements in one item, itself included;
	// 0 for DefaultLimits'.
	MaxItemElements int
	// FreeElements is how many elements a document may hold before its
	// density counts; beyond it, each element needs BytesPerElement bytes
	// of input on average. 0 for DefaultLimits'.
	FreeElements, BytesPerElement int
}

// DefaultLimits are the limits both bindings read feeds with.
var DefaultLimits = Limits{MaxItemElements: 100_000, FreeElements: 1 << 16, BytesPerElement: 8}

// Err returns an error that stopped the last build on a limit, or nil.
func (b *Builder) Err() *xmlscan.SyntaxError { return b.err }

// limit counts the element t starts, at depth d, against the limits, and
// stops s with an error when one is passed.
func (b *Builder) limit(s *xmlscan.Scanner, t *xmlscan.Token, d int) bool {
	if d == 1 && b.ItemDepth != nil {
		b.itemDepth = b.ItemDepth(t.Name)
	}
	if b.MaxItemElements <= 0 {
		b.MaxItemElements = DefaultLimits.MaxItemElements
	}
	if b.FreeElements <= 0 || b.BytesPerElement <= 0 {
		b.FreeElements, b.BytesPerElement = DefaultLimits.FreeElements, DefaultLimits.BytesPerElement
	}
	b.elements++
	if b.elements > b.FreeElements && b.elements > t.Off/b.BytesPerElement {
		b.err = s.Stop(t.Off, fmt.Sprintf("more than %d elements, and more than one for every %d bytes: feedsync does not read documents this dense", b.FreeElements, b.BytesPerElement))
		return false
	}
	switch {
	case b.itemDepth == 0 || d < b.itemDepth:
	case d == b.itemDepth:
		b.inItem = 1
	default:
		b.inItem++
		if b.inItem > b.MaxItemElements {
			it := b.open[b.itemDepth]
			b.err = s.Stop(t.Off, fmt.Sprintf("more than %d elements in one <%s>: feedsync does not read items this large", b.MaxItemElements, it.FullTag()))
			return false
		}
	}
	return true
}

// Document reads the whole document s scans.
func (b *Builder) Document(s *xmlscan.Scanner) (*etree.Document, error) {
	doc := etree.NewDocument()
	doc.ReadSettings = ReadSettings
	doc.WriteSettings = WriteSettings
	b.push(&doc.Element)
	b.data = s.Data()
	for s.Next() {
		t := s.Token()
		if t.Kind == xmlscan.StartElement && !b.limit(s, t, s.Depth()) {
			break
		}
		b.Token(t)
	}
	if err := s.SyntaxErr(); err != nil {
		b.reset()
		return nil, err
	}
	b.pop()
	return doc, nil
}

// Element builds the element whose StartElement s has just read, with
// its subtree, and leaves s after its EndElement. It returns nil if s
// stops at an error.
func (b *Builder) Element(s *xmlscan.Scanner) *etree.Element {
	var top etree.Element
	b.push(&top)
	b.data = s.Data()
	b.Token(s.Token())
	for len(b.open) > 1 && s.Next() {
		b.Token(s.Token())
	}
	if len(b.open) > 1 {
		b.reset()
		return nil
	}
	b.pop()
	e := top.Child[0].(*etree.Element)
	top.RemoveChildAt(0)
	return e
}

// Begin starts a tree whose tokens the caller gives one by one (Add,
// Token), into the document doc.
func (b *Builder) Begin(doc *etree.Document) {
	b.push(&doc.Element)
}

// End finishes the tree Begin started.
func (b *Builder) End() { b.pop() }

// Add adds the token s has just read, within the limits, and returns the
// token made, or nil when a limit stopped s.
func (b *Builder) Add(s *xmlscan.Scanner) etree.Token {
	t := s.Token()
	if t.Kind == xmlscan.StartElement && !b.limit(s, t, s.Depth()) {
		return nil
	}
	b.data = s.Data()
	return b.Token(t)
}

// AddApart is Add with the element, and its attributes, allocated on
// their own rather than in one of b's blocks: for an element that may
// outlive the rest of the tree (an item another tree takes), which a
// block would keep whole, thousands of elements, for it alone.
func (b *Builder) AddApart(s *xmlscan.Scanner) etree.Token {
	b.apart = true
	t := b.Add(s)
	b.apart = false
	return t
}

// Children builds the children of e, whose start tag s has just read,
// up to its end tag, and gives them to e. onStart, if not nil, is called
// with each element built and the offset of its start tag.
func (b *Builder) Children(s *xmlscan.Scanner, e *etree.Element, onStart func(off int, e *etree.Element)) error {
	return b.ChildrenExcept(s, e, onStart, nil)
}

// Skip is asked, at each start tag a scanner has just read, with the
// element it would be a child of, whether to leave that element, and all
// within it, out of the tree being built.
type Skip func(s *xmlscan.Scanner, parent *etree.Element) bool

// ChildrenExcept is Children without the elements skip, if not nil,
// leaves out.
func (b *Builder) ChildrenExcept(s *xmlscan.Scanner, e *etree.Element, onStart func(off int, e *etree.Element), skip Skip) error {
	base := len(b.open)
	b.push(e)
	b.data, b.startEnd = s.Data(), s.Token().End
	for len(b.open) > base && s.Next() {
		if skip != nil && s.Token().Kind == xmlscan.StartElement && skip(s, b.open[len(b.open)-1]) {
			SkipElement(s)
			continue
		}
		t := b.Token(s.Token())
		if el, ok := t.(*etree.Element); ok && onStart != nil {
			onStart(s.Token().Off, el)
		}
	}
	if err := s.SyntaxErr(); err != nil {
		b.reset()
		return err
	}
	return nil
}

// SkipElement reads up to the end tag of the element whose start tag s
// has just read (or to an error, which s keeps).
func SkipElement(s *xmlscan.Scanner) {
	d := s.Depth()
	for s.Next() {
		if s.Token().Kind == xmlscan.EndElement && s.Depth() == d-1 {
			return
		}
	}
}

// Token adds one token to the tree being built, and returns the token it
// makes (nil for an end tag).
func (b *Builder) Token(t *xmlscan.Token) etree.Token {
	switch t.Kind {
	case xmlscan.StartElement:
		e := b.elem()
		e.Space, e.Tag = t.Name.Prefix, t.Name.Local
		if len(t.Attrs) > 0 {
			// CreateAttr, for it alone links an attribute to its element
			// (Attr.NamespaceURI needs that); the scanner has refused
			// repeated names, so each call appends.
			e.Attr = b.attrList(len(t.Attrs))
			for _, a := range t.Attrs {
				e.CreateAttr(a.QName, a.Value)
			}
		}
		b.kids = append(b.kids, e)
		b.push(e)
		if b.Tags != nil {
			b.Tags.noteStart(&b.ar, b.data, t, e)
			b.startEnd = t.End
		}
		return e
	case xmlscan.EndElement:
		if b.Tags != nil {
			n := len(b.open) - 1
			b.Tags.noteEnd(b.data, t, b.open[n], len(b.kids) == b.marks[n] && t.Off == b.startEnd)
		}
		b.pop()
		return nil
	case xmlscan.Text:
		c := b.charData()
		c.SetData(t.Text)
		b.kids = append(b.kids, c)
		return c
	}
	var tok etree.Token
	switch t.Kind {
	case xmlscan.CDATA:
		tok = etree.NewCData(t.Text)
	case xmlscan.Comment:
		tok = etree.NewComment(t.Text)
	case xmlscan.ProcInst:
		tok = etree.NewProcInst(t.Name.Local, t.Text)
	case xmlscan.Directive:
		tok = etree.NewDirective(t.Text)
	}
	b.kids = append(b.kids, tok)
	return tok
}

func (b *Builder) push(e *etree.Element) {
	b.open = append(b.open, e)
	b.marks = append(b.marks, len(b.kids))
}

// pop closes the innermost open element, giving it its children.
func (b *Builder) pop() {
	n := len(b.open) - 1
	e, m := b.open[n], b.marks[n]
	b.open, b.marks = b.open[:n], b.marks[:n]
	kids := b.kids[m:]
	if len(kids) > 0 {
		e.Child = b.tokList(len(kids))
		for _, k := range kids {
			e.AddChild(k)
		}
	}
	clear(kids)
	b.kids = b.kids[:m]
}

// reset drops what an unfinished build holds.
func (b *Builder) reset() {
	clear(b.kids)
	b.kids, b.marks, b.open = b.kids[:0], b.marks[:0], b.open[:0]
}

// size returns the size of the next block: small at first, so that
// building one small element costs little, and larger as more is built.
func (b *Builder) size() int {
	b.block = min(max(b.block*2, 16), 4096)
	return b.block
}

func (b *Builder) elem() *etree.Element {
	if b.apart {
		return new(etree.Element)
	}
	return one(b, &b.els)
}

func (b *Builder) charData() *etree.CharData { return one(b, &b.cds) }

// tokList returns an empty list with room for n tokens.
func (b *Builder) tokList(n int) []etree.Token { return list(b, &b.toks, n, 256, 4) }

// attrList returns an empty list with room for n attributes.
func (b *Builder) attrList(n int) []etree.Attr {
	if b.apart {
		return make([]etree.Attr, 0, n)
	}
	return list(b, &b.attrs, n, 64, 2)
}

// one returns the next value of *block, a block of b's, allocating a new
// block when it is used up: the tree's nodes come a block at a time.
func one[T any](b *Builder, block *[]T) *T {
	if len(*block) == 0 {
		*block = make([]T, b.size())
	}
	v := &(*block)[0]
	*block = (*block)[1:]
	return v
}

// list returns an empty list with room for n values, cut from *block (a
// block of b's of grow times the block size, or n if larger) unless n is
// more than big, whose list is allocated alone.
func list[T any](b *Builder, block *[]T, n, big, grow int) []T {
	if n > big {
		return make([]T, 0, n)
	}
	if len(*block) < n {
		*block = make([]T, max(b.size()*grow, n))
	}
	l := (*block)[:0:n]
	*block = (*block)[n:]
	return l
}
