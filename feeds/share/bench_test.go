package share

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

// $ go test -run '^$' -bench 'Sync' -benchtime 10x ./feeds/share
//
// A sync of a 10k-item feed costs one conditional GET (304) and no merge
// when nothing changed; with 100 items changed elsewhere the partial feed
// (window 1h, the rest incorporated earlier) carries those 100. Each
// benchmark reports requests, merges and items read per sync, and fails
// if they are not these.

// syncSetup is a hub on an n-item feed incorporated two hours ago, with a
// window of an hour, and two endpoints that have synced with it.
func syncSetup(tb testing.TB, n int) (th *testHub, e, other *endpoint) {
	local, _ := feedgen.Pair(n, 0, 1)
	th = &testHub{t: tb, clock: &clock{now: t0}, log: &syncBuffer{}}
	th.path = filepath.Join(tb.TempDir(), "hub.xml")
	if err := os.WriteFile(th.path, local, 0o644); err != nil {
		tb.Fatal(err)
	}
	th.start(Options{Window: Window{Span: time.Hour}})
	e, other = th.endpoint("E"), th.endpoint("O")
	th.clock.tick(2 * time.Hour) // the window has moved past every item
	e.sync()
	other.sync()
	return th, e, other
}

// changeSome changes k items of the endpoint's LOCAL and syncs them.
func changeSome(tb testing.TB, e *endpoint, k int, round int) {
	var cs []change
	for i, it := range items(e.feed()) {
		if i == k {
			break
		}
		cs = append(cs, edit(it.ID, fmt.Sprintf("round %d", round), false))
	}
	e.edit(cs...)
	if res := e.sync(); res.Pushed != k {
		tb.Fatalf("pushed %d, want %d", res.Pushed, k)
	}
}

func BenchmarkSyncNoChange10k(b *testing.B) {
	th, e, _ := syncSetup(b, 10000)
	c := th.count()
	m := merges.Load()
	for b.Loop() {
		if res := e.sync(); !res.Unchanged {
			b.Fatalf("a sync with nothing changed: %+v", res)
		}
	}
	b.ReportMetric(float64(c.n.Load())/float64(b.N), "requests/op")
	b.ReportMetric(float64(merges.Load()-m)/float64(b.N), "merges/op")
	if c.n.Load() != int64(b.N) || merges.Load() != m {
		b.Fatalf("%d requests and %d merges for %d syncs", c.n.Load(), merges.Load()-m, b.N)
	}
}

func BenchmarkSync100Changed10k(b *testing.B) {
	th, e, other := syncSetup(b, 10000)
	c := th.count()
	var read, requests int64
	round := 0
	for b.Loop() {
		b.StopTimer()
		round++
		changeSome(b, other, 100, round)
		n := c.n.Load()
		b.StartTimer()
		res := e.sync()
		b.StopTimer()
		requests += c.n.Load() - n
		read += int64(res.Read)
		if res.Read != 100 || res.Complete || res.Pushed != 0 || res.Changed != 100 {
			b.Fatalf("round %d: %+v", round, res)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(read)/float64(b.N), "items-read/op")
	b.ReportMetric(float64(requests)/float64(b.N), "requests/op")
}

// The costs the benchmarks measure, at 2k items, checked in every test
// run: nothing changed costs one request and no merge; 100 changes bring a
// partial feed of 100 items and one merge.
func TestSyncCosts(t *testing.T) {
	th, e, other := syncSetup(t, 2000)
	c := th.count()
	m := merges.Load()
	if res := e.sync(); !res.Unchanged || c.n.Load() != 1 || merges.Load() != m {
		t.Errorf("nothing changed: %+v, %d requests, %d merges", res, c.n.Load(), merges.Load()-m)
	}
	changeSome(t, other, 100, 1)
	n, m := c.n.Load(), merges.Load()
	res := e.sync()
	if res.Read != 100 || res.Complete || res.Pushed != 0 || c.n.Load()-n != 1 || merges.Load()-m != 1 {
		t.Errorf("100 changed: %+v, %d requests, %d merges", res, c.n.Load()-n, merges.Load()-m)
	}
}
