package mergeview

import (
	"fmt"
	"slices"
	"strings"

	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// Every version in columns: the merge view's layout for an item with two
// or more conflicting versions on a wide terminal.
//
// One version at a time (the layout below) shows the winner, the result
// and the version at hand, and says in the header what the others hold at
// the hunk. In columns every version is in view while combining:
//
//	WINNER │   RESULT │ › VERSION 1 · alice │   VERSION 2 · carol
//
// The result stands second, between the winner and the versions, where it
// stands with one version at a time: the side a take comes from is still
// the side it stands on (h or ← the winner on the left, l or → the version
// at hand, marked ›, on the right), and the result does not move when tab
// changes the version at hand or when the layout changes. Each version's
// column is a word diff of the winner's text and the version's (see
// inline), so that every change of every version shows, and has the
// gutter the result has: the mark of what the result holds
// at each of that version's hunks (> its text was taken, + both, < the
// winner's, o another version's, ? open), so the side or sides taken read
// across a row. The hunk at hand is highlighted in the winner's column, the
// result and the version at hand, and in every other version, the text it
// holds over the same stretch of the winner.
//
// Rows line up: a field is cut into blocks at the winner's line breaks
// that every column keeps (each version and the result leave them
// unchanged), each block is wrapped in each column and padded to the
// tallest, so that a block starts on the same row in every column and one
// reads across. While typing, the field typed in is the text area in the
// result's column, its lines laid on the blocks as the result's are.

// columnMin is the fewest cells of text every column has for the view to
// choose columns by itself (a line of a paragraph stays readable: six or
// seven words); columnFloor is the fewest with which v still shows them.
const (
	columnMin   = 36
	columnFloor = 16
)

// columnsFrom is the width from which n versions fit in columns of per
// cells of text: the winner, the result and n versions, a two-cell gutter
// before the result and before each version, and a three-cell rule
// between columns. With columnMin: 159 cells for two versions, 200 for
// three, 241 for four.
func columnsFrom(n, per int) int { return (n+2)*per + 5*(n+1) }

// columnChoice is what the person chose with v: nothing (by the width),
// columns, or one version at a time.
type columnChoice uint8

const (
	columnsByWidth columnChoice = iota
	columnsOn
	columnsOff
)

// columnsState is the view's state for the layout in columns.
type columnsState struct {
	choice columnChoice
	memo   *columnsMemo
}

// columnar reports whether the view shows every version in columns: with
// two versions or more, by the width (columnMin) unless the person chose,
// and never narrower than columnFloor.
func (v Model) columnar() bool {
	n := v.mm.Versions()
	switch {
	case n < 2 || v.cols.choice == columnsOff:
		return false
	case v.cols.choice == columnsOn:
		return v.width >= columnsFrom(n, columnFloor)
	}
	return v.width >= columnsFrom(n, columnMin)
}

// toggleColumns switches between every version in columns and one at a
// time. Switching to what the width chooses leaves the choice to the width
// again, so that a later resize chooses as before.
func (v *Model) toggleColumns() {
	n := v.mm.Versions()
	want := !v.columnar()
	switch {
	case n < 2:
		v.note = "one version: it is beside the winner already"
		return
	case want && v.width < columnsFrom(n, columnFloor):
		v.note = fmt.Sprintf("%d versions in columns need %d cells; the terminal has %d", n, columnsFrom(n, columnFloor), v.width)
		return
	case want == (v.width >= columnsFrom(n, columnMin)):
		v.cols.choice = columnsByWidth
	case want:
		v.cols.choice = columnsOn
	default:
		v.cols.choice = columnsOff
	}
	v.layout()
	v.follow()
}

// columnWidths returns the cells of text of the winner's column, the
// result's (which takes what the division leaves) and each version's;
// the base's column, when there is one, is as wide as the winner's.
func (v Model) columnWidths() (winner, result, version int) {
	cols, room := v.mm.Versions()+2, v.width-5*(v.mm.Versions()+1)
	if v.baseColumn() {
		cols, room = cols+1, room-3
	}
	c := room / cols
	return c, room - (cols-1)*c, c
}

// The base in columns (issue 30 item 3): where the terminal has room for
// one more column, the base stands first, left of the winner, its lines
// on the rows of the others' (BASE │ WINNER │ RESULT │ VERSION 1 …), as
// kdiff3 shows its A; where it has not, each field's rule says which
// columns changed the field against the base (baseMarks).

// baseColumn reports whether the columns show the base's: every version
// in columns, a base known and not shown by o, and room for one more
// column of columnMin cells.
func (v Model) baseColumn() bool {
	return v.base != nil && !v.showBase && v.columnar() && v.width >= columnsFrom(v.mm.Versions(), columnMin)+columnMin+3
}

// baseWidth returns the cells of text of the base's column, 0 when none.
func (v Model) baseWidth() int {
	if !v.baseColumn() {
		return 0
	}
	w, _, _ := v.columnWidths()
	return w
}

// baseOffset returns the cells the base's column and its rule take, left
// of the winner's.
func (v Model) baseOffset() int {
	if w := v.baseWidth(); w > 0 {
		return w + 3
	}
	return 0
}

// versionHeads names the columns, the version at hand marked.
func (v Model) versionHeads() string {
	wl, wr, wv := v.columnWidths()
	s := v.styles
	sep := s.Ink.Rule.Render(" │ ")
	var b strings.Builder
	if w := v.baseWidth(); w > 0 {
		b.WriteString(s.Bold.Render(draw.Fit("BASE · "+draw.EntryWho(draw.Labelled(v.item.entry.Winner().State().Dialect, v.base.From)), w)) + sep)
	}
	b.WriteString(s.Winner.Render(draw.Fit("WINNER", wl)) + sep + s.Bold.Render(draw.Fit("  RESULT", wr+2)))
	for j := range v.mm.Versions() {
		mark := "  "
		if j == v.version {
			mark = "› "
		}
		b.WriteString(sep + s.Version.Render(draw.Fit(fmt.Sprintf("%sVERSION %d · %s", mark, j+1, v.item.whos[j]), wv+2)))
	}
	return b.String()
}

// renderColumns appends field i's rows in columns, and notes where the
// hunks of the version at hand show and where the cursor is.
func (v *Model) renderColumns(i int) {
	laid := v.fieldColumns(i)
	cols := laid.cols
	wl, wr, wv := v.columnWidths()
	start := len(v.body.laid.body)
	res := cols[1]
	typed, typedMarks := v.typedColumn(i, laid, wr, start)
	shown := cols[2+v.version]
	paints := v.columnPainters()
	sep := v.styles.Ink.Rule.Render(" │ ")
	bw, x := v.baseWidth(), v.baseOffset() // the base's column, first, is laid out last
	var base *wrappedResult
	if bw > 0 {
		base, cols = &cols[len(cols)-1], cols[:len(cols)-1]
	}
	plain := sidePainter{styles: v.styles}
	for k := range len(cols[0].rows) {
		v.noteTags(cols[0].rows[k], start+k)
		v.noteTags(shown.rows[k], start+k)
		v.noteHunks(start+k, x, cols[0].rows[k], v.version, mergemodel.SideWinner)
		v.noteResult(start+k, x+wl+3, x+wl+3+wr+2, i)
		for c := 2; c < len(cols); c++ {
			v.noteHunks(start+k, x+wl+3+wr+2+(c-2)*(wv+5)+5, cols[c].rows[k], c-2, mergemodel.SideVersion)
		}
		v.body.laid.body = append(v.body.laid.body, func() string {
			var b strings.Builder
			if base != nil {
				b.WriteString(plain.paint(base.rows[k], bw) + sep)
			}
			b.WriteString(paints[0].paint(cols[0].rows[k], wl) + sep)
			switch {
			case typed == nil:
				b.WriteString(mark(res.marks, k) + paints[1].paint(res.rows[k], wr))
			case laid.typed[k] >= 0:
				b.WriteString(mark(typedMarks, laid.typed[k]) + rowAt(typed, laid.typed[k], wr))
			default:
				b.WriteString(strings.Repeat(" ", wr+2))
			}
			for c := 2; c < len(cols); c++ {
				b.WriteString(sep + mark(cols[c].marks, k) + paints[c].paint(cols[c].rows[k], wv))
			}
			return b.String()
		})
	}
	for j := range v.guard.seen {
		v.guard.seen[j] = true // every version is in view: applying need not ask
	}
}

// columnPainters paints each column's rows: the hunk at hand in the
// winner's, the result's and the version at hand's, and in every other
// version's the hunks that meet it (what that version holds there).
func (v Model) columnPainters() []sidePainter {
	base := v.sidePainter()
	out := make([]sidePainter, v.mm.Versions()+2)
	for c := range out {
		out[c] = base
	}
	if len(base.hl) == 0 || v.cur >= len(v.shown()) {
		return out
	}
	h := v.shown()[v.cur]
	for j := range v.mm.Versions() {
		hs := v.mm.Hunks(j)
		if j == v.version {
			continue
		}
		out[2+j].hl = nil
		for k, o := range hs {
			if o.Field == h.Field && o.Start <= h.End && o.End >= h.Start { // as withHunks meets
				out[2+j].hl = append(out[2+j].hl, k+1)
			}
		}
	}
	return out
}

// renderOne appends field i's rows in three columns, the winner's, the
// result's and the version at hand's, cut into blocks and padded as
// columns are (layColumns), so that a line the three share starts on one
// row: the result, narrower by its gutter, wraps apart from its
// neighbours within a block only (issue 20 item 15: it drifted a row
// below them at each paragraph it wrapped once more).
func (v *Model) renderOne(i int) {
	laid := v.fieldColumns(i)
	cols := laid.cols
	wl, wr, wv := v.laneWidths()
	start := len(v.body.laid.body)
	res, shown := cols[1], cols[2]
	typed, typedMarks := v.typedColumn(i, laid, wr, start)
	sides := v.sidePainter()
	sep := v.styles.Ink.Rule.Render(" │ ")
	for k := range len(cols[0].rows) {
		v.noteTags(cols[0].rows[k], start+k)
		v.noteTags(shown.rows[k], start+k)
		v.noteHunks(start+k, 0, cols[0].rows[k], v.version, mergemodel.SideWinner)
		v.noteResult(start+k, wl+3, wl+3+wr+2, i)
		v.noteHunks(start+k, wl+3+wr+2+3, shown.rows[k], v.version, mergemodel.SideVersion)
		v.body.laid.body = append(v.body.laid.body, func() string {
			mid := strings.Repeat(" ", wr+2)
			switch {
			case typed == nil:
				mid = mark(res.marks, k) + sides.paint(res.rows[k], wr)
			case laid.typed[k] >= 0:
				mid = mark(typedMarks, laid.typed[k]) + rowAt(typed, laid.typed[k], wr)
			}
			return sides.paint(cols[0].rows[k], wl) + sep + mid + sep + sides.paint(shown.rows[k], wv)
		})
	}
}

// typedColumn returns, while typing in field i, the text area's rows and
// marks for the result's column wr cells wide, noting where the cursor
// is; and notes where each hunk shows in the result laid out from body
// row start.
func (v *Model) typedColumn(i int, laid laidColumns, wr, start int) (typed []bodyRow, marks []string) {
	if v.editor.typing && v.editor.field == i {
		var cur int
		typed, marks, cur = v.resultRows(i, wr)
		v.body.laid.cursorAt = start + max(slices.Index(laid.typed, cur), 0)
	}
	for t, r := range laid.cols[1].tagRows {
		v.noteTags([]draw.Piece{{Tag: t}}, start+r)
	}
	return typed, marks
}

// baseMarks says, in field i's rule, which columns changed the field
// against the base where the columns have no room for the base's own:
// " · against the base: WINNER, VERSION 2 changed it", " · against the
// base: unchanged"; nothing in other layouts.
func (v Model) baseMarks(i int) string {
	if v.base == nil || v.showBase || !v.columnar() || v.baseColumn() {
		return ""
	}
	f, base := v.fields[i], v.baseValue(i)
	var who []string
	if f.Winner != base {
		who = append(who, "WINNER")
	}
	for j, val := range f.Values {
		if val != base {
			who = append(who, fmt.Sprintf("VERSION %d", j+1))
		}
	}
	if len(who) == 0 {
		return " · against the base: unchanged"
	}
	return " · against the base: " + strings.Join(who, ", ") + " changed it"
}
