package diff

// A Segment is a run of rows, rows[Start:End], that a viewer either shows or,
// when Folded, may collapse into a single "n unchanged lines" marker.
type Segment struct {
	Start, End int
	Folded     bool
}

// Len returns the number of rows in the segment.
func (s Segment) Len() int { return s.End - s.Start }

// Fold splits rows into visible and folded segments, in order, covering all
// rows. Every changed row stays visible with up to context unchanged rows on
// each side; the unchanged rows beyond that are folded. So a run of unchanged
// rows between two changes folds only when longer than 2*context, and the
// visible segments match the hunks of [Unified] with the same context. Rows
// without any change fold entirely. Fold returns nil for no rows.
func Fold(rows []Row, context int) []Segment {
	context = max(context, 0)
	var segs []Segment
	add := func(start, end int, folded bool) {
		if start == end {
			return
		}
		if n := len(segs); n > 0 && segs[n-1].Folded == folded {
			segs[n-1].End = end
			return
		}
		segs = append(segs, Segment{start, end, folded})
	}
	for i := 0; i < len(rows); {
		j := i
		for j < len(rows) && rows[j].Changed() == rows[i].Changed() {
			j++
		}
		if rows[i].Changed() {
			add(i, j, false)
			i = j
			continue
		}
		keepBefore, keepAfter := 0, 0
		if i > 0 {
			keepBefore = min(context, j-i)
		}
		if j < len(rows) {
			keepAfter = min(context, j-i-keepBefore)
		}
		add(i, i+keepBefore, false)
		add(i+keepBefore, j-keepAfter, true)
		add(j-keepAfter, j, false)
		i = j
	}
	return segs
}
