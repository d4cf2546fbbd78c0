package diff

import (
	"fmt"
	"strings"
)

// A Hunk is one group of changes with its surrounding context, as in a
// unified diff.
type Hunk struct {
	// FromLine is the number, counted from 1, of the hunk's first old line;
	// when FromCount is 0 it is the number of the line the hunk follows (0
	// at the top), as unified diffs write it. ToLine is the same for the
	// new text.
	FromLine, FromCount int
	ToLine, ToCount     int
	Lines               []Line
}

// A Line is one line of a hunk.
type Line struct {
	// Kind is Equal for context, Delete for an old line, Insert for a new
	// one; unified text writes them ' ', '-' and '+'.
	Kind Kind
	// Spans hold the line's text without its "\n". A deleted line paired
	// with an inserted one (the k-th '-' and the k-th '+' of a run of
	// changes) has word spans, see [Words]; other lines have one span, or
	// none if empty.
	Spans []Span
	// NoNewline reports that the line is its text's last and has no "\n".
	NoNewline bool
}

// Unified returns the hunks of a unified diff from a to b, each change with
// up to context unchanged lines around it. Changes separated by at most
// 2*context unchanged lines share a hunk. It returns nil when a == b.
func Unified(a, b string, context int) []Hunk {
	context = max(context, 0)
	la, lb := splitLines(a), splitLines(b)
	blocks := diffBlocks(la, lb)
	var hunks []Hunk
	for len(blocks) > 0 {
		n := 1
		for n < len(blocks) && blocks[n].a0-blocks[n-1].a1 <= 2*context {
			n++
		}
		hunks = append(hunks, hunk(la, lb, blocks[:n], context))
		blocks = blocks[n:]
	}
	return hunks
}

// hunk builds the hunk of a group of blocks.
func hunk(la, lb []string, blocks []block, context int) Hunk {
	first, last := blocks[0], blocks[len(blocks)-1]
	before := min(context, first.a0)
	after := min(context, len(la)-last.a1)
	a0, b0 := first.a0-before, first.b0-before
	a1, b1 := last.a1+after, last.b1+after
	h := Hunk{
		FromLine: startLine(a0, a1), FromCount: a1 - a0,
		ToLine: startLine(b0, b1), ToCount: b1 - b0,
	}
	i := a0
	for _, bl := range blocks {
		h.Lines = appendContext(h.Lines, la[i:bl.a0])
		left, right := pairSpans(la[bl.a0:bl.a1], lb[bl.b0:bl.b1], Words)
		h.Lines = appendChanged(h.Lines, la[bl.a0:bl.a1], left, Delete)
		h.Lines = appendChanged(h.Lines, lb[bl.b0:bl.b1], right, Insert)
		i = bl.a1
	}
	h.Lines = appendContext(h.Lines, la[i:a1])
	return h
}

// startLine returns the number unified diffs give a range of lines.
func startLine(start, end int) int {
	if start == end {
		return start
	}
	return start + 1
}

func appendContext(out []Line, lines []string) []Line {
	for _, l := range lines {
		text, noNL := content(l)
		out = append(out, Line{Kind: Equal, Spans: whole(text, Equal), NoNewline: noNL})
	}
	return out
}

func appendChanged(out []Line, lines []string, spans [][]Span, k Kind) []Line {
	for i, l := range lines {
		_, noNL := content(l)
		out = append(out, Line{Kind: k, Spans: spans[i], NoNewline: noNL})
	}
	return out
}

// String returns the line as unified-diff text: its prefix, its text and a
// newline, then "\ No newline at end of file" if it lacks one.
func (l Line) String() string {
	prefix := " "
	switch l.Kind {
	case Delete:
		prefix = "-"
	case Insert:
		prefix = "+"
	}
	s := prefix + Join(l.Spans) + "\n"
	if l.NoNewline {
		s += "\\ No newline at end of file\n"
	}
	return s
}

// String returns the hunk as unified-diff text, from its "@@" header on.
func (h Hunk) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "@@ -%s +%s @@\n", lineRange(h.FromLine, h.FromCount), lineRange(h.ToLine, h.ToCount))
	for _, l := range h.Lines {
		sb.WriteString(l.String())
	}
	return sb.String()
}

// lineRange writes a hunk range as GNU diff does, leaving out a count of 1.
func lineRange(start, count int) string {
	if count == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}

// Format returns hunks as a unified diff from the text named from to the one
// named to, in plain text: "---" and "+++" headers, then each hunk. It
// returns "" when there are no hunks.
func Format(from, to string, hunks []Hunk) string {
	if len(hunks) == 0 {
		return ""
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", from, to)
	for _, h := range hunks {
		sb.WriteString(h.String())
	}
	return sb.String()
}
