package resolver

import (
	"sync/atomic"

	"github.com/feedsync/feedsync/diff"
)

// What the merge view works out from the result is kept per revision of
// it (QA Q12): each field's text, its chunks against the winner, the
// state of every hunk of every version and the changes outside the hunks.
// A redraw, a scroll or a move between hunks reads them; only a change of
// the result (a take, undo or redo, typing) starts a new revision, and the
// body is laid out anew only when its revision, width, version, hunk at
// hand or typing changed.

// mergeRevs numbers the revisions of every merge view's result, so that
// two copies of a view that went different ways never share a number.
var mergeRevs atomic.Uint64

// mergeMemo is what one revision of the result gives.
type mergeMemo struct {
	rev     uint64
	values  map[int]string           // each field's result, by field
	chunks  map[int][]diff.Chunk     // each field's result against the winner
	states  map[int][]hunkState      // the state of each hunk, by version
	strays  map[[2]int]strayRanges   // the changes outside the hunks, by field and version
	texts   map[[3]int]string        // what a version holds over a hunk of another: shown version, hunk, version
	places  map[[2]int][2]int        // where the result holds a hunk: version, hunk
	results map[[3]int]wrappedResult // a field's result wrapped: field, version, width
	sides   map[[4]int][2][][]piece  // a field's sides wrapped: field, version, widths (not tied to the result)
	head    []string                 // the header but its last rule (see headLines)
	headFor headKey                  // what head was built for
	heads   int                      // how many headers were built, which a test counts
}

// strayRanges are a field's changes outside the hunks (see straysIn).
type strayRanges struct{ typed, theirs [][2]int }

// layoutKey is what the body depends on beside the styles.
type layoutKey struct {
	rev                        uint64
	width, version, cur, field int
	typing                     bool
	caret                      [2]int // the cursor's line and rune while typing
	columns                    bool   // every version in columns (see columnar)
}

// layoutNow returns what the body depends on as the view stands.
func (v MergeView) layoutNow() layoutKey {
	k := layoutKey{rev: v.rev, width: v.width, version: v.version, cur: v.cur, field: v.field, typing: v.typing, columns: v.columnar()}
	if v.typing && v.field < len(v.fields) {
		ta := v.fields[v.field].result
		k.caret = [2]int{ta.row, ta.col}
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
	return &mergeMemo{texts: map[[3]int]string{}, sides: map[[4]int][2][][]piece{}}
}

// touch starts a new revision of the result: call it after any change of
// a field's result or of what was taken, and only then (typing that moved
// the cursor, or the field typed in, is no change of the result: the
// layout's key holds them).
func (v *MergeView) touch() { v.rev = mergeRevs.Add(1) }

// restyle draws the header and the body anew, for new styles.
func (v *MergeView) restyle() {
	if v.memo != nil {
		v.memo.head = nil
	}
	v.laid = layoutKey{}
	v.layout()
}

// memoNow returns the memo of the current revision, emptied if it held an
// earlier one's.
func (v MergeView) memoNow() *mergeMemo {
	m := v.memo
	if m == nil {
		m = newMergeMemo() // a view never opened: nothing is kept
	}
	if m.rev != v.rev || m.values == nil {
		m.rev = v.rev
		m.values, m.chunks, m.states = map[int]string{}, map[int][]diff.Chunk{}, map[int][]hunkState{}
		m.strays, m.places = map[[2]int]strayRanges{}, map[[2]int][2]int{}
		m.results = map[[3]int]wrappedResult{}
	}
	return m
}

// value returns field i's result.
func (v MergeView) value(i int) string {
	m := v.memoNow()
	r, ok := m.values[i]
	if !ok {
		r = v.fields[i].result.Value()
		m.values[i] = r
	}
	return r
}

// chunksOf returns field i's result against the winner's value.
func (v MergeView) chunksOf(i int) []diff.Chunk {
	m := v.memoNow()
	c, ok := m.chunks[i]
	if !ok {
		f := v.fields[i]
		c = diff.Chunks(f.winner, v.value(i), f.granularity())
		m.chunks[i] = c
	}
	return c
}

// statesOf returns what the result holds at each hunk of version ver.
func (v MergeView) statesOf(ver int) []hunkState {
	m := v.memoNow()
	if s, ok := m.states[ver]; ok {
		return s
	}
	others := v.othersOf(ver)
	s := make([]hunkState, len(v.hunks[ver]))
	for k, h := range v.hunks[ver] {
		s[k] = v.fields[h.field].stateIn(v.value(h.field), v.chunksOf(h.field), h, v.taken[h.id(ver)], others)
	}
	m.states[ver] = s
	return s
}

// straysOf returns field i's changes outside the hunks of the version
// shown (see straysIn).
func (v MergeView) straysOf(i int) (typed, theirs [][2]int) {
	m := v.memoNow()
	k := [2]int{i, v.version}
	s, ok := m.strays[k]
	if !ok {
		s.typed, s.theirs = v.fields[i].straysIn(v.value(i), v.chunksOf(i), i, v.shown(), v.others())
		m.strays[k] = s
	}
	return s.typed, s.theirs
}

// placeOf returns where the result holds hunk k of the version shown
// (see locate).
func (v MergeView) placeOf(k int) (rs, re int) {
	m := v.memoNow()
	key := [2]int{v.version, k}
	p, ok := m.places[key]
	if !ok {
		h := v.shown()[k]
		p[0], p[1], _, _, _ = spanOver(v.chunksOf(h.field), h)
		m.places[key] = p
	}
	return p[0], p[1]
}
