package diff

import (
	"errors"
	"fmt"
	"strings"
)

// An Edit replaces lines [Start, End) of the old text, counted from 0, with
// New. Start == End inserts before line Start; an empty New deletes.
type Edit struct {
	Start, End int
	// New holds whole lines, each with its "\n" except a text's last line
	// when that text does not end in a newline.
	New string
}

// ErrBadEdit reports edits that [Apply] cannot use: out of range, reversed,
// overlapping or out of order.
var ErrBadEdit = errors.New("diff: bad edit")

// Lines returns the line edits that turn a into b: a shortest edit script,
// sorted and non-overlapping, one Edit per run of changed lines. It returns
// nil when a == b.
func Lines(a, b string) []Edit {
	la, lb := splitLines(a), splitLines(b)
	var edits []Edit
	for _, bl := range diffBlocks(la, lb) {
		edits = append(edits, Edit{
			Start: bl.a0,
			End:   bl.a1,
			New:   strings.Join(lb[bl.b0:bl.b1], ""),
		})
	}
	return edits
}

// Apply applies line edits, as returned by [Lines], to a. The edits must be
// sorted and must not overlap, though several may insert at the same line;
// otherwise Apply returns an error wrapping [ErrBadEdit].
func Apply(a string, edits []Edit) (string, error) {
	lines := splitLines(a)
	var sb strings.Builder
	sb.Grow(len(a))
	last := 0
	for i, e := range edits {
		if e.Start < last || e.End < e.Start || e.End > len(lines) {
			return "", fmt.Errorf("applying edit %d (lines %d to %d of %d, previous edit ended at %d): %w",
				i, e.Start, e.End, len(lines), last, ErrBadEdit)
		}
		writeLines(&sb, lines[last:e.Start])
		sb.WriteString(e.New)
		last = e.End
	}
	writeLines(&sb, lines[last:])
	return sb.String(), nil
}

func writeLines(sb *strings.Builder, lines []string) {
	for _, l := range lines {
		sb.WriteString(l)
	}
}

// splitLines cuts s after each "\n". The last line lacks one when s does not
// end in a newline; an empty s has no lines.
func splitLines(s string) []string {
	lines := make([]string, 0, strings.Count(s, "\n")+1)
	for s != "" {
		i := strings.IndexByte(s, '\n') + 1
		if i == 0 {
			i = len(s)
		}
		lines = append(lines, s[:i])
		s = s[i:]
	}
	return lines
}

// content returns a line's text without its "\n", and whether it lacked one.
func content(line string) (text string, noNewline bool) {
	text, found := strings.CutSuffix(line, "\n")
	return text, !found
}
