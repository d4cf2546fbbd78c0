package merge3

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// BenchmarkMerge merges three sides, each with ten word edits apart from
// the others', into bases of 1k, 10k and 100k words; the cost should grow
// about linearly with the base.
//
//	$ go test -run XXX -bench Merge -benchmem ./diff/merge3
func BenchmarkMerge(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		base, sides := benchTexts(n)
		b.Run(fmt.Sprintf("words=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(base)))
			for b.Loop() {
				if r := Merge(base, sides, Text); !r.Clean() {
					b.Fatal("clash")
				}
			}
		})
	}
}

// benchTexts returns a base of n words in sentences and three sides, each
// replacing ten words of its own third of the base.
func benchTexts(n int) (string, []string) {
	rng := rand.New(rand.NewPCG(3, uint64(n)))
	words := make([]string, n)
	for i := range words {
		words[i] = fmt.Sprintf("w%d", rng.IntN(n/4+1))
		if i%12 == 11 {
			words[i] += "."
		}
	}
	sides := make([]string, 3)
	for s := range sides {
		w := append([]string(nil), words...)
		for k := range 10 {
			w[s*n/3+k*(n/30)+1] = fmt.Sprintf("S%dE%d", s, k)
		}
		sides[s] = strings.Join(w, " ")
	}
	return strings.Join(words, " "), sides
}

// BenchmarkMergeDense merges two sides that insert a word before every
// other word of the base, on alternate words, at 1k, 10k and 100k words:
// as many changes as words, which must not cost their square.
//
//	$ go test -run XXX -bench MergeDense -benchmem ./diff/merge3
func BenchmarkMergeDense(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		words := make([]string, n)
		sides := [2][]string{}
		for i := range words {
			words[i] = fmt.Sprintf("w%d", i)
			s := i % 2
			sides[s] = append(sides[s], fmt.Sprintf("N%d", i))
			sides[s] = append(sides[s], words[i])
			sides[1-s] = append(sides[1-s], words[i])
		}
		base := strings.Join(words, " ")
		texts := []string{strings.Join(sides[0], " "), strings.Join(sides[1], " ")}
		b.Run(fmt.Sprintf("words=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(base)))
			for b.Loop() {
				Merge(base, texts, Text)
			}
		})
	}
}
