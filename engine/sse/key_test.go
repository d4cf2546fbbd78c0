package sse

import (
	"math/rand"
	"strings"
	"testing"
)

func TestBetween(t *testing.T) {
	cases := []struct {
		lo, hi, want string
		ok           bool
	}{
		{"", "", "V", true},
		{"V", "", "l", true},
		{"", "V", "F", true},
		{"z", "", "zV", true},
		{"a", "b", "aV", true},
		{"", "1", "0V", true},
		{"", "0V", "0F", true},
		{"a~", "b", "a~V", true},
		{"a", "a!b", "a!I", true},
		{"a", "a0", "", false},
		{"", "!", "", false},
		{"a", "a", "", false},
		{"b", "a", "", false},
	}
	for _, c := range cases {
		t.Run(c.lo+"|"+c.hi, func(t *testing.T) {
			got, ok := Between(c.lo, c.hi)
			if got != c.want || ok != c.ok {
				t.Errorf("Between(%q, %q) = %q, %v; want %q, %v", c.lo, c.hi, got, ok, c.want, c.ok)
			}
		})
	}
}

// Between on arbitrary strings: a key strictly between the bounds, not
// ending in '0', exactly when the documented condition allows.
func TestBetweenArbitrary(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	const alphabet = "!01Vz~"
	word := func() string {
		b := make([]byte, rng.Intn(4))
		for i := range b {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		return string(b)
	}
	for range 20000 {
		lo, hi := word(), word()
		rest, prefixed := strings.CutPrefix(hi, lo)
		stuck := hi != "" && prefixed && strings.Trim(rest, "!0") == ""
		wantOK := (hi == "" || lo < hi) && !stuck
		k, ok := Between(lo, hi)
		if ok != wantOK {
			t.Fatalf("Between(%q, %q) ok = %v, want %v", lo, hi, ok, wantOK)
		}
		if ok && (k <= lo || hi != "" && k >= hi || strings.HasSuffix(k, "0")) {
			t.Fatalf("Between(%q, %q) = %q", lo, hi, k)
		}
	}
}

// Keys grown by Between alone, inserting at random places, stay strictly
// ordered and never run out of room.
func TestBetweenGrowth(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	var keys []string
	for range 5000 {
		i := rng.Intn(len(keys) + 1)
		var lo, hi string
		if i > 0 {
			lo = keys[i-1]
		}
		if i < len(keys) {
			hi = keys[i]
		}
		k, ok := Between(lo, hi)
		if !ok {
			t.Fatalf("no key between %q and %q", lo, hi)
		}
		keys = append(keys[:i], append([]string{k}, keys[i:]...)...)
	}
	longest := 0
	for i, k := range keys {
		if i > 0 && keys[i-1] >= k {
			t.Fatalf("keys out of order: %q, %q", keys[i-1], k)
		}
		longest = max(longest, len(k))
	}
	if longest > 40 {
		t.Errorf("keys grew to %d characters for %d inserts", longest, len(keys))
	}
}
