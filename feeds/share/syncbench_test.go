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
// a hub on 127.0.0.1 in the same process. The hub's share is measured in
// its handler (the client waits for each answer, so the process's CPU
// time and allocation while a handler runs are the hub's) and taken out:
// client-cpu-ns/op and client-B/op are the subscriber's own, hub-cpu-ns/op
// and hub-B/op the hub's. ns/op is the wall time of the whole sync.

func BenchmarkSyncOneChange(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) { benchOneChange(b, n) })
	}
}

func benchOneChange(b *testing.B, n int) {
	th, e, _ := syncSetup(b, n)
	meter := &hubMeter{h: th.hub}
	th.srv.Config.Handler = meter
	var cpu time.Duration
	var alloc uint64
	round := 0
	meter.reset()
	for b.Loop() {
		b.StopTimer()
		round++
		e.edit(edit(firstID(e), fmt.Sprintf("round %d", round), false))
		runtime.GC()
		c0, a0 := processCPU(), allocated()
		b.StartTimer()
		res := e.sync()
		b.StopTimer()
		cpu += processCPU() - c0
		alloc += allocated() - a0
		if res.Pushed != 1 || res.Changed != 0 {
			b.Fatalf("round %d: %+v", round, res)
		}
		b.StartTimer()
	}
	hubCPU, hubAlloc := meter.total()
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

func (m *hubMeter) reset() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.cpu, m.alloc = 0, 0
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
