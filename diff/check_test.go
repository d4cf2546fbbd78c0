package diff

import (
	"fmt"
	"strings"
)

// numbered returns n lines "prefix i\n".
func numbered(prefix string, n int) string {
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, "%s %d\n", prefix, i)
	}
	return sb.String()
}

// checkRows checks that rows show a on the left and b on the right, numbered
// in order, and that each row is consistent.
func checkRows(rows []Row, a, b string) error {
	var left, right strings.Builder
	nl, nr := 0, 0
	for i, r := range rows {
		if r.Left.Kind != r.Right.Kind {
			return fmt.Errorf("row %d: cells of kinds %v and %v", i, r.Left.Kind, r.Right.Kind)
		}
		if err := addCell(&left, &nl, r.Left); err != nil {
			return fmt.Errorf("row %d, left: %w", i, err)
		}
		if err := addCell(&right, &nr, r.Right); err != nil {
			return fmt.Errorf("row %d, right: %w", i, err)
		}
		if r.Left.Kind == Equal && Join(r.Left.Spans) != Join(r.Right.Spans) {
			return fmt.Errorf("row %d: equal row shows %q and %q", i, Join(r.Left.Spans), Join(r.Right.Spans))
		}
	}
	if left.String() != a || right.String() != b {
		return fmt.Errorf("rows show %q and %q, want %q and %q", left.String(), right.String(), a, b)
	}
	return nil
}

// addCell appends a cell's line to sb, checking its number and spans.
func addCell(sb *strings.Builder, line *int, c Cell) error {
	if c.Line == 0 {
		if c.Spans != nil || c.Kind == Equal || c.Kind == Change {
			return fmt.Errorf("bad filler %+v", c)
		}
		return nil
	}
	if *line++; c.Line != *line {
		return fmt.Errorf("line %d, want %d", c.Line, *line)
	}
	if err := checkSpans(c.Spans); err != nil {
		return err
	}
	sb.WriteString(Join(c.Spans))
	if !c.NoNewline {
		sb.WriteByte('\n')
	}
	return nil
}

// checkSpans checks that spans are non-empty and that neighbours differ.
func checkSpans(spans []Span) error {
	for i, s := range spans {
		if s.Text == "" {
			return fmt.Errorf("empty span %d in %q", i, spans)
		}
		if i > 0 && spans[i-1].Kind == s.Kind {
			return fmt.Errorf("spans %d and %d share kind %v in %q", i-1, i, s.Kind, spans)
		}
	}
	return nil
}

// checkFold checks that the visible segments of Fold(rows, context) cover
// the same old and new lines as hunks.
func checkFold(rows []Row, hunks []Hunk, context int) error {
	var visible []Segment
	for _, s := range Fold(rows, context) {
		if !s.Folded {
			visible = append(visible, s)
		}
	}
	if len(visible) != len(hunks) {
		return fmt.Errorf("%d visible segments, %d hunks", len(visible), len(hunks))
	}
	for i, s := range visible {
		from, to := lineSpan(rows[s.Start:s.End], func(r Row) int { return r.Left.Line }),
			lineSpan(rows[s.Start:s.End], func(r Row) int { return r.Right.Line })
		h := hunks[i]
		if from != lineRangeOf(h.FromLine, h.FromCount) || to != lineRangeOf(h.ToLine, h.ToCount) {
			return fmt.Errorf("segment %d shows lines %v and %v, hunk %+v", i, from, to, h)
		}
	}
	return nil
}

// lineRangeOf returns what lineSpan gives for a hunk's range.
func lineRangeOf(start, count int) [2]int {
	if count == 0 {
		return [2]int{0, 0}
	}
	return [2]int{start, count}
}

// lineSpan returns the first line number and the count of the lines in rows.
func lineSpan(rows []Row, line func(Row) int) [2]int {
	first, n := 0, 0
	for _, r := range rows {
		if l := line(r); l > 0 {
			if n == 0 {
				first = l
			}
			n++
		}
	}
	return [2]int{first, n}
}
