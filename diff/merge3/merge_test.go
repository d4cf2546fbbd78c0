package merge3

import (
	"strings"
	"testing"
)

// A rule case merges sides against base; want is the merged text, or ""
// when the merge must clash, and clash the base text of the clash then.
type ruleCase struct {
	name  string
	mode  Mode
	base  string
	sides []string
	want  string
	clash string
}

var ruleCases = []ruleCase{
	{name: "one side", base: "Buy milk and bread", sides: []string{"Buy oat milk and bread", "Buy milk and bread"},
		want: "Buy oat milk and bread"},
	{name: "both the same", base: "Buy milk", sides: []string{"Buy cream", "Buy cream"}, want: "Buy cream"},
	{name: "both different", base: "Buy milk", sides: []string{"Buy cream", "Buy water"}, clash: "milk"},
	{name: "adjacent words", base: "Buy milk and bread", sides: []string{"Buy milk or bread", "Buy milk and rolls"},
		want: "Buy milk or rolls"},
	{name: "neighbouring words across a space", base: "a b c", sides: []string{"X b c", "a Y c"}, want: "X Y c"},
	{name: "deletion against edit", base: "Buy milk today", sides: []string{"Buy today", "Buy cream today"}, clash: " milk"},
	{name: "deletion beside an edit", base: "a b c", sides: []string{"X b c", "a c"}, want: "X c"},
	{name: "deletion beside an edit after it", base: "a b c", sides: []string{"a b Y", "a c"}, want: "a Y"},
	{name: "insertions at one point", base: "Buy milk", sides: []string{"Buy 2 litres of milk", "Buy oat milk"},
		clash: ""},
	{name: "insertion after an edit", base: "Buy milk", sides: []string{"Get milk", "Buy oat milk"}, want: "Get oat milk"},
	{name: "same insertion twice", base: "Buy milk", sides: []string{"Buy oat milk", "Buy oat milk"}, want: "Buy oat milk"},
	{name: "three sides", base: "one two three four five",
		sides: []string{"ONE two three four five", "one two THREE four five", "one two three four FIVE"},
		want:  "ONE two THREE four FIVE"},
	{name: "four sides", base: "a b c d e f g",
		sides: []string{"A b c d e f g", "a b C d e f g", "a b c d E f g", "a b c d e f G"}, want: "A b C d E f G"},
	{name: "four sides, two alike", base: "a b c d",
		sides: []string{"A b c d", "A b c d", "a b c D", "a b c d"}, want: "A b c D"},
	{name: "four sides, one clash", base: "a b c d",
		sides: []string{"A b c d", "a B c d", "a b c D", "a X c d"}, clash: "b"},
	{name: "lines", base: "first line\nsecond line\n", sides: []string{"first row\nsecond line\n", "first line\nsecond line\nthird\n"},
		want: "first row\nsecond line\nthird\n"},
	{name: "html: text beside a tag", mode: HTML, base: `<p>Hello <b>world</b></p>`,
		sides: []string{`<p>Hi <b>world</b></p>`, `<p>Hello <b>earth</b></p>`}, want: `<p>Hi <b>earth</b></p>`},
	{name: "html: attribute and text", mode: HTML, base: `<a href="x">the link</a>`,
		sides: []string{`<a href="y">the link</a>`, `<a href="x">the page</a>`}, want: `<a href="y">the page</a>`},
	{name: "html: tag and the word it touches", mode: HTML, base: `<a href="x">link</a>`,
		sides: []string{`<a href="y">link</a>`, `<a href="x">text</a>`}, clash: `<a href="x">link`},
	{name: "html: a tag is whole", mode: HTML, base: `<a href="x" title="t">link</a>`,
		sides: []string{`<a href="y" title="t">link</a>`, `<a href="x" title="u">link</a>`}, clash: `<a href="x" title="t">`},
	{name: "html: entities are whole", mode: HTML, base: `fish &amp; chips`,
		sides: []string{`fish &amp; peas`, `fish &#38; chips`}, want: `fish &#38; peas`},
	{name: "xhtml: tags renamed apart", mode: XHTML, base: `<p>Hello <b>world</b></p>`,
		sides: []string{`<p>Hi <b>world</b></p>`, `<p>Hello <em>world</em></p>`}, want: `<p>Hi <em>world</em></p>`},
	{name: "xhtml: combination not well-formed", mode: XHTML, base: `x y z`,
		sides: []string{`<b>x y</b> z`, `x <i>y z</i>`}, clash: ""},
	{name: "html: same combination is markup, not checked", mode: HTML, base: `x y z`,
		sides: []string{`<b>x y</b> z`, `x <i>y z</i>`}, want: `<b>x <i>y</b> z</i>`},
}

func TestRules(t *testing.T) {
	for _, c := range ruleCases {
		t.Run(c.name, func(t *testing.T) {
			r := Merge(c.base, c.sides, c.mode)
			if c.want != "" {
				if !r.Clean() || r.Merged != c.want {
					t.Fatalf("Merge = %q (clashes %d), want %q\nhunks %+v", r.Merged, r.Clashes, c.want, r.Hunks)
				}
				return
			}
			if r.Clean() || r.Merged != "" {
				t.Fatalf("Merge combined to %q; want a clash\nhunks %+v", r.Merged, r.Hunks)
			}
			if c.clash != "" && !hasClash(r, c.clash) {
				t.Fatalf("no clash over %q in %+v", c.clash, r.Hunks)
			}
			checkSides(t, c.base, c.sides, r)
		})
	}
}

// hasClash reports whether a clash hunk covers base text holding s.
func hasClash(r Result, s string) bool {
	for _, h := range r.Hunks {
		if h.Kind == Clash && strings.Contains(h.Base, s) {
			return true
		}
	}
	return false
}

// checkSides checks that the hunks give back the base and every side.
func checkSides(t *testing.T, base string, sides []string, r Result) {
	t.Helper()
	var b strings.Builder
	at := 0
	for _, h := range r.Hunks {
		if h.Start != at || base[h.Start:h.End] != h.Base {
			t.Fatalf("hunk %+v does not follow at %d", h, at)
		}
		b.WriteString(h.Base)
		at = h.End
	}
	if b.String() != base {
		t.Fatalf("hunks join to base %q, want %q", b.String(), base)
	}
	for i, s := range sides {
		var sb strings.Builder
		for _, h := range r.Hunks {
			if h.Kind == Unchanged {
				sb.WriteString(h.Base)
			} else {
				sb.WriteString(h.Texts[i])
			}
		}
		if sb.String() != s {
			t.Fatalf("hunks join to side %d %q, want %q", i, sb.String(), s)
		}
	}
}

func TestHunkData(t *testing.T) {
	r := Merge("Buy milk and bread", []string{"Get milk and bread", "Get milk and bread", "Buy milk and rolls"}, Text)
	want := []Hunk{
		{Kind: Same, Start: 0, End: 3, Base: "Buy", Sides: []int{0, 1}, Texts: []string{"Get", "Get", "Buy"}},
		{Kind: Unchanged, Start: 3, End: 13, Base: " milk and "},
		{Kind: OneSide, Start: 13, End: 18, Base: "bread", Sides: []int{2}, Texts: []string{"bread", "bread", "rolls"}},
	}
	if len(r.Hunks) != len(want) {
		t.Fatalf("hunks %+v, want %+v", r.Hunks, want)
	}
	for i, h := range r.Hunks {
		w := want[i]
		if h.Kind != w.Kind || h.Start != w.Start || h.End != w.End || h.Base != w.Base ||
			strings.Join(h.Texts, "|") != strings.Join(w.Texts, "|") || len(h.Sides) != len(w.Sides) {
			t.Errorf("hunk %d = %+v, want %+v", i, h, w)
		}
	}
	if r.Merged != "Get milk and rolls" || r.Clashes != 0 {
		t.Errorf("merged %q, %d clashes", r.Merged, r.Clashes)
	}
}

func TestNoSides(t *testing.T) {
	r := Merge("a b", nil, Text)
	if !r.Clean() || r.Merged != "a b" {
		t.Fatalf("Merge with no sides = %+v", r)
	}
}

func TestMarkupTokens(t *testing.T) {
	got := tokens(`a <b class="x>y">c</b> &amp; <!-- n --> 1 < 2 &x`, HTML)
	want := []string{"a", " ", `<b class="x>y">`, "c", "</b>", " ", "&amp;", " ", "<!-- n -->", " ", "1", " ", "<", " ", "2", " ", "&", "x"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("tokens = %q\nwant     %q", got, want)
	}
}
