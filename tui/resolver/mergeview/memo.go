package mergeview

import (
	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// What the merge view works out from the result is kept per revision of
// it (QA Q12): the model keeps each field's chunks against the winner, the
// state of every hunk of every version and the changes outside the hunks;
// the view, each field's result wrapped and the header. A redraw, a scroll or a move between hunks reads them; only a change of
// the result (a take, undo or redo, typing) starts a new revision, and the
// body is laid out anew only when its revision, width, version, hunk at
// hand or typing changed.

// mergeMemo is what one revision of the result gives the drawing (the
// model keeps what it gives the states: mergemodel.Model).
type mergeMemo struct {
	rev     uint64
	results map[[3]int]wrappedResult     // a field's result wrapped: field, version, width
	sides   map[[4]int][2][][]draw.Piece // a field's sides wrapped: field, version, widths (not tied to the result)
}

// layoutKey is what the body depends on beside the styles.
type layoutKey struct {
	rev                        uint64
	width, version, cur, field int
	typing                     bool
	caret                      [2]int // the cursor's line and rune while typing
	columns                    bool   // every version in columns (see columnar)
	base                       bool   // the base shown (base.go)
	space                      bool   // white-space-only hunks hidden (space.go)
}

// layoutNow returns what the body depends on as the view stands.
func (v Model) layoutNow() layoutKey {
	k := layoutKey{rev: v.mm.Rev(), width: v.width, version: v.version, cur: v.cur, field: v.editor.field, typing: v.editor.typing, columns: v.columnar(), base: v.baseShown(), space: v.space.hide}
	if v.editor.typing && v.editor.field < len(v.fields) {
		ta := v.editor.areas[v.editor.field]
		k.caret[0], k.caret[1] = ta.Caret()
	}
	return k
}

// headKey is what the header depends on beside the styles and what stays
// as it is while the view is open (the item, its versions' labels and
// places, the height): the body's state and the note.
type headKey struct {
	layoutKey
	note string
}

func newMergeMemo() *mergeMemo {
	return &mergeMemo{sides: map[[4]int][2][][]draw.Piece{}}
}

// Restyle draws the header and the body anew, for new styles.
func (v Model) Restyle() Model {
	v.header.restyle()
	v.body.key = layoutKey{}
	v.layout()
	return v
}

// memoNow returns the memo of the current revision, emptied if it held an
// earlier one's.
func (v Model) memoNow() *mergeMemo {
	m := v.memo
	if m == nil {
		m = newMergeMemo() // a view never opened: nothing is kept
	}
	if m.rev != v.mm.Rev() || m.results == nil {
		m.rev = v.mm.Rev()
		m.results = map[[3]int]wrappedResult{}
	}
	return m
}

// value returns field i's result.
func (v Model) value(i int) string { return v.mm.Result(i) }

// chunksOf returns field i's result against the winner's value.
func (v Model) chunksOf(i int) []diff.Chunk { return v.mm.Chunks(i) }

// statesOf returns what the result holds at each hunk of version ver.
func (v Model) statesOf(ver int) []mergemodel.State { return v.mm.States(ver) }

// straysOf returns field i's changes outside the hunks of the version
// shown (see mergemodel.Field.StraysIn).
func (v Model) straysOf(i int) (typed, theirs [][2]int) { return v.mm.Strays(i, v.version) }

// placeOf returns where the result holds hunk k of the version shown
// (see mergemodel.Locate).
func (v Model) placeOf(k int) (rs, re int) { return v.mm.Place(v.version, k) }
