package merge3

import (
	"slices"
	"strings"
	"testing"
)

// spaceCases are merges under Options.Space (issue 30 item 5): a change
// of white space alone is never a clash; it is taken where no other
// side's change covers it, and given up where one does; white space is
// compared exactly inside the elements that keep it as written. want is
// the merged text, or "" for a clash; exact is Merge's verdict without
// the option ("" a clash).
var spaceCases = []struct {
	name  string
	mode  Mode
	base  string
	sides []string
	want  string
	exact string
}{
	{name: "a space doubled beside a word another side changed", base: "Buy milk and bread",
		sides: []string{"Buy milk  and bread", "Buy milk or bread"}, want: "Buy milk  or bread", exact: ""},
	{name: "a line broken elsewhere, a word changed beside it", base: "one two three\nfour five six",
		sides: []string{"one two three four\nfive six", "one two three\nFOUR five six"}, want: "one two three FOUR\nfive six", exact: ""},
	{name: "white space apart from another side's change is kept", base: "a b c",
		sides: []string{"a  b c", "a x y c"}, want: "a  x y c", exact: ""},
	{name: "white space inside another side's change gives way", base: "a b c",
		sides: []string{"a b  c", "a b-c"}, want: "a b-c", exact: ""},
	{name: "one gap changed two ways: the greater text, whatever the order", base: "a b",
		sides: []string{"a\tb", "a\nb"}, want: "a\nb", exact: ""},
	{name: "one gap changed two ways, sides swapped", base: "a b",
		sides: []string{"a\nb", "a\tb"}, want: "a\nb", exact: ""},
	{name: "the same gap changed alike", base: "a b", sides: []string{"a  b", "a  b"}, want: "a  b", exact: "a  b"},
	{name: "a space inserted where another side inserts a word gives way", base: "a,b",
		sides: []string{"a, b", "a,x b"}, want: "a,x b", exact: ""},
	{name: "words still clash", base: "Buy milk", sides: []string{"Buy  cream", "Buy water"}, want: "", exact: ""},
	{name: "a no-break space is a character", base: "a b c", sides: []string{"a\u00a0b c", "a x c"}, want: "", exact: ""},
	{name: "html: white space collapses outside pre", mode: HTML, base: "<p>a b c</p>",
		sides: []string{"<p>a  b c</p>", "<p>a x c</p>"}, want: "<p>a  x c</p>", exact: ""},
	{name: "html: pre keeps its white space", mode: HTML, base: "<pre>a b c</pre>",
		sides: []string{"<pre>a  b c</pre>", "<pre>a x c</pre>"}, want: "", exact: ""},
	{name: "html: PRE in capitals too", mode: HTML, base: "<PRE>a b c</PRE>",
		sides: []string{"<PRE>a  b c</PRE>", "<PRE>a x c</PRE>"}, want: "", exact: ""},
	{name: "html: after pre, white space collapses again", mode: HTML, base: "<pre>x</pre> a b c",
		sides: []string{"<pre>x</pre> a  b c", "<pre>x</pre> a x c"}, want: "<pre>x</pre> a  x c", exact: ""},
	{name: "xhtml: xml:space=preserve keeps it", mode: XHTML, base: `<div xml:space="preserve">a b c</div>`,
		sides: []string{`<div xml:space="preserve">a  b c</div>`, `<div xml:space="preserve">a x c</div>`}, want: "", exact: ""},
	{name: "xhtml: xml:space=default inside preserve lets it go", mode: XHTML,
		base:  `<div xml:space="preserve"><p xml:space='default'>a b c</p></div>`,
		sides: []string{`<div xml:space="preserve"><p xml:space='default'>a  b c</p></div>`, `<div xml:space="preserve"><p xml:space='default'>a x c</p></div>`},
		want:  `<div xml:space="preserve"><p xml:space='default'>a  x c</p></div>`, exact: ""},
}

func TestSpace(t *testing.T) {
	for _, c := range spaceCases {
		t.Run(c.name, func(t *testing.T) {
			r := MergeWith(c.base, c.sides, c.mode, Options{Space: true})
			if r.Merged != c.want || r.Clean() != (c.want != "") {
				t.Errorf("MergeWith = %q (clashes %d), want %q\nhunks %+v", r.Merged, r.Clashes, c.want, r.Hunks)
			}
			checkSides(t, c.base, c.sides, r)
			if e := Merge(c.base, c.sides, c.mode); e.Merged != c.exact {
				t.Errorf("Merge = %q (clashes %d), want %q", e.Merged, e.Clashes, c.exact)
			}
			if e := MergeWith(c.base, c.sides, c.mode, Options{}); e.Merged != Merge(c.base, c.sides, c.mode).Merged {
				t.Errorf("MergeWith without options differs from Merge")
			}
		})
	}
}

func TestSpaceOnly(t *testing.T) {
	for _, c := range []struct {
		a, b string
		mode Mode
		want bool
	}{
		{"a b", "a  b", Text, true},
		{"a b", "a\n\tb", Text, true},
		{"a b", "a b", Text, false},
		{"a b", "a c", Text, false},
		{"a b", "a  c", Text, false},
		{"<pre>a b</pre>", "<pre>a  b</pre>", HTML, false},
		{"<p>a b</p>", "<p>a  b</p>", HTML, true},
	} {
		if got := SpaceOnly(c.a, c.b, c.mode); got != c.want {
			t.Errorf("SpaceOnly(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestSpaceEdits: the changes SpaceOnly counts, placed in both texts, so
// that a front end can leave those bytes unmarked; a word changed beside
// them is reported apart, and white space inside pre is none of them.
func TestSpaceEdits(t *testing.T) {
	for _, c := range []struct {
		name  string
		a, b  string
		mode  Mode
		want  []SpaceEdit
		words bool
	}{
		{"a space doubled", "a b", "a  b", Text, []SpaceEdit{{1, 2, 1, 3}}, false},
		{"after a longer word", "Buy milk and  eggs today", "Buy milk and eggs tomorrow", Text, []SpaceEdit{{12, 14, 12, 13}}, true},
		{"touching a changed word, it is the word's", "a bc  d", "a bcdef d", Text, nil, true},
		{"after a word made longer", "a bc d  e", "a bcdef d e", Text, []SpaceEdit{{6, 8, 9, 10}}, true},
		{"a line break for a space", "one two", "one\ntwo", Text, []SpaceEdit{{3, 4, 3, 4}}, false},
		{"a space added", "a,b", "a, b", Text, []SpaceEdit{{2, 2, 2, 3}}, false},
		{"none", "a b", "a b", Text, nil, false},
		{"pre keeps it", "<p>a  b</p><pre>c  d</pre>", "<p>a b</p><pre>c d</pre>", HTML, []SpaceEdit{{4, 6, 4, 5}}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, words := SpaceEdits(c.a, c.b, c.mode)
			if !slices.Equal(got, c.want) || words != c.words {
				t.Errorf("SpaceEdits(%q, %q) = %v, %v; want %v, %v", c.a, c.b, got, words, c.want, c.words)
			}
			checkSpaceEdits(t, c.a, c.b, got, words)
		})
	}
}

// checkSpaceEdits checks that each edit covers white space alone in both
// texts, in order, and, where b changes nothing else, that the edits
// applied to a give b.
func checkSpaceEdits(t *testing.T, a, b string, es []SpaceEdit, words bool) {
	t.Helper()
	var sb strings.Builder
	lastA, lastB := 0, 0
	for _, e := range es {
		if e.AStart < lastA || e.AEnd < e.AStart || e.BStart < lastB || e.BEnd < e.BStart || e.AEnd > len(a) || e.BEnd > len(b) {
			t.Fatalf("edit %+v out of order or out of %q / %q", e, a, b)
		}
		if !blank([]string{a[e.AStart:e.AEnd], b[e.BStart:e.BEnd]}) {
			t.Fatalf("edit %+v covers more than white space: %q → %q", e, a[e.AStart:e.AEnd], b[e.BStart:e.BEnd])
		}
		sb.WriteString(a[lastA:e.AStart] + b[e.BStart:e.BEnd])
		lastA, lastB = e.AEnd, e.BEnd
	}
	if sb.WriteString(a[lastA:]); !words && sb.String() != b {
		t.Fatalf("edits %+v turn %q into %q, not %q", es, a, sb.String(), b)
	}
}

// FuzzMergeSpace checks Options.Space on any base and two sides in each
// mode: the hunks give back the base and both sides; swapping the sides
// gives the same merge; a side merged with the
// base alone is that side; where Merge combines, MergeWith combines to
// the same text; sides that differ from the base in white space alone
// never clash; SpaceEdits covers white space alone and, where a side
// changes nothing else, gives it back; an XHTML merge without clashes is
// well-formed.
//
//	$ go test -fuzz=FuzzMergeSpace ./diff/merge3
func FuzzMergeSpace(f *testing.F) {
	for _, c := range spaceCases {
		f.Add(c.base, c.sides[0], c.sides[1], uint8(c.mode))
	}
	for _, c := range ruleCases {
		if len(c.sides) == 2 {
			f.Add(c.base, c.sides[0], c.sides[1], uint8(c.mode))
		}
	}
	f.Fuzz(func(t *testing.T, base, a, b string, mode uint8) {
		m := Mode(mode % 3)
		o := Options{Space: true}
		r := MergeWith(base, []string{a, b}, m, o)
		checkSides(t, base, []string{a, b}, r)
		if s := MergeWith(base, []string{b, a}, m, o); s.Clean() != r.Clean() || s.Merged != r.Merged {
			t.Fatalf("swapped sides merge to %q (%d clashes), not %q (%d)", s.Merged, s.Clashes, r.Merged, r.Clashes)
		}
		if e := Merge(base, []string{a, b}, m); e.Clean() && (!r.Clean() || r.Merged != e.Merged) {
			t.Fatalf("Merge combines to %q, MergeWith to %q (%d clashes)", e.Merged, r.Merged, r.Clashes)
		}
		if SpaceOnly(base, a, m) && SpaceOnly(base, b, m) && !r.Clean() {
			t.Fatalf("sides that change white space alone clash: %+v", r.Hunks)
		}
		es, words := SpaceEdits(base, a, m)
		checkSpaceEdits(t, base, a, es, words)
		if m == XHTML && r.Clean() && !wellFormed(r.Merged) {
			t.Fatalf("XHTML merge %q is not well-formed", r.Merged)
		}
		if m != XHTML || wellFormed(a) {
			if one := MergeWith(base, []string{base, a}, m, o); !one.Clean() || one.Merged != a {
				t.Fatalf("%q against an unchanged side merges to %q (%d clashes)", a, one.Merged, one.Clashes)
			}
		}
	})
}
