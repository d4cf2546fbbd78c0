package xmlscan

import (
	"bytes"
	"fmt"
	"slices"
	"unsafe"
)

// Namespace names Namespaces in XML 1.0 reserves (§3).
const (
	NSXML   = "http://www.w3.org/XML/1998/namespace"
	NSXMLNS = "http://www.w3.org/2000/xmlns/"
)

// Kind is the kind of a token.
type Kind uint8

// The kinds of tokens.
const (
	StartElement Kind = iota + 1
	EndElement
	Text      // character data, references decoded
	CDATA     // a CDATA section: Text is its content
	Comment   // Text is what is between <!-- and -->
	ProcInst  // Name.Local is the target, Text the instruction
	Directive // a document type declaration: Text is what is between <! and >
)

// Name is a qualified name: a prefix ("" for none) and a local part.
type Name struct {
	Prefix, Local string
}

// String returns the name as written, prefix:local.
func (n Name) String() string {
	if n.Prefix == "" {
		return n.Local
	}
	return n.Prefix + ":" + n.Local
}

// Attr is an attribute of a start tag.
type Attr struct {
	Name  Name
	QName string // the name as written
	Value string // references decoded, white space normalized (XML 1.0 §3.3.3)
	Off   int    // offset of the attribute's name
}

// Token is one token of a document.
type Token struct {
	Kind     Kind
	Off, End int  // the token's bytes are data[Off:End]; an EndElement of an empty element has Off == End
	Name     Name // StartElement, EndElement; ProcInst: the target in Local
	// Attrs are a StartElement's attributes, valid until the next call
	// of Next.
	Attrs []Attr
	Text  string // Text, CDATA, Comment, ProcInst, Directive
	Empty bool   // a StartElement written as <x/>: its EndElement comes next
	// Space says that a Text token is white space alone, written
	// literally (no references).
	Space bool
	// Literal says that a Text token's Text is data[Off:End] as written:
	// no reference and no carriage return were decoded.
	Literal bool
}

// Limits bound what a document may hold, so that the cost of reading one
// is proportional to its size.
type Limits struct {
	MaxDepth int // elements open at once; 0 for DefaultLimits'
	MaxAttrs int // attributes on one element; 0 for DefaultLimits'
}

// DefaultLimits are the limits of New.
var DefaultLimits = Limits{MaxDepth: 1024, MaxAttrs: 256}

// SyntaxError is the first thing found that makes a document not
// well-formed, or beyond a limit. Line and Col count from 1; Col counts
// bytes, as encoding/xml does.
type SyntaxError struct {
	Off       int
	Line, Col int
	Element   string // the element the error is in, as written, or "document"
	Msg       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%d:%d: %s: %s", e.Line, e.Col, e.Element, e.Msg)
}

// Position returns the 1-based line and column, in bytes, of offset off
// in data. It reads data up to off: to place many offsets of one
// document, use Lines.
func Position(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	line = 1 + bytes.Count(data[:off], []byte{'\n'})
	return line, off - bytes.LastIndexByte(data[:off], '\n')
}

// Lines places offsets of one document as Position does, reading the
// document once, at the first call, and then each offset in time
// logarithmic in the number of lines: placing a problem for each of n
// items stays linear (issue 13: 16,000 warnings took 27 s to place).
type Lines struct {
	data []byte
	nl   []int // the offsets of the newlines; nil until the first call
}

// NewLines returns the Lines of data.
func NewLines(data []byte) *Lines { return &Lines{data: data} }

// Position returns the 1-based line and column, in bytes, of offset off.
func (l *Lines) Position(off int) (line, col int) {
	if l.nl == nil {
		l.nl = make([]int, 0, bytes.Count(l.data, []byte{'\n'}))
		for i, b := range l.data {
			if b == '\n' {
				l.nl = append(l.nl, i)
			}
		}
	}
	off = min(max(off, 0), len(l.data))
	n, _ := slices.BinarySearch(l.nl, off) // the newlines before off
	if n == 0 {
		return 1, off + 1
	}
	return n + 1, off - l.nl[n-1]
}

// open is an element that has not been closed.
type open struct {
	qname string // as written
	name  Name
	off   int
	mark  int // len(ns) before its declarations
}

// binding is a namespace declaration in scope.
type binding struct {
	prefix, uri string
}

// Binding is a namespace declaration in scope where a fragment starts
// (NewFragment): Prefix ("" for the default namespace) bound to URI.
type Binding struct {
	Prefix, URI string
}

// Scanner reads the tokens of one document.
type Scanner struct {
	data   []byte
	pos    int
	start  int // where the document proper begins, after a byte order mark
	lim    Limits
	tok    Token
	stack  []open
	ns     []binding
	attr   []Attr // the attributes of the last start tag
	buf    []byte
	err    *SyntaxError
	root   bool   // the root element has been opened
	doc    bool   // a document type declaration has been read
	endTag bool   // the last start tag was empty: its end comes next
	tag    string // the start tag being read, for messages
	bom    bool   // a byte order mark is still to be given as a token
	frag   bool   // a fragment: the scan ends when its element does
	base   int    // where lines and columns count from (PlaceFrom)

	// The entities the document declares (Entities), what references to
	// them have expanded to so far (MaxEntityExpansion), those being
	// expanded, and whether the XML declaration says standalone="yes".
	ents       *Entities
	expanded   int
	expanding  []string
	standalone bool
}

// PlaceFrom makes the lines and columns of errors count from data[base]:
// for a fragment held in a wrapper of the reader's own, such as a div
// around markup (feeds), whose errors place what the person wrote. An
// offset before base is at 1:1.
func (s *Scanner) PlaceFrom(base int) { s.base = base }

// position places offset off, counting from base.
func (s *Scanner) position(off int) (line, col int) {
	return Position(s.data[s.base:], off-s.base)
}

// New returns a scanner of data, which must be UTF-8 (see Decode), with
// DefaultLimits.
func New(data []byte) *Scanner {
	return NewLimits(data, DefaultLimits)
}

// NewLimits returns a scanner of data with the given limits.
func NewLimits(data []byte, lim Limits) *Scanner {
	if lim.MaxDepth <= 0 {
		lim.MaxDepth = DefaultLimits.MaxDepth
	}
	if lim.MaxAttrs <= 0 {
		lim.MaxAttrs = DefaultLimits.MaxAttrs
	}
	s := &Scanner{data: data, lim: lim}
	if bytes.HasPrefix(data, bom) {
		s.start, s.pos, s.bom = len(bom), len(bom), true
	}
	return s
}

var bom = []byte("\uFEFF")

// NewFragment returns a scanner of the element that starts at data[off],
// read before as part of data, whose parent has the namespace bindings ns
// (outermost first): its tokens, the start tag first, up to its end tag,
// where Next returns false.
func NewFragment(data []byte, off int, ns []Binding, lim Limits) *Scanner {
	s := NewLimits(data, lim)
	s.pos, s.start, s.bom, s.frag = off, off, false, true
	for _, b := range ns {
		s.ns = append(s.ns, binding{b.Prefix, b.URI})
	}
	return s
}

// setTag makes the token a start tag (with attrs and empty) or an end tag
// (without). The setters of the tokens every document is made of, setTag
// and setText, write the token a field at a time, and a string or a slice
// only where it holds something: a Token assigned whole is copied with a
// bulk write barrier whenever the collector is marking, as it is for much
// of the read of a large document whose model it builds.
func (s *Scanner) setTag(k Kind, off, end int, name Name, attrs []Attr, empty bool) {
	t := &s.tok
	t.Kind, t.Off, t.End, t.Name = k, off, end, name
	if attrs != nil || t.Attrs != nil {
		t.Attrs = attrs
	}
	if t.Text != "" {
		t.Text = ""
	}
	t.Empty, t.Space, t.Literal = empty, false, false
}

// setText makes the token character data (Text or CDATA); see setTag.
func (s *Scanner) setText(k Kind, off, end int, text string, space, literal bool) {
	t := &s.tok
	t.Kind, t.Off, t.End = k, off, end
	if t.Name.Prefix != "" || t.Name.Local != "" {
		t.Name = Name{}
	}
	if t.Attrs != nil {
		t.Attrs = nil
	}
	t.Text = text
	t.Empty, t.Space, t.Literal = false, space, literal
}

// Token returns the token Next read. Its strings may share memory with
// the input.
func (s *Scanner) Token() *Token { return &s.tok }

// Err returns the error that stopped the scanner, or nil at the end of a
// well-formed document.
func (s *Scanner) Err() error {
	if s.err == nil {
		return nil
	}
	return s.err
}

// SyntaxErr is Err as a *SyntaxError.
func (s *Scanner) SyntaxErr() *SyntaxError { return s.err }

// Depth returns the number of elements open: after a StartElement, its
// own depth from 1 for the root; after an EndElement, its parent's.
func (s *Scanner) Depth() int { return len(s.stack) }

// Data returns the input.
func (s *Scanner) Data() []byte { return s.data }

// Lookup returns the namespace URI prefix ("" for the default namespace)
// is bound to where the scanner is: inside the last element opened. The
// default namespace is always bound, to "" when nothing declares it.
func (s *Scanner) Lookup(prefix string) (string, bool) {
	for i := len(s.ns) - 1; i >= 0; i-- {
		if s.ns[i].prefix == prefix {
			return s.ns[i].uri, true
		}
	}
	return Implicit(prefix)
}

// Implicit returns what a prefix that no declaration binds is bound to: the
// default namespace ("") to no namespace, xml to NSXML; others are unbound.
func Implicit(prefix string) (string, bool) {
	switch prefix {
	case "":
		return "", true
	case "xml":
		return NSXML, true
	}
	return "", false
}

// Bindings returns the namespace declarations in scope where the scanner
// is, outermost first (see Lookup).
func (s *Scanner) Bindings() []Binding {
	out := make([]Binding, len(s.ns))
	for i, b := range s.ns {
		out[i] = Binding{b.prefix, b.uri}
	}
	return out
}

// Next reads the next token and reports whether there is one. At the end
// of the document, or at an error, it returns false; Err tells which.
func (s *Scanner) Next() bool {
	if s.err != nil {
		return false
	}
	if s.endTag {
		s.endTag = false
		name := s.stack[len(s.stack)-1].name
		s.closeElement()
		s.setTag(EndElement, s.pos, s.pos, name, nil, false)
		return true
	}
	if s.frag && s.root && len(s.stack) == 0 {
		return false
	}
	if s.bom {
		s.bom = false
		s.tok = Token{Kind: Text, Off: 0, End: len(bom), Text: s.str(0, len(bom)), Literal: true}
		return true
	}
	if s.pos >= len(s.data) {
		s.end()
		return false
	}
	if s.data[s.pos] != '<' {
		return s.text()
	}
	if s.pos+1 >= len(s.data) {
		return s.fail(s.pos, "input ends inside a tag")
	}
	switch s.data[s.pos+1] {
	case '/':
		return s.endElement()
	case '?':
		return s.procInst()
	case '!':
		return s.bang()
	}
	return s.startElement()
}

// Stop ends the scan with an error at offset off, in the innermost open
// element, for a limit a reader of the tokens enforces; it returns the
// error.
func (s *Scanner) Stop(off int, msg string) *SyntaxError {
	s.fail(off, msg)
	return s.err
}

// end checks what must hold at the end of the input.
func (s *Scanner) end() {
	switch {
	case len(s.stack) > 0:
		o := s.stack[len(s.stack)-1]
		l, c := s.position(o.off)
		s.fail(len(s.data), fmt.Sprintf("input ends inside <%s> opened at %d:%d", o.qname, l, c))
	case !s.root:
		s.fail(s.start, "no root element")
	}
}

// fail records an error at offset off and returns false.
func (s *Scanner) fail(off int, msg string) bool {
	el := "document"
	if n := len(s.stack); s.tag != "" {
		el = s.tag
	} else if n > 0 {
		el = s.stack[n-1].qname
	}
	return s.failIn(off, el, msg)
}

// failIn records an error in element el at offset off and returns false.
func (s *Scanner) failIn(off int, el, msg string) bool {
	if s.err == nil {
		l, c := s.position(off)
		s.err = &SyntaxError{Off: off, Line: l, Col: c, Element: el, Msg: msg}
	}
	s.tok = Token{}
	return false
}

// str returns data[i:j] as a string that shares its memory.
func (s *Scanner) str(i, j int) string {
	if j <= i {
		return ""
	}
	return unsafe.String(&s.data[i], j-i)
}

// procInst reads a processing instruction or the XML declaration at
// data[pos] ("<?").
func (s *Scanner) procInst() bool {
	off := s.pos
	te, ok := s.name(off+2, false)
	if !ok {
		return false
	}
	target := s.str(off+2, te)
	end := bytes.Index(s.data[te:], []byte("?>"))
	if end < 0 {
		return s.fail(off, "processing instruction <?"+target+" is never closed by ?>")
	}
	end += te
	i := s.skipSpace(te)
	if i == te && i < end {
		return s.fail(te, "white space must follow the target of a processing instruction")
	}
	if !s.checkChars(i, end) {
		return false
	}
	if len(target) == 3 && (target[0]|0x20) == 'x' && (target[1]|0x20) == 'm' && (target[2]|0x20) == 'l' {
		if target != "xml" || off != s.start {
			return s.fail(off, "<?"+target+" is reserved: an XML declaration belongs at the very start of the document, before any white space")
		}
		if msg := checkDecl(s.data[i:end]); msg != "" {
			return s.fail(off, "XML declaration: "+msg)
		}
		s.standalone = declares(s.data[i:end], "standalone") == "yes"
	}
	s.pos = end + 2
	s.tok = Token{Kind: ProcInst, Off: off, End: s.pos, Name: Name{Local: target}, Text: s.lines(i, end)}
	return true
}

// bang reads a comment, a CDATA section or a document type declaration at
// data[pos] ("<!").
func (s *Scanner) bang() bool {
	off := s.pos
	rest := s.data[off:]
	switch {
	case bytes.HasPrefix(rest, []byte("<!--")):
		return s.comment()
	case bytes.HasPrefix(rest, []byte("<![CDATA[")):
		if len(s.stack) == 0 {
			return s.fail(off, "a CDATA section outside the root element")
		}
		end := bytes.Index(rest[9:], []byte("]]>"))
		if end < 0 {
			return s.fail(off, "CDATA section never closed by ]]>")
		}
		i, j := off+9, off+9+end
		if !s.checkChars(i, j) {
			return false
		}
		s.pos = j + 3
		s.setText(CDATA, off, s.pos, s.lines(i, j), false, false)
		return true
	case bytes.HasPrefix(rest, []byte("<!DOCTYPE")):
		return s.doctype()
	}
	return s.fail(off, "<! begins neither a comment, a CDATA section nor a document type declaration")
}

// comment reads a comment at data[pos] ("<!--").
func (s *Scanner) comment() bool {
	off := s.pos
	i := off + 4
	end := bytes.Index(s.data[i:], []byte("--"))
	if end < 0 {
		return s.fail(off, "comment never closed by -->")
	}
	end += i
	if end+2 >= len(s.data) || s.data[end+2] != '>' {
		return s.fail(end, "-- inside a comment")
	}
	if !s.checkChars(i, end) {
		return false
	}
	s.pos = end + 3
	s.tok = Token{Kind: Comment, Off: off, End: s.pos, Text: s.lines(i, end)}
	return true
}
