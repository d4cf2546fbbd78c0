package diff

import (
	"slices"
	"strings"
)

// A Chunk is a run of text that both texts share, or a change: Old is the
// old text's side of it, New the new text's. One of the two may be empty (a
// deletion or an insertion), never both.
type Chunk struct {
	Old, New string
	Changed  bool
}

// Granularity says how finely [Chunks] cuts changes.
type Granularity int

const (
	// ByWord cuts a changed run of lines further into words (see [Words]),
	// when the run is small enough for a word diff to stay cheap.
	ByWord Granularity = iota
	// ByLine keeps each changed run of lines whole: for texts whose lines
	// are values of their own, such as a list of categories.
	ByLine
	// ByMarkup cuts HTML and XHTML text as ByWord does, but each tag and
	// each entity or character reference is one word (see [WordsMarkup]),
	// so that no chunk cuts one; a line break inside a tag does not end a
	// line.
	ByMarkup
)

// wordLimit bounds the tokens that Words and Chunks compare word by word
// at once. A larger changed run (a long paragraph, a field of one 1 MB
// line) loses its shared ends, then is cut into pieces (see pieceEnd)
// that are compared whole, and only the runs of pieces that changed are
// compared by words; a run of pieces that is still larger stays one
// change. So the cost stays near linear in the texts' length whatever
// they hold. It is a variable only so that a test can make it small.
var wordLimit = 4000

// Chunks cuts a and b into alternating shared and changed chunks, in
// order: the Old sides joined give a, the New sides give b. It is the data
// a merge tool works on: each changed chunk is a hunk that a person takes
// from one side, the other, or both. Changes are found line by line, then,
// with ByWord, word by word within each changed run of lines; a run of
// spaces between two changed words counts as changed, as in Words. Chunks
// returns nil when both texts are empty.
//
// Lines are compared without their "\n": the last line of a text that does
// not end in a newline is the same line as one that has it (a list's last
// value is the same value in the middle of another list), and the newline
// alone is then a change.
func Chunks(a, b string, g Granularity) []Chunk {
	split := splitLines
	if g == ByMarkup {
		split = markupLines
	}
	la, lb := split(a), split(b)
	var out []Chunk
	i, j := 0, 0
	end := block{len(la), len(la), len(lb), len(lb)}
	for _, bl := range append(diffBlocks(contents(la), contents(lb)), end) {
		out = appendShared(out, strings.Join(la[i:bl.a0], ""), strings.Join(lb[j:bl.b0], ""))
		old, cur := strings.Join(la[bl.a0:bl.a1], ""), strings.Join(lb[bl.b0:bl.b1], "")
		switch g {
		case ByWord:
			out = appendWordChunks(out, tokenize(old), tokenize(cur))
		case ByMarkup:
			out = appendWordChunks(out, tokenizeMarkup(old), tokenizeMarkup(cur))
		default:
			out = appendChunk(out, old, cur, true)
		}
		i, j = bl.a1, bl.b1
	}
	return out
}

// contents returns lines without their "\n".
func contents(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i], _ = content(l)
	}
	return out
}

// appendShared appends a run of lines both texts share. Their contents
// are equal, so the two sides differ at most by the "\n" that the last line
// of one text lacks: that newline is a change of its own.
func appendShared(out []Chunk, old, cur string) []Chunk {
	n := min(len(old), len(cur))
	out = appendChunk(out, old[:n], cur[:n], false)
	return appendChunk(out, old[n:], cur[n:], true)
}

// appendWordChunks appends the chunks of one changed run of lines, cut
// into the words ta and tb (see wordLimit for a large run).
func appendWordChunks(out []Chunk, ta, tb []string) []Chunk {
	for _, op := range tokenOps(nil, ta, tb, true) {
		switch op.Kind {
		case Equal:
			out = appendChunk(out, op.Text, op.Text, false)
		case Delete:
			out = appendChunk(out, op.Text, "", true)
		default:
			out = appendChunk(out, "", op.Text, true)
		}
	}
	return out
}

// tokenOps appends the ops of the tokens ta against tb, as wordOps lists
// them: word by word if they are few, else their shared ends, then the
// rest piece by piece (see wordLimit). With absorb, white space between
// two changes counts as changed (see absorbSpaces).
func tokenOps(ops []Span, ta, tb []string, absorb bool) []Span {
	if len(ta)+len(tb) <= wordLimit || len(ta) == 0 || len(tb) == 0 {
		return wordDiff(ops, ta, tb, absorb)
	}
	p, s := 0, 0
	for p < len(ta) && p < len(tb) && ta[p] == tb[p] {
		p++
	}
	for s < len(ta)-p && s < len(tb)-p && ta[len(ta)-1-s] == tb[len(tb)-1-s] {
		s++
	}
	ops = appendOp(ops, Equal, ta[:p])
	ops = pieceOps(ops, ta[p:len(ta)-s], tb[p:len(tb)-s], absorb)
	return appendOp(ops, Equal, ta[len(ta)-s:])
}

// pieceOps appends the ops of tokens cut into pieces: the pieces both
// sides hold are equal, each run of pieces that changed is compared by
// words if it is small enough, else it is one change.
func pieceOps(ops []Span, ta, tb []string, absorb bool) []Span {
	if len(ta)+len(tb) <= wordLimit || len(ta) == 0 || len(tb) == 0 {
		return wordDiff(ops, ta, tb, absorb)
	}
	pa, pb := pieces(ta), pieces(tb)
	sa, sb := joinEach(pa), joinEach(pb)
	i := 0
	for _, bl := range append(diffBlocks(sa, sb), block{len(pa), len(pa), len(pb), len(pb)}) {
		ops = appendOp(ops, Equal, sa[i:bl.a0])
		ra, rb := slices.Concat(pa[bl.a0:bl.a1]...), slices.Concat(pb[bl.b0:bl.b1]...)
		if len(ra)+len(rb) <= wordLimit {
			ops = wordDiff(ops, ra, rb, absorb)
		} else {
			ops = appendOp(appendOp(ops, Delete, sa[bl.a0:bl.a1]), Insert, sb[bl.b0:bl.b1])
		}
		i = bl.a1
	}
	return ops
}

// pieces cuts tokens into pieces, each ending where pieceEnd says.
func pieces(toks []string) [][]string {
	var out [][]string
	start := 0
	for i, t := range toks {
		if pieceEnd(t) {
			out = append(out, toks[start:i+1])
			start = i + 1
		}
	}
	if start < len(toks) {
		out = append(out, toks[start:])
	}
	return out
}

// pieceEnd reports a token that ends a piece: one that ends a sentence or
// a line, or one word in about 32 chosen by its hash, so that text without
// punctuation is cut too, and the same text is cut at the same places on
// both sides wherever it stands.
func pieceEnd(t string) bool {
	switch t {
	case ".", "!", "?", ";", "。":
		return true
	}
	if strings.Contains(t, "\n") {
		return true
	}
	h := uint32(2166136261) // FNV-1a
	for k := 0; k < len(t); k++ {
		h = (h ^ uint32(t[k])) * 16777619
	}
	return h%32 == 0
}

// joinEach joins the tokens of each piece.
func joinEach(ps [][]string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = strings.Join(p, "")
	}
	return out
}

// wordDiff appends the ops of tokens ta against tb compared word by word,
// with absorb the white space between two changes counted as changed (see
// absorbSpaces).
func wordDiff(ops []Span, ta, tb []string, absorb bool) []Span {
	if len(ta) == 0 || len(tb) == 0 {
		return appendOp(appendOp(ops, Delete, ta), Insert, tb)
	}
	ia, ib, ids := intern(ta, tb)
	delA, insB := changes(ia, ib, ids)
	word := wordOps(ta, tb, group(delA, insB))
	if !absorb {
		return append(ops, word...)
	}
	return append(ops, absorbSpaces(word)...)
}

// appendOp appends the tokens toks joined as an op of kind k, unless
// there are none.
func appendOp(ops []Span, k Kind, toks []string) []Span {
	if len(toks) == 0 {
		return ops
	}
	return append(ops, Span{strings.Join(toks, ""), k})
}

// appendChunk appends a chunk, joining it to the last one of the same kind
// and dropping it when empty.
func appendChunk(out []Chunk, old, cur string, changed bool) []Chunk {
	if old == "" && cur == "" {
		return out
	}
	if n := len(out); n > 0 && out[n-1].Changed == changed {
		out[n-1].Old += old
		out[n-1].New += cur
		return out
	}
	return append(out, Chunk{Old: old, New: cur, Changed: changed})
}
