package ssefeed

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"fmt"
	"io"
	"slices"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds"
)

// source is a parsed input: its name, bytes and tree, kept so that
// findings can be placed after the fact.
type source struct {
	name string
	data []byte
	tree *etree.Document
}

// finding is a problem tied to an element, placed only when reported.
type finding struct {
	el  *etree.Element // nil: the document as a whole
	msg string
}

// findings collects the errors and warnings of one parse.
type findings struct {
	errs, warns []finding
}

func (f *findings) errorf(e *etree.Element, format string, args ...any) {
	f.errs = append(f.errs, finding{e, fmt.Sprintf(format, args...)})
}

func (f *findings) warnf(e *etree.Element, format string, args ...any) {
	f.warns = append(f.warns, finding{e, fmt.Sprintf(format, args...)})
}

// report places findings in the source and returns them in file order.
//
// etree keeps no positions, so this reads the input again with
// encoding/xml, only when there is something to report: it numbers the
// start elements of the tree in document order and stops the decoder at
// the same ordinals. feeds does the same for FeedSync 1.0.2 but does not
// export it; this is the stand-in until it does.
func (s *source) report(fs []finding) feeds.Problems {
	if len(fs) == 0 {
		return nil
	}
	at := s.positions(fs)
	ps := make(feeds.Problems, 0, len(fs))
	for _, f := range fs {
		p := at[f.el]
		name := "document"
		if f.el != nil {
			name = f.el.FullTag()
		}
		ps = append(ps, feeds.Problem{File: s.name, Line: p[0], Col: p[1], Element: name, Msg: f.msg})
	}
	slices.SortStableFunc(ps, func(a, b feeds.Problem) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	return ps
}

// positions returns the line and column where each finding's element
// starts; the document as a whole is at 1:1.
func (s *source) positions(fs []finding) map[*etree.Element][2]int {
	out := map[*etree.Element][2]int{nil: {1, 1}}
	want := map[*etree.Element]bool{}
	for _, f := range fs {
		if f.el != nil {
			want[f.el] = true
		}
	}
	ordinals := map[int]*etree.Element{}
	n, last := 0, 0
	var walk func(e *etree.Element)
	walk = func(e *etree.Element) {
		for c := range e.ChildElementsSeq() {
			n++
			if want[c] {
				ordinals[n], last = c, n
			}
			walk(c)
		}
	}
	walk(&s.tree.Element)
	dec := xml.NewDecoder(bytes.NewReader(s.data))
	dec.Strict = true
	dec.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	for n = 0; n < last; {
		line, col := dec.InputPos()
		t, err := dec.RawToken()
		if err != nil {
			break
		}
		if _, ok := t.(xml.StartElement); ok {
			n++
			if e := ordinals[n]; e != nil {
				out[e] = [2]int{line, col}
			}
		}
	}
	return out
}
