package dialect

// BenchmarkMergeInSSE is what a hub serving an SSE 0.91 RSS feed spends on
// a POST of one changed item: MergeIn of a one-item feed into the model
// of a feed of 1k, 10k and 100k items (feedgen.PairSSE's local feed),
// parsing the POST excluded. Item by item (0.91 §4.4) it stays flat
// across the sizes:
//
//	$ go test -run='^$' -bench=MergeInSSE -benchtime=2000x -benchmem ./feeds/dialect
//
// (each POST is parsed before the timer starts: keep -benchtime to a count).
// Measured under load (2 shared cores, -count=3): 1.0-1.7, 1.3-1.9 and
// 0.7-2.6 µs per POST at 1k, 10k and 100k items, 240 B in 3 allocations;
// the whole merge it replaces took 0.8-1.8 ms, 9-21 ms and 170-295 ms,
// 0.46, 4.3 and 46 MB.

import (
	"fmt"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

func BenchmarkMergeInSSE(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			data, _ := feedgen.PairSSE(n, 0.1, 1)
			model, err := Parse("feed.xml", data)
			if err != nil {
				b.Fatal(err)
			}
			id := model.Entries()[n/2].ID()
			posts := make([]*Doc, b.N)
			for i := range posts {
				posts[i] = onePost(b, id, 1000+i)
			}
			b.ResetTimer()
			for i := range b.N {
				if changed, err := model.MergeIn(posts[i]); err != nil || len(changed) != 1 {
					b.Fatalf("MergeIn: %q, %v", changed, err)
				}
			}
		})
	}
}

// onePost is an SSE 0.91 RSS feed of item id at the given version, which
// wins over every version before it.
func onePost(b *testing.B, id string, version int) *Doc {
	b.Helper()
	d, err := Parse("post.xml", fmt.Appendf(nil, `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><channel><title>t</title>
<item><title>v%d</title><sx:sync id=%q version="%d"><sx:history when="Sun, 22 May 2005 09:00:00 GMT" by="poster"/></sx:sync></item>
</channel></rss>`, version, id, version))
	if err != nil {
		b.Fatal(err)
	}
	return d
}
