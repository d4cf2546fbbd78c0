package diff

import "strings"

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
)

// wordLimit bounds the tokens of a changed run of lines that Chunks cuts
// into words; a larger run stays one change, so that the cost stays near
// linear in the texts' length whatever they hold.
const wordLimit = 4000

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
	la, lb := splitLines(a), splitLines(b)
	var out []Chunk
	i, j := 0, 0
	end := block{len(la), len(la), len(lb), len(lb)}
	for _, bl := range append(diffBlocks(contents(la), contents(lb)), end) {
		out = appendShared(out, strings.Join(la[i:bl.a0], ""), strings.Join(lb[j:bl.b0], ""))
		old, cur := strings.Join(la[bl.a0:bl.a1], ""), strings.Join(lb[bl.b0:bl.b1], "")
		if g == ByWord {
			out = appendWordChunks(out, old, cur)
		} else {
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
// into words unless the run is too large.
func appendWordChunks(out []Chunk, old, cur string) []Chunk {
	ta, tb := tokenize(old), tokenize(cur)
	if len(ta)+len(tb) > wordLimit || old == "" || cur == "" {
		return appendChunk(out, old, cur, true)
	}
	ia, ib, ids := intern(ta, tb)
	delA, insB := changes(ia, ib, ids)
	ops := absorbSpaces(wordOps(ta, tb, group(delA, insB)))
	for _, op := range ops {
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
