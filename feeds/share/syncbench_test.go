package share

import (
	"fmt"
	"net/http"
	"runtime"
	"sync"
	"testing"
	"time"
)

// $ go test -run '^$' -bench SyncOneChange -benchtime 3x ./feeds/share
//
// A sync of an endpoint that changed one item of an n-item feed, against
// a hub on 127.0.0.1 in the same process: the feed answers 304, the POST
// carries the one item and its answer nothing (SyncOneChange); or another
// endpoint changed another item first, which the partial feed brings and
// LOCAL is written with (SyncOneChangeEachWay). The hub's share is measured in
// its handler (the client waits for each answer, so the process's CPU
// time and allocation while a handler runs are the hub's) and taken out:
// client-cpu-ns/op and client-B/op are the subscriber's own, hub-cpu-ns/op
// and hub-B/op the hub's. ns/op is the wall time of the whole sync.

func BenchmarkSyncOneChange(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) { benchOneChange(b, n, false) })
	}
}

func BenchmarkSyncOneChangeEachWay(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) { benchOneChange(b, n, true) })
	}
}

// benchOneChange measures syncs of one change, each after another
// endpoint synced a change of its own when eachWay.
func benchOneChange(b *testing.B, n int, eachWay bool) {
	th, e, other := syncSetup(b, n)
	meter := &hubMeter{h: th.hub}
	th.srv.Config.Handler = meter
	var cpu, hubCPU time.Duration
	var alloc, hubAlloc uint64
	want := 0 // items changed by a sync
	if eachWay {
		want = 1
	}
	round := 0
	for b.Loop() {
		b.StopTimer()
		round++
		ids := items(e.feed())
		if eachWay {
			other.edit(edit(ids[1].ID, fmt.Sprintf("there %d", round), false))
			other.sync()
		}
		e.edit(edit(ids[0].ID, fmt.Sprintf("round %d", round), false))
		runtime.GC()
		h0, ha0 := meter.total()
		c0, a0 := processCPU(), allocated()
		b.StartTimer()
		res := e.sync()
		b.StopTimer()
		cpu += processCPU() - c0
		alloc += allocated() - a0
		h1, ha1 := meter.total()
		hubCPU, hubAlloc = hubCPU+h1-h0, hubAlloc+ha1-ha0
		if res.Pushed != 1 || res.Changed != want || res.Wrote != eachWay {
			b.Fatalf("round %d: %+v", round, res)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu-hubCPU)/float64(b.N), "client-cpu-ns/op")
	b.ReportMetric(float64(alloc-hubAlloc)/float64(b.N), "client-B/op")
	b.ReportMetric(float64(hubCPU)/float64(b.N), "hub-cpu-ns/op")
	b.ReportMetric(float64(hubAlloc)/float64(b.N), "hub-B/op")
}

// firstID is the id of the endpoint's first item.
func firstID(e *endpoint) string { return e.feed().Entries()[0].ID() }

// hubMeter measures the process's CPU time and allocation while the hub
// serves a request, one request at a time.
type hubMeter struct {
	h     http.Handler
	mu    sync.Mutex
	cpu   time.Duration
	alloc uint64
}

func (m *hubMeter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c0, a0 := processCPU(), allocated()
	m.h.ServeHTTP(w, r)
	m.cpu += processCPU() - c0
	m.alloc += allocated() - a0
}

func (m *hubMeter) total() (time.Duration, uint64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.cpu, m.alloc
}

// allocated is the bytes allocated so far.
func allocated() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.TotalAlloc
}
