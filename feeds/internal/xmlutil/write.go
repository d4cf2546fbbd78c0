package xmlutil

import (
	"bufio"
	"bytes"
	"io"
	"strings"

	"github.com/beevik/etree"
)

// ReadSettings keep CDATA sections as they are: the bindings keep what a
// feed holds (FeedSync §2.1.7).
var ReadSettings = etree.ReadSettings{PreserveCData: true}

// WriteSettings escape only what XML requires, so that what is written
// reads back the same (character references for tabs, newlines and
// carriage returns in attribute values, and for carriage returns in text).
var WriteSettings = etree.WriteSettings{CanonicalText: true, CanonicalAttrVal: true}

// WriteDocument writes doc to w through a buffer: its top-level tokens as
// read, with WriteSettings, but root, which writeRoot writes. It returns
// the number of bytes written to w.
func WriteDocument(w io.Writer, doc *etree.Document, root *etree.Element, writeRoot func(*bufio.Writer)) (int64, error) {
	cw := &countWriter{w: w}
	bw := bufio.NewWriterSize(cw, 64<<10)
	for _, t := range doc.Child {
		if t == root {
			writeRoot(bw)
			continue
		}
		t.WriteTo(bw, &WriteSettings)
	}
	err := bw.Flush()
	return cw.n, err
}

// Bytes returns what wt writes into memory, where writing does not fail.
func Bytes(wt io.WriterTo) []byte {
	var b bytes.Buffer
	wt.WriteTo(&b) // a bytes.Buffer does not fail
	return b.Bytes()
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
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
