package feeds

// Benchmarks of each stage of a merge, and of a whole merge against etree
// alone.
//
//	$ go test -run='^$' -bench='Stage' -benchtime=3x ./feeds
//	$ go test -run='^$' -bench='ParseWriteEtree|MergeEndToEnd|MergeVsEtree' -benchtime=3x ./feeds
//
// BenchmarkStage times each stage on its own, so that a regression names
// its stage: read (the strict scanner over both inputs, the floor of any
// reading), parse (Parse of both), merge (Merge of the parsed pair) and
// write (WriteTo of the merged feed). Compare each MergeEndToEnd/n=N with
// ParseWriteEtree/n=N: the time, and two memory metrics over the input
// bytes, neither counting the inputs themselves: peak-x, the heap in use
// sampled every 5ms while timing (it includes garbage not yet collected),
// and live-x, the live heap at the fullest point of one extra run (after
// parsing, for Merge after merging). These are in-process figures; the
// README's benchmark section times the commands a user runs.

import (
	"fmt"
	"io"
	"runtime"
	"testing"
	"time"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/feedtest"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

var benchSizes = []int{1_000, 10_000, 100_000}

// benchPair caches generated feeds: generating 100k items takes a while.
var benchPair = feedtest.Pairs(func(n int) ([]byte, []byte) { return feedgen.Pair(n, 0.1, 1) })

// BenchmarkStage times the stages of a merge one by one.
func BenchmarkStage(b *testing.B) {
	feedtest.BenchStages(b, benchSizes, benchPair, Parse, Merge)
}

func parsePair(b *testing.B, local, remote []byte) (*Doc, *Doc) {
	return feedtest.ParsePair(b, Parse, local, remote)
}

// BenchmarkParseWriteEtree is the yardstick: etree alone parses both
// feeds, with the read settings Parse uses, and writes one.
func BenchmarkParseWriteEtree(b *testing.B) {
	for _, n := range benchSizes {
		local, remote := benchPair(n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			measure(b, len(local)+len(remote), func() uint64 { return etreeOnly(b, local, remote) })
		})
	}
}

// BenchmarkMergeEndToEnd parses both feeds, merges them and writes the
// result.
func BenchmarkMergeEndToEnd(b *testing.B) {
	for _, n := range benchSizes {
		local, remote := benchPair(n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			measure(b, len(local)+len(remote), func() uint64 { return endToEnd(b, local, remote) })
		})
	}
}

// BenchmarkMergeVsEtree runs the two benchmarks above in turns and reports
// the ratio of their times, wall clock and CPU (all threads, the garbage
// collector's included). Taking turns keeps other load on the machine from
// favouring one side.
func BenchmarkMergeVsEtree(b *testing.B) {
	for _, n := range benchSizes {
		local, remote := benchPair(n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var wall, cpu [2]time.Duration
			for b.Loop() {
				for side := range 2 {
					runtime.GC()
					w0, c0 := time.Now(), cpuTime()
					if side == 0 {
						etreeOnly(b, local, remote)
					} else {
						endToEnd(b, local, remote)
					}
					wall[side] += time.Since(w0)
					cpu[side] += cpuTime() - c0
				}
			}
			b.ReportMetric(float64(wall[1])/float64(wall[0]), "wall-ratio")
			b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "cpu-ratio")
		})
	}
}

// etreeOnly parses both feeds with etree alone, with the read settings
// Parse uses, and writes one. It returns the live heap after parsing
// (liveHeap).
func etreeOnly(b *testing.B, local, remote []byte) (live uint64) {
	l, r := etree.NewDocument(), etree.NewDocument()
	l.ReadSettings, r.ReadSettings = xmlutil.ReadSettings, xmlutil.ReadSettings
	if err := l.ReadFromBytes(local); err != nil {
		b.Fatal(err)
	}
	if err := r.ReadFromBytes(remote); err != nil {
		b.Fatal(err)
	}
	live = liveHeap()
	l.WriteSettings = xmlutil.WriteSettings
	if _, err := l.WriteTo(io.Discard); err != nil {
		b.Fatal(err)
	}
	runtime.KeepAlive(r)
	return live
}

// endToEnd parses both feeds, merges them and writes the result. It
// returns the live heap after merging (liveHeap).
func endToEnd(b *testing.B, local, remote []byte) (live uint64) {
	l, r := parsePair(b, local, remote)
	m, err := Merge(l, r)
	if err != nil {
		b.Fatal(err)
	}
	live = liveHeap()
	if _, err := m.WriteTo(io.Discard); err != nil {
		b.Fatal(err)
	}
	runtime.KeepAlive(r)
	return live
}

// liveHeapOn makes run measure the live heap at its fullest point; off
// while timing.
var liveHeapOn bool

func liveHeap() uint64 {
	if !liveHeapOn {
		return 0
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// measure times run, reporting allocations, the peak heap in use sampled
// while it runs, and, from one extra untimed run, the live heap at its
// fullest, both over the input size.
func measure(b *testing.B, input int, run func() uint64) {
	b.ReportAllocs()
	b.SetBytes(int64(input))
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	stop := make(chan struct{})
	peak := make(chan uint64)
	go func() {
		var ms runtime.MemStats
		var max uint64
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				peak <- max
				return
			case <-t.C:
				runtime.ReadMemStats(&ms)
				max = maxOf(max, ms.HeapInuse)
			}
		}
	}()
	b.ResetTimer()
	for b.Loop() {
		run()
	}
	b.StopTimer()
	close(stop)
	p := <-peak
	b.ReportMetric(float64(p-min(p, base.HeapInuse))/float64(input), "peak-x")
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	liveHeapOn = true
	live := run()
	liveHeapOn = false
	b.ReportMetric(float64(live-min(live, before))/float64(input), "live-x")
}

func maxOf(a, b uint64) uint64 {
	if a > b {
		return a
	}
	return b
}
