package ssefeed

// Benchmarks of each stage of a merge of SSE 0.91 RSS feeds, so that a
// regression names its stage:
//
//	$ go test -run='^$' -bench='Stage' -benchtime=3x ./feeds/sse
//
// read is the strict scanner alone over both inputs, the floor of any
// reading; parse is Parse of both; merge is Merge of the parsed pair;
// write is WriteTo of the merged feed. The pairs are feedgen.PairSSE's.

import (
	"bytes"
	"io"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

var benchSizes = []int{1_000, 10_000, 100_000}

// benchPair caches generated feeds: generating 100k items takes a while.
var benchPair = feedtest.Pairs(func(n int) ([]byte, []byte) { return feedgen.PairSSE(n, 0.1, 1) })

// BenchmarkStage times the stages of a merge one by one.
func BenchmarkStage(b *testing.B) {
	feedtest.BenchStages(b, benchSizes, benchPair, Parse, Merge)
}

// BenchmarkWriteRootOutlineDecl times WriteTo of a 10,000-item RSS feed
// whose root declares feedsync's outline prefix that nothing uses, so
// that each write asks whether the document read uses it elsewhere
// (source.usesOutlineNS), as a hub writing one Doc again and again does:
//
//	$ go test -run='^$' -bench='WriteRootOutlineDecl' -benchtime=30x ./feeds/sse
func BenchmarkWriteRootOutlineDecl(b *testing.B) {
	local, _ := feedgen.PairSSE(10_000, 0, 1)
	local = bytes.Replace(local, []byte("<rss "), []byte(`<rss xmlns:fso="`+NSOutline+`" `), 1)
	d, err := Parse("local.xml", local)
	if err != nil {
		b.Fatal(err)
	}
	if d.fsoDecl() < 0 {
		b.Fatal("the root declares no outline prefix")
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := d.WriteTo(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
