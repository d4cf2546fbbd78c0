package engine

import (
	"fmt"
	"testing"
	"time"
)

// benchFeeds makes two feeds of n items with 3 to 8 history entries each;
// about one item in ten was changed on both sides since they last synced.
func benchFeeds(n int) (local, remote []*Item) {
	base := at("2020-01-01T00:00:00Z")
	for i := 0; i < n; i++ {
		var hs []History
		depth := 3 + i%6
		for s := depth; s >= 1; s-- {
			hs = append(hs, History{Sequence: s, When: base.Add(time.Duration(i+s) * time.Second), By: fmt.Sprintf("EP%d", s%4)})
		}
		it := &Item{Sync: Sync{ID: fmt.Sprintf("item%d", i), Updates: depth, History: hs}, Data: text("data")}
		l, r := it, it
		switch i % 10 {
		case 0: // edited on both sides: a conflict
			l, _ = Update(it, Stamp{When: base.Add(time.Hour), By: "LOCAL"}, Edit(it, text("l")), Options{})
			r, _ = Update(it, Stamp{When: base.Add(2 * time.Hour), By: "REMOTE"}, Edit(it, text("r")), Options{})
		case 1: // edited remotely
			r, _ = Update(it, Stamp{When: base.Add(time.Hour), By: "REMOTE"}, Edit(it, text("r")), Options{})
		}
		local, remote = append(local, l), append(remote, r)
	}
	return local, remote
}

// BenchmarkMergeFeed measures the engine's share of a merge.
//
// $ go test -run '^$' -bench MergeFeed -benchmem ./engine
func BenchmarkMergeFeed(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		local, remote := benchFeeds(n)
		b.Run(fmt.Sprintf("items=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := MergeFeed(local, remote); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
