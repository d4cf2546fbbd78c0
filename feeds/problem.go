package feeds

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// Problem is one thing wrong with a feed, at a place in its file. Line and
// Col count from 1; Col counts bytes, as encoding/xml does. A Problem whose
// place is unknown has Line 0.
type Problem struct {
	File      string
	Line, Col int
	Element   string // the element as written, e.g. "sx:history"
	Msg       string
	// Item is the sync id of the item the problem is about, where a
	// caller needs it (MergeWarnings); "" otherwise. String leaves it out.
	Item string
}

// String returns "file:line:col: element: message", leaving out the place
// when Line is 0 and the element when Element is "" (a problem with the
// file as a whole, such as one that cannot be read).
func (p Problem) String() string {
	s := p.File
	if p.Line != 0 {
		s += fmt.Sprintf(":%d:%d", p.Line, p.Col)
	}
	if p.Element != "" {
		s += ": " + p.Element
	}
	return s + ": " + p.Msg
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

// source is a parsed input: its name, its bytes and the tree of all but
// its items' content, kept so that items can be built and problems placed
// after the fact, and where the parts that a writer copies begin and end.
type source struct {
	name string
	data []byte            // the document in UTF-8
	cs   *xmlscan.Charset  // the charset it came in, nil for UTF-8
	ents *xmlscan.Entities // the entities it declares, nil for none
	doc  *etree.Document

	rootEnd   int  // end of the root's start tag
	rootEmpty bool // the root is written <root/>
	boxEnd    int  // end of the start tag of the element that holds the items
	boxEmpty  bool // that element is written as an empty element
	boxClose  int  // offset of its end tag (boxEnd for an empty one)
	// offs are where the children of that element start, one per child
	// token. The tokens are contiguous: child i is data[offs[i]:] up to
	// the next child's start, the last up to boxClose (child).
	offs  []int
	items []*lazyEl
	plain map[*etree.Element]*lazyEl // the items without sx:sync, by element
	// bindings are the namespace declarations in scope at the items'
	// parent; scope is the same as a scope, once the parse has made it.
	bindings []xmlscan.Binding
	scope    *scope

	bld xmlutil.LazyBuilder // builds the items skipped on first use
	// released: Doc.Release let go of items, offs, plain and the item
	// elements of the tree; the items' indentations are ind, the first
	// item's, or in their lazyEl.
	released bool
	ind      string
}

// child returns the bytes of child i of the element that holds the items,
// as read.
func (s *source) child(i int) []byte {
	end := s.boxClose
	if i+1 < len(s.offs) {
		end = s.offs[i+1]
	}
	return s.data[s.offs[i]:end]
}

// Finding is a problem with an element of a parsed document, not yet placed
// in its file; Locate places it. Findings let a binding built on this
// package, such as feeds/sse, report problems as Parse does.
type Finding struct {
	Element *etree.Element // nil: the document as a whole
	Msg     string
}

// place is where a finding is: an element of a source's tree, or the
// offset of a start tag read from the tokens (off >= 0) and its name.
type place struct {
	el   *etree.Element
	off  int
	name xmlscan.Name
}

// elPlace is the place of an element of the tree; nil is the document.
func elPlace(e *etree.Element) place { return place{el: e, off: -1} }

// placeAt is the place of a start tag at offset off.
func placeAt(off int, name xmlscan.Name) place { return place{off: off, name: name} }

// finding is a problem found in one of the inputs of a parse or a merge.
type finding struct {
	src  *source
	at   place
	msg  string
	item string // Problem.Item
}

// report places findings in their files and returns them sorted by file and
// position; findings at one place keep their order.
func report(fs []finding) Problems {
	bySrc := map[*source][]Finding{}
	items := map[*source][]string{}
	var order []*source
	var ps Problems
	lines := map[*source]*xmlscan.Lines{}
	for _, f := range fs {
		if f.at.off >= 0 {
			if lines[f.src] == nil {
				lines[f.src] = xmlscan.NewLines(f.src.data)
			}
			line, col := lines[f.src].Position(f.at.off)
			ps = append(ps, Problem{File: f.src.name, Line: line, Col: col, Element: f.at.name.String(), Msg: f.msg, Item: f.item})
			continue
		}
		if _, ok := bySrc[f.src]; !ok {
			order = append(order, f.src)
		}
		bySrc[f.src] = append(bySrc[f.src], Finding{f.at.el, f.msg})
		items[f.src] = append(items[f.src], f.item)
	}
	for _, s := range order {
		located := s.locate(bySrc[s])
		for i := range located {
			located[i].Item = items[s][i]
		}
		ps = append(ps, located...)
	}
	sortProblems(ps)
	return ps
}

// locate places findings about elements of the source's tree, in which
// items have no children: as Locate does, skipping the items' content
// when it numbers start tags.
func (s *source) locate(fs []Finding) Problems {
	at := positionsSkipping(s.data, s.doc, fs, s.items)
	out := make(Problems, 0, len(fs))
	for _, f := range fs {
		p := at[f.Element]
		out = append(out, Problem{File: s.name, Line: p.line, Col: p.col, Element: qname(f.Element), Msg: f.Msg})
	}
	return out
}

// Locate returns findings about doc, which etree read from data, as the
// Problems of file name, sorted by position; findings at one place keep
// their order. A finding about the document as a whole is at 1:1; with nil
// data, the others have Line 0. Locate returns nil for no findings.
//
// etree keeps no positions, so Locate reads data again, and does so only
// when there is something to place: it numbers the start elements of doc
// in document order and stops the scanner at the same ordinals. Columns
// count bytes from 1.
func Locate(name string, data []byte, doc *etree.Document, fs []Finding) Problems {
	if len(fs) == 0 {
		return nil
	}
	at := positions(data, doc, fs)
	ps := make(Problems, 0, len(fs))
	for _, f := range fs {
		p := at[f.Element]
		ps = append(ps, Problem{File: name, Line: p.line, Col: p.col, Element: qname(f.Element), Msg: f.Msg})
	}
	sortProblems(ps)
	return ps
}

// sortProblems sorts problems by file and position, stably.
func sortProblems(ps Problems) {
	slices.SortStableFunc(ps, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
}

type pos struct{ line, col int }

// positions returns where in data each finding's element of doc starts.
// The document as a whole (a nil element) is at 1:1.
func positions(data []byte, doc *etree.Document, fs []Finding) map[*etree.Element]pos {
	return positionsSkipping(data, doc, fs, nil)
}

// positionsSkipping is positions for a tree whose items, in document
// order, were not built beyond their start tags: their content is left out
// of the numbering (xmlutil.Offsets).
func positionsSkipping(data []byte, doc *etree.Document, fs []Finding, items []*lazyEl) map[*etree.Element]pos {
	want := map[*etree.Element]bool{}
	for _, f := range fs {
		if f.Element != nil {
			want[f.Element] = true
		}
	}
	shells := make([]xmlutil.Shell, len(items))
	for i, lz := range items {
		shells[i] = xmlutil.Shell{El: lz.shell, Off: lz.start}
	}
	out := map[*etree.Element]pos{nil: {1, 1}}
	lines := xmlscan.NewLines(data)
	for e, off := range xmlutil.Offsets(data, doc, want, shells) {
		line, col := lines.Position(off)
		out[e] = pos{line, col}
	}
	return out
}

// SyntaxProblems returns, as the one Problem of file name, why data is not
// a well-formed XML document: err when it is the *xmlscan.SyntaxError of
// the reader the bindings use, with its line, column and element, or else
// the first error the strict scanner finds in data (err itself, at 1:1,
// when it finds none).
func SyntaxProblems(name string, data []byte, err error) Problems {
	var se *xmlscan.SyntaxError
	var de *xmlutil.DecodeError
	switch {
	case errors.As(err, &se):
	case errors.As(err, &de):
		return Problems{{File: name, Line: 1, Col: 1, Element: "document", Msg: de.Error()}}
	default:
		if e := xmlscan.Check(data); e != nil {
			se = e.(*xmlscan.SyntaxError)
		} else {
			return Problems{{File: name, Line: 1, Col: 1, Element: "document", Msg: err.Error()}}
		}
	}
	return Problems{{File: name, Line: se.Line, Col: se.Col, Element: se.Element, Msg: se.Msg}}
}
