package xmlscan

import (
	"math/rand"
	"testing"
)

// TestLinesIsPosition: Lines places every offset where Position does,
// before the first byte, past the last, on and after newlines.
func TestLinesIsPosition(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, data := range []string{"", "\n", "abc", "a\nb\n\nc", "\n\nx\n"} {
		lines := NewLines([]byte(data))
		for off := -1; off <= len(data)+1; off++ {
			l1, c1 := Position([]byte(data), off)
			l2, c2 := lines.Position(off)
			if l1 != l2 || c1 != c2 {
				t.Errorf("%q at %d: Lines %d:%d, Position %d:%d", data, off, l2, c2, l1, c1)
			}
		}
	}
	data := make([]byte, 5000)
	for i := range data {
		data[i] = "ab\n"[rng.Intn(3)]
	}
	lines := NewLines(data)
	for range 1000 {
		off := rng.Intn(len(data) + 1)
		l1, c1 := Position(data, off)
		if l2, c2 := lines.Position(off); l1 != l2 || c1 != c2 {
			t.Fatalf("at %d: Lines %d:%d, Position %d:%d", off, l2, c2, l1, c1)
		}
	}
}
