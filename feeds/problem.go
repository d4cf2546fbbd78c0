package feeds

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/beevik/etree"
)

// Problem is one thing wrong with a feed, at a place in its file. Line and
// Col count from 1; Col counts bytes, as encoding/xml does. A Problem whose
// place is unknown has Line 0.
type Problem struct {
	File      string
	Line, Col int
	Element   string // the element as written, e.g. "sx:history"
	Msg       string
}

// String returns "file:line:col: element: message".
func (p Problem) String() string {
	if p.Line == 0 {
		return fmt.Sprintf("%s: %s: %s", p.File, p.Element, p.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s", p.File, p.Line, p.Col, p.Element, p.Msg)
}

// Problems is every problem found in a feed, in file order. It is the error
// Parse, ParseReader and Merge return for feeds they refuse.
type Problems []Problem

// Error returns the problems one to a line.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// source is a parsed input: its name, its bytes and its tree, kept so that
// problems can be placed after the fact.
type source struct {
	name string
	data []byte
	doc  *etree.Document
}

// finding is a problem tied to an element, placed only when reported.
type finding struct {
	src *source
	el  *etree.Element // nil: the document as a whole
	msg string
}

// report places findings in their files and returns them sorted by file and
// position. etree keeps no positions, so this reads the input again with
// encoding/xml, which it does only when there is something to report: it
// numbers the start elements of the tree in document order and stops the
// decoder at the same ordinals.
func report(fs []finding) Problems {
	var ps Problems
	bySrc := map[*source][]finding{}
	var order []*source
	for _, f := range fs {
		if _, ok := bySrc[f.src]; !ok {
			order = append(order, f.src)
		}
		bySrc[f.src] = append(bySrc[f.src], f)
	}
	for _, s := range order {
		pos := s.positions(bySrc[s])
		for _, f := range bySrc[s] {
			p := pos[f.el]
			ps = append(ps, Problem{File: s.name, Line: p.line, Col: p.col, Element: qname(f.el), Msg: f.msg})
		}
	}
	slices.SortStableFunc(ps, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	return ps
}

type pos struct{ line, col int }

// positions returns where each finding's element starts. The document as a
// whole (a nil element) is at 1:1.
func (s *source) positions(fs []finding) map[*etree.Element]pos {
	out := map[*etree.Element]pos{nil: {1, 1}}
	want := map[*etree.Element]bool{}
	for _, f := range fs {
		if f.el != nil {
			want[f.el] = true
		}
	}
	if len(want) == 0 || s.data == nil {
		return out
	}
	ordinals := map[int]*etree.Element{}
	last, n := 0, 0
	var walk func(e *etree.Element)
	walk = func(e *etree.Element) {
		for _, t := range e.Child {
			c, ok := t.(*etree.Element)
			if !ok {
				continue
			}
			n++
			if want[c] {
				ordinals[n], last = c, n
			}
			walk(c)
		}
	}
	walk(&s.doc.Element)
	dec := newDecoder(s.data)
	for n = 0; n < last; {
		line, col := dec.InputPos()
		t, err := dec.RawToken()
		if err != nil {
			break
		}
		if _, ok := t.(xml.StartElement); ok {
			n++
			if e := ordinals[n]; e != nil {
				out[e] = pos{line, col}
			}
		}
	}
	return out
}

// newDecoder returns a decoder set up as etree sets up its own, so that both
// see the same tokens.
func newDecoder(data []byte) *xml.Decoder {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	dec.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	return dec
}

// maxDepth is etree's default limit on nesting.
const maxDepth = 1024

// syntaxProblem places the error etree gave for malformed input. It reads
// the input again as etree does, tracking open elements, and reports the
// line and column where reading stopped: encoding/xml's SyntaxError has only
// a line.
func syntaxProblem(name string, data []byte, etreeErr error) Problems {
	type open struct {
		name string
		at   pos
	}
	var stack []open
	inner := func() string {
		if len(stack) == 0 {
			return "document"
		}
		return stack[len(stack)-1].name
	}
	dec := newDecoder(data)
	for {
		line, col := dec.InputPos()
		t, err := dec.RawToken()
		if err == io.EOF {
			if len(stack) == 0 {
				break
			}
			o := stack[len(stack)-1]
			line, col = dec.InputPos()
			return Problems{{name, line, col, o.name, fmt.Sprintf("input ends inside <%s> opened at %d:%d", o.name, o.at.line, o.at.col)}}
		}
		if err != nil {
			line, col = dec.InputPos()
			msg := err.Error()
			if se := (*xml.SyntaxError)(nil); errors.As(err, &se) {
				msg = se.Msg
			}
			el := tagAt(data, int(dec.InputOffset()))
			if el == "" {
				el = inner()
			}
			return Problems{{name, line, col, el, msg}}
		}
		switch t := t.(type) {
		case xml.StartElement:
			if len(stack)+1 > maxDepth {
				return Problems{{name, line, col, fullName(t.Name), fmt.Sprintf("elements nest deeper than %d", maxDepth)}}
			}
			stack = append(stack, open{fullName(t.Name), pos{line, col}})
		case xml.EndElement:
			if len(stack) == 0 {
				return Problems{{name, line, col, fullName(t.Name), "end tag without a start tag"}}
			}
			o := stack[len(stack)-1]
			if o.name != fullName(t.Name) {
				return Problems{{name, line, col, o.name, fmt.Sprintf("<%s> opened at %d:%d is closed by </%s>", o.name, o.at.line, o.at.col, fullName(t.Name))}}
			}
			stack = stack[:len(stack)-1]
		}
	}
	return Problems{{File: name, Line: 1, Col: 1, Element: "document", Msg: etreeErr.Error()}}
}

// tagAt returns the name of the tag that input offset off is inside, or ""
// when it is not inside one.
func tagAt(data []byte, off int) string {
	off = min(off, len(data))
	i := bytes.LastIndexByte(data[:off], '<')
	if i < 0 || i+1 >= off || bytes.IndexByte(data[i:off], '>') >= 0 {
		return ""
	}
	if c := data[i+1]; c == '!' || c == '?' || c == '/' {
		return ""
	}
	j := i + 1
	for j < off && !strings.ContainsRune(" \t\r\n/>=", rune(data[j])) {
		j++
	}
	return string(data[i+1 : j])
}

func fullName(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}
