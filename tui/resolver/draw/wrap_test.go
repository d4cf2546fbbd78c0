package draw

import (
	"strconv"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/diff"
)

// TestWrapOneLongWord: a word far wider than a row is cut into full rows
// that together hold it whole, in time linear in its length (QA Q35: a
// 2 MB word hung the item screen; BenchmarkWrapLongWord shows the growth).
func TestWrapOneLongWord(t *testing.T) {
	const n = 1 << 18
	word := strings.Repeat("é", n/2) + strings.Repeat("x", n/2)
	line := []Piece{{Text: "see ", Kind: diff.Equal}, {Text: word[:n/3], Kind: diff.Insert}, {Text: word[n/3:], Kind: diff.Equal}}
	rows := Wrap(line, 78)
	var got strings.Builder
	for i, r := range rows {
		if w := widthOf(r); w > 78 || w < 78 && i > 0 && i < len(rows)-1 {
			t.Fatalf("row %d is %d cells wide", i, w)
		}
		for _, p := range r {
			got.WriteString(p.Text)
		}
	}
	if got.String() != "see"+word { // the space where the row breaks is dropped
		t.Errorf("the rows do not hold the word whole (%d bytes of %d)", got.Len(), len("see "+word))
	}
	if want := (4+n)/78 + 1; len(rows) < want-1 || len(rows) > want+1 {
		t.Errorf("%d rows, want about %d", len(rows), want)
	}
}

// BenchmarkWrapLongWord wraps one word of each size at 78 columns; the
// time per byte should stay flat as the word grows.
//
//	go test -run '^$' -bench WrapLongWord ./tui/resolver/draw
func BenchmarkWrapLongWord(b *testing.B) {
	for _, n := range []int{1 << 14, 1 << 17, 1 << 20} {
		line := []Piece{{Text: strings.Repeat("x", n), Kind: diff.Equal}}
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				Wrap(line, 78)
			}
		})
	}
}

// BenchmarkWrapLongLine wraps 1 MB of words at 36 columns, as the merge
// view wraps the result of a field of one long line at 120 columns.
//
//	go test -run '^$' -bench WrapLongLine ./tui/resolver/draw
func BenchmarkWrapLongLine(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 1<<20; i++ {
		sb.WriteString(strings.Repeat(string(rune('a'+i%26)), 1+i%7) + " ")
	}
	line := []Piece{{Text: sb.String()}}
	b.SetBytes(int64(sb.Len()))
	for b.Loop() {
		Wrap(line, 36)
	}
}

// CutRows is how the status bar and the merge view's header lines fit a
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
		{80, 2, []string{Pad(text, 80)}},
		{20, -1, []string{"the file changed on ", "disk since it was   ", "read: merge it in or", "save elsewhere      "}},
		{20, 4, []string{"the file changed on ", "disk since it was   ", "read: merge it in or", "save elsewhere      "}},
		{20, 2, []string{"the file changed on ", "disk since it was r…"}},
		{20, 1, []string{"the file changed on…"}},
		{20, 0, nil},
	}
	for _, c := range cases {
		got := CutRows(text, c.width, c.n, &st)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("CutRows(width %d, n %d):\n got %q\nwant %q", c.width, c.n, got, c.want)
		}
	}
}
