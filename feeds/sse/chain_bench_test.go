package ssefeed

// Benchmarks of the case whose cost grew with the square of its size
// (issue 20 item 12): outlines chained by fso:parent, each the parent of
// the next, 1,000 deep (about as deep as feedsync writes), written flat in
// the body; in the second case all tombstones but the first of each chain. Each reads
// and writes the feed; the slope from 1k to 10k should be about 10:
//
//	$ go test -run='^$' -bench=ParentChain -benchtime=3x ./feeds/sse

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"
)

// parentChain is an OPML outline of n outlines, written flat in the body,
// each naming the one before as its fso:parent but every depth-th, which
// starts a chain anew; with tombs every one but the first of each chain
// is deleted.
func parentChain(n, depth int, tombs bool) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="utf-8"?>
<opml version="1.0" xmlns:sx="` + NS + `" xmlns:fso="` + NSOutline + `">
  <head><title>chain</title></head>
  <body>
`)
	for i := range n {
		pos, del := "", ""
		if i%depth > 0 {
			pos = fmt.Sprintf(` fso:parent="o%d" fso:key="V" fso:version="1"`, i-1)
		}
		if tombs && i%depth > 0 {
			del = ` deleted="true"`
		}
		fmt.Fprintf(&b, `    <outline text="o%d"><sx:sync id="o%d" version="1"%s%s><sx:history when="Sat, 21 May 2005 09:00:01 GMT" by="ep1"/></sx:sync></outline>
`, i, i, pos, del)
	}
	b.WriteString("  </body>\n</opml>\n")
	return []byte(b.String())
}

// BenchmarkParentChain parses and writes outlines chained 1,000 deep by
// fso:parent (flat in the XML), as validate and every command do.
func BenchmarkParentChain(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		for _, tombs := range []bool{false, true} {
			data := parentChain(n, 1_000, tombs)
			b.Run(fmt.Sprintf("%d/tombstones=%v", n, tombs), func(b *testing.B) {
				for b.Loop() {
					readWrite(b, data)
				}
			})
		}
	}
}

func readWrite(t testing.TB, data []byte) {
	d, err := Parse("chain.opml", data)
	if err != nil {
		t.Fatal(err)
	}
	d.Bytes()
}

// TestParentChainLinear: reading and writing outlines chained by
// fso:parent, with runs of tombstones, allocates in proportion to the
// outlines, not to the outlines times the depth (cycle detection walked
// each outline's ancestry whole, and the writer each tombstone's run):
// twice the outlines, at most three times the bytes. Bytes allocated are
// counted, not time, so that a loaded machine cannot fail the test.
func TestParentChainLinear(t *testing.T) {
	for _, tombs := range []bool{false, true} {
		small := allocated(func() { readWrite(t, parentChain(500, 500, tombs)) })
		large := allocated(func() { readWrite(t, parentChain(1_000, 1_000, tombs)) })
		if large > 3*small {
			t.Errorf("tombstones=%v: a chain of 500 allocates %d bytes, of 1,000 %d: more than linear", tombs, small, large)
		}
	}
}

// allocated returns the bytes f allocates, the least of three runs.
func allocated(f func()) uint64 {
	least := uint64(math.MaxUint64)
	for range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}
