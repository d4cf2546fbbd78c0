package xmlutil

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"golang.org/x/text/transform"
)

// WriteIn writes a document in the charset it was read in (cs, from
// xmlscan.Decode; nil for UTF-8): write writes the document, in UTF-8, to
// the writer it is given, which encodes it to w. It returns the bytes
// written to w.
//
// The bindings keep a document decoded to UTF-8 from the moment they read
// it, and encode it here, at the edge, where it is written: what they
// write as read is the UTF-8 of bytes in cs, which encodes back to those
// bytes, so an untouched item of a feed in EUC-KR is the same bytes after
// a merge as before. A UTF-8 document (cs nil), nearly every feed, is
// written straight to w, at no cost.
//
// A character cs cannot encode is written as a character reference
// (&#x…;) in text and in an attribute's value, where XML reads it as the
// character; in a CDATA section, which references do not reach, the
// section is closed around the reference and opened again after it. In
// a name, a comment, a processing instruction or the document type
// declaration no reference stands for a character: when the document
// holds such a one (a merged item from a feed in another encoding, say),
// it is written whole in UTF-8 instead, its XML declaration saying so
// (and no byte order mark), which loses nothing. Finding that out takes
// a first pass through the encoder, which writes nothing, for a charset
// that lacks characters (not UTF-16 or GB18030).
func WriteIn(w io.Writer, cs *xmlscan.Charset, write func(io.Writer) error) (int64, error) {
	cw := &CountWriter{W: w}
	if cs.UTF8() {
		err := write(cw)
		return cw.N, err
	}
	if !cs.Complete() {
		chk := newEncWriter(io.Discard, cs, true)
		if err := write(chk); err != nil {
			return 0, err
		}
		if chk.Close(); chk.unwritable {
			fx := &declUTF8{w: cw}
			err := write(fx)
			return cw.N, errors.Join(err, fx.Close())
		}
	}
	if _, err := cw.Write(cs.BOM); err != nil {
		return cw.N, err
	}
	ew := newEncWriter(cw, cs, false)
	err := write(ew)
	return cw.N, errors.Join(err, ew.Close())
}

// EncodeIn returns text, a whole document in UTF-8, written in cs as
// WriteIn writes it.
func EncodeIn(text []byte, cs *xmlscan.Charset) []byte {
	if cs.UTF8() {
		return text
	}
	var b bytes.Buffer
	WriteIn(&b, cs, func(w io.Writer) error { // a buffer does not fail
		_, err := w.Write(text)
		return err
	})
	return b.Bytes()
}

// encWriter encodes the UTF-8 of a well-formed document in a charset,
// following where in the markup each character is (xmlPlace) to write
// what the charset lacks as WriteIn says.
type encWriter struct {
	w     io.Writer
	t     transform.Transformer
	at    xmlPlace
	carry []byte // a character cut by the end of the last Write
	buf   []byte
	// check writes nothing, and notes whether a character cannot be
	// written (unwritable).
	check      bool
	unwritable bool
	err        error
}

func newEncWriter(w io.Writer, cs *xmlscan.Charset, check bool) *encWriter {
	return &encWriter{w: w, t: cs.NewEncoder(), buf: make([]byte, 4096), check: check}
}

// repertoire is x/text's error for a character an encoding lacks.
type repertoire interface{ Replacement() byte }

func (e *encWriter) Write(p []byte) (int, error) {
	src := p
	if len(e.carry) > 0 {
		src = append(e.carry, p...)
		e.carry = nil
	}
	if err := e.encode(src, false); err != nil {
		return 0, err
	}
	return len(p), nil
}

// encode encodes src, keeping a character it cuts at its end for the
// next call unless atEOF.
func (e *encWriter) encode(src []byte, atEOF bool) error {
	for e.err == nil && (len(src) > 0 || atEOF) {
		nDst, nSrc, err := e.t.Transform(e.buf, src, atEOF)
		e.at.advance(src[:nSrc])
		e.out(e.buf[:nDst])
		src = src[nSrc:]
		if _, ok := err.(repertoire); ok {
			r, n := utf8.DecodeRune(src)
			e.lacks(r)
			e.at.advance(src[:n])
			src = src[n:]
			continue
		}
		switch err {
		case nil:
			if atEOF {
				return e.err
			}
		case transform.ErrShortDst:
		case transform.ErrShortSrc:
			e.carry = append([]byte(nil), src...)
			return e.err
		default:
			e.err = fmt.Errorf("encoding the document: %w", err)
		}
	}
	return e.err
}

// lacks writes r, which the charset lacks, where the document is.
func (e *encWriter) lacks(r rune) {
	ref := fmt.Sprintf("&#x%X;", r)
	switch e.at.state {
	case inText, inValue:
		e.ascii(ref)
	case inCDATA:
		e.ascii("]]>" + ref + "<![CDATA[")
	default:
		e.unwritable = true
		if !e.check && e.err == nil {
			e.err = fmt.Errorf("U+%04X cannot be written where it is, in the document's encoding", r)
		}
	}
}

// ascii writes s, which is ASCII, through the encoder (a stateful one
// shifts back to ASCII first).
func (e *encWriter) ascii(s string) {
	src := []byte(s)
	for len(src) > 0 && e.err == nil {
		nDst, nSrc, err := e.t.Transform(e.buf, src, false)
		e.out(e.buf[:nDst])
		src = src[nSrc:]
		if err != nil && err != transform.ErrShortDst {
			e.err = fmt.Errorf("encoding the document: %w", err)
		}
	}
}

func (e *encWriter) out(b []byte) {
	if e.check || len(b) == 0 || e.err != nil {
		return
	}
	if _, err := e.w.Write(b); err != nil {
		e.err = err
	}
}

// Close flushes what the encoder holds, returning a stateful one to ASCII.
func (e *encWriter) Close() error {
	src := e.carry
	e.carry = nil
	return e.encode(src, true)
}

// declUTF8 writes a document as it is, in UTF-8, but its XML declaration,
// which it makes name UTF-8 (xmlscan.DeclareUTF8).
type declUTF8 struct {
	w    io.Writer
	head []byte // the start of the document, until its declaration ends
	done bool
}

func (d *declUTF8) Write(p []byte) (int, error) {
	if d.done {
		return d.w.Write(p)
	}
	d.head = append(d.head, p...)
	if len(d.head) < 512 && !containsDeclEnd(d.head) {
		return len(p), nil
	}
	if err := d.Close(); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Close writes what is held.
func (d *declUTF8) Close() error {
	if d.done {
		return nil
	}
	d.done = true
	_, err := d.w.Write(xmlscan.DeclareUTF8(d.head))
	d.head = nil
	return err
}

func containsDeclEnd(b []byte) bool { return bytes.Contains(b, []byte("?>")) }

// xmlPlace follows where in a well-formed document's markup its bytes
// are, as they are written: in text, in a start or end tag, in an
// attribute's value, in a comment, a CDATA section, a processing
// instruction or the document type declaration.
type xmlPlace struct {
	state uint8
	q     byte // the quote of a value or of a literal in the DOCTYPE
	run   int  // how many of the bytes that end a construct have been met
	skip  int  // bytes of a construct's opening still to pass
	sub   bool // in the DOCTYPE's internal subset
	inner uint8
}

// The places of xmlPlace.
const (
	inText = iota
	inLT   // after '<'
	inBang // after "<!"
	inTag
	inValue
	inComment
	inCDATA
	inPI
	inDoctype
)

// The places inside the internal subset (xmlPlace.inner).
const (
	subDecl = iota
	subLT
	subBang
	subComment
	subPI
)

func (x *xmlPlace) advance(b []byte) {
	for _, c := range b {
		x.step(c)
	}
}

func (x *xmlPlace) step(c byte) {
	if x.skip > 0 {
		x.skip--
		return
	}
	switch x.state {
	case inText:
		if c == '<' {
			x.state = inLT
		}
	case inLT:
		switch c {
		case '!':
			x.state = inBang
		case '?':
			x.state, x.run = inPI, 0
		default:
			x.state = inTag
		}
	case inBang:
		switch c {
		case '-':
			x.state, x.skip, x.run = inComment, 1, 0
		case '[':
			x.state, x.skip, x.run = inCDATA, len("CDATA["), 0
		default:
			x.state, x.q, x.sub, x.inner = inDoctype, 0, false, subDecl
		}
	case inTag:
		switch c {
		case '"', '\'':
			x.state, x.q = inValue, c
		case '>':
			x.state = inText
		}
	case inValue:
		if c == x.q {
			x.state = inTag
		}
	case inComment:
		x.state = x.closes(c, '-', 2, inComment)
	case inCDATA:
		x.state = x.closes(c, ']', 2, inCDATA)
	case inPI:
		x.state = x.closes(c, '?', 1, inPI)
	case inDoctype:
		x.doctype(c)
	}
}

// closes follows the end of a construct written as n or more of end and
// then '>', and returns the place after c: inText at the end, else in.
func (x *xmlPlace) closes(c, end byte, n int, in uint8) uint8 {
	switch {
	case c == end:
		x.run++
	case c == '>' && x.run >= n:
		return inText
	default:
		x.run = 0
	}
	return in
}

// doctype follows the document type declaration: literals, the internal
// subset and the comments and processing instructions in it, which may
// hold '>' and quotes.
func (x *xmlPlace) doctype(c byte) {
	if x.q != 0 {
		if c == x.q {
			x.q = 0
		}
		return
	}
	switch x.inner {
	case subComment:
		if x.closes(c, '-', 2, inComment) == inText {
			x.inner = subDecl
		}
		return
	case subPI:
		if x.closes(c, '?', 1, inPI) == inText {
			x.inner = subDecl
		}
		return
	case subLT:
		x.inner = subDecl
		switch c {
		case '!':
			x.inner = subBang
			return
		case '?':
			x.inner, x.run = subPI, 0
			return
		}
	case subBang:
		x.inner = subDecl
		if c == '-' {
			x.inner, x.skip, x.run = subComment, 1, 0
			return
		}
	}
	switch {
	case c == '"' || c == '\'':
		x.q = c
	case x.sub && c == '<':
		x.inner = subLT
	case x.sub && c == ']':
		x.sub = false
	case !x.sub && c == '[':
		x.sub = true
	case !x.sub && c == '>':
		x.state = inText
	}
}
