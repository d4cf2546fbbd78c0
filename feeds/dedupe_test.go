package feeds

import (
	"fmt"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
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
	feedtest.FoldsLinearly(t, duplicatesFeed, Parse, func(d *Doc, n int) bool {
		it := d.Items()
		return len(it) == 1 && len(it[0].Conflicts) == n-1
	})
}

// BenchmarkParseDuplicates16k loads issue 13's feed: 16,000 versions of
// one id.
//
// $ go test -run '^$' -bench ParseDuplicates -benchmem ./feeds
func BenchmarkParseDuplicates16k(b *testing.B) {
	feedtest.BenchParse(b, duplicatesFeed(16000), Parse)
}
