package merge3

import (
	"slices"
	"strings"

	"github.com/feedsync/feedsync/diff"
)

// sideEdits returns the edits that turn the base tokens bt into a side's
// tokens st, cut the same way whatever else the side changed.
//
// A token diff of texts whose words are parted by spaces may align the
// spaces in many ways ("w" replaced by "x y" reads as " x" inserted and
// "w" replaced by "y", or the other way round), and which way it picks
// depends on the rest of the text, so that two sides making the same
// change may describe it differently. So the words (every token but white
// space) are aligned first; between two aligned words, a region holding as
// many words on both sides is compared word by word and gap by gap, and
// any other region is one change, less the tokens it starts and ends with
// on both sides.
func sideEdits(bt, st []string) []diff.TokenEdit {
	var out []diff.TokenEdit
	pb, ps := -1, -1
	for _, an := range anchors(bt, st) {
		out = appendRegion(out, bt[pb+1:an[0]], st[ps+1:an[1]], pb+1)
		pb, ps = an[0], an[1]
	}
	out = appendRegion(out, bt[pb+1:], st[ps+1:], pb+1)
	return joinTouching(out)
}

// anchors returns the token indexes, base then side, of the words both
// texts keep, in order.
func anchors(bt, st []string) [][2]int {
	wb, ws := wordIndexes(bt), wordIndexes(st)
	var out [][2]int
	i, j := 0, 0
	keep := func(to int) {
		for ; i < to; i, j = i+1, j+1 {
			out = append(out, [2]int{wb[i], ws[j]})
		}
	}
	for _, e := range diff.TokenEdits(pick(bt, wb), pick(st, ws)) {
		keep(e.Start)
		i, j = e.End, j+len(e.New)
	}
	keep(len(wb))
	return out
}

// wordIndexes returns the indexes of the tokens that are not white space.
func wordIndexes(toks []string) []int {
	var idx []int
	for i, t := range toks {
		if !isSpace(t) {
			idx = append(idx, i)
		}
	}
	return idx
}

func pick(toks []string, idx []int) []string {
	out := make([]string, len(idx))
	for k, i := range idx {
		out[k] = toks[i]
	}
	return out
}

func isSpace(t string) bool { return strings.TrimSpace(t) == "" }

// appendRegion appends the edits of one region between aligned words; off
// is the base index of its first token.
func appendRegion(out []diff.TokenEdit, rb, rs []string, off int) []diff.TokenEdit {
	if slices.Equal(rb, rs) {
		return out
	}
	ib, is := items(rb), items(rs)
	if len(ib) != len(is) {
		return append(out, trimmed(rb, rs, off))
	}
	for k := range ib {
		b, s := rb[ib[k][0]:ib[k][1]], rs[is[k][0]:is[k][1]]
		if !slices.Equal(b, s) {
			out = append(out, diff.TokenEdit{Start: off + ib[k][0], End: off + ib[k][1], New: s})
		}
	}
	return out
}

// items cuts a region into its gaps and words: a run of white space
// (perhaps empty), a word, a run of white space, and so on.
func items(toks []string) [][2]int {
	var out [][2]int
	start := 0
	for i, t := range toks {
		if !isSpace(t) {
			out = append(out, [2]int{start, i}, [2]int{i, i + 1})
			start = i + 1
		}
	}
	return append(out, [2]int{start, len(toks)})
}

// trimmed returns rb replaced by rs as one edit, without the tokens both
// start and end with.
func trimmed(rb, rs []string, off int) diff.TokenEdit {
	p := 0
	for p < len(rb) && p < len(rs) && rb[p] == rs[p] {
		p++
	}
	s := 0
	for s < len(rb)-p && s < len(rs)-p && rb[len(rb)-1-s] == rs[len(rs)-1-s] {
		s++
	}
	return diff.TokenEdit{Start: off + p, End: off + len(rb) - s, New: rs[p : len(rs)-s]}
}

// joinTouching joins edits that meet, so that one side's edits have at
// least one base token between them.
func joinTouching(edits []diff.TokenEdit) []diff.TokenEdit {
	var out []diff.TokenEdit
	for _, e := range edits {
		if n := len(out); n > 0 && out[n-1].End == e.Start {
			out[n-1].End = e.End
			out[n-1].New = slices.Concat(out[n-1].New, e.New)
			continue
		}
		out = append(out, e)
	}
	return out
}
