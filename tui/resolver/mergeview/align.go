package mergeview

import (
	"strings"

	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// How the columns line up (see columns.go): the winner's and the
// versions' columns are cut at the winner's line breaks that every version
// keeps (syncOf) and wrapped once per item and width (source); each
// revision of the result is cut at those of the breaks it keeps too, and
// every block is padded to its tallest column (layColumns), so that a line
// every column shares starts on one row.

// columnsMemo keeps what the columns show. The winner's and the versions'
// columns, cut into blocks and wrapped, do not depend on the result: they
// are kept while the view stays open on the item (owner). The fields laid
// out with the result are kept for its revision. The hunk at hand is
// highlighted only when a row is painted.
type columnsMemo struct {
	owner   *mergeMemo       // the view's memo when these were made: a new one is a new item
	sync    map[[2]int][]int // by field and the version alone in view, -1 for all
	sources map[sourceKey]columnBlocks
	rev     uint64
	fields  map[columnsKey]laidColumns
}

// sourceKey names a source column: the winner's (version is the one at
// hand, whose drops it marks) or a version's, at a width.
type sourceKey struct {
	field, version, width int
	winner, one           bool // one: the version at hand alone (see lanes)
	base                  bool // cut with the base's column (baseColumn)
}

type columnsKey struct {
	field, version, width int
	typing                bool // typing in this field: the result is the text area
	one                   bool // the version at hand alone (see lanes)
	base                  bool // with the base's column (baseColumn)
}

// laidColumns is a field laid out in columns: the winner's column, the
// result's and each version's, with as many rows each; while typing in
// the field, typed is the text area's row on each of them, or -1.
type laidColumns struct {
	cols  []wrappedResult
	typed []int
}

// columnBlocks is a source column cut into blocks and wrapped: each
// block's rows, and the hunk, by tag, that first shows on each row.
type columnBlocks struct {
	rows  [][][]draw.Piece
	first [][]int
}

// fieldColumns returns field i laid out in columns (see layColumns), kept
// for the revision unless the result shows a caret, which changes its text.
func (v *Model) fieldColumns(i int) laidColumns {
	caret := false
	if hs := v.shown(); !v.editor.typing && v.cur < len(hs) && hs[v.cur].Field == i {
		rs, re := v.placeOf(v.cur)
		caret = rs == re
	}
	m := v.cols.memo
	if m == nil || m.owner != v.memo {
		m = &columnsMemo{owner: v.memo, sync: map[[2]int][]int{}, sources: map[sourceKey]columnBlocks{}}
		v.cols.memo = m
	}
	if m.fields == nil || m.rev != v.mm.Rev() {
		m.rev, m.fields = v.mm.Rev(), map[columnsKey]laidColumns{}
	}
	k := columnsKey{i, v.version, v.width, v.editor.typing && v.editor.field == i, !v.columnar(), v.baseColumn()}
	if c, ok := m.fields[k]; ok && !caret {
		return c
	}
	c := v.layColumns(m, i, k.typing, caret)
	if !caret {
		m.fields[k] = c
	}
	return c
}

// syncOf returns the winner's line breaks in field i that every version
// in view keeps: where the source columns' blocks part.
func (v Model) syncOf(m *columnsMemo, i int) []int {
	k := [2]int{i, -1}
	switch {
	case !v.columnar():
		k[1] = v.version
	case v.baseColumn():
		k[1] = -2 // the base's breaks kept too
	}
	if s, ok := m.sync[k]; ok {
		return s
	}
	f := v.fields[i]
	var kept [][]int
	for _, j := range v.lanes() {
		kept = append(kept, keptBreaks(mergemodel.HunkChunks(f.Winner, v.mm.Hunks(j), i), v.inlineAt(j, i)))
	}
	if v.baseColumn() {
		kept = append(kept, keptBreaks(v.baseChunks(i), nil))
	}
	s := syncBreaks(strings.Count(f.Winner, "\n"), kept...)
	m.sync[k] = s
	return s
}

// source returns a source column of field i cut at the blocks and
// wrapped: the winner's value, its drops against the version at hand
// marked, or version ver's value against the winner's (see inline).
func (v Model) source(m *columnsMemo, i, ver int, winner bool) columnBlocks {
	wl, _, wv := v.laneWidths()
	k := sourceKey{i, ver, wv, winner, !v.columnar(), v.baseColumn()}
	if winner {
		k.width = wl
	}
	if c, ok := m.sources[k]; ok {
		return c
	}
	w := v
	w.version = ver
	left, right := w.sidePieces(i, -1)
	ps, at := left, v.syncOf(m, i)
	switch chunks := mergemodel.HunkChunks(v.fields[i].Winner, v.mm.Hunks(ver), i); {
	case !winner && k.one: // the version at hand beside the winner, which shows its drops
		ps, at = right, breaksIn(at, keptBreaks(chunks, nil))
	case !winner:
		ps, at = inline(left, right), breaksIn(at, keptBreaks(chunks, v.inlineAt(ver, i)))
	}
	var c columnBlocks
	for _, b := range cutAtBreaks(ps, at) {
		rows := draw.WrapLines(b, k.width)
		c.rows, c.first = append(c.rows, rows), append(c.first, firstTags(rows))
	}
	m.sources[k] = c
	return c
}

// layColumns lays field i out in columns: the winner's column, the
// result's and each version's. The source columns part at the blocks of
// syncOf, each block padded to the tallest; the result parts at those of
// them it keeps too (all, unless typing took one away), so that a block
// of the result may span several of the sources', padded as a whole.
// Typed in, the result is the text area: typed says which of its rows
// stands on each row, each line on its block as the result's would.
func (v Model) layColumns(m *columnsMemo, i int, typing, caret bool) laidColumns {
	_, wr, _ := v.laneWidths()
	srcs := []columnBlocks{v.source(m, i, v.version, true)}
	marks := []map[int]string{nil} // the winner's column has no gutter, nor the version's alone
	for _, j := range v.lanes() {
		var mk map[int]string
		if v.columnar() {
			mk = v.marksOf(j)
		}
		srcs, marks = append(srcs, v.source(m, i, j, false)), append(marks, mk)
	}
	if v.baseColumn() { // the last column laid out, drawn first (renderColumns)
		srcs, marks = append(srcs, v.baseSource(m, i)), append(marks, nil)
	}
	sync := v.syncOf(m, i)
	kept := keptBreaks(v.chunksOf(i), nil)
	var at []int       // the result's line breaks where its blocks part
	groups := []int{0} // the sources' block where each of the result's starts
	for b, s := range sync {
		if kept[s] >= 0 {
			at, groups = append(at, kept[s]), append(groups, b+1)
		}
	}
	var blocks [][]draw.Piece // the result's, one per group of the sources' blocks
	var rmarks map[int]string
	var lineRows []int // typing: the text area's rows of each line
	if typing {
		ta := v.editor.areas[i]
		ta.SetSize(wr, 1)
		lineRows = make([]int, strings.Count(v.value(i), "\n")+1)
		for _, r := range ta.Visual() {
			lineRows[r.Line]++
		}
	} else {
		var result []draw.Piece
		if caret {
			result, rmarks = v.resultPieces(i)
		} else {
			result, rmarks = v.resultPiecesAt(i, -1)
		}
		blocks = cutAtBreaks(result, at)
	}
	var out laidColumns
	out.cols = make([]wrappedResult, len(srcs)+1) // the winner's, the result's, the versions'
	col := func(c int) *wrappedResult { return &out.cols[c+min(c, 1)] }
	typed := 0 // the text area's rows laid out
	for g, start := range groups {
		end := len(sync) + 1
		if g+1 < len(groups) {
			end = groups[g+1]
		}
		base := len(out.cols[0].rows)
		for b := start; b < end; b++ {
			h := 0
			for _, c := range srcs {
				h = max(h, len(c.rows[b]))
			}
			for c, src := range srcs {
				col(c).addRows(src.rows[b], src.first[b], marks[c], h)
			}
		}
		n := len(out.cols[0].rows) - base
		if typing {
			l0, l1 := 0, len(lineRows)
			if g > 0 {
				l0 = at[g-1] + 1
			}
			if g < len(at) {
				l1 = at[g] + 1
			}
			for _, r := range lineRows[l0:l1] {
				for range r {
					out.typed, typed = append(out.typed, typed), typed+1
				}
			}
			n = max(n, len(out.typed)-base)
			for len(out.typed) < base+n {
				out.typed = append(out.typed, -1)
			}
		} else {
			r := wrapResult(blocks[g], marksIn(blocks[g], rmarks), wr)
			out.cols[1].add(r, n)
			n = max(n, len(r.rows))
		}
		for c := range out.cols {
			out.cols[c].padTo(base + n)
		}
	}
	return out
}

// add adds a block of the result's rows, padded with blank rows to n.
func (wr *wrappedResult) add(block wrappedResult, n int) {
	base := len(wr.rows)
	for t, r := range block.tagRows {
		if wr.tagRows == nil {
			wr.tagRows = map[int]int{}
		}
		if _, ok := wr.tagRows[t]; !ok {
			wr.tagRows[t] = base + r
		}
	}
	wr.rows = append(wr.rows, block.rows...)
	wr.marks = append(wr.marks, block.marks...)
	wr.padTo(base + n)
}

// addRows adds a block of a source column's rows, each marked with what
// the result holds at the hunk that first shows on it (marks, by tag; none
// for the winner's column), padded with blank rows to n.
func (wr *wrappedResult) addRows(rows [][]draw.Piece, first []int, marks map[int]string, n int) {
	base := len(wr.rows)
	wr.rows = append(wr.rows, rows...)
	for _, t := range first {
		wr.marks = append(wr.marks, marks[t])
	}
	wr.padTo(base + n)
}

// padTo adds blank rows up to n.
func (wr *wrappedResult) padTo(n int) {
	for len(wr.rows) < n {
		wr.rows, wr.marks = append(wr.rows, nil), append(wr.marks, "")
	}
}

// marksOf returns the gutter mark of each hunk of version ver, by tag:
// what the result holds there.
func (v Model) marksOf(ver int) map[int]string {
	out := map[int]string{}
	for k, s := range v.statesOf(ver) {
		if !v.hidden(ver, k) {
			out[k+1] = stateMark[s]
		}
	}
	return out
}

// lanes returns the versions that have a column: every one in columns,
// else the version at hand.
func (v Model) lanes() []int {
	if !v.columnar() {
		return []int{v.version}
	}
	out := make([]int, v.mm.Versions())
	for j := range out {
		out[j] = j
	}
	return out
}

// laneWidths returns the cells of text of the winner's column, the
// result's and each version's: in columns (columnWidths), or the version
// at hand alone (columns, the result's gutter taken off).
func (v Model) laneWidths() (winner, result, version int) {
	if v.columnar() {
		return v.columnWidths()
	}
	l, m, r := v.columns()
	return l, m - 2, r
}

// baseChunks returns field i's winner's value against the base's.
func (v Model) baseChunks(i int) []diff.Chunk {
	return diff.Chunks(v.fields[i].Winner, v.baseValue(i), v.fields[i].Granularity())
}

// baseSource returns the base's column of field i: its value as it is,
// cut at the blocks the columns share and wrapped.
func (v Model) baseSource(m *columnsMemo, i int) columnBlocks {
	k := sourceKey{field: i, version: -1, width: v.baseWidth(), base: true}
	if c, ok := m.sources[k]; ok {
		return c
	}
	var c columnBlocks
	for _, b := range cutAtBreaks(v.plain(v.baseValue(i)), breaksIn(v.syncOf(m, i), keptBreaks(v.baseChunks(i), nil))) {
		rows := draw.WrapLines(b, k.width)
		c.rows, c.first = append(c.rows, rows), append(c.first, firstTags(rows))
	}
	m.sources[k] = c
	return c
}
