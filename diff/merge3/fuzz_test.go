package merge3

import "testing"

// FuzzMerge checks, for any base and two sides in each mode, that the
// hunks give back the base and both sides, that swapping the sides gives
// the same merge, that a side merged with the base alone is that side, and
// that an XHTML merge without clashes is well-formed.
//
//	$ go test -fuzz=FuzzMerge ./diff/merge3
func FuzzMerge(f *testing.F) {
	for _, c := range ruleCases {
		if len(c.sides) == 2 {
			f.Add(c.base, c.sides[0], c.sides[1], uint8(c.mode))
		}
	}
	f.Fuzz(func(t *testing.T, base, a, b string, mode uint8) {
		m := Mode(mode % 3)
		r := Merge(base, []string{a, b}, m)
		checkSides(t, base, []string{a, b}, r)
		if s := Merge(base, []string{b, a}, m); s.Clean() != r.Clean() || s.Merged != r.Merged {
			t.Fatalf("swapped sides merge to %q (%d clashes), not %q (%d)", s.Merged, s.Clashes, r.Merged, r.Clashes)
		}
		if m == XHTML && r.Clean() && !wellFormed(r.Merged) {
			t.Fatalf("XHTML merge %q is not well-formed", r.Merged)
		}
		if m != XHTML || wellFormed(a) {
			if one := Merge(base, []string{base, a}, m); !one.Clean() || one.Merged != a {
				t.Fatalf("%q against an unchanged side merges to %q (%d clashes)", a, one.Merged, one.Clashes)
			}
		}
	})
}
