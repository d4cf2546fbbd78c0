package share

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

// $ go test -run '^$' -bench 'Dir' -benchtime 200x ./feeds/share
//
// A GET and a 1-item POST on one feed of a folder of 10 feeds of 1k items
// each, beside the same on a hub of that one feed: what the routing by
// NAME costs on top of the feed's own hub.
func BenchmarkDir(b *testing.B) {
	const feeds, n = 10, 1000
	local, _ := feedgen.Pair(n, 0, 1)
	dir := b.TempDir()
	for i := range feeds {
		writeFeed(b, dir, fmt.Sprintf("f%d.xml", i), string(local))
	}
	single := filepath.Join(b.TempDir(), "f3.xml")
	writeFeed(b, filepath.Dir(single), "f3.xml", string(local))
	clk := &clock{now: t0}
	d, err := NewDir(dir, Options{Now: clk.Now})
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	hub, err := NewHub(single, Options{Now: clk.Now})
	if err != nil {
		b.Fatal(err)
	}
	defer hub.Close()
	for _, c := range []struct {
		name string
		h    http.Handler
		path string
	}{{"dir", d, "/f3"}, {"one-feed", hub, "/"}} {
		srv := httptest.NewServer(c.h)
		b.Run(c.name+"/GET", func(b *testing.B) { benchGet(b, srv.URL+c.path) })
		b.Run(c.name+"/POST-1-item", func(b *testing.B) { benchPost(b, srv.URL+c.path, local, clk) })
		srv.Close()
	}
}

func benchGet(b *testing.B, url string) {
	for b.Loop() {
		resp, err := http.Get(url)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			b.Fatalf("GET: %s", resp.Status)
		}
	}
}

// benchPost posts, each round, a feed of one item changed since.
func benchPost(b *testing.B, url string, data []byte, clk *clock) {
	doc := mustParse(b, "local", data)
	id := items(doc)[0].ID
	round := 0
	for b.Loop() {
		b.StopTimer()
		round++
		if err := edit(id, fmt.Sprintf("round %d", round), false)(doc, stamp{"bench", clk.tick(time.Second)}); err != nil {
			b.Fatal(err)
		}
		body := subset(doc, map[string]bool{id: true}).Bytes()
		b.StartTimer()
		resp, err := http.Post(url, "application/xml", bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			b.Fatalf("POST: %s", resp.Status)
		}
	}
}
