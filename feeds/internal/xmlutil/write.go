package xmlutil

import (
	"bufio"
	"bytes"
	"io"
	"strings"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// ReadSettings keep CDATA sections as they are: the bindings keep what a
// feed holds (FeedSync §2.1.7).
var ReadSettings = etree.ReadSettings{PreserveCData: true}

// WriteSettings escape only what XML requires, so that what is written
// reads back the same (character references for tabs, newlines and
// carriage returns in attribute values, and for carriage returns in text).
var WriteSettings = etree.WriteSettings{CanonicalText: true, CanonicalAttrVal: true}

// WriteDocument writes doc, read from src (in UTF-8, decoded from cs), to
// w through a buffer, in cs (WriteIn): its top-level tokens as read, with
// WriteSettings, but root, which writeRoot writes, each line ended as src
// ends its own (LineEnds). It returns the number of bytes written to w.
func WriteDocument(w io.Writer, cs *xmlscan.Charset, src []byte, doc *etree.Document, root *etree.Element, writeRoot func(*bufio.Writer)) (int64, error) {
	return WriteIn(w, cs, func(w io.Writer) error {
		bw := bufio.NewWriterSize(LineEnds(w, src), 64<<10)
		for _, t := range doc.Child {
			if t == root {
				writeRoot(bw)
				continue
			}
			t.WriteTo(bw, &WriteSettings)
		}
		return bw.Flush()
	})
}

// Bytes returns what wt writes into memory, where writing does not fail.
func Bytes(wt io.WriterTo) []byte {
	var b bytes.Buffer
	wt.WriteTo(&b) // a bytes.Buffer does not fail
	return b.Bytes()
}

// CountWriter counts the bytes written to W.
type CountWriter struct {
	W io.Writer
	N int64
}

func (c *CountWriter) Write(p []byte) (int, error) {
	n, err := c.W.Write(p)
	c.N += int64(n)
	return n, err
}

// StartTag writes a start tag with attrs and then extra, without the '>'
// or "/>" that ends it.
func StartTag(w *bufio.Writer, name string, attrs, extra []etree.Attr) {
	w.WriteByte('<')
	w.WriteString(name)
	for _, list := range [2][]etree.Attr{attrs, extra} {
		for _, a := range list {
			w.WriteByte(' ')
			a.WriteTo(w, &WriteSettings)
		}
	}
}

// EndTag writes an end tag.
func EndTag(w *bufio.Writer, name string) {
	w.WriteString("</")
	w.WriteString(name)
	w.WriteByte('>')
}

// IsSpace reports whether a string is XML white space only.
func IsSpace(s string) bool {
	return strings.TrimLeft(s, " \t\r\n") == ""
}

// IsWS reports whether a token is white space (and not a CDATA section).
func IsWS(t etree.Token) bool {
	cd, ok := t.(*etree.CharData)
	return ok && !cd.IsCData() && IsSpace(cd.Data)
}

// LastLine returns white space reduced to a newline and the last line's
// indentation, or as it is when it holds no newline.
func LastLine(ws string) string {
	if i := strings.LastIndexByte(ws, '\n'); i >= 0 {
		return "\n" + strings.TrimLeft(ws[i+1:], "\r")
	}
	return ws
}

// IndentOf returns the indentation before e where it was read: a newline
// and the last line's white space, or "" when e does not start a line.
func IndentOf(e *etree.Element) string {
	p, i := e.Parent(), e.Index()
	if p == nil || i < 1 || !IsWS(p.Child[i-1]) {
		return ""
	}
	return LastLine(p.Child[i-1].(*etree.CharData).Data)
}

// LineEnds returns w, or a writer to w that ends every line as src ends its
// own ("\r\n", "\r" and "\n" are line ends), so that what a document is
// written with from elsewhere, a merged item's bytes or an element written
// anew with "\n", does not mix line ends into it: "\r\n" when every line of
// src ends so, "\n" when src holds no "\r". XML 1.0 §2.11 reads each line
// end as "\n", so the change means nothing to a reader; src's own bytes
// pass unchanged. A src that mixes line ends gets w itself.
func LineEnds(w io.Writer, src []byte) io.Writer {
	if bytes.IndexByte(src, '\r') < 0 {
		return &lineEnds{w: w, eol: "\n"}
	}
	crlf := bytes.Count(src, []byte("\r\n"))
	if crlf == bytes.Count(src, []byte{'\n'}) && crlf == bytes.Count(src, []byte{'\r'}) {
		return &lineEnds{w: w, eol: "\r\n"}
	}
	return w
}

// RewritesLineEnds reports whether w, from LineEnds, writes every line
// end as one: "\r\n" and "\n" written through it come out the same.
func RewritesLineEnds(w io.Writer) bool {
	_, ok := w.(*lineEnds)
	return ok
}

type lineEnds struct {
	w       io.Writer
	eol     string
	afterCR bool // the last byte written was a "\r": a "\n" next is part of its line end
	buf     []byte
}

func (l *lineEnds) Write(p []byte) (int, error) {
	if l.eol == "\n" && !l.afterCR && bytes.IndexByte(p, '\r') < 0 {
		return l.w.Write(p) // the common case: nothing to change
	}
	out := l.buf[:0]
	for rest := p; len(rest) > 0; {
		i := bytes.IndexAny(rest, "\r\n")
		if i < 0 {
			out, l.afterCR = append(out, rest...), false
			break
		}
		if i > 0 {
			out, l.afterCR = append(out, rest[:i]...), false
		}
		c := rest[i]
		rest = rest[i+1:]
		if c == '\n' && l.afterCR {
			l.afterCR = false
			continue
		}
		out, l.afterCR = append(out, l.eol...), c == '\r'
	}
	l.buf = out
	if _, err := l.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
