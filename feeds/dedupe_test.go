package feeds

import (
	"fmt"
	"strings"
	"testing"
)

// duplicatesFeed is an RSS feed holding n versions of one item, each by
// another endpoint: issue 13's hostile feed.
func duplicatesFeed(n int) []byte {
	var b strings.Builder
	b.WriteString(`<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>t</title>`)
	for i := range n {
		fmt.Fprintf(&b, `<item><title>v%d</title><sx:sync id="dup" updates="1"><sx:history sequence="1" when="2005-05-21T11:43:33Z" by="EP%d"/></sx:sync></item>`, i, i)
	}
	b.WriteString("</channel></rss>")
	return []byte(b.String())
}

// TestParseFoldsDuplicatesLinearly guards issue 13, item 3: 16,000
// duplicates of one id took 54 s to load. Four times the duplicates must
// cost about four times the allocations, not sixteen.
func TestParseFoldsDuplicatesLinearly(t *testing.T) {
	allocs := func(n int) float64 {
		data := duplicatesFeed(n)
		var d *Doc
		a := testing.AllocsPerRun(1, func() {
			var err error
			if d, err = Parse("dup.xml", data); err != nil {
				t.Fatal(err)
			}
		})
		if it := d.Items(); len(it) != 1 || len(it[0].Conflicts) != n-1 {
			t.Fatalf("%d duplicates: %d items, want 1 with %d conflicts", n, len(it), n-1)
		}
		return a
	}
	small, large := allocs(500), allocs(2000)
	if ratio := large / small; ratio > 6 {
		t.Fatalf("4× the duplicates cost %.1f× the allocations (%.0f, %.0f): not linear", ratio, small, large)
	}
}

// BenchmarkParseDuplicates16k loads issue 13's feed: 16,000 versions of
// one id.
//
// $ go test -run '^$' -bench ParseDuplicates -benchmem ./feeds
func BenchmarkParseDuplicates16k(b *testing.B) {
	data := duplicatesFeed(16000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse("dup.xml", data); err != nil {
			b.Fatal(err)
		}
	}
}
