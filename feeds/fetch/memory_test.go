package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"testing"
	"time"
)

// allocated returns the bytes fn allocates on the heap (runtime.MemStats
// TotalAlloc, which only grows): a bound on the peak it can reach, and a
// count that does not depend on when the collector runs.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

const memCap = 16 << 20 // small enough for a test, large enough that growth dominates

// TestReadAllOfAnEndlessBodyAllocatesAboutTheCap guards QA's S9: a gzip
// bomb fetched as a feed was stopped at the 256 MiB cap, but the process
// peaked at about 630 MB, the buffer grown by append (each size left as
// garbage beside the next). Reading a body of unknown length allocates
// little more than the cap, however far the body goes on.
func TestReadAllOfAnEndlessBodyAllocatesAboutTheCap(t *testing.T) {
	var err error
	n := allocated(func() { _, err = ReadAll(&endless{}, memCap) })
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("ReadAll = %v, want ErrTooLarge", err)
	}
	if limit := uint64(memCap) * 11 / 10; n > limit {
		t.Errorf("allocated %d bytes reading to a cap of %d, want at most %d", n, memCap, limit)
	}
}

// TestReadAllOfAnUnknownLengthAllocatesAtMostTwice: a body under the cap
// whose length is not known is read in pieces and copied once into a
// buffer of its size: at most twice its size, never the grown buffers.
func TestReadAllOfAnUnknownLengthAllocatesAtMostTwice(t *testing.T) {
	const size = memCap - 1000
	var body []byte
	var err error
	n := allocated(func() { body, err = ReadAll(io.LimitReader(&endless{}, size), memCap) })
	if err != nil || len(body) != size {
		t.Fatalf("ReadAll = %d bytes, %v; want %d", len(body), err, size)
	}
	if limit := uint64(size) * 21 / 10; n > limit {
		t.Errorf("allocated %d bytes reading %d, want at most %d", n, size, limit)
	}
}

// TestGzipBombAllocatesAboutTheCap is S9 as QA met it: a server that
// answers with a small gzip body that inflates far past the cap (the
// transport inflates it, so no Content-Length is known).
func TestGzipBombAllocatesAboutTheCap(t *testing.T) {
	var bomb bytes.Buffer
	zw := gzip.NewWriter(&bomb)
	zeros := make([]byte, 1<<20)
	for range 2 * memCap >> 20 {
		zw.Write(zeros)
	}
	zw.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(bomb.Bytes())
	}))
	defer srv.Close()
	l := testLimits
	l.MaxBytes = memCap
	c := New(l, "test")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var err error
	n := allocated(func() { _, err = c.Get(ctx, Request{URL: srv.URL}) })
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Get = %v, want ErrTooLarge", err)
	}
	if limit := uint64(memCap) * 12 / 10; n > limit {
		t.Errorf("allocated %d bytes for a cap of %d, want at most %d", n, memCap, limit)
	}
}
