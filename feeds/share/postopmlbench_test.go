package share

import (
	"fmt"
	"strings"
	"testing"
)

// $ go test -run '^$' -bench 'HubPostOPML' -benchtime 2000x ./feeds/share
//
// BenchmarkHubPostOPML is BenchmarkHubPost for a hub serving an SSE 0.91
// OPML outline of 1k, 10k and 100k outlines (benchOPML): one POST edits
// one outline where it is. The model takes it in place (0.91 §4.4, with
// §4.4.2's cycle detection walking up from the outline posted alone,
// ssefeed.Doc.MergeIn); what else the hub does per POST is measured with
// it. Measured under load (2 shared cores, -benchtime 1000x): 1.3, 2.2 and
// 1.7 ms of CPU per POST at 1k, 10k and 100k, 0.33-0.40 MB allocated;
// before, when the model merged the whole outline for each POST
// (-benchtime 20x), 8.6 ms, 101 ms and 1.76 s, 3.4, 26 and 222 MB.
func BenchmarkHubPostOPML(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(benchSizeName(n), func(b *testing.B) { benchHubPost(b, benchOPML(n)) })
	}
}

// benchOPML is an SSE 0.91 OPML outline of n outlines nested in the body:
// a tree of each thousand, ten children to an outline, four levels deep.
func benchOPML(n int) []byte {
	var b strings.Builder
	b.WriteString(`<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><head><title>t</title></head><body>` + "\n")
	var write func(k, j int, ind string)
	write = func(k, j int, ind string) {
		i := k + j
		fmt.Fprintf(&b, `%s<outline text="outline %d"><sx:sync id="o%d" version="1"><sx:history when="Sat, 21 May 2005 09:00:00 GMT" by="ep1"/></sx:sync>`+"\n", ind, i, i)
		for c := 10*j + 1; c <= 10*j+10 && c < 1000 && k+c < n; c++ {
			write(k, c, ind+" ")
		}
		b.WriteString(ind + "</outline>\n")
	}
	for k := 0; k < n; k += 1000 {
		write(k, 0, "")
	}
	b.WriteString("</body></opml>\n")
	return []byte(b.String())
}
