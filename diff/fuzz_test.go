package diff

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// seed adds the shared cases and a few line-heavy texts to a fuzz corpus.
func seed(f *testing.F) {
	for _, c := range cases {
		f.Add(c.a, c.b)
	}
	f.Add("a\nb\na\nb\na\n", "b\na\nb\na\nb")
	f.Add("x\n\n\ny\n", "\n\nx\ny\n\n")
	f.Add(`<a href="x">t</a>`, `<a  href='x'>t</a>`)
}

// FuzzApply checks that Apply(a, Lines(a, b)) == b.
//
//	$ go test -fuzz=FuzzApply ./diff
func FuzzApply(f *testing.F) {
	seed(f)
	f.Fuzz(func(t *testing.T, a, b string) {
		edits := Lines(a, b)
		got, err := Apply(a, edits)
		if err != nil || got != b {
			t.Fatalf("Apply(a, Lines(a, b)) = %q, %v; want %q (edits %+v)", got, err, b, edits)
		}
		if a == b && edits != nil {
			t.Fatalf("Lines of equal texts = %+v", edits)
		}
	})
}

// FuzzWords checks that each side's spans join to its text, hold only that
// side's kinds, never split a UTF-8 sequence, and agree on the equal text.
//
//	$ go test -fuzz=FuzzWords ./diff
func FuzzWords(f *testing.F) {
	seed(f)
	f.Fuzz(checkWords)
}

// FuzzPieces checks Words, SideBySide and Chunks as FuzzWords, FuzzViews
// and FuzzChunks do, with a word limit of 8 tokens, so that short texts
// too go the way of long ones: shared ends set aside, pieces compared
// whole, changed pieces by words.
//
//	$ go test -fuzz=FuzzPieces ./diff
func FuzzPieces(f *testing.F) {
	seed(f)
	defer func(n int) { wordLimit = n }(wordLimit)
	wordLimit = 8
	f.Fuzz(func(t *testing.T, a, b string) {
		checkWords(t, a, b)
		if err := checkRows(SideBySide(a, b), a, b); err != nil {
			t.Fatal(err)
		}
		checkChunks(t, a, b, Chunks(a, b, ByWord))
	})
}

// checkWords checks that Words' spans of each side join to its text, hold
// only that side's kinds, never split a UTF-8 sequence, and agree on the
// equal text.
func checkWords(t *testing.T, a, b string) {
	t.Helper()
	left, right := Words(a, b)
	if Join(left) != a || Join(right) != b {
		t.Fatalf("spans join to %q and %q, want %q and %q", Join(left), Join(right), a, b)
	}
	checkSide(t, left, a, Insert)
	checkSide(t, right, b, Delete)
	if equalText(left) != equalText(right) {
		t.Fatalf("equal text differs: %q and %q", equalText(left), equalText(right))
	}
}

func checkSide(t *testing.T, spans []Span, text string, wrong Kind) {
	t.Helper()
	if err := checkSpans(spans); err != nil {
		t.Fatal(err)
	}
	for _, s := range spans {
		if s.Kind == wrong || s.Kind == Change {
			t.Fatalf("span %q has kind %v on the wrong side", s.Text, s.Kind)
		}
		if utf8.ValidString(text) && !utf8.ValidString(s.Text) {
			t.Fatalf("span %q splits a rune of %q", s.Text, text)
		}
	}
}

func equalText(spans []Span) string {
	var sb strings.Builder
	for _, s := range spans {
		if s.Kind == Equal {
			sb.WriteString(s.Text)
		}
	}
	return sb.String()
}

// FuzzViews checks that side-by-side rows show both texts whole, that a
// hunk with full context does too, and that Fold agrees with Unified.
//
//	$ go test -fuzz=FuzzViews ./diff
func FuzzViews(f *testing.F) {
	seed(f)
	f.Fuzz(func(t *testing.T, a, b string) {
		rows := SideBySide(a, b)
		if err := checkRows(rows, a, b); err != nil {
			t.Fatal(err)
		}
		for _, context := range []int{0, 2} {
			if err := checkFold(rows, Unified(a, b, context), context); err != nil {
				t.Fatalf("context %d: %v", context, err)
			}
		}
		all := len(a) + len(b) + 1 // enough context for a single hunk
		var old, cur strings.Builder
		for _, h := range Unified(a, b, all) {
			for _, l := range h.Lines {
				text := Join(l.Spans)
				if !l.NoNewline {
					text += "\n"
				}
				if l.Kind != Insert {
					old.WriteString(text)
				}
				if l.Kind != Delete {
					cur.WriteString(text)
				}
			}
		}
		if a != b && (old.String() != a || cur.String() != b) {
			t.Fatalf("hunk shows %q and %q, want %q and %q", old.String(), cur.String(), a, b)
		}
	})
}
