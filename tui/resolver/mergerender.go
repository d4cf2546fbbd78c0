package resolver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// threeColumnsFrom is the width from which the merge view shows the
// winner, the result and the version side by side; below it the result
// goes under the two versions.
const threeColumnsFrom = 120

// bodyHeight is the rows left for the body.
func (v MergeView) bodyHeight() int { return max(v.height-len(v.headLines())-1, 1) }

// layout renders the body for the fields, the version shown, the hunk at
// hand and the width, so that View only slices.
func (v *MergeView) layout() {
	if v.width <= 0 || v.fields == nil && v.entry.IsZero() {
		return
	}
	key := v.layoutNow()
	if v.laidOut.body != nil && key == v.laid {
		v.scrollBy(0)
		return
	}
	v.laid = key
	v.laidOut = laidBody{hunkRow: make([]int, len(v.shown())), hunkLast: make([]int, len(v.shown())), cursorAt: -1}
	for i := range v.laidOut.hunkRow {
		v.laidOut.hunkRow[i], v.laidOut.hunkLast[i] = -1, -1
	}
	for i := range v.fields {
		v.laidOut.fieldRow = append(v.laidOut.fieldRow, len(v.laidOut.body))
		v.laidOut.body = append(v.laidOut.body, drawn(v.fieldRule(i)))
		v.renderField(i)
	}
	if len(v.fields) == 0 {
		v.laidOut.body = append(v.laidOut.body, drawn(v.styles.ink.dim.render("(the item has no shared field)")))
	}
	v.scrollBy(0)
}

// fieldRule introduces a field with the count of its hunks by state.
func (v MergeView) fieldRule(i int) string {
	counts := map[mergemodel.State]int{}
	n := 0
	for k, h := range v.shown() {
		if h.Field == i {
			counts[v.stateOf(k)]++
			n++
		}
	}
	text := "── " + v.fields[i].Label
	if n > 0 {
		var parts []string
		counts[mergemodel.Both] += counts[mergemodel.BothRev] // one mark, one word: "+ 2 both", not "+ 1 both, + 1 both"
		for s := mergemodel.Open; s <= mergemodel.Clash; s++ {
			if c := counts[s]; c > 0 && s != mergemodel.BothRev {
				parts = append(parts, fmt.Sprintf("%s %d %s", stateMark[s], c, shortState[s]))
			}
		}
		text += " · " + plural(n, "hunk") + ": " + strings.Join(parts, ", ")
	}
	// What the result holds outside the hunks, as its gutter marks it; in
	// a field where the version shown has no hunk, "outside" goes unsaid.
	theirsWhere, typedWhere := "", ""
	if n > 0 {
		theirsWhere, typedWhere = " outside these hunks", " outside the hunks"
	}
	typed, theirs := v.straysOf(i)
	if k := len(theirs); k > 0 {
		text += fmt.Sprintf(" · %s %d another version's%s", stateMark[mergemodel.Other], k, theirsWhere)
	}
	if k := len(typed); k > 0 {
		text += fmt.Sprintf(" · %s %d typed%s", stateMark[mergemodel.Hand], k, typedWhere)
	}
	if n == 0 && len(typed)+len(theirs) == 0 && v.value(i) != v.fields[i].Winner {
		text += " · edited"
	}
	text += " "
	return v.styles.ink.label.render(pad(text+strings.Repeat("─", max(v.width-textWidth(text), 0)), v.width))
}

var shortState = [...]string{
	mergemodel.Open: "open", mergemodel.Winner: "winner's", mergemodel.Version: "version's", mergemodel.Both: "both", mergemodel.BothRev: "both",
	mergemodel.Other: "another version's", mergemodel.Hand: "by hand", mergemodel.Combined: "combined", mergemodel.Clash: "clash",
}

// renderField appends a field's rows: three columns, or the two versions
// and then the result.
func (v *MergeView) renderField(i int) {
	if v.baseShown() {
		v.renderBase(i)
		return
	}
	if v.columnar() {
		v.renderColumns(i)
		return
	}
	f := v.fields[i]
	if v.width >= threeColumnsFrom {
		v.renderOne(i)
		return
	}
	if len(f.Values) > 0 {
		v.renderSides(i)
	}
	v.renderResult(i)
}

// renderResult appends field i's result under a "result:" line, the
// whole width, noting where the cursor is while typing.
func (v *MergeView) renderResult(i int) {
	v.laidOut.body = append(v.laidOut.body, drawn(v.styles.Bold.Render(fit("result:", v.width))))
	start := len(v.laidOut.body)
	mrows, mmarks, cur := v.resultRows(i, v.width-2)
	for k := range mrows {
		mk, w := mark(mmarks, k), v.width-2
		v.laidOut.body = append(v.laidOut.body, func() string { return mk + rowAt(mrows, k, w) })
	}
	if cur >= 0 {
		v.laidOut.cursorAt = start + cur
	}
}

// renderSides appends the winner and the version of a field, side by side
// when they fit, else one above the other.
func (v *MergeView) renderSides(i int) {
	s := v.styles
	if v.width >= 70 {
		lw := (v.width - 3) / 2
		rw := v.width - 3 - lw
		lrows, rrows := v.sideRows(i, lw, rw)
		sep := s.ink.rule.render(" │ ")
		sides := v.sidePainter()
		v.laidOut.body = append(v.laidOut.body, drawn(s.Winner.Render(fit("winner:", lw))+sep+s.Version.Render(fit(v.versionName()+":", rw))))
		for k := 0; k < max(len(lrows), len(rrows)); k++ {
			l, r := at(lrows, k), at(rrows, k)
			v.noteTags(l, len(v.laidOut.body))
			v.laidOut.body = append(v.laidOut.body, func() string { return sides.paint(l, lw) + sep + sides.paint(r, rw) })
		}
		return
	}
	lrows, rrows := v.sideRows(i, v.width, v.width)
	sides, w := v.sidePainter(), v.width
	v.laidOut.body = append(v.laidOut.body, drawn(s.Winner.Render(fit("winner:", v.width))))
	for _, row := range lrows {
		v.noteTags(row, len(v.laidOut.body))
		v.laidOut.body = append(v.laidOut.body, func() string { return sides.paint(row, w) })
	}
	v.laidOut.body = append(v.laidOut.body, drawn(s.Version.Render(fit(v.versionName()+":", v.width))))
	for _, row := range rrows {
		v.noteTags(row, len(v.laidOut.body))
		v.laidOut.body = append(v.laidOut.body, func() string { return sides.paint(row, w) })
	}
}

// bodyRow is a row of the merge view's body, painted only when it is
// shown: a 1 MB field has thousands of rows, and a redraw shows a screen.
type bodyRow func() string

// drawn is a row painted already.
func drawn(s string) bodyRow { return func() string { return s } }

// sidePainter paints the rows of the sides as the view stands.
type sidePainter struct {
	styles *Styles
	hl     []int // the tags of the hunks highlighted
}

func (v MergeView) sidePainter() sidePainter {
	p := sidePainter{styles: v.styles}
	if !v.typing {
		p.hl = []int{v.cur + 1}
	}
	return p
}

// sideRows returns the winner's and the version's value of field i
// wrapped to lw and rw cells, nothing highlighted: they do not change with
// the result, so they are wrapped once per version and width.
func (v MergeView) sideRows(i, lw, rw int) (lrows, rrows [][]piece) {
	m := v.memoNow()
	k := [4]int{i, v.version, lw, rw}
	if r, ok := m.sides[k]; ok {
		return r[0], r[1]
	}
	left, right := v.sidePieces(i, -1)
	lrows, rrows = wrapLines(left, lw), wrapLines(right, rw)
	m.sides[k] = [2][][]piece{lrows, rrows}
	return lrows, rrows
}

// paint paints a row of a side w cells wide, the hunk at hand highlighted
// (as sidePieces marks it) unless the person is typing.
func (sp sidePainter) paint(row []piece, w int) string {
	lit := func(p piece) bool { return p.tag > 0 && slices.Contains(sp.hl, p.tag) }
	if slices.ContainsFunc(row, lit) {
		row = slices.Clone(row)
		for k := range row {
			row[k].hl = lit(row[k])
		}
	}
	return paint(row, w, sp.styles)
}

// noteTags records the first and the last body row where each hunk shows.
func (v *MergeView) noteTags(row []piece, at int) {
	for _, p := range row {
		t := p.tag - 1
		if t < 0 || t >= len(v.laidOut.hunkRow) {
			continue
		}
		if v.laidOut.hunkRow[t] < 0 || v.laidOut.hunkRow[t] > at {
			v.laidOut.hunkRow[t] = at
		}
		v.laidOut.hunkLast[t] = max(v.laidOut.hunkLast[t], at)
	}
}

// sidePieces returns the winner's and the version's value of a field as
// pieces, the changed text marked and tagged with its hunk, the hunk at
// hand highlighted: hunk at of the version shown, or none if at < 0.
func (v MergeView) sidePieces(i, at int) (left, right []piece) {
	f := v.fields[i]
	if v.version >= len(f.Values) {
		return v.plain(f.Winner), nil
	}
	n := 0 // hunks of this field before
	for _, h := range v.shown() {
		if h.Field < i {
			n++
		}
	}
	s := v.styles
	for _, c := range mergemodel.HunkChunks(f.Winner, v.shown(), i) { // the hunks are the chunks, worked out once at Open
		if !c.Changed {
			left = append(left, v.plain(c.Old)...)
			right = append(right, v.plain(c.New)...)
			continue
		}
		hl := n == at
		n++
		// A side that holds nothing of the hunk shows nothing: the other
		// side's text, highlighted, locates it.
		if c.Old != "" {
			left = append(left, piece{text: s.DelOpen + c.Old + s.DelClose, kind: diff.Delete, hl: hl, tag: n})
		}
		if c.New != "" {
			right = append(right, piece{text: s.InsOpen + c.New + s.InsClose, kind: diff.Insert, hl: hl, tag: n})
		}
	}
	return left, right
}

// plain is text shown as it is.
func (v MergeView) plain(s string) []piece {
	if s == "" {
		return nil
	}
	return []piece{{text: s}}
}

// resultPieces returns the result of a field as pieces, each hunk's text
// tagged, the hunk at hand highlighted (a caret where it holds nothing).
// marks are the hunks that start in the field, by tag, with their marks.
func (v MergeView) resultPieces(i int) ([]piece, map[int]string) {
	if v.typing {
		return v.resultPiecesAt(i, -1)
	}
	return v.resultPiecesAt(i, v.cur)
}

// resultPiecesAt is resultPieces with hunk at of the version shown
// highlighted, or none if at < 0.
func (v MergeView) resultPiecesAt(i, at int) ([]piece, map[int]string) {
	r := v.value(i)
	marks := map[int]string{}
	var out []piece
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
		marks[k+1] = stateMark[v.stateOf(k)]
		switch {
		case re > rs:
			out = append(out, piece{text: r[rs:re], hl: hl, tag: k + 1})
		default:
			t := ""
			if hl {
				t = "‸"
			}
			out = append(out, piece{text: t, hl: hl, tag: k + 1})
		}
		pos = re
	}
	return append(out, v.between(r, pos, len(r), strays)...), marks
}

// typedTag tags the result's text typed outside the hunks; otherTag,
// another version's text there.
const (
	typedTag = -1
	otherTag = -2
)

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
func (v MergeView) between(r string, a, b int, strays []outsideSpan) []piece {
	var out []piece
	for _, st := range strays {
		s0, s1 := max(st.a, a), min(st.b, b)
		if s0 >= s1 {
			continue
		}
		out = append(out, v.plain(r[a:s0])...)
		out = append(out, piece{text: r[s0:s1], tag: st.tag})
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
func (v *MergeView) resultRows(i, w int) (rows []bodyRow, rowMarks []string, cursor int) {
	if ta := &v.areas[i]; v.typing && v.field == i {
		ta.SetSize(w, 1)
		ta.SetSize(w, max(ta.Rows(), 1))
		bar := v.styles.Marked.Render("▌")
		for _, row := range strings.Split(ta.View(), "\n") {
			rows = append(rows, drawn(row))
			rowMarks = append(rowMarks, bar) // the field that takes the typing
		}
		return rows, rowMarks, ta.cursorRow(ta.visual())
	}
	var wr wrappedResult
	if h := v.shown(); !v.typing && v.cur < len(h) && h[v.cur].Field == i {
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
		v.noteTags([]piece{{tag: t}}, len(v.laidOut.body)+r)
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
	rows    [][]piece
	marks   []string
	tagRows map[int]int
}

// wrapResult wraps a field's result into rows of width w, with the mark of
// each row: that of the first hunk starting on it, or ~ where text typed
// outside the hunks comes first, o where another version's does.
func wrapResult(result []piece, marks map[int]string, w int) wrappedResult {
	wr := wrappedResult{rows: wrapLines(result, w), tagRows: map[int]int{}}
	seen := map[int]bool{}
	for k, row := range wr.rows {
		m := ""
		for _, p := range row {
			if p.tag == typedTag && m == "" {
				m = stateMark[mergemodel.Hand] // text typed outside the hunks
			}
			if p.tag == otherTag && m == "" {
				m = stateMark[mergemodel.Other] // another version's, outside the hunks
			}
			if p.tag > 0 && !seen[p.tag] {
				seen[p.tag] = true
				if m == "" || marks[p.tag] == stateMark[mergemodel.Clash] { // a clash on the row is what needs the person
					m = marks[p.tag]
				}
				wr.tagRows[p.tag] = k
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

// wrapLines cuts pieces at their newlines and wraps each line to w cells.
func wrapLines(ps []piece, w int) [][]piece {
	var out [][]piece
	var line []piece
	for _, p := range ps {
		for {
			i := strings.IndexByte(p.text, '\n')
			if i < 0 {
				break
			}
			head := p
			head.text = p.text[:i]
			out = append(out, wrap(cleaned(append(line, head)), w)...)
			line = nil
			p.text = p.text[i+1:]
		}
		line = append(line, p)
	}
	if len(line) > 0 || len(out) == 0 {
		out = append(out, wrap(cleaned(line), w)...)
	}
	return out
}

// cleaned replaces what would break the layout in pieces' text.
func cleaned(ps []piece) []piece {
	out := make([]piece, 0, len(ps))
	for _, p := range ps {
		p.text = clean(p.text)
		if p.text != "" || p.hl || p.tag > 0 {
			out = append(out, p)
		}
	}
	return out
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
		return pad(rows[k](), w)
	}
	return strings.Repeat(" ", w)
}

// View renders the header and the visible part of the body.
func (v MergeView) View() string {
	lines := v.head()
	bh := max(v.height-len(lines), 1) // bodyHeight, the header drawn once
	for i := v.scroll; i < v.scroll+bh; i++ {
		if i < len(v.laidOut.body) {
			lines = append(lines, v.laidOut.body[i]())
		} else {
			lines = append(lines, "")
		}
	}
	return strings.Join(lines, "\n")
}
