package mergeview

import (
	"cmp"
	"slices"
	"strings"

	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// Line breaks: where the columns part into blocks that every column
// keeps, so that a line they share starts on one row in each.

// firstTags returns, for each row, the hunk (by tag) that first shows on
// it, or 0.
func firstTags(rows [][]draw.Piece) []int {
	out := make([]int, len(rows))
	seen := map[int]bool{}
	for k, row := range rows {
		for _, p := range row {
			if p.Tag > 0 && !seen[p.Tag] {
				seen[p.Tag] = true
				out[k] = cmp.Or(out[k], p.Tag)
			}
		}
	}
	return out
}

// marksIn keeps the marks of the hunks a block holds, so that wrapResult
// puts no other hunk's mark on its last row.
func marksIn(block []draw.Piece, marks map[int]string) map[int]string {
	out := map[int]string{}
	for _, p := range block {
		if m, ok := marks[p.Tag]; ok && p.Tag > 0 {
			out[p.Tag] = m
		}
	}
	return out
}

// keptBreaks returns, for each line break of the winner's value, the
// number of the line break that stands for it in the other text of
// chunks, or -1 where a change takes it away. Inline (for each change k
// that inline reports so, none when it is nil), the text is both sides of
// the change, the winner's first (see inline); a hunk W hides is the
// version's side alone.
func keptBreaks(chunks []diff.Chunk, inline func(k int) bool) []int {
	var out []int
	n, k := 0, 0
	for _, c := range chunks {
		old := strings.Count(c.Old, "\n")
		switch {
		case !c.Changed:
			for range old {
				out, n = append(out, n), n+1
			}
			continue
		case inline != nil && inline(k):
			n += old
		}
		k++
		for range old {
			out = append(out, -1)
		}
		n += strings.Count(c.New, "\n")
	}
	return out
}

// inline merges the two sides of sidePieces into one text: what the
// winner and the version share once, and at each hunk the winner's text
// the version drops, then the version's text, as a word diff shows them.
// So each version's column shows all it changes, its deletions too, which
// the winner's column marks only for the version at hand. A hunk W hides
// (white space alone, unmarked) shows the version's text alone: the
// column reads as the version wrote it.
func inline(left, right []draw.Piece) []draw.Piece {
	out := make([]draw.Piece, 0, len(left)+len(right))
	li, ri := 0, 0
	for li < len(left) || ri < len(right) {
		switch {
		case li < len(left) && left[li].Tag > 0 && left[li].Kind == diff.Equal:
			li++ // the winner's white space at a hidden hunk
		case li < len(left) && left[li].Tag > 0 && (ri >= len(right) || right[ri].Tag == 0 || right[ri].Tag >= left[li].Tag):
			out, li = append(out, left[li]), li+1
		case ri < len(right) && (right[ri].Tag > 0 || li >= len(left)):
			out, ri = append(out, right[ri]), ri+1
		default: // text both share: the same on either side
			out, li, ri = append(out, left[li]), li+1, ri+1
		}
	}
	return out
}

// syncBreaks returns the winner's line breaks, of n, that every text
// keeps (each kept is a text's, see keptBreaks).
func syncBreaks(n int, kept ...[]int) []int {
	var out []int
	for k := range n {
		if !slices.ContainsFunc(kept, func(t []int) bool { return k >= len(t) || t[k] < 0 }) {
			out = append(out, k)
		}
	}
	return out
}

// breaksIn returns the text's own numbers of the winner's line breaks
// sync (kept maps them; nil is the winner itself).
func breaksIn(sync, kept []int) []int {
	if kept == nil {
		return sync
	}
	out := make([]int, len(sync))
	for k, s := range sync {
		out[k] = kept[s]
	}
	return out
}

// cutAtBreaks cuts pieces at the line breaks numbered at (ascending, from
// 0 among the pieces' line breaks), which it drops: len(at)+1 blocks.
func cutAtBreaks(ps []draw.Piece, at []int) [][]draw.Piece {
	out := make([][]draw.Piece, 0, len(at)+1)
	var cur []draw.Piece
	n := 0
	for _, p := range ps {
		for len(out) < len(at) {
			i := strings.IndexByte(p.Text, '\n')
			if i < 0 {
				break
			}
			head := p
			head.Text = p.Text[:i+1]
			if n == at[len(out)] {
				head.Text = p.Text[:i]
				out, cur = append(out, append(cur, head)), nil
			} else {
				cur = append(cur, head)
			}
			p.Text = p.Text[i+1:]
			n++
		}
		cur = append(cur, p)
	}
	return append(out, cur)
}
