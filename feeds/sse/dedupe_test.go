package ssefeed

import (
	"fmt"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// duplicatesFeed is an SSE 0.91 RSS feed holding n versions of one item,
// each by another endpoint: issue 13's hostile feed.
func duplicatesFeed(n int) []byte {
	var b strings.Builder
	b.WriteString(`<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><channel><title>t</title>`)
	for i := range n {
		fmt.Fprintf(&b, `<item><title>v%d</title><sx:sync id="dup" version="1"><sx:history when="Sat, 21 May 2005 09:43:33 GMT" by="EP%d"/></sx:sync></item>`, i, i)
	}
	b.WriteString("</channel></rss>")
	return []byte(b.String())
}

// TestParseFoldsDuplicatesLinearly guards issue 13, item 3: 8,000
// duplicates of one id took 22 s to load. Four times the duplicates must
// cost about four times the allocations, not sixteen.
func TestParseFoldsDuplicatesLinearly(t *testing.T) {
	feedtest.FoldsLinearly(t, duplicatesFeed, Parse, func(d *Doc, n int) bool {
		it := d.Items()
		return len(it) == 1 && len(it[0].Conflicts) == n-1
	})
}

// BenchmarkParseDuplicates16k loads 16,000 versions of one id.
//
// $ go test -run '^$' -bench ParseDuplicates -benchmem ./feeds/sse
func BenchmarkParseDuplicates16k(b *testing.B) {
	feedtest.BenchParse(b, duplicatesFeed(16000), Parse)
}
