package mergeview

import (
	"fmt"
	"slices"
	"strings"

	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// threeColumnsFrom is the width from which the merge view shows the
// winner, the result and the version side by side; below it the result
// goes under the two versions.
const threeColumnsFrom = 120

// bodyHeight is the rows left for the body.
func (v Model) bodyHeight() int { return max(v.height-len(v.headLines())-1, 1) }

// layout renders the body for the fields, the version shown, the hunk at
// hand and the width, so that View only slices.
func (v *Model) layout() {
	if v.width <= 0 || v.fields == nil && v.item.entry.IsZero() {
		return
	}
	key := v.layoutNow()
	if v.body.laid.body != nil && key == v.body.key {
		v.body.SetSize(v.width, v.bodyHeight())
		return
	}
	v.body.key = key
	v.body.laid = laidBody{hunkRow: make([]int, len(v.shown())), hunkLast: make([]int, len(v.shown())), cursorAt: -1}
	for i := range v.body.laid.hunkRow {
		v.body.laid.hunkRow[i], v.body.laid.hunkLast[i] = -1, -1
	}
	for i := range v.fields {
		v.body.laid.fieldRow = append(v.body.laid.fieldRow, len(v.body.laid.body))
		v.body.laid.body = append(v.body.laid.body, drawn(v.fieldRule(i)))
		v.renderField(i)
	}
	if len(v.fields) == 0 {
		v.body.laid.body = append(v.body.laid.body, drawn(v.styles.Ink.Dim.Render("(the item has no shared field)")))
	}
	v.body.SetSize(v.width, v.bodyHeight())
}

// fieldRule introduces a field with the count of its hunks by state.
func (v Model) fieldRule(i int) string {
	counts := map[mergemodel.State]int{}
	took := map[string]int{} // whose change each combined hunk took
	var whose []string
	n := 0
	hiddenHere := 0
	for k, h := range v.shown() {
		if h.Field == i && v.hidden(v.version, k) {
			hiddenHere++
			continue
		}
		if h.Field == i {
			counts[v.stateOf(k)]++
			n++
			if v.stateOf(k) == mergemodel.Combined {
				w := v.tookShort(v.mm.Took(v.version, k))
				if took[w]++; took[w] == 1 {
					whose = append(whose, w)
				}
			}
		}
	}
	text := "── " + v.fields[i].Label
	if n > 0 {
		var parts []string
		counts[mergemodel.Both] += counts[mergemodel.BothRev] // one mark, one word: "+ 2 both", not "+ 1 both, + 1 both"
		for s := mergemodel.Open; s <= mergemodel.Clash; s++ {
			if c := counts[s]; c > 0 && s != mergemodel.BothRev {
				parts = append(parts, fmt.Sprintf("%s %d %s", stateMark[s], c, shortState[s])+whoseWords(s, whose, took))
			}
		}
		text += " · " + draw.Plural(n, "hunk") + ": " + strings.Join(parts, ", ")
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
	if hiddenHere > 0 {
		text += fmt.Sprintf(" · %d white space hidden", hiddenHere)
	}
	text += v.baseMarks(i)
	text += " "
	return v.styles.Ink.Label.Render(draw.Pad(text+strings.Repeat("─", max(v.width-draw.TextWidth(text), 0)), v.width))
}

// whoseWords says, after the count of combined hunks, whose changes they
// took: " (the winner's 1, alice-laptop's 2)"; nothing for another state.
func whoseWords(s mergemodel.State, whose []string, took map[string]int) string {
	if s != mergemodel.Combined || len(whose) == 0 {
		return ""
	}
	parts := make([]string, len(whose))
	for i, w := range whose {
		parts[i] = fmt.Sprintf("%s %d", w, took[w])
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

var shortState = [...]string{
	mergemodel.Open: "open", mergemodel.Winner: "winner's", mergemodel.Version: "version's", mergemodel.Both: "both", mergemodel.BothRev: "both",
	mergemodel.Other: "another version's", mergemodel.Hand: "by hand", mergemodel.Combined: "combined", mergemodel.Clash: "clash",
}

// renderField appends a field's rows: three columns, or the two versions
// and then the result.
func (v *Model) renderField(i int) {
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
func (v *Model) renderResult(i int) {
	v.body.laid.body = append(v.body.laid.body, drawn(v.styles.Bold.Render(draw.Fit("result:", v.width))))
	start := len(v.body.laid.body)
	mrows, mmarks, cur := v.resultRows(i, v.width-2)
	for k := range mrows {
		mk, w := mark(mmarks, k), v.width-2
		v.noteResult(len(v.body.laid.body), 0, v.width, i)
		v.body.laid.body = append(v.body.laid.body, func() string { return mk + rowAt(mrows, k, w) })
	}
	if cur >= 0 {
		v.body.laid.cursorAt = start + cur
	}
}

// renderSides appends the winner and the version of a field, side by side
// when they fit, else one above the other.
func (v *Model) renderSides(i int) {
	s := v.styles
	if v.width >= 70 {
		lw := (v.width - 3) / 2
		rw := v.width - 3 - lw
		lrows, rrows := v.sideRows(i, lw, rw)
		sep := s.Ink.Rule.Render(" │ ")
		sides := v.sidePainter()
		v.body.laid.body = append(v.body.laid.body, drawn(s.Winner.Render(draw.Fit("winner:", lw))+sep+s.Version.Render(draw.Fit(v.versionName()+":", rw))))
		for k := 0; k < max(len(lrows), len(rrows)); k++ {
			l, r := draw.At(lrows, k), draw.At(rrows, k)
			v.noteTags(l, len(v.body.laid.body))
			v.noteHunks(len(v.body.laid.body), 0, l, v.version, mergemodel.SideWinner)
			v.noteHunks(len(v.body.laid.body), lw+3, r, v.version, mergemodel.SideVersion)
			v.body.laid.body = append(v.body.laid.body, func() string { return sides.paint(l, lw) + sep + sides.paint(r, rw) })
		}
		return
	}
	lrows, rrows := v.sideRows(i, v.width, v.width)
	sides, w := v.sidePainter(), v.width
	v.body.laid.body = append(v.body.laid.body, drawn(s.Winner.Render(draw.Fit("winner:", v.width))))
	for _, row := range lrows {
		v.noteTags(row, len(v.body.laid.body))
		v.noteHunks(len(v.body.laid.body), 0, row, v.version, mergemodel.SideWinner)
		v.body.laid.body = append(v.body.laid.body, func() string { return sides.paint(row, w) })
	}
	v.body.laid.body = append(v.body.laid.body, drawn(s.Version.Render(draw.Fit(v.versionName()+":", v.width))))
	for _, row := range rrows {
		v.noteTags(row, len(v.body.laid.body))
		v.noteHunks(len(v.body.laid.body), 0, row, v.version, mergemodel.SideVersion)
		v.body.laid.body = append(v.body.laid.body, func() string { return sides.paint(row, w) })
	}
}

// sidePainter paints the rows of the sides as the view stands.
type sidePainter struct {
	styles *draw.Styles
	hl     []int // the tags of the hunks highlighted
}

func (v Model) sidePainter() sidePainter {
	p := sidePainter{styles: v.styles}
	if !v.editor.typing {
		p.hl = []int{v.cur + 1}
	}
	return p
}

// sideRows returns the winner's and the version's value of field i
// wrapped to lw and rw cells, nothing highlighted: they do not change with
// the result, so they are wrapped once per version and width.
func (v Model) sideRows(i, lw, rw int) (lrows, rrows [][]draw.Piece) {
	m := v.memoNow()
	k := [4]int{i, v.version, lw, rw}
	if r, ok := m.sides[k]; ok {
		return r[0], r[1]
	}
	left, right := v.sidePieces(i, -1)
	lrows, rrows = draw.WrapLines(left, lw), draw.WrapLines(right, rw)
	m.sides[k] = [2][][]draw.Piece{lrows, rrows}
	return lrows, rrows
}

// paint paints a row of a side w cells wide, the hunk at hand highlighted
// (as sidePieces marks it) unless the person is typing.
func (sp sidePainter) paint(row []draw.Piece, w int) string {
	lit := func(p draw.Piece) bool { return p.Tag > 0 && slices.Contains(sp.hl, p.Tag) }
	if slices.ContainsFunc(row, lit) {
		row = slices.Clone(row)
		for k := range row {
			row[k].HL = lit(row[k])
		}
	}
	return draw.Paint(row, w, sp.styles)
}

// noteTags records the first and the last body row where each hunk shows.
func (v *Model) noteTags(row []draw.Piece, at int) {
	for _, p := range row {
		t := p.Tag - 1
		if t < 0 || t >= len(v.body.laid.hunkRow) {
			continue
		}
		if v.body.laid.hunkRow[t] < 0 || v.body.laid.hunkRow[t] > at {
			v.body.laid.hunkRow[t] = at
		}
		v.body.laid.hunkLast[t] = max(v.body.laid.hunkLast[t], at)
	}
}

// sidePieces returns the winner's and the version's value of a field as
// pieces, the changed text marked and tagged with its hunk, the hunk at
// hand highlighted: hunk at of the version shown, or none if at < 0.
func (v Model) sidePieces(i, at int) (left, right []draw.Piece) {
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
		if v.hidden(v.version, n-1) { // white space alone, hidden: unmarked, still tagged for the columns' rows
			if c.Old != "" {
				left = append(left, draw.Piece{Text: c.Old, Tag: n})
			}
			if c.New != "" {
				right = append(right, draw.Piece{Text: c.New, Tag: n})
			}
			continue
		}
		// A side that holds nothing of the hunk shows nothing: the other
		// side's text, highlighted, locates it.
		if c.Old != "" {
			left = append(left, draw.Piece{Text: s.DelOpen + c.Old + s.DelClose, Kind: diff.Delete, HL: hl, Tag: n})
		}
		if c.New != "" {
			right = append(right, draw.Piece{Text: s.InsOpen + c.New + s.InsClose, Kind: diff.Insert, HL: hl, Tag: n})
		}
	}
	return left, right
}

// plain is text shown as it is.
func (v Model) plain(s string) []draw.Piece {
	if s == "" {
		return nil
	}
	return []draw.Piece{{Text: s}}
}

// View renders the header and the rows of the body in view.
func (v Model) View() string {
	lines := v.headLines()
	b := v.body
	b.SetSize(v.width, v.height-len(lines)-1) // bodyHeight, the header built once
	return v.header.View(lines, b.scroll, b.height, len(b.laid.body)) + "\n" + b.View()
}
