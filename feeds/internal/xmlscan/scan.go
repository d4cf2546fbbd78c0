package xmlscan

import (
	"bytes"
	"fmt"
	"slices"
	"unicode"
	"unicode/utf8"
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
	attrs  []Attr
	buf    []byte
	err    *SyntaxError
	root   bool   // the root element has been opened
	doc    bool   // a document type declaration has been read
	endTag bool   // the last start tag was empty: its end comes next
	tag    string // the start tag being read, for messages
	bom    bool   // a byte order mark is still to be given as a token
	frag   bool   // a fragment: the scan ends when its element does
	base   int    // where lines and columns count from (PlaceFrom)
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
		o := s.stack[len(s.stack)-1]
		s.closeElement()
		s.tok = Token{Kind: EndElement, Off: s.pos, End: s.pos, Name: o.name}
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

// text reads character data up to the next '<' or the end.
func (s *Scanner) text() bool {
	i := s.pos
	j := bytes.IndexByte(s.data[i:], '<')
	if j < 0 {
		j = len(s.data)
	} else {
		j += i
	}
	space, plain, ok := s.checkText(i, j)
	if !ok {
		return false
	}
	if len(s.stack) == 0 && !space {
		return s.fail(s.skipSpace(i), "text outside the root element")
	}
	s.pos = j
	s.tok = Token{Kind: Text, Off: i, End: j, Space: space && plain, Literal: plain}
	if plain {
		s.tok.Text = s.str(i, j)
	} else {
		v, ok := s.decode(i, j, false)
		if !ok {
			return false
		}
		s.tok.Text = v
	}
	return true
}

// checkText checks the characters of text data[i:j]: legal characters,
// no "]]>", references well-formed. It reports whether the text is white
// space alone and whether it is plain (nothing to decode).
func (s *Scanner) checkText(i, j int) (space, plain, ok bool) {
	space, plain = true, true
	d := s.data
	for k := i; k < j; {
		c := d[k]
		if c < utf8.RuneSelf {
			switch {
			case c == ' ' || c == '\n' || c == '\t':
			case c == '\r':
				plain = false
			case c == '&':
				plain, space = false, false
				n, ok := s.checkRef(k, j)
				if !ok {
					return false, false, false
				}
				k = n
				continue
			case c == ']':
				space = false
				if k+2 < j && d[k+1] == ']' && d[k+2] == '>' {
					s.fail(k, "]]> in text: it ends a CDATA section, and there is none to end")
					return false, false, false
				}
			case c < 0x20:
				s.fail(k, fmt.Sprintf("illegal character U+%04X", c))
				return false, false, false
			default:
				space = false
			}
			k++
			continue
		}
		space = false
		n, ok := s.checkRune(k)
		if !ok {
			return false, false, false
		}
		k += n
	}
	return space, plain, true
}

// checkRune checks the character encoded at data[k:], not ASCII, and
// returns its length.
func (s *Scanner) checkRune(k int) (int, bool) {
	r, n := utf8.DecodeRune(s.data[k:])
	switch {
	case r == utf8.RuneError && n == 1:
		return 0, s.fail(k, "invalid UTF-8")
	case r == 0xFFFE || r == 0xFFFF:
		return 0, s.fail(k, fmt.Sprintf("illegal character U+%04X", r))
	}
	return n, true
}

// checkChars checks that data[i:j] holds legal characters only, for
// comments, CDATA sections and processing instructions.
func (s *Scanner) checkChars(i, j int) bool {
	d := s.data
	for k := i; k < j; {
		c := d[k]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\n' && c != '\t' && c != '\r' {
				return s.fail(k, fmt.Sprintf("illegal character U+%04X", c))
			}
			k++
			continue
		}
		n, ok := s.checkRune(k)
		if !ok {
			return false
		}
		k += n
	}
	return true
}

// checkRef checks the reference at data[k] ('&'), ending before j, and
// returns the offset after it.
func (s *Scanner) checkRef(k, j int) (int, bool) {
	_, n, ok := s.ref(k, j)
	return n, ok
}

// ref decodes the reference at data[k] ('&'), ending before j: a
// character reference to a legal character, or one of the five predefined
// entities. It returns the character and the offset after the reference.
func (s *Scanner) ref(k, j int) (rune, int, bool) {
	d := s.data
	semi := bytes.IndexByte(d[k:j], ';')
	if semi < 0 {
		end := k + 1
		for end < j && end < k+32 && isNameByte(d[end]) {
			end++
		}
		return 0, 0, s.fail(k, fmt.Sprintf("invalid character entity %s (no semicolon)", d[k:end]))
	}
	body := d[k+1 : k+semi]
	next := k + semi + 1
	if len(body) > 0 && body[0] == '#' {
		r, ok := charRef(body[1:])
		if !ok {
			return 0, 0, s.fail(k, fmt.Sprintf("character reference &%s; is not a legal XML character", cut(body)))
		}
		return r, next, true
	}
	switch string(body) {
	case "lt":
		return '<', next, true
	case "gt":
		return '>', next, true
	case "amp":
		return '&', next, true
	case "apos":
		return '\'', next, true
	case "quot":
		return '"', next, true
	}
	return 0, 0, s.fail(k, fmt.Sprintf("invalid character entity &%s;: XML predefines five (lt, gt, amp, apos, quot) and feedsync expands no other", cut(body)))
}

// cut returns the body of a reference, cut to 64 bytes and "..." when
// longer, for a message.
func cut(body []byte) []byte {
	if len(body) > 64 {
		return append(body[:64:64], "..."...)
	}
	return body
}

// charRef decodes the digits of a character reference: decimal, or
// hexadecimal after 'x'. Any number of digits is read, leading zeros and
// all (&#x0000000041; is 'A'); a value past the last code point stops
// growing there, so that it cannot overflow and is refused as no
// character.
func charRef(b []byte) (rune, bool) {
	base := 10
	if len(b) > 0 && b[0] == 'x' {
		base, b = 16, b[1:]
	}
	if len(b) == 0 {
		return 0, false
	}
	var r rune
	for _, c := range b {
		var v byte
		switch {
		case '0' <= c && c <= '9':
			v = c - '0'
		case base == 16 && 'a' <= c && c <= 'f':
			v = c - 'a' + 10
		case base == 16 && 'A' <= c && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false
		}
		if r <= unicode.MaxRune {
			r = r*rune(base) + rune(v)
		}
	}
	return r, isChar(r)
}

// isChar reports whether r is a legal XML character (XML 1.0 §2.2).
func isChar(r rune) bool {
	return r == 0x9 || r == 0xA || r == 0xD || 0x20 <= r && r <= 0xD7FF ||
		0xE000 <= r && r <= 0xFFFD || 0x10000 <= r && r <= 0x10FFFF
}

// lines returns data[i:j] with its line ends normalized to "\n" (XML 1.0
// §2.11), for text that holds no references.
func (s *Scanner) lines(i, j int) string {
	if bytes.IndexByte(s.data[i:j], '\r') < 0 {
		return s.str(i, j)
	}
	b := s.buf[:0]
	for k := i; k < j; k++ {
		c := s.data[k]
		if c == '\r' {
			if k+1 < j && s.data[k+1] == '\n' {
				k++
			}
			c = '\n'
		}
		b = append(b, c)
	}
	s.buf = b
	return string(b)
}

// decode returns the text data[i:j], already checked, with references
// decoded and line ends normalized (XML 1.0 §2.11); for an attribute
// value, white space characters become spaces too (§3.3.3).
func (s *Scanner) decode(i, j int, attr bool) (string, bool) {
	d := s.data
	b := s.buf[:0]
	for k := i; k < j; {
		c := d[k]
		switch {
		case c == '&':
			r, n, ok := s.ref(k, j)
			if !ok {
				return "", false
			}
			b = utf8.AppendRune(b, r)
			k = n
			continue
		case c == '\r':
			if k+1 < j && d[k+1] == '\n' {
				k++
			}
			c = '\n'
			if attr {
				c = ' '
			}
		case attr && (c == '\n' || c == '\t'):
			c = ' '
		}
		b = append(b, c)
		k++
	}
	s.buf = b
	return string(b), true
}

// startElement reads a start tag at data[pos] ('<').
func (s *Scanner) startElement() bool {
	off := s.pos
	name, qend, ok := s.qname(off + 1)
	if !ok {
		return false
	}
	qname := s.str(off+1, qend)
	if len(s.stack) == 0 && s.root {
		return s.failIn(off, qname, "a second root element")
	}
	if len(s.stack) >= s.lim.MaxDepth {
		return s.failIn(off, qname, fmt.Sprintf("elements nest deeper than %d", s.lim.MaxDepth))
	}
	attrs := s.attrs[:0]
	i := qend
	empty := false
	s.tag = qname // for the messages of fail; an error ends the scan
	for {
		j := s.skipSpace(i)
		if j >= len(s.data) {
			return s.failIn(j, qname, "input ends inside the start tag")
		}
		c := s.data[j]
		if c == '>' {
			i = j + 1
			break
		}
		if c == '/' {
			if j+1 >= len(s.data) || s.data[j+1] != '>' {
				return s.failIn(j, qname, "/ in a start tag not followed by >")
			}
			i, empty = j+2, true
			break
		}
		if j == i {
			return s.failIn(j, qname, "attributes must be separated by white space")
		}
		a, n, ok := s.attr(j, qname)
		if !ok {
			return false
		}
		if len(attrs) >= s.lim.MaxAttrs {
			return s.failIn(j, qname, fmt.Sprintf("more than %d attributes on one element", s.lim.MaxAttrs))
		}
		attrs = append(attrs, a)
		i = n
	}
	s.attrs, s.tag = attrs, ""
	s.root = true
	mark := len(s.ns)
	s.stack = append(s.stack, open{qname: qname, name: name, off: off, mark: mark})
	if !s.declare(attrs, qname) || !s.checkNames(name, attrs, qname, off) {
		return false
	}
	s.pos = i
	s.endTag = empty
	s.tok = Token{Kind: StartElement, Off: off, End: i, Name: name, Attrs: attrs, Empty: empty}
	return true
}

// attr reads an attribute at data[i] in the start tag of element el and
// returns it and the offset after it.
func (s *Scanner) attr(i int, el string) (Attr, int, bool) {
	name, j, ok := s.qnameIn(i, el)
	if !ok {
		return Attr{}, 0, false
	}
	qname := s.str(i, j)
	j = s.skipSpace(j)
	if j >= len(s.data) {
		return Attr{}, 0, s.failIn(j, el, "input ends inside the start tag")
	}
	if s.data[j] != '=' {
		return Attr{}, 0, s.failIn(j, el, fmt.Sprintf("attribute %s has no value: = and a quoted value must follow its name", name))
	}
	j = s.skipSpace(j + 1)
	if j >= len(s.data) {
		return Attr{}, 0, s.failIn(j, el, "input ends inside the start tag")
	}
	if s.data[j] != '"' && s.data[j] != '\'' {
		return Attr{}, 0, s.failIn(j, el, fmt.Sprintf("attribute %s: the value is not in quotes", name))
	}
	q := s.data[j]
	end := bytes.IndexByte(s.data[j+1:], q)
	if end < 0 {
		return Attr{}, 0, s.failIn(j, el, fmt.Sprintf("attribute %s: the value's quote is never closed", name))
	}
	vi, vj := j+1, j+1+end
	plain := true
	d := s.data
	for k := vi; k < vj; {
		c := d[k]
		if c < utf8.RuneSelf {
			switch {
			case c == '<':
				return Attr{}, 0, s.failIn(k, el, fmt.Sprintf("attribute %s: < in a value", name))
			case c == '&':
				plain = false
				n, ok := s.checkRef(k, vj)
				if !ok {
					return Attr{}, 0, false
				}
				k = n
				continue
			case c == '\t' || c == '\n' || c == '\r':
				plain = false
			case c < 0x20:
				return Attr{}, 0, s.failIn(k, el, fmt.Sprintf("illegal character U+%04X", c))
			}
			k++
			continue
		}
		n, ok := s.checkRune(k)
		if !ok {
			return Attr{}, 0, false
		}
		k += n
	}
	a := Attr{Name: name, QName: qname, Off: i}
	if plain {
		a.Value = s.str(vi, vj)
	} else if a.Value, ok = s.decode(vi, vj, true); !ok {
		return Attr{}, 0, false
	}
	return a, vj + 1, true
}

// declare checks and puts in scope the namespace declarations among attrs
// (Namespaces in XML 1.0 §3).
func (s *Scanner) declare(attrs []Attr, el string) bool {
	for _, a := range attrs {
		var prefix string
		switch {
		case a.Name.Prefix == "xmlns":
			prefix = a.Name.Local
			switch {
			case prefix == "xmlns":
				return s.failIn(a.Off, el, "the prefix xmlns cannot be declared")
			case prefix == "xml" && a.Value != NSXML:
				return s.failIn(a.Off, el, "the prefix xml can be bound only to "+NSXML)
			case a.Value == "":
				return s.failIn(a.Off, el, fmt.Sprintf("xmlns:%s is empty: a prefix cannot be undeclared in XML 1.0", prefix))
			}
		case a.Name.Prefix == "" && a.Name.Local == "xmlns":
		default:
			continue
		}
		if prefix != "xml" && (a.Value == NSXML || a.Value == NSXMLNS) {
			return s.failIn(a.Off, el, fmt.Sprintf("namespace %s is reserved and cannot be bound to another prefix", a.Value))
		}
		s.ns = append(s.ns, binding{prefix, a.Value})
	}
	return true
}

// checkNames checks that the element's and attributes' prefixes are bound
// and that no attribute is repeated, by name or by namespace and local
// name (XML 1.0 §3.1, Namespaces in XML 1.0 §6.3).
func (s *Scanner) checkNames(name Name, attrs []Attr, el string, off int) bool {
	if name.Prefix == "xmlns" {
		return s.failIn(off, el, "an element's name cannot have the prefix xmlns")
	}
	if _, ok := s.Lookup(name.Prefix); !ok {
		return s.failIn(off, el, fmt.Sprintf("prefix %q is not bound to a namespace", name.Prefix))
	}
	prefixed := 0
	for _, a := range attrs {
		if a.Name.Prefix == "" || a.Name.Prefix == "xmlns" {
			continue
		}
		prefixed++
		if _, ok := s.Lookup(a.Name.Prefix); !ok {
			return s.failIn(a.Off, el, fmt.Sprintf("attribute %s: prefix %q is not bound to a namespace", a.Name, a.Name.Prefix))
		}
	}
	if len(attrs) < 2 {
		return true
	}
	if len(attrs) <= 16 {
		for i := 1; i < len(attrs); i++ {
			for j := range i {
				if attrs[i].Name == attrs[j].Name {
					return s.failIn(attrs[i].Off, el, fmt.Sprintf("attribute %s appears twice", attrs[i].Name))
				}
			}
		}
	} else {
		seen := make(map[Name]bool, len(attrs))
		for _, a := range attrs {
			if seen[a.Name] {
				return s.failIn(a.Off, el, fmt.Sprintf("attribute %s appears twice", a.Name))
			}
			seen[a.Name] = true
		}
	}
	if prefixed < 2 {
		return true
	}
	type expanded struct{ uri, local string }
	seen := make(map[expanded]string, prefixed)
	for _, a := range attrs {
		if a.Name.Prefix == "" || a.Name.Prefix == "xmlns" {
			continue
		}
		u, _ := s.Lookup(a.Name.Prefix)
		k := expanded{u, a.Name.Local}
		if first, ok := seen[k]; ok {
			return s.failIn(a.Off, el, fmt.Sprintf("attributes %s and %s are the same name in namespace %s", first, a.Name, u))
		}
		seen[k] = a.Name.String()
	}
	return true
}

// closeElement pops the innermost element and its declarations.
func (s *Scanner) closeElement() {
	o := s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	s.ns = s.ns[:o.mark]
}

// endElement reads an end tag at data[pos] ("</").
func (s *Scanner) endElement() bool {
	off := s.pos
	i := off + 2
	j := i
	for j < len(s.data) && isNameByte(s.data[j]) || j < len(s.data) && s.data[j] >= utf8.RuneSelf {
		j++
	}
	got := s.str(i, j)
	k := s.skipSpace(j)
	if len(s.stack) == 0 {
		return s.failIn(off, got, fmt.Sprintf("end tag </%s> without a start tag", got))
	}
	o := s.stack[len(s.stack)-1]
	if got != o.qname {
		l, c := s.position(o.off)
		return s.fail(off, fmt.Sprintf("<%s> opened at %d:%d is closed by </%s>", o.qname, l, c, got))
	}
	if k >= len(s.data) || s.data[k] != '>' {
		return s.fail(k, fmt.Sprintf("end tag </%s> not closed by >", got))
	}
	s.closeElement()
	s.pos = k + 1
	s.tok = Token{Kind: EndElement, Off: off, End: k + 1, Name: o.name}
	return true
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
		s.tok = Token{Kind: CDATA, Off: off, End: s.pos, Text: s.lines(i, j)}
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

// skipSpace returns the offset of the first byte at or after i that is
// not XML white space.
func (s *Scanner) skipSpace(i int) int {
	for i < len(s.data) && isSpace(s.data[i]) {
		i++
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// qname reads the qualified name of an element at data[i].
func (s *Scanner) qname(i int) (Name, int, bool) {
	el := "document"
	if n := len(s.stack); n > 0 {
		el = s.stack[n-1].qname
	}
	return s.qnameIn(i, el)
}

// qnameIn reads a qualified name at data[i], in element el for messages:
// an NCName, or two joined by one colon (Namespaces in XML 1.0 §4).
func (s *Scanner) qnameIn(i int, el string) (Name, int, bool) {
	j, ok := s.name(i, true)
	if !ok {
		return Name{}, 0, false
	}
	q := s.data[i:j]
	c := bytes.IndexByte(q, ':')
	if c < 0 {
		return Name{Local: s.str(i, j)}, j, true
	}
	if c == 0 || c == len(q)-1 || bytes.IndexByte(q[c+1:], ':') >= 0 {
		return Name{}, 0, s.failIn(i, el, fmt.Sprintf("%s is not a qualified name: at most one colon, between a prefix and a local name", q))
	}
	if !isNameStart(q[c+1:]) {
		return Name{}, 0, s.failIn(i, el, fmt.Sprintf("%s is not a qualified name: its local name does not start with a letter or _", q))
	}
	return Name{Prefix: s.str(i, i+c), Local: s.str(i+c+1, j)}, j, true
}

// isNameStart reports whether b starts with a name start character.
func isNameStart(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	if b[0] < utf8.RuneSelf {
		return nameTab[b[0]]&startChar != 0
	}
	r, _ := utf8.DecodeRune(b)
	return isNameStartRune(r)
}

// name reads a name (XML 1.0 §2.3) at data[i] and returns the offset
// after it; colons allowed says whether it may hold them.
func (s *Scanner) name(i int, colons bool) (int, bool) {
	d := s.data
	j := i
	for j < len(d) {
		c := d[j]
		if c < utf8.RuneSelf {
			f := nameTab[c]
			if f&nameChar == 0 || j == i && f&startChar == 0 {
				break
			}
			if c == ':' && !colons {
				return 0, s.fail(j, "a colon in a name that cannot have one")
			}
			j++
			continue
		}
		r, n := utf8.DecodeRune(d[j:])
		if r == utf8.RuneError && n == 1 {
			return 0, s.fail(j, "invalid UTF-8")
		}
		if j == i && !isNameStartRune(r) || j > i && !isNameRune(r) {
			break
		}
		j += n
	}
	if j == i {
		if j >= len(d) {
			return 0, s.fail(j, "input ends where a name should be")
		}
		return 0, s.fail(j, fmt.Sprintf("a name was expected, not %q", runeAt(d, j)))
	}
	return j, true
}

func runeAt(d []byte, i int) rune {
	r, _ := utf8.DecodeRune(d[i:])
	return r
}

const (
	startChar = 1 << iota
	nameChar
)

// nameTab classifies ASCII bytes for names.
var nameTab = func() (t [utf8.RuneSelf]uint8) {
	for c := range utf8.RuneSelf {
		b := byte(c)
		switch {
		case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', b == '_', b == ':':
			t[c] = startChar | nameChar
		case '0' <= b && b <= '9', b == '-', b == '.':
			t[c] = nameChar
		}
	}
	return t
}()

func isNameByte(c byte) bool { return c < utf8.RuneSelf && nameTab[c]&nameChar != 0 }

// isNameStartRune reports whether r, not ASCII, may start a name.
func isNameStartRune(r rune) bool {
	return 0xC0 <= r && r <= 0xD6 || 0xD8 <= r && r <= 0xF6 || 0xF8 <= r && r <= 0x2FF ||
		0x370 <= r && r <= 0x37D || 0x37F <= r && r <= 0x1FFF || 0x200C <= r && r <= 0x200D ||
		0x2070 <= r && r <= 0x218F || 0x2C00 <= r && r <= 0x2FEF || 0x3001 <= r && r <= 0xD7FF ||
		0xF900 <= r && r <= 0xFDCF || 0xFDF0 <= r && r <= 0xFFFD || 0x10000 <= r && r <= 0xEFFFF
}

// isNameRune reports whether r, not ASCII, may be in a name.
func isNameRune(r rune) bool {
	return isNameStartRune(r) || r == 0xB7 || 0x300 <= r && r <= 0x36F || 0x203F <= r && r <= 0x2040
}
