package diff

// A Row is one line of a side-by-side view: a line of the old text on the
// left, a line of the new text on the right, or filler where a side has no
// line. Both cells of a row have the same Kind.
type Row struct {
	Left, Right Cell
}

// Changed reports whether the row shows a difference.
func (r Row) Changed() bool { return r.Left.Kind != Equal }

// A Cell is one side of a [Row].
type Cell struct {
	// Line is the line's number in its text, counted from 1, or 0 for
	// filler facing a deleted or inserted line.
	Line int
	// Kind is Equal for an unchanged line, Change for a line paired with a
	// different one, Delete or Insert for a line without a partner and for
	// the filler facing it.
	Kind Kind
	// Spans hold the line's text without its "\n": one span for a whole
	// line, word spans (see [Words]) for a changed one, none for filler or
	// an empty line.
	Spans []Span
	// NoNewline reports that the line is its text's last and has no "\n".
	NoNewline bool
}

// SideBySide aligns a and b line by line. Unchanged lines face each other.
// In each run of changed lines, the old lines pair up in order with the new
// ones as Change rows carrying word spans; the lines left over from the longer
// side become Delete or Insert rows facing filler. It returns nil when both
// texts are empty.
func SideBySide(a, b string) []Row {
	return sideBySide(a, b, Words)
}

// sideBySide is SideBySide with the word spans of words.
func sideBySide(a, b string, words func(a, b string) (left, right []Span)) []Row {
	la, lb := splitLines(a), splitLines(b)
	var rows []Row
	i, j := 0, 0
	end := block{len(la), len(la), len(lb), len(lb)}
	for _, bl := range append(diffBlocks(la, lb), end) {
		for ; i < bl.a0; i, j = i+1, j+1 {
			rows = append(rows, Row{
				Left:  wholeCell(la[i], i+1, Equal),
				Right: wholeCell(lb[j], j+1, Equal),
			})
		}
		rows = appendChange(rows, la, lb, bl, words)
		i, j = bl.a1, bl.b1
	}
	return rows
}

// appendChange appends the rows of one block.
func appendChange(rows []Row, la, lb []string, bl block, words func(a, b string) (left, right []Span)) []Row {
	left, right := pairSpans(la[bl.a0:bl.a1], lb[bl.b0:bl.b1], words)
	for k := 0; k < len(left) || k < len(right); k++ {
		var r Row
		switch {
		case k < len(left) && k < len(right):
			r.Left = spanCell(la[bl.a0+k], bl.a0+k+1, Change, left[k])
			r.Right = spanCell(lb[bl.b0+k], bl.b0+k+1, Change, right[k])
		case k < len(left):
			r.Left = spanCell(la[bl.a0+k], bl.a0+k+1, Delete, left[k])
			r.Right = Cell{Kind: Delete}
		default:
			r.Left = Cell{Kind: Insert}
			r.Right = spanCell(lb[bl.b0+k], bl.b0+k+1, Insert, right[k])
		}
		rows = append(rows, r)
	}
	return rows
}

// pairSpans returns the spans of each line of a change: word spans for the
// lines that pair up in order, whole-line spans for the rest.
func pairSpans(old, cur []string, words func(a, b string) (left, right []Span)) (left, right [][]Span) {
	left, right = make([][]Span, len(old)), make([][]Span, len(cur))
	for k := range left {
		text, _ := content(old[k])
		if k < len(cur) {
			other, _ := content(cur[k])
			left[k], right[k] = words(text, other)
			continue
		}
		left[k] = whole(text, Delete)
	}
	for k := len(old); k < len(cur); k++ {
		text, _ := content(cur[k])
		right[k] = whole(text, Insert)
	}
	return left, right
}

// wholeCell returns the cell of a line shown as one span.
func wholeCell(line string, n int, k Kind) Cell {
	text, noNL := content(line)
	return Cell{Line: n, Kind: k, Spans: whole(text, k), NoNewline: noNL}
}

func spanCell(line string, n int, k Kind, spans []Span) Cell {
	_, noNL := content(line)
	return Cell{Line: n, Kind: k, Spans: spans, NoNewline: noNL}
}

// whole returns text as a single span, or no span if text is empty.
func whole(text string, k Kind) []Span {
	if text == "" {
		return nil
	}
	return []Span{{text, k}}
}
