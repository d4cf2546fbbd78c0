package mergemodel

import (
	"slices"
	"strconv"
	"strings"

	"github.com/feedsync/feedsync/diff"
)

// State is what the result holds at a hunk.
type State uint8

// The states of a hunk.
const (
	Open     State = iota // the winner's text, not decided
	Winner                // the winner's text, taken
	Version               // the version's text
	Both                  // the winner's, then the version's
	BothRev               // the version's, then the winner's
	Other                 // another version's text
	Hand                  // text typed by hand
	Combined              // what the three-way start took there (threeway.go)
	Clash                 // open, where the sides changed the base differently (threeway.go)
)

// Undecided reports whether the state is a hunk no one decided yet: open,
// or a clash.
func (s State) Undecided() bool { return s == Open || s == Clash }

// Side is what a take puts in the result.
type Side uint8

// The sides a take puts in the result.
const (
	SideWinner Side = iota
	SideVersion
	SideBoth
	SideBothRev
)

// Hunk is a change between the winner's value of a field and a version's.
type Hunk struct {
	Field       int
	Start, End  int // byte range in the winner's value
	Left, Right string
}

// id names a hunk for remembering that the winner's side was taken.
func (h Hunk) id(version int) string {
	return strconv.Itoa(version) + "/" + strconv.Itoa(h.Field) + "/" + strconv.Itoa(h.Start) + "/" + strconv.Itoa(h.End) + "/" + h.Right
}

// HunksOf returns the hunks of a version against the winner, field by
// field.
func HunksOf(fields []Field, version int) []Hunk {
	var out []Hunk
	for i, f := range fields {
		if version >= len(f.Values) {
			continue
		}
		pos := 0
		for _, c := range diff.Chunks(f.Winner, f.Values[version], f.Granularity()) {
			if c.Changed {
				out = append(out, Hunk{Field: i, Start: pos, End: pos + len(c.Old), Left: c.Old, Right: c.New})
			}
			pos += len(c.Old)
		}
	}
	return out
}

// HunkChunks returns a version's value of a field against the winner's as
// chunks, from its hunks hs (no diff run again).
func HunkChunks(winner string, hs []Hunk, field int) []diff.Chunk {
	var out []diff.Chunk
	pos := 0
	for _, h := range hs {
		if h.Field == field {
			same := winner[pos:h.Start]
			out = append(out, diff.Chunk{Old: same, New: same}, diff.Chunk{Old: h.Left, New: h.Right, Changed: true})
			pos = h.End
		}
	}
	return append(out, diff.Chunk{Old: winner[pos:], New: winner[pos:]})
}

// Locate finds where the result holds a hunk's range of the winner's
// value: [rs, re) in the result, and whether the result differs from the
// winner there (touched). Changes of the result that touch the range,
// insertions at its ends included, widen it.
func Locate(winner, result string, h Hunk, g diff.Granularity) (rs, re int, touched bool) {
	rs, re, _, _, touched = SpanOver(diff.Chunks(winner, result, g), h)
	return rs, re, touched
}

// SpanOver is Locate over the chunks of the result against the winner (so
// that a view works them out once per revision of the result, not once
// per hunk), with the range [ws, we) of the winner's value that [rs, re)
// stands for: the hunk's, widened by the changes that touch it.
func SpanOver(chunks []diff.Chunk, h Hunk) (rs, re, ws, we int, touched bool) {
	rs, re, ws, we = -1, -1, h.Start, h.End
	wpos, rpos := 0, 0
	for _, c := range chunks {
		w0, w1 := wpos, wpos+len(c.Old)
		r0, r1 := rpos, rpos+len(c.New)
		switch {
		case c.Changed && w0 <= h.End && w1 >= h.Start:
			touched = true
			if rs < 0 || r0 < rs {
				rs = r0
			}
			re = max(re, r1)
			ws, we = min(ws, w0), max(we, w1)
		case !c.Changed:
			if rs < 0 && h.Start >= w0 && h.Start <= w1 {
				rs = r0 + h.Start - w0
			}
			if h.End >= w0 && h.End <= w1 {
				re = max(re, r0+h.End-w0)
			}
		}
		wpos, rpos = w1, r1
	}
	if rs < 0 {
		rs = 0
	}
	return rs, max(re, rs), ws, we, touched
}

// StraysIn returns the changes of the result r (chunks, r against the
// winner) that touch none of hunks, the hunks of the version shown: text
// typed, or removed, in the stretches the version shown shares with the
// winner. Each is its range in r. A change that is exactly what another
// version holds there (others, their hunks) is that version's, not typing:
// it is in theirs instead.
func (f Field) StraysIn(r string, chunks []diff.Chunk, field int, hunks []Hunk, others [][]Hunk) (typed, theirs [][2]int) {
	wpos, rpos := 0, 0
	for _, c := range chunks {
		w0, w1 := wpos, wpos+len(c.Old)
		r0, r1 := rpos, rpos+len(c.New)
		wpos, rpos = w1, r1
		if !c.Changed || slices.ContainsFunc(hunks, func(h Hunk) bool { return h.Field == field && f.covers(r, chunks, h, w0, w1, others) }) {
			continue
		}
		if f.anotherVersions(Hunk{Field: field, Start: w0, End: w1}, r[r0:r1], others) {
			theirs = append(theirs, [2]int{r0, r1})
		} else {
			typed = append(typed, [2]int{r0, r1})
		}
	}
	return typed, theirs
}

// anotherVersions reports whether got, what the result holds over the
// winner's range of h, is what one of the versions of others holds there.
func (f Field) anotherVersions(h Hunk, got string, others [][]Hunk) bool {
	for _, hs := range others {
		if t, ok := f.VersionText(h, hs); ok && t == got {
			return true
		}
	}
	return false
}

// VersionText returns what a version with hunks hs holds over the
// winner's range of h, and whether any of its hunks meets h (else it
// holds the winner's text there).
func (f Field) VersionText(h Hunk, hs []Hunk) (string, bool) {
	theirs, ok := f.withHunks(h, hs)
	if !ok {
		return "", false
	}
	ts, te, _ := Locate(f.Winner, theirs, h, f.Granularity())
	return theirs[ts:te], true
}

// JoinSides puts two sides of a hunk one after the other: lines stay
// lines (a list's values, or hunks that span lines), words are parted by
// a space unless one side already has one at the seam.
func JoinSides(a, b string, list bool) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	case list || strings.Contains(a, "\n") || strings.Contains(b, "\n"):
		if !strings.HasSuffix(a, "\n") {
			a += "\n"
		}
		return a + b
	case strings.HasSuffix(a, " ") || strings.HasPrefix(b, " "):
		return a + b
	}
	return a + " " + b
}

// Text returns what a take puts in the result for a hunk.
func (h Hunk) Text(s Side, list bool) string {
	switch s {
	case SideVersion:
		return h.Right
	case SideBoth:
		return JoinSides(h.Left, h.Right, list)
	case SideBothRev:
		return JoinSides(h.Right, h.Left, list)
	}
	return h.Left
}

// State says what the result r holds at hunk h of the version shown.
// taken says that the winner's side was taken there; others are the hunks
// of the other versions, to tell their text from typing.
func (f Field) State(r string, h Hunk, taken bool, others [][]Hunk) State {
	return f.StateIn(r, diff.Chunks(f.Winner, r, f.Granularity()), h, taken, others)
}

// StateIn is State for the result r and its chunks against the winner.
func (f Field) StateIn(r string, chunks []diff.Chunk, h Hunk, taken bool, others [][]Hunk) State {
	rs, re, ws, we, touched := f.SpanAt(r, chunks, h, others)
	if !touched {
		if taken {
			return Winner
		}
		return Open
	}
	return f.stateOver(r[rs:re], ws, we, h, others)
}

// stateOver says whose text got is, what the result holds over the range
// [ws, we) of the winner's value around hunk h. Where typing reached past
// the hunk, the result there is a side's only if the winner's text around
// the hunk is still whole.
func (f Field) stateOver(got string, ws, we int, h Hunk, others [][]Hunk) State {
	pre, post := f.Winner[ws:h.Start], f.Winner[h.End:we]
	switch got {
	case pre + h.Left + post:
		return Winner
	case pre + h.Right + post:
		return Version
	case pre + h.Text(SideBoth, f.List) + post:
		return Both
	case pre + h.Text(SideBothRev, f.List) + post:
		return BothRev
	}
	if f.anotherVersions(h, got, others) {
		return Other
	}
	return Hand
}

// withHunks returns the winner's value with the hunks of another version
// that meet hunk h put in, and whether any does: what the result holds
// over h when it took that version's text there. Only a result equal to
// it is that version's; text that merely contains it was typed.
func (f Field) withHunks(h Hunk, hs []Hunk) (string, bool) {
	var b strings.Builder
	pos, found := 0, false
	for _, o := range hs {
		if o.Field != h.Field || o.Start > h.End || o.End < h.Start || o.Start < pos {
			continue
		}
		b.WriteString(f.Winner[pos:o.Start])
		b.WriteString(o.Right)
		pos, found = o.End, true
	}
	b.WriteString(f.Winner[pos:])
	return b.String(), found
}

// Take returns the result r with a side of hunk h put in where r holds
// the hunk's range, replacing whatever it holds there, as the replacement
// of [rs, re) by text. Where typing reached past the hunk, the winner's
// text around it comes back with the side (as State reads it): taking the
// version's "oat " where "milk" was typed over gives "oat milk", not
// "oat ". chunks are r against the winner; others, the hunks of the other
// versions (see SpanAt).
func (f Field) Take(r string, chunks []diff.Chunk, h Hunk, s Side, others [][]Hunk) (rs, re int, text string) {
	rs, re, ws, we, _ := f.SpanAt(r, chunks, h, others)
	return rs, re, f.Winner[ws:h.Start] + h.Text(s, f.List) + f.Winner[h.End:we]
}

// SpanAt is SpanOver for the result r, widened to the changes next to the
// hunk across white space alone when the result there is then a side's or
// another version's. The diff of the result against the winner places an
// insertion at either end of the space between two words, so taking both
// sides of "Annecy" and "Lyon" in "in Annecy now" gives "in Annecy Lyon
// now", whose change against the winner is "Lyon " after the space that
// follows the hunk: without the widening the hunk would read as open, and
// "Lyon " as typed outside the hunks (issue 20 item 15).
func (f Field) SpanAt(r string, chunks []diff.Chunk, h Hunk, others [][]Hunk) (rs, re, ws, we int, touched bool) {
	rs, re, ws, we, touched = SpanOver(chunks, h)
	if touched {
		return rs, re, ws, we, true
	}
	wide := h
	for wide.Start > 0 && isSpace(f.Winner[wide.Start-1]) {
		wide.Start--
	}
	for wide.End < len(f.Winner) && isSpace(f.Winner[wide.End]) {
		wide.End++
	}
	if wide == h {
		return rs, re, ws, we, false
	}
	lrs, lre, lws, lwe, near := SpanOver(chunks, wide)
	if !near {
		return rs, re, ws, we, false
	}
	if st := f.stateOver(r[lrs:lre], lws, lwe, h, others); st == Version || st == Both || st == BothRev || st == Other || st == Winner {
		return lrs, lre, lws, lwe, true
	}
	return rs, re, ws, we, false
}

// covers reports whether the change of the result over [w0, w1) of the
// winner's value is the result's text at hunk h: it touches the hunk, or
// SpanAt widens the hunk over it.
func (f Field) covers(r string, chunks []diff.Chunk, h Hunk, w0, w1 int, others [][]Hunk) bool {
	if w0 <= h.End && w1 >= h.Start {
		return true
	}
	_, _, ws, we, touched := f.SpanAt(r, chunks, h, others)
	return touched && ws <= w0 && w1 <= we
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }
