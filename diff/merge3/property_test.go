package merge3

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// An op is one side's word edit of a base of distinct words: replace word
// at, delete it, or insert before it.
type op struct {
	kind  byte // 'r', 'd', 'i'
	at    int
	sides []int
	words []string
}

// apart reports whether two ops may both be made without meeting:
// replacements of neighbouring words may, others need a word between them
// that neither touches. One side's replacements of neighbouring words by
// more or fewer words are one change of that side ("a b" to "x y z" does
// not say which word became two), so they are not apart.
func apart(a, b op) bool {
	d := b.at - a.at
	if d < 0 {
		d = -d
	}
	if a.kind != 'r' || b.kind != 'r' {
		return d >= 2
	}
	if shareSide(a, b) && (len(a.words) != 1 || len(b.words) != 1) {
		return d >= 2
	}
	return d >= 1
}

func shareSide(a, b op) bool {
	for _, s := range a.sides {
		if contains(b.sides, s) {
			return true
		}
	}
	return false
}

// randomOps returns ops on n words by 2..4 sides, none meeting another
// side's; some are made alike by several sides.
func randomOps(rng *rand.Rand, n, sides int) []op {
	var ops []op
	fresh := 0
	for tries := 0; tries < n; tries++ {
		o := op{kind: "rdi"[rng.IntN(3)], at: rng.IntN(n)}
		o.sides = rng.Perm(sides)[:1+rng.IntN(sides)*rng.IntN(2)]
		for k := 1 + rng.IntN(2); k > 0 && o.kind != 'd'; k-- {
			o.words = append(o.words, fmt.Sprintf("N%d", fresh))
			fresh++
		}
		ok := true
		for _, p := range ops {
			if !apart(p, o) {
				ok = false
			}
		}
		if ok {
			ops = append(ops, o)
		}
	}
	return ops
}

// render writes the base words with the ops of side s applied (s < 0:
// all ops).
func render(base []string, ops []op, s int) string {
	at := map[int]op{}
	for _, o := range ops {
		for _, x := range o.sides {
			if s < 0 || x == s {
				at[o.at] = o
			}
		}
	}
	var out []string
	for i, w := range base {
		o, ok := at[i]
		switch {
		case !ok:
			out = append(out, w)
		case o.kind == 'r':
			out = append(out, o.words...)
		case o.kind == 'i':
			out = append(append(out, o.words...), w)
		}
	}
	return strings.Join(out, " ")
}

func randomBase(rng *rand.Rand) []string {
	base := make([]string, 2+rng.IntN(30))
	for i := range base {
		base[i] = fmt.Sprintf("w%d", i)
	}
	return base
}

// Edits by 2–4 sides that do not meet always combine to all edits applied.
func TestPropertyApartEditsCombine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 19))
	for trial := 0; trial < 2000; trial++ {
		base := randomBase(rng)
		n := 2 + rng.IntN(3)
		ops := randomOps(rng, len(base), n)
		sides := make([]string, n)
		for s := range sides {
			sides[s] = render(base, ops, s)
		}
		b := strings.Join(base, " ")
		want := render(base, ops, -1)
		r := Merge(b, sides, Text)
		if !r.Clean() || r.Merged != want {
			t.Fatalf("trial %d: base %q sides %q\nmerged %q (%d clashes), want %q\nhunks %+v",
				trial, b, sides, r.Merged, r.Clashes, want, r.Hunks)
		}
		checkSides(t, b, sides, r)
	}
}

// Different edits by two sides of the same word, or two insertions before
// it, are never combined, whatever the other sides do apart from them.
func TestPropertyMeetingEditsClash(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 19))
	pairs := []string{"rr", "rd", "dr", "ii"}
	for trial := 0; trial < 2000; trial++ {
		base := randomBase(rng)
		n := 2 + rng.IntN(3)
		at := rng.IntN(len(base))
		kinds := pairs[rng.IntN(len(pairs))]
		a := op{kind: kinds[0], at: at, sides: []int{0}}
		c := op{kind: kinds[1], at: at, sides: []int{1}}
		if a.kind != 'd' {
			a.words = []string{"A"}
		}
		if c.kind != 'd' {
			c.words = []string{"C"}
		}
		var others []op
		for _, o := range randomOps(rng, len(base), n) {
			if apart(o, a) && !contains(o.sides, 0) && !contains(o.sides, 1) {
				others = append(others, o)
			}
		}
		sides := make([]string, n)
		for s := range sides {
			sides[s] = render(base, append([]op{a, c}, others...), s)
		}
		b := strings.Join(base, " ")
		r := Merge(b, sides, Text)
		if r.Clean() || !hasClash(r, base[at]) && kinds != "ii" {
			t.Fatalf("trial %d: base %q sides %q combined to %q\nhunks %+v", trial, b, sides, r.Merged, r.Hunks)
		}
		checkSides(t, b, sides, r)
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}
