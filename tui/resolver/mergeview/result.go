package mergeview

import (
	"slices"
	"strings"

	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// The result of a field as the layout draws it: its text cut at the hunks
// of the version shown, each tagged and marked in the gutter with what
// the result holds there, and the text typed or taken from another
// version outside them, wrapped into rows.

// resultPieces returns the result of a field as pieces, each hunk's text
// tagged, the hunk at hand highlighted (a caret where it holds nothing).
// marks are the hunks that start in the field, by tag, with their marks.
func (v Model) resultPieces(i int) ([]draw.Piece, map[int]string) {
	if v.editor.typing {
		return v.resultPiecesAt(i, -1)
	}
	return v.resultPiecesAt(i, v.cur)
}

// resultPiecesAt is resultPieces with hunk at of the version shown
// highlighted, or none if at < 0.
func (v Model) resultPiecesAt(i, at int) ([]draw.Piece, map[int]string) {
	r := v.value(i)
	marks := map[int]string{}
	var out []draw.Piece
	pos := 0
	typed, theirs := v.straysOf(i)
	strays := outsideSpans(typed, theirs)
	for k, h := range v.shown() {
		if h.Field != i {
			continue
		}
		rs, re := v.placeOf(k)
		if rs < pos {
			continue // overlaps what an earlier hunk showed
		}
		out = append(out, v.between(r, pos, rs, strays)...)
		hl := k == at
		if !v.hidden(v.version, k) {
			marks[k+1] = stateMark[v.stateOf(k)]
		}
		switch {
		case re > rs:
			out = append(out, draw.Piece{Text: r[rs:re], HL: hl, Tag: k + 1})
		default:
			t := ""
			if hl {
				t = "‸"
			}
			out = append(out, draw.Piece{Text: t, HL: hl, Tag: k + 1})
		}
		pos = re
	}
	return append(out, v.between(r, pos, len(r), strays)...), marks
}

// outsideSpan is a range of the result outside the hunks, with its tag.
type outsideSpan struct{ a, b, tag int }

// outsideSpans puts the typed and the other versions' ranges in order.
func outsideSpans(typed, theirs [][2]int) []outsideSpan {
	var out []outsideSpan
	for _, t := range typed {
		out = append(out, outsideSpan{t[0], t[1], typedTag})
	}
	for _, t := range theirs {
		out = append(out, outsideSpan{t[0], t[1], otherTag})
	}
	slices.SortFunc(out, func(x, y outsideSpan) int { return x.a - y.a })
	return out
}

// between returns the result's text from a to b, outside the hunks, as
// pieces: what was typed there, or taken from another version (strays),
// tagged.
func (v Model) between(r string, a, b int, strays []outsideSpan) []draw.Piece {
	var out []draw.Piece
	for _, st := range strays {
		s0, s1 := max(st.a, a), min(st.b, b)
		if s0 >= s1 {
			continue
		}
		out = append(out, v.plain(r[a:s0])...)
		out = append(out, draw.Piece{Text: r[s0:s1], Tag: st.tag})
		a = s1
	}
	return append(out, v.plain(r[a:b])...)
}

// resultRows returns the rows of a field's result w cells wide, with the
// mark of each row (see wrapResult) and, while typing in this field, the
// text area's rows and the row of the cursor; it notes where each hunk
// starts in the result. The rows are wrapped once per revision of the
// result, version and width, and the hunk at hand is highlighted when a
// row is painted, unless it holds nothing there (a caret shows it then).
func (v *Model) resultRows(i, w int) (rows []bodyRow, rowMarks []string, cursor int) {
	if ta := &v.editor.areas[i]; v.editor.typing && v.editor.field == i {
		ta.SetSize(w, 1)
		ta.SetSize(w, max(ta.Rows(), 1))
		bar := v.styles.Marked.Render("▌")
		for _, row := range strings.Split(ta.View(), "\n") {
			rows = append(rows, drawn(row))
			rowMarks = append(rowMarks, bar) // the field that takes the typing
		}
		return rows, rowMarks, ta.CursorRow(ta.Visual())
	}
	var wr wrappedResult
	if h := v.shown(); !v.editor.typing && v.cur < len(h) && h[v.cur].Field == i {
		if rs, re := v.placeOf(v.cur); re == rs { // the caret changes the text: not kept
			result, marks := v.resultPieces(i)
			wr = wrapResult(result, marks, w)
		}
	}
	if wr.rows == nil {
		m, k := v.memoNow(), [3]int{i, v.version, w}
		var ok bool
		if wr, ok = m.results[k]; !ok {
			result, marks := v.resultPiecesAt(i, -1)
			wr = wrapResult(result, marks, w)
			m.results[k] = wr
		}
	}
	for t, r := range wr.tagRows {
		v.noteTags([]draw.Piece{{Tag: t}}, len(v.body.laid.body)+r)
	}
	sides := v.sidePainter()
	for _, row := range wr.rows {
		rows = append(rows, func() string { return sides.paint(row, w) })
	}
	return rows, wr.marks, -1
}

// wrappedResult is a field's result wrapped: its rows, the mark of each
// row, and the row where each hunk, by tag, first shows.
type wrappedResult struct {
	rows    [][]draw.Piece
	marks   []string
	tagRows map[int]int
}

// wrapResult wraps a field's result into rows of width w, with the mark of
// each row: that of the first hunk starting on it, or ~ where text typed
// outside the hunks comes first, o where another version's does.
func wrapResult(result []draw.Piece, marks map[int]string, w int) wrappedResult {
	wr := wrappedResult{rows: draw.WrapLines(result, w), tagRows: map[int]int{}}
	seen := map[int]bool{}
	for k, row := range wr.rows {
		m := ""
		for _, p := range row {
			if p.Tag == typedTag && m == "" {
				m = stateMark[mergemodel.Hand] // text typed outside the hunks
			}
			if p.Tag == otherTag && m == "" {
				m = stateMark[mergemodel.Other] // another version's, outside the hunks
			}
			if p.Tag > 0 && !seen[p.Tag] {
				seen[p.Tag] = true
				if m == "" || marks[p.Tag] == stateMark[mergemodel.Clash] { // a clash on the row is what needs the person
					m = marks[p.Tag]
				}
				wr.tagRows[p.Tag] = k
			}
		}
		wr.marks = append(wr.marks, m)
	}
	for t := range marks { // hunks holding nothing at the end of an empty result
		if !seen[t] && len(wr.rows) > 0 {
			wr.marks[len(wr.rows)-1] = marks[t]
		}
	}
	return wr
}

// mark is the gutter of row k: a hunk's mark and a space, or two spaces.
func mark(marks []string, k int) string {
	if k < len(marks) && marks[k] != "" {
		return marks[k] + " "
	}
	return "  "
}

// rowAt returns row k padded to w cells, or blank.
func rowAt(rows []bodyRow, k, w int) string {
	if k < len(rows) {
		return draw.Pad(rows[k](), w)
	}
	return strings.Repeat(" ", w)
}

// typedTag tags the result's text typed outside the hunks; otherTag,
// another version's text there.
const (
	typedTag = -1
	otherTag = -2
)
