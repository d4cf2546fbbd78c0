package merge3

import (
	"slices"
	"strconv"
	"strings"
)

// A Mode says how texts are cut into tokens.
type Mode int

const (
	// Text merges plain text word by word.
	Text Mode = iota
	// HTML keeps tags, comments and entity references whole.
	HTML
	// XHTML keeps markup whole as HTML does and requires a well-formed result.
	XHTML
)

// A Kind says what the sides did to a hunk.
type Kind int

const (
	// Unchanged is base text no side changed.
	Unchanged Kind = iota
	// OneSide is a change made by one side only; it is taken.
	OneSide
	// Same is one change made alike by several sides; it is taken once.
	Same
	// Clash is a place where sides changed the base differently.
	Clash
)

var kindNames = [...]string{Unchanged: "Unchanged", OneSide: "OneSide", Same: "Same", Clash: "Clash"}

// String returns the constant's name, such as "Clash".
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "Kind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindNames[k]
}

// A Hunk is a span of the base and what the sides made of it.
type Hunk struct {
	Kind Kind
	// Start and End are the span's byte offsets in the base; Base is its
	// text. A pure insertion has Start == End.
	Start, End int
	Base       string
	// Sides lists the indexes of the sides that changed the span, in
	// order; empty for Unchanged.
	Sides []int
	// Texts holds every side's text for the span, by side index (the base
	// text for a side that did not change it); nil for Unchanged.
	Texts []string
}

// Text returns what the merge puts in the hunk's place: the base text, the
// changed sides' text, or "" for a clash.
func (h Hunk) Text() string {
	switch h.Kind {
	case Unchanged:
		return h.Base
	case Clash:
		return ""
	}
	return h.Texts[h.Sides[0]]
}

// A Result is a three-way merge: its hunks in base order, with Merged the
// combined text when Clashes is 0, else "".
type Result struct {
	Hunks   []Hunk
	Merged  string
	Clashes int
}

// Clean reports whether nothing clashed, so that Merged is the merge.
func (r Result) Clean() bool { return r.Clashes == 0 }

// Merge merges sides three-way against base (see the package doc for the
// rules). With no sides the result is the base.
func Merge(base string, sides []string, m Mode) Result {
	bt := tokens(base, m)
	var cs []*change
	for i, s := range sides {
		cs = addSide(cs, bt, sideEdits(bt, tokens(s, m)), i)
	}
	place(bt, cs)
	r := build(bt, hunks(cs), len(sides))
	if m == XHTML && r.Clean() && !wellFormed(r.Merged) {
		r = markClashes(r)
	}
	return r
}

// build turns the groups of changes into hunks over the base tokens bt.
func build(bt []string, groups [][]*change, n int) Result {
	off := offsets(bt)
	var r Result
	last := 0
	unchanged := func(to int) {
		if to > last {
			r.Hunks = append(r.Hunks, Hunk{Kind: Unchanged, Start: off[last], End: off[to], Base: strings.Join(bt[last:to], "")})
		}
	}
	for _, g := range groups {
		lo, hi := span(g)
		unchanged(lo)
		h := Hunk{Start: off[lo], End: off[hi], Base: strings.Join(bt[lo:hi], "")}
		h.Sides, h.Texts = sideTexts(bt, g, lo, hi, n)
		h.Kind = kindOf(h)
		r.Hunks = append(r.Hunks, h)
		last = hi
	}
	unchanged(len(bt))
	return finish(r)
}

// finish counts the clashes and joins the merged text.
func finish(r Result) Result {
	r.Clashes = 0
	var sb strings.Builder
	for _, h := range r.Hunks {
		if h.Kind == Clash {
			r.Clashes++
		}
		sb.WriteString(h.Text())
	}
	r.Merged = ""
	if r.Clashes == 0 {
		r.Merged = sb.String()
	}
	return r
}

// kindOf classes a hunk by whether its changed sides agree.
func kindOf(h Hunk) Kind {
	for _, s := range h.Sides[1:] {
		if h.Texts[s] != h.Texts[h.Sides[0]] {
			return Clash
		}
	}
	if len(h.Sides) == 1 {
		return OneSide
	}
	return Same
}

// sideTexts returns the sides that changed tokens [lo, hi) in a group and
// every side's text for that span.
func sideTexts(bt []string, g []*change, lo, hi, n int) ([]int, []string) {
	var sides []int
	for _, c := range g {
		if !c.gaveUp {
			sides = append(sides, c.sides...)
		}
	}
	slices.Sort(sides)
	sides = slices.Compact(sides)
	texts := make([]string, n)
	for s := range texts {
		texts[s] = apply(bt, g, lo, hi, s)
	}
	return sides, texts
}

// apply returns the text of tokens [lo, hi) with side s's changes of the
// group applied. One side's changes never overlap.
func apply(bt []string, g []*change, lo, hi, s int) string {
	var sb strings.Builder
	at := lo
	for _, c := range g {
		if !slices.Contains(c.sides, s) {
			continue
		}
		writeAll(&sb, bt[at:c.start])
		writeAll(&sb, c.repl)
		at = c.end
	}
	writeAll(&sb, bt[at:hi])
	return sb.String()
}

func writeAll(sb *strings.Builder, toks []string) {
	for _, t := range toks {
		sb.WriteString(t)
	}
}

// offsets returns the byte offset of each token and, last, the length.
func offsets(toks []string) []int {
	off := make([]int, len(toks)+1)
	for i, t := range toks {
		off[i+1] = off[i] + len(t)
	}
	return off
}

// markClashes turns the combined hunks of a result whose text is not
// well-formed into clashes: those holding markup, or all if none does.
func markClashes(r Result) Result {
	hunks := slices.Clone(r.Hunks)
	marked := false
	for i, h := range hunks {
		if h.Kind != Unchanged && holdsMarkup(h) {
			hunks[i].Kind, marked = Clash, true
		}
	}
	for i, h := range hunks {
		if !marked && h.Kind != Unchanged {
			hunks[i].Kind = Clash
		}
	}
	r.Hunks = hunks
	return finish(r)
}

// holdsMarkup reports whether a hunk's base or any side's text has a tag
// or a reference.
func holdsMarkup(h Hunk) bool {
	if strings.ContainsAny(h.Base, "<&") {
		return true
	}
	for _, t := range h.Texts {
		if strings.ContainsAny(t, "<&") {
			return true
		}
	}
	return false
}
