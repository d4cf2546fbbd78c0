package share

import (
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

// $ go test -run '^$' -bench 'HubPostOPML' -benchtime 2000x ./feeds/share
//
// BenchmarkHubPostOPML is BenchmarkHubPost for a hub serving an SSE 0.91
// OPML outline of 1k, 10k and 100k outlines (feedgen.OutlineSSE): one POST
// edits one outline where it is. The model takes it in place (0.91 §4.4, with
// §4.4.2's cycle detection walking up from the outline posted alone,
// ssefeed.Doc.MergeIn); what else the hub does per POST is measured with
// it. Measured under load (2 shared cores, -benchtime 1000x): 1.3, 2.2 and
// 1.7 ms of CPU per POST at 1k, 10k and 100k, 0.33-0.40 MB allocated;
// before, when the model merged the whole outline for each POST
// (-benchtime 20x), 8.6 ms, 101 ms and 1.76 s, 3.4, 26 and 222 MB.
func BenchmarkHubPostOPML(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(benchSizeName(n), func(b *testing.B) { benchHubPost(b, feedgen.OutlineSSE(n)) })
	}
}
