package cse

import (
	"errors"
	"fmt"

	"github.com/beevik/etree"
)

// Problem is something wrong in a CSE feed, with its place.
type Problem struct {
	File      string // a path or URL
	Line, Col int    // 1-based; zero when the problem has no place in the file
	Msg       string
}

// String gives "file:line:col: message", or "file: message" when the
// problem has no place in the file.
func (p Problem) String() string {
	if p.Line == 0 {
		return fmt.Sprintf("%s: %s", p.File, p.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Col, p.Msg)
}

// problems places the findings of f in file. Positions are worked out only
// here, when there is something to report.
func (f *feed) problems(file string) []Problem {
	if len(f.findings) == 0 {
		return nil
	}
	at := elementPositions(f.doc, f.data)
	out := make([]Problem, 0, len(f.findings))
	for _, fd := range f.findings {
		p := at[fd.el]
		out = append(out, Problem{File: file, Line: p.line, Col: p.col, Msg: fd.msg})
	}
	return out
}

// errorProblem turns an error about file into a Problem, placed when it is
// a syntax error.
func errorProblem(file string, err error) Problem {
	var se *SyntaxError
	if errors.As(err, &se) {
		return Problem{File: file, Line: se.Line, Col: se.Col, Msg: se.Msg}
	}
	return Problem{File: file, Msg: err.Error()}
}

// describe is "place: message", or "place:line:col: message" for a syntax
// error.
func describe(place string, err error) string {
	return errorProblem(place, err).String()
}

// guidElement is where an item's guid is written, or the item itself.
func guidElement(it *item) *etree.Element {
	if g := rssChild(it.el, "guid"); g != nil {
		return g
	}
	return it.el
}
