package mergeview

import (
	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// Clicking, as in the merge tools people use (issue 30 item 6): a click on
// a hunk in a version's column takes that version's text there (the
// winner's column, the winner's), as l or h would at that hunk, and moves
// on as a take does; a click in a field's result types in it, at the hunk
// clicked when there is one. The layout notes where each stretch a click
// acts on stands on each body row (hits); the wheel scrolls (body.go).

// hit is a stretch of a body row, x0 to x1 cells, that a click acts on: a
// hunk of version ver taken from side, or, when result, field's result.
type hit struct {
	x0, x1 int
	ver    int
	hunk   int // from 0
	side   mergemodel.Side
	result bool
	field  int
}

// noteHunks notes where the hunks of version ver on a row of a side's
// column, drawn from x, stand: a click there takes side.
func (v *Model) noteHunks(row, x int, ps []draw.Piece, ver int, side mergemodel.Side) {
	for _, p := range ps {
		w := draw.TextWidth(p.Text)
		if p.Tag > 0 && w > 0 {
			v.noteHit(row, hit{x0: x, x1: x + w, ver: ver, hunk: p.Tag - 1, side: side})
		}
		x += w
	}
}

// noteResult notes that a row of field i's result stands from x0 to x1.
func (v *Model) noteResult(row, x0, x1, i int) {
	v.noteHit(row, hit{x0: x0, x1: x1, result: true, field: i})
}

func (v *Model) noteHit(row int, h hit) {
	if v.body.laid.hits == nil {
		v.body.laid.hits = map[int][]hit{}
	}
	v.body.laid.hits[row] = append(v.body.laid.hits[row], h)
}

// click acts on a left click at x, y of the view.
func (v Model) click(m tea.Mouse) Model {
	top := len(v.headLines()) + 1 // the header and its rule
	if m.Button != tea.MouseLeft || m.Y < top {
		return v
	}
	row := v.body.scroll + m.Y - top
	for _, h := range v.body.laid.hits[row] {
		if m.X < h.x0 || m.X >= h.x1 {
			continue
		}
		v.note = ""
		if h.result {
			v.typeAt(h.field, row)
		} else {
			v.takeAt(h)
		}
		v.layout()
		v.follow()
		return v
	}
	return v
}

// takeAt takes the side of the hunk h names, showing its version.
func (v *Model) takeAt(h hit) {
	if v.editor.typing {
		v.stopTyping()
	}
	if h.ver != v.version {
		v.version = h.ver
		v.guard.seen[h.ver] = true
	}
	v.cur = h.hunk
	v.takeSide(h.side)
}

// typeAt types in field i's result, at the hunk of the version shown whose
// rows hold body row row when there is one.
func (v *Model) typeAt(i, row int) {
	if v.editor.typing && v.editor.field == i {
		return // typing there already: the keys move the cursor
	}
	if v.editor.typing {
		v.stopTyping()
	}
	for k, h := range v.shown() {
		if h.Field == i && k < len(v.body.laid.hunkRow) && v.body.laid.hunkRow[k] <= row && row <= v.body.laid.hunkLast[k] {
			v.cur = k
			v.typeAtHunk()
			return
		}
	}
	v.startTyping(i)
}
