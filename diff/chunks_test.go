package diff

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestChunks(t *testing.T) {
	ch := func(old, cur string) Chunk { return Chunk{old, cur, old != cur || old == "" && cur == ""} }
	eq := func(s string) Chunk { return Chunk{s, s, false} }
	for _, tc := range []struct {
		name string
		a, b string
		g    Granularity
		want []Chunk
	}{
		{"equal", "a\nb\n", "a\nb\n", ByWord, []Chunk{eq("a\nb\n")}},
		{"empty", "", "", ByWord, nil},
		{"words in a line", "Get milk, eggs, butter and rolls", "Get oat milk, eggs, butter and sourdough bread", ByWord,
			[]Chunk{eq("Get "), ch("", "oat "), eq("milk, eggs, butter and"), ch(" rolls", " sourdough bread")}},
		{"a word removed", "Buy groceries - DONE", "Buy groceries", ByWord,
			[]Chunk{eq("Buy groceries"), ch(" - DONE", "")}},
		{"lines kept whole", "home\nwork\n", "home\nplay\n", ByLine, []Chunk{eq("home\n"), ch("work\n", "play\n")}},
		{"a line added", "a\n", "a\nb\n", ByWord, []Chunk{eq("a\n"), ch("", "b\n")}},
		{"all new", "", "x", ByWord, []Chunk{ch("", "x")}},
		// A list's last value has no newline: it is the same value as
		// the other list's line that has one (QA Q31: the merge view
		// offered "work" against "home, work, urgent" as one hunk, and
		// both sides of it held "work" twice).
		{"a value both lists hold, last in one", "work", "home\nwork\nurgent", ByLine,
			[]Chunk{ch("", "home\n"), eq("work"), ch("", "\nurgent")}},
		{"the same, the other way", "home\nwork\nurgent", "work", ByLine,
			[]Chunk{ch("home\n", ""), eq("work"), ch("\nurgent", "")}},
		{"only the final newline differs", "a\nb", "a\nb\n", ByLine, []Chunk{eq("a\nb"), ch("", "\n")}},
		{"two changed lines", "one two\nthree four\n", "one 2\nthree 4\n", ByWord,
			[]Chunk{eq("one "), ch("two", "2"), eq("\nthree "), ch("four", "4"), eq("\n")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Chunks(tc.a, tc.b, tc.g)
			if len(got) != len(tc.want) {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("chunk %d: got %+v, want %+v", i, got[i], tc.want[i])
				}
			}
			checkChunks(t, tc.a, tc.b, got)
		})
	}
}

// checkChunks checks the properties every result holds: the sides join
// to the texts, kinds alternate, no chunk is empty, shared chunks are
// equal on both sides.
func checkChunks(t *testing.T, a, b string, cs []Chunk) {
	t.Helper()
	var old, cur strings.Builder
	for i, c := range cs {
		old.WriteString(c.Old)
		cur.WriteString(c.New)
		switch {
		case c.Old == "" && c.New == "":
			t.Errorf("chunk %d is empty", i)
		case !c.Changed && c.Old != c.New:
			t.Errorf("shared chunk %d differs: %q %q", i, c.Old, c.New)
		case i > 0 && cs[i-1].Changed == c.Changed:
			t.Errorf("chunks %d and %d are of the same kind", i-1, i)
		}
	}
	if old.String() != a || cur.String() != b {
		t.Errorf("the sides join to %q and %q, not %q and %q", old.String(), cur.String(), a, b)
	}
}

// FuzzChunks checks the properties of Chunks on any pair of texts.
// $ go test -fuzz=FuzzChunks ./diff
func FuzzChunks(f *testing.F) {
	f.Add("Get milk, eggs\nand rolls\n", "Get oat milk\nand bread", true)
	f.Add("", "x\ny", false)
	f.Fuzz(func(t *testing.T, a, b string, words bool) {
		g := ByLine
		if words {
			g = ByWord
		}
		checkChunks(t, a, b, Chunks(a, b, g))
	})
}

func BenchmarkChunks(b *testing.B) {
	var sa, sb strings.Builder
	for i := range 2000 {
		sa.WriteString("line with some words " + strconv.Itoa(i) + "\n")
		if i%50 == 0 {
			sb.WriteString("line with other words " + strconv.Itoa(i) + "\n")
			continue
		}
		sb.WriteString("line with some words " + strconv.Itoa(i) + "\n")
	}
	for b.Loop() {
		Chunks(sa.String(), sb.String(), ByWord)
	}
}

// longLine returns a line of n words, from a small vocabulary so that
// words recur, and a copy with every 50th word replaced by "CHANGED"; with
// dots, a sentence ends every 12 words.
func longLine(n int, dots bool) (a, b string) {
	var sa, sb strings.Builder
	for i := range n {
		if i > 0 {
			sa.WriteByte(' ')
			sb.WriteByte(' ')
		}
		w := string(rune('a'+i*7%26)) + strings.Repeat(string(rune('a'+i*i%23)), 1+i%5)
		if dots && i%12 == 11 {
			w += "."
		}
		sa.WriteString(w)
		if i%50 == 49 {
			w = "CHANGED"
		}
		sb.WriteString(w)
	}
	return sa.String(), sb.String()
}

// TestLongLine: a line far above wordLimit tokens is still cut into its
// changed words by Chunks, Words and SideBySide, with or without
// sentences; one rewritten whole, or with no place to cut it, stays one
// change.
func TestLongLine(t *testing.T) {
	for _, dots := range []bool{false, true} {
		a, b := longLine(20_000, dots)
		cs := Chunks(a, b, ByWord)
		checkChunks(t, a, b, cs)
		var old, cur []string // the changed chunks' sides
		for _, c := range cs {
			if c.Changed {
				old, cur = append(old, c.Old), append(cur, c.New)
				if c.New != "CHANGED" && c.New != "CHANGED." {
					t.Errorf("dots %v: change %q → %q, want a word to CHANGED", dots, c.Old, c.New)
				}
			}
		}
		if len(old) != 20_000/50 {
			t.Errorf("dots %v: %d changes, want %d", dots, len(old), 20_000/50)
		}
		rows := SideBySide(a, b)
		if len(rows) != 1 || rows[0].Left.Kind != Change {
			t.Fatalf("dots %v: SideBySide gives %d rows, want 1 changed", dots, len(rows))
		}
		left, right := changedText(rows[0].Left.Spans), changedText(rows[0].Right.Spans)
		if !slices.Equal(left, old) || !slices.Equal(right, cur) {
			t.Errorf("dots %v: SideBySide's changed spans are not Chunks' changes:\n%q\n%q", dots, left[:min(5, len(left))], right[:min(5, len(right))])
		}
	}
	a := strings.TrimSpace(strings.Repeat("same ", 5000))
	rewritten := strings.TrimSpace(strings.Repeat("other ", 5000))
	for _, b := range []string{rewritten, "x " + a + " y"} {
		checkChunks(t, a, b, Chunks(a, b, ByWord))
	}
	if cs := Chunks(a, rewritten, ByWord); len(cs) != 1 {
		t.Errorf("a line rewritten whole: %d chunks, want 1", len(cs))
	}
	if left, right := Words(a, rewritten); len(left) != 1 || len(right) != 1 {
		t.Errorf("a line rewritten whole: %d and %d spans, want 1 and 1", len(left), len(right))
	}
}

// changedText returns the text of each span that is not Equal.
func changedText(spans []Span) []string {
	var out []string
	for _, sp := range spans {
		if sp.Kind != Equal {
			out = append(out, sp.Text)
		}
	}
	return out
}

// TestLongRandom: texts far above wordLimit tokens, of words, sentences
// and lines, against copies with words replaced, dropped, added and moved,
// keep every property of Chunks', Words' and SideBySide's results, also as
// one line.
func TestLongRandom(t *testing.T) {
	vocab := []string{"a", "bb", "ccc", "milk", "eggs", ".", ",", " ", "\n", "  ", "é", "日本"}
	for seed := range uint64(6) {
		r := rand.New(rand.NewPCG(seed, 7))
		var a, b strings.Builder
		for range 12_000 {
			w := vocab[r.IntN(len(vocab))]
			a.WriteString(w)
			switch r.IntN(40) {
			case 0: // dropped
			case 1:
				b.WriteString(vocab[r.IntN(len(vocab))])
			case 2:
				b.WriteString(w + vocab[r.IntN(len(vocab))])
			default:
				b.WriteString(w)
			}
		}
		if seed%2 == 1 { // a block moved
			s := b.String()
			b.Reset()
			b.WriteString(s[len(s)/2:] + s[:len(s)/2])
		}
		checkChunks(t, a.String(), b.String(), Chunks(a.String(), b.String(), ByWord))
		checkWords(t, a.String(), b.String())
		for _, nl := range []string{"\n", " "} { // lines, or one line
			old, cur := strings.ReplaceAll(a.String(), "\n", nl), strings.ReplaceAll(b.String(), "\n", nl)
			if err := checkRows(SideBySide(old, cur), old, cur); err != nil {
				t.Errorf("seed %d, newline %q: %v", seed, nl, err)
			}
		}
	}
}

// BenchmarkChunksLongLine compares a line of 200,000 words (1 MB) with a
// copy where every 50th word changed, as a field of one long line in the
// merge view; "hunks" is how many changed chunks it finds.
func BenchmarkChunksLongLine(b *testing.B) {
	a, c := longLine(200_000, false)
	b.SetBytes(int64(len(a) + len(c)))
	n := 0
	for b.Loop() {
		n = 0
		for _, ch := range Chunks(a, c, ByWord) {
			if ch.Changed {
				n++
			}
		}
	}
	b.ReportMetric(float64(n), "hunks")
}
