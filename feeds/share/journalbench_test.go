//go:build linux

package share

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

// $ go test -run '^$' -bench 'JournalPostOne' -benchtime 20x ./feeds/share
//
// BenchmarkJournalPostOne: the hub's CPU (all threads, user and system) and
// the bytes it hands to write(2) for one POST that changes one item of
// a 1k, 10k and 100k-item feed, the POSTs one after another (the folds
// they cause included, at one per foldRecords POSTs or a second idle).
// The journal makes both flat in the feed's size; a fold, which writes
// the whole feed once per foldRecords POSTs (or when the hub is idle), is
// reported apart.
func BenchmarkJournalPostOne(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) { benchJournalPostOne(b, n) })
	}
}

func benchJournalPostOne(b *testing.B, n int) {
	data, _ := feedgen.Pair(n, 0, 1)
	path := filepath.Join(b.TempDir(), "hub.xml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	h, err := NewHub(path, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	f := mustParse(b, path, data)
	id := items(f)[0].ID
	local := filepath.Join(b.TempDir(), "one.xml")
	os.WriteFile(local, subset(f, map[string]bool{id: true}).Bytes(), 0o644)
	round, until := 0, ""
	post := func() (cpu time.Duration, wrote int64) {
		round++
		apply(b, local, stamp{"P", t0.Add(time.Duration(round) * time.Second)}, edit(id, fmt.Sprintf("round %d", round), false))
		body := readFile(b, local)
		c0, w0 := processCPU(), journalWritten()
		rr := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/", bytes.NewReader(body))
		req.Header.Set(HeaderUntil, until) // a subscriber that has synced
		b.StartTimer()
		h.ServeHTTP(rr, req)
		b.StopTimer()
		cpu, wrote = processCPU()-c0, journalWritten()-w0
		if rr.Code != 200 {
			b.Fatalf("POST: %d %s", rr.Code, rr.Body)
		}
		until = mustParse(b, "answer", rr.Body.Bytes()).Sharing().Until.Text
		return cpu, wrote
	}
	b.StopTimer()
	post() // the first answer holds the whole feed: the poster had none of it
	var cpu time.Duration
	var wrote int64
	b.ResetTimer()
	b.StopTimer()
	for range b.N {
		c, w := post()
		cpu, wrote = cpu+c, wrote+w
	}
	b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(wrote)/float64(b.N), "wbytes/op")
	c0, w0 := processCPU(), journalWritten()
	if err := h.fold(); err != nil {
		b.Fatal(err)
	}
	// A fold writes the whole feed, once per foldRecords POSTs or idle moment.
	b.ReportMetric(float64((processCPU()-c0).Microseconds())/1e3, "fold-cpu-ms")
	b.ReportMetric(float64(journalWritten()-w0), "fold-wbytes")
}

// journalWritten is what the process has handed to write(2) so far
// (procWritten: /proc/self/io's wchar, on Linux, which this file is for).
func journalWritten() int64 {
	n, _ := procWritten()
	return n
}
