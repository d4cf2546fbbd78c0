package resolver

import (
	"strings"
	"testing"

	"github.com/feedsync/feedsync/diff"
)

// longWordFeed is an item in conflict whose content is one word of n
// characters, the version's with one more: a data URI, a hash, a pasted
// line without spaces.
func longWordFeed(n int) string {
	word := strings.Repeat("x", n)
	return string(contentConflict(word, word+"y"))
}

// TestWrapOneLongWord: a word far wider than a row is cut into full rows
// that together hold it whole, in time linear in its length (QA Q35: a
// 2 MB word hung the item screen; BenchmarkWrapLongWord shows the growth).
func TestWrapOneLongWord(t *testing.T) {
	const n = 1 << 18
	word := strings.Repeat("é", n/2) + strings.Repeat("x", n/2)
	line := []piece{{text: "see ", kind: diff.Equal}, {text: word[:n/3], kind: diff.Insert}, {text: word[n/3:], kind: diff.Equal}}
	rows := wrap(line, 78)
	var got strings.Builder
	for i, r := range rows {
		if w := widthOf(r); w > 78 || w < 78 && i > 0 && i < len(rows)-1 {
			t.Fatalf("row %d is %d cells wide", i, w)
		}
		for _, p := range r {
			got.WriteString(p.text)
		}
	}
	if got.String() != "see"+word { // the space where the row breaks is dropped
		t.Errorf("the rows do not hold the word whole (%d bytes of %d)", got.Len(), len("see "+word))
	}
	if want := (4+n)/78 + 1; len(rows) < want-1 || len(rows) > want+1 {
		t.Errorf("%d rows, want about %d", len(rows), want)
	}
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

// BenchmarkWrapLongWord wraps one word of each size at 78 columns; the
// time per byte should stay flat as the word grows.
//
//	go test -run '^$' -bench WrapLongWord ./tui/resolver
func BenchmarkWrapLongWord(b *testing.B) {
	for _, n := range []int{1 << 14, 1 << 17, 1 << 20} {
		line := []piece{{text: strings.Repeat("x", n), kind: diff.Equal}}
		b.Run(itoa(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				wrap(line, 78)
			}
		})
	}
}

// BenchmarkWrapLongLine wraps 1 MB of words at 36 columns, as the merge
// view wraps the result of a field of one long line at 120 columns.
//
//	go test -run '^$' -bench WrapLongLine ./tui/resolver
func BenchmarkWrapLongLine(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 1<<20; i++ {
		sb.WriteString(strings.Repeat(string(rune('a'+i%26)), 1+i%7) + " ")
	}
	line := []piece{{text: sb.String()}}
	b.SetBytes(int64(sb.Len()))
	for b.Loop() {
		wrap(line, 36)
	}
}

// cutRows is how the status bar and the merge view's header lines fit a
// message into the rows they have: at words, each row padded, and a
// message cut short fills its last row with what fits of the rest and
// ends with ….
func TestCutRows(t *testing.T) {
	st := NewStyles(Look{Mono: true})
	text := "the file changed on disk since it was read: merge it in or save elsewhere"
	cases := []struct {
		width, n int
		want     []string
	}{
		{80, 2, []string{pad(text, 80)}},
		{20, -1, []string{"the file changed on ", "disk since it was   ", "read: merge it in or", "save elsewhere      "}},
		{20, 4, []string{"the file changed on ", "disk since it was   ", "read: merge it in or", "save elsewhere      "}},
		{20, 2, []string{"the file changed on ", "disk since it was r…"}},
		{20, 1, []string{"the file changed on…"}},
		{20, 0, nil},
	}
	for _, c := range cases {
		got := cutRows(text, c.width, c.n, &st)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("cutRows(width %d, n %d):\n got %q\nwant %q", c.width, c.n, got, c.want)
		}
	}
}
