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
	"fmt"
	"io"
	"sync"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

var benchSizes = []int{1_000, 10_000, 100_000}

// benchPair caches generated feeds: generating 100k items takes a while.
var benchPair = func() func(n int) ([]byte, []byte) {
	var mu sync.Mutex
	cache := map[int][2][]byte{}
	return func(n int) ([]byte, []byte) {
		mu.Lock()
		defer mu.Unlock()
		p, ok := cache[n]
		if !ok {
			l, r := feedgen.PairSSE(n, 0.1, 1)
			p = [2][]byte{l, r}
			cache[n] = p
		}
		return p[0], p[1]
	}
}()

func BenchmarkStage(b *testing.B) {
	for _, n := range benchSizes {
		local, remote := benchPair(n)
		size := int64(len(local) + len(remote))
		b.Run(fmt.Sprintf("read/n=%d", n), func(b *testing.B) {
			b.SetBytes(size)
			for b.Loop() {
				if xmlscan.Check(local) != nil || xmlscan.Check(remote) != nil {
					b.Fatal("not well-formed")
				}
			}
		})
		b.Run(fmt.Sprintf("parse/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(size)
			for b.Loop() {
				parsePair(b, local, remote)
			}
		})
		l, r := parsePair(b, local, remote)
		b.Run(fmt.Sprintf("merge/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Merge(l, r); err != nil {
					b.Fatal(err)
				}
			}
		})
		m, err := Merge(l, r)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("write/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(m.Bytes())))
			for b.Loop() {
				if _, err := m.WriteTo(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func parsePair(b *testing.B, local, remote []byte) (*Doc, *Doc) {
	l, err := Parse("local.xml", local)
	if err != nil {
		b.Fatal(err)
	}
	r, err := Parse("remote.xml", remote)
	if err != nil {
		b.Fatal(err)
	}
	return l, r
}
