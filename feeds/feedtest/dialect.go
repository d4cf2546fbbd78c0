package feedtest

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// The checks and benchmarks that the tests of both bindings, feeds and
// feeds/sse, run on their own Parse and Merge.

// Doc is a loaded feed of either binding: what the checks below write.
type Doc interface {
	Bytes() []byte
	WriteTo(w io.Writer) (int64, error)
}

// MergeSeeds returns the pairs of feeds of the merge scenarios in
// testdata/merge (local.xml and remote.xml of each archive), each way
// round.
func MergeSeeds(t testing.TB) [][2][]byte {
	t.Helper()
	var pairs [][2][]byte
	paths, _ := filepath.Glob(filepath.Join("testdata", "merge", "*.txtar"))
	for _, p := range paths {
		a := ReadArchive(t, strings.TrimPrefix(p, "testdata"+string(filepath.Separator)))
		l, r := []byte(a.Files["local.xml"]), []byte(a.Files["remote.xml"])
		pairs = append(pairs, [2][]byte{l, r}, [2][]byte{r, l})
	}
	return pairs
}

// Written returns everything feedsync writes from a pair of feeds with
// parse and merge, one binding's: each feed as read, and their merges both
// ways. Feeds that do not load, or do not merge, give nothing.
func Written[D Doc](a, b []byte, parse func(name string, data []byte) (D, error), merge func(local, remote D) (D, error)) [][]byte {
	var out [][]byte
	da, errA := parse("a.xml", a)
	db, errB := parse("b.xml", b)
	if errA == nil {
		out = append(out, da.Bytes())
	}
	if errB == nil {
		out = append(out, db.Bytes())
	}
	if errA == nil && errB == nil {
		if m, err := merge(da, db); err == nil {
			out = append(out, m.Bytes())
		}
		if m, err := merge(db, da); err == nil {
			out = append(out, m.Bytes())
		}
	}
	return out
}

// FuzzWellFormed is the body of a fuzz target: for each pair of feeds,
// seeds and those the fuzzer makes of them, everything written gives
// (Written) is well-formed XML with namespaces, as the strict reader
// judges it (WellFormed).
func FuzzWellFormed(f *testing.F, seeds [][2][]byte, written func(a, b []byte) [][]byte) {
	for _, p := range seeds {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		for _, out := range written(a, b) {
			WellFormed(t, out)
		}
	})
}

// ExpatReads checks what FuzzWellFormed checks with a second parser,
// Python's expat (Expat), on what written gives for the seeds; fewer than
// ten documents fail the test, as a check of too little.
func ExpatReads(t *testing.T, seeds [][2][]byte, written func(a, b []byte) [][]byte) {
	t.Helper()
	var outs [][]byte
	for _, p := range seeds {
		outs = append(outs, written(p[0], p[1])...)
	}
	if len(outs) < 10 {
		t.Fatalf("only %d documents written", len(outs))
	}
	for i, v := range Expat(t, outs) {
		if v != "" {
			t.Errorf("expat refuses what feedsync wrote: %s\n%s", v, outs[i])
		}
	}
}

// Pairs returns gen, a generator of pairs of feeds of n items, with each
// pair made once and kept: generating 100k items takes a while.
func Pairs(gen func(n int) (local, remote []byte)) func(n int) (local, remote []byte) {
	var mu sync.Mutex
	cache := map[int][2][]byte{}
	return func(n int) ([]byte, []byte) {
		mu.Lock()
		defer mu.Unlock()
		p, ok := cache[n]
		if !ok {
			l, r := gen(n)
			p = [2][]byte{l, r}
			cache[n] = p
		}
		return p[0], p[1]
	}
}

// ParsePair parses local and remote with parse, failing b on an error.
func ParsePair[D Doc](b testing.TB, parse func(name string, data []byte) (D, error), local, remote []byte) (D, D) {
	b.Helper()
	l, err := parse("local.xml", local)
	if err != nil {
		b.Fatal(err)
	}
	r, err := parse("remote.xml", remote)
	if err != nil {
		b.Fatal(err)
	}
	return l, r
}

// BenchStages times the stages of a merge one by one, for each size of
// pair, so that a regression names its stage: read (the strict scanner
// over both inputs, the floor of any reading), parse (parse of both),
// merge (merge of the parsed pair) and write (WriteTo of the merged feed).
func BenchStages[D Doc](b *testing.B, sizes []int, pair func(n int) ([]byte, []byte), parse func(name string, data []byte) (D, error), merge func(local, remote D) (D, error)) {
	for _, n := range sizes {
		local, remote := pair(n)
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
				ParsePair(b, parse, local, remote)
			}
		})
		l, r := ParsePair(b, parse, local, remote)
		b.Run(fmt.Sprintf("merge/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := merge(l, r); err != nil {
					b.Fatal(err)
				}
			}
		})
		m, err := merge(l, r)
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

// FoldsLinearly guards issue 13, item 3 (thousands of versions of one id
// took tens of seconds to load): loading feed(n), a feed of n versions of
// one id, with parse must cost allocations linear in n, four times the
// versions about four times the allocations, not sixteen. folded reports
// whether the Doc loaded holds the n versions as one item with n-1
// conflicts.
func FoldsLinearly[D any](t *testing.T, feed func(n int) []byte, parse func(name string, data []byte) (D, error), folded func(d D, n int) bool) {
	t.Helper()
	allocs := func(n int) float64 {
		data := feed(n)
		var d D
		a := testing.AllocsPerRun(1, func() {
			var err error
			if d, err = parse("dup.xml", data); err != nil {
				t.Fatal(err)
			}
		})
		if !folded(d, n) {
			t.Fatalf("%d versions of one id are not one item with %d conflicts", n, n-1)
		}
		return a
	}
	small, large := allocs(500), allocs(2000)
	if ratio := large / small; ratio > 6 {
		t.Fatalf("4× the duplicates cost %.1f× the allocations (%.0f, %.0f): not linear", ratio, small, large)
	}
}

// BenchParse times parse reading data.
func BenchParse[D any](b *testing.B, data []byte, parse func(name string, data []byte) (D, error)) {
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := parse("bench.xml", data); err != nil {
			b.Fatal(err)
		}
	}
}
