package share

import (
	"flag"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// $ go test -run '^$' -bench 'HubPosters100k' ./feeds/share
// $ go test ./feeds/share -run '^$' -bench 'HubPosters100k' -hub.posting=60s
//
// BenchmarkHubPosters100k (issue 21): 16 posters, each changing an item
// of its own in a hub of 100k items over 127.0.0.1 and POSTing it, again
// and again for -hub.posting (20 s); a POST started by then runs to its
// answer. A 503 (Options.MaxPosts) is sent again after its Retry-After,
// up to 10 sends in all, as 'feedsync sync' does. Reported: accepted
// POSTs a second (posts/s, over the time from the first send to the last
// answer), the 50th and 99th percentiles of a POST's latency from its
// first send to its 200, retries included (p50-ms, p99-ms), the 503s
// sent again per accepted POST (retries/post), and the POSTs given up
// after 10 sends (gave-up). The benchmark fails only when a POST fails
// otherwise, or when none is accepted.
var benchHubPosting = flag.Duration("hub.posting", 20*time.Second, "how long each poster of BenchmarkHubPosters100k starts new POSTs")

const (
	benchPosters  = 16
	benchAttempts = 10 // retryAttempts: a subscriber's sends of one POST
)

func BenchmarkHubPosters100k(b *testing.B) {
	hub, _ := benchHub(b, 100000)
	srv := httptest.NewServer(hub)
	b.Cleanup(srv.Close)
	client := &http.Client{Timeout: 10 * time.Minute}
	send := benchOverHTTP(client, srv.URL+"/")
	ps := newBenchPosters(b, benchFeed(b, 100000), benchPosters)
	ps[0].firstUntil(b, send)
	for _, p := range ps[1:] {
		p.until = ps[0].until
	}
	var r benchPosting
	for b.Loop() {
		r.run(b, ps, send, *benchHubPosting)
	}
	if len(r.took) == 0 {
		b.Fatalf("no POST accepted in %v (%d given up)", r.elapsed, r.gaveUp)
	}
	b.ReportMetric(float64(len(r.took))/r.elapsed.Seconds(), "posts/s")
	b.ReportMetric(benchMS(benchPercentile(r.took, 50)), "p50-ms")
	b.ReportMetric(benchMS(benchPercentile(r.took, 99)), "p99-ms")
	b.ReportMetric(float64(r.retries)/float64(len(r.took)), "retries/post")
	b.ReportMetric(float64(r.gaveUp), "gave-up")
}

// benchPosting is what the posters met, over every round.
type benchPosting struct {
	mu      sync.Mutex
	took    []time.Duration // accepted POSTs, from the first send to the 200
	retries int             // 503s sent again
	gaveUp  int             // POSTs refused benchAttempts times
	elapsed time.Duration
}

// run has every poster post for d, and waits for their last answers.
func (r *benchPosting) run(tb testing.TB, ps []*benchPoster, send benchSender, d time.Duration) {
	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	for _, p := range ps {
		wg.Go(func() {
			for time.Now().Before(deadline) {
				if !r.postOne(tb, p, send) {
					return
				}
			}
		})
	}
	wg.Wait()
	r.elapsed += time.Since(start)
}

// postOne makes one change and sends it until it is accepted, as a
// subscriber does; false when a send failed otherwise than with a 503.
func (r *benchPosting) postOne(tb testing.TB, p *benchPoster, send benchSender) bool {
	body := p.change(tb)
	if body == nil {
		return false
	}
	start := time.Now()
	for attempt := 1; ; attempt++ {
		code, after := p.send(tb, body, send)
		r.mu.Lock()
		switch {
		case code == 200:
			r.took = append(r.took, time.Since(start))
		case code == http.StatusServiceUnavailable && attempt == benchAttempts:
			r.gaveUp++
		case code == http.StatusServiceUnavailable:
			r.retries++
		}
		r.mu.Unlock()
		if code != http.StatusServiceUnavailable {
			if code != 200 && code != 0 {
				tb.Errorf("%s: POST answered %d", p.by, code)
			}
			return code == 200
		}
		if attempt == benchAttempts {
			return true
		}
		secs, err := strconv.Atoi(after)
		if err != nil || secs <= 0 {
			tb.Errorf("%s: a 503 with Retry-After %q", p.by, after)
			return false
		}
		time.Sleep(min(time.Duration(secs)*time.Second, 30*time.Second))
	}
}

// benchPercentile is the q-th percentile of ds (nearest rank).
func benchPercentile(ds []time.Duration, q int) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[max(0, (len(s)*q+99)/100-1)]
}

func benchMS(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }
