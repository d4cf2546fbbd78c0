package cse

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/beevik/etree"
)

// pos is a place in a document: 1-based line and column (in bytes, as
// encoding/xml counts them).
type pos struct{ line, col int }

// SyntaxError is a document that is not well-formed XML, with the place
// where reading it stopped.
type SyntaxError struct {
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg)
}

// parseXML reads data with etree. etree keeps no positions, so only when it
// fails is the document read again to find the line and column.
func parseXML(data []byte) (*etree.Document, error) {
	doc := etree.NewDocument()
	doc.ReadSettings.CharsetReader = charsetReader
	doc.ReadSettings.PreserveCData = true
	if err := doc.ReadFromBytes(data); err != nil {
		return nil, syntaxError(data, err)
	}
	if doc.Root() == nil {
		return nil, &SyntaxError{Line: 1, Col: 1, Msg: "no root element"}
	}
	return doc, nil
}

// syntaxError finds where encoding/xml stops reading data; its own
// SyntaxError names the line only, so the column comes from InputPos.
func syntaxError(data []byte, cause error) error {
	d := newDecoder(data)
	for {
		_, err := d.Token()
		if err == io.EOF {
			line, col := d.InputPos()
			return &SyntaxError{Line: line, Col: col, Msg: fmt.Sprint(cause)}
		}
		if err != nil {
			line, col := d.InputPos()
			return &SyntaxError{Line: line, Col: col, Msg: syntaxMessage(err)}
		}
	}
}

// syntaxMessage drops encoding/xml's "XML syntax error on line N: ", since
// the place is printed in front of the message anyway.
func syntaxMessage(err error) string {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return se.Msg
	}
	return err.Error()
}

// positions returns where each element of the document starts, in document
// order, which is the order in which etree holds them.
func positions(data []byte) []pos {
	d := newDecoder(data)
	var ps []pos
	for {
		line, col := d.InputPos()
		tok, err := d.Token()
		if err != nil {
			return ps
		}
		if _, ok := tok.(xml.StartElement); ok {
			ps = append(ps, pos{line, col})
		}
	}
}

// elementPositions pairs each element of doc with its place in data.
func elementPositions(doc *etree.Document, data []byte) map[*etree.Element]pos {
	ps := positions(data)
	m := make(map[*etree.Element]pos, len(ps))
	var walk func(e *etree.Element)
	walk = func(e *etree.Element) {
		if len(m) < len(ps) {
			m[e] = ps[len(m)]
		}
		for _, c := range e.ChildElements() {
			walk(c)
		}
	}
	walk(doc.Root())
	return m
}

func newDecoder(data []byte) *xml.Decoder {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.CharsetReader = charsetReader
	return d
}

// charsetReader lets UTF-8, ASCII and Latin-1 documents through; feeds in
// other encodings are rare enough that naming the encoding is the kinder
// failure.
func charsetReader(charset string, in io.Reader) (io.Reader, error) {
	switch strings.ToLower(charset) {
	case "utf-8", "utf8", "us-ascii", "ascii":
		return in, nil
	case "iso-8859-1", "latin1", "latin-1":
		return latin1Reader(in)
	}
	return nil, fmt.Errorf("unsupported encoding %q", charset)
}

func latin1Reader(in io.Reader) (io.Reader, error) {
	raw, err := io.ReadAll(in)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(raw)*2)
	for _, b := range raw {
		out = utf8.AppendRune(out, rune(b))
	}
	return bytes.NewReader(out), nil
}
