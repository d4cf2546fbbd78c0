package resolver

import (
	"strings"
	"testing"
)

// longWordFeed is an item in conflict whose content is one word of n
// characters, the version's with one more: a data URI, a hash, a pasted
// line without spaces.
func longWordFeed(n int) string {
	word := strings.Repeat("x", n)
	return string(contentConflict(word, word+"y"))
}

// TestItemWithOneLongWord opens the item screen on a long word at 80
// columns: it shows the word's first rows, cut to the width.
func TestItemWithOneLongWord(t *testing.T) {
	doc := mergePair(t, []byte(longWordFeed(1<<18)), []byte(longWordFeed(1<<18)))
	hs := newHarness(t, doc, 80, 20)
	hs.keys("enter")
	if hs.m.screen != itemScreen || !strings.Contains(hs.screen(), strings.Repeat("x", 60)) {
		t.Errorf("the item is not shown:\n%s", hs.screen())
	}
}
