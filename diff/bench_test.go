package diff

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// Run with:
//
//	$ go test -run='^$' -bench=. ./diff

// tenThousand returns a 10,000-line feed-like text and a copy with a line
// changed, deleted or inserted every 97 lines.
func tenThousand() (a, b string) {
	var old, cur strings.Builder
	for i := range 10000 {
		line := fmt.Sprintf("  <entry id=\"%d\"><title>Item %d</title></entry>\n", i, i)
		old.WriteString(line)
		switch i % 97 {
		case 10:
			cur.WriteString(strings.Replace(line, "Item", "Thing", 1))
		case 40:
			// deleted
		case 70:
			cur.WriteString(line)
			cur.WriteString("  <entry><title>new</title></entry>\n")
		default:
			cur.WriteString(line)
		}
	}
	return old.String(), cur.String()
}

func BenchmarkLines(b *testing.B) {
	old, cur := tenThousand()
	b.SetBytes(int64(len(old) + len(cur)))
	for b.Loop() {
		Lines(old, cur)
	}
}

// BenchmarkLinesNothingInCommon measures two 10,000-line texts without a
// shared line, the worst case for a search without the one-sided discard.
func BenchmarkLinesNothingInCommon(b *testing.B) {
	old, cur := numbered("old", 10000), numbered("new", 10000)
	for b.Loop() {
		Lines(old, cur)
	}
}

// BenchmarkLinesReversed measures a hard case for Myers: the same 2,000
// lines in opposite orders, where D is near 2N.
func BenchmarkLinesReversed(b *testing.B) {
	lines := strings.SplitAfter(numbered("line", 2000), "\n")
	var rev strings.Builder
	for i := len(lines) - 1; i >= 0; i-- {
		rev.WriteString(lines[i])
	}
	old, cur := strings.Join(lines, ""), rev.String()
	for b.Loop() {
		Lines(old, cur)
	}
}

func BenchmarkSideBySide(b *testing.B) {
	old, cur := tenThousand()
	for b.Loop() {
		SideBySide(old, cur)
	}
}

// BenchmarkSideBySideLongLine compares a line of 200,000 words (1 MB)
// with a copy where every 50th word changed, as the item screen shows a
// field of one long line ("every50th"), and two unrelated lines of 50,000
// one-letter words ("rewritten": without wordLimit, a word diff of them
// takes time quadratic in their length).
func BenchmarkSideBySideLongLine(b *testing.B) {
	a, c := longLine(200_000, false)
	letters := func(seed uint64) string {
		r := rand.New(rand.NewPCG(seed, 1))
		words := make([]string, 50_000)
		for i := range words {
			words[i] = string(rune('a' + r.IntN(26)))
		}
		return strings.Join(words, " ")
	}
	pairs := map[string][2]string{"every50th": {a, c}, "rewritten": {letters(1), letters(2)}}
	for _, name := range []string{"every50th", "rewritten"} {
		b.Run(name, func(b *testing.B) {
			p := pairs[name]
			b.SetBytes(int64(len(p[0]) + len(p[1])))
			for b.Loop() {
				SideBySide(p[0], p[1])
			}
		})
	}
}
