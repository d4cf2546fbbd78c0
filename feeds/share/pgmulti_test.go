package share

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/share/pgtest"
)

// twoHubs is two hubs, each with a DB of its own (as two processes have),
// on one database.
func twoHubs(t *testing.T, u string, opts Options) [2]*dbHub {
	t.Helper()
	var hs [2]*dbHub
	for i := range hs {
		db, err := OpenDB(context.Background(), u, &syncBuffer{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(db.Close)
		hs[i] = startDBHub(t, db, opts)
	}
	return hs
}

// postItem posts a feed of kind holding one new item, and reports the
// status and the until of the answer.
func postItem(t testing.TB, url, kind, id, title, by string) (int, string) {
	f := mustParse(t, kind, []byte(emptyFeeds[kind]))
	if err := create(id, title)(f, stamp{by, t0}); err != nil {
		t.Error(err)
		return 0, ""
	}
	req, _ := http.NewRequest("POST", url, bytes.NewReader(f.Bytes()))
	resp, err := (&http.Client{Timeout: 60 * time.Second}).Do(req)
	if err != nil {
		return -1, err.Error()
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	if resp.StatusCode != 200 {
		return resp.StatusCode, b.String()
	}
	a, err := parse("answer", b.Bytes())
	if err != nil || a.Sharing() == nil {
		t.Errorf("answer does not load: %v\n%s", err, b.Bytes())
		return resp.StatusCode, ""
	}
	return resp.StatusCode, a.Sharing().Until.Text
}

// Two hubs on one database under concurrent posters (issue 28 item 2):
// every POST answered 200 by either hub is in both hubs' GET at once and
// in the export; the stamps of the incorporations are all different
// (strictly increasing across the hubs and the batches: they come from
// one row, under its lock); both hubs answer the same ETag for the same
// state.
func TestDBTwoHubsConcurrentPosters(t *testing.T) {
	db, u := testDB(t)
	importKind(t, db, "todo", "atom")
	hs := twoHubs(t, u, Options{Window: Window{Items: 50}, MaxPosts: 8})
	const posters, each = 8, 12
	var mu sync.Mutex
	acked := map[string]bool{}
	var wg sync.WaitGroup
	for p := range posters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := hs[p%2]
			for i := range each {
				id := fmt.Sprintf("p%d-%d", p, i)
				for try := 0; try < 20; try++ {
					code, msg := postItem(t, h.srv.URL+"/todo", "atom", id, "item "+id, fmt.Sprintf("P%d", p))
					if code == 503 {
						time.Sleep(100 * time.Millisecond)
						continue
					}
					if code != 200 {
						t.Errorf("POST %s: %d %s", id, code, msg)
						return
					}
					// Seen at once by the other hub.
					other := hs[1-p%2]
					if _, body := httpDo(t, "GET", other.srv.URL+"/todo/complete", nil); !bytes.Contains(body, []byte(`id="`+id+`"`)) {
						t.Errorf("%s, acknowledged by one hub, is not in the other's GET", id)
					}
					mu.Lock()
					acked[id] = true
					mu.Unlock()
					break
				}
			}
		}()
	}
	wg.Wait()
	if len(acked) != posters*each {
		t.Fatalf("%d POSTs acknowledged, want %d", len(acked), posters*each)
	}
	var etags [2]string
	for i, h := range hs {
		code, hdr, body := httpDoH(t, "GET", h.srv.URL+"/todo/complete", nil)
		if code != 200 {
			t.Fatalf("GET: %d", code)
		}
		got := sums(mustParse(t, "complete", body))
		for id := range acked {
			if _, ok := got[id]; !ok {
				t.Errorf("hub %d lacks %s", i, id)
			}
		}
		etags[i] = hdr.Get("ETag")
	}
	if etags[0] != etags[1] {
		t.Errorf("two hubs answer ETags %s and %s for one state", etags[0], etags[1])
	}
	// Each POST, one new item, is an incorporation of its own, whichever
	// hub and batch took it: no two items share a stamp.
	var n, stamps int
	db.pool.QueryRow(context.Background(), `SELECT count(*), count(DISTINCT stamp) FROM feedsync_items`).Scan(&n, &stamps)
	if n != posters*each || stamps != n {
		t.Errorf("%d items, %d stamps: want one stamp per incorporation", n, stamps)
	}
	var out bytes.Buffer
	if err := db.Export(context.Background(), "todo", &out); err != nil {
		t.Fatal(err)
	}
	exported := sums(mustParse(t, "export", out.Bytes()))
	for id := range acked {
		if _, ok := exported[id]; !ok {
			t.Errorf("the export lacks %s", id)
		}
	}
}

// Two POSTs changing one item through two hubs at the same moment both
// survive: the second merges with the first's result, and the item is
// in conflict, as a merge of the two would leave it (1.0.2 §3.3).
func TestDBConcurrentChangesMakeAConflict(t *testing.T) {
	for _, kind := range []string{"atom", "sse-rss"} {
		t.Run(kind, func(t *testing.T) {
			db, u := testDB(t)
			importKind(t, db, "todo", kind)
			hs := twoHubs(t, u, Options{})
			base := mustParse(t, kind, []byte(emptyFeeds[kind]))
			create("x", "X")(base, stamp{"A", t0})
			if code, body := httpDo(t, "POST", hs[0].srv.URL+"/todo", base.Bytes()); code != 200 {
				t.Fatalf("POST: %d %s", code, body)
			}
			var wg sync.WaitGroup
			for i, by := range []string{"B", "C"} {
				f := mustParse(t, kind, base.Bytes())
				edit("x", "X by "+by, false)(f, stamp{by, t0.Add(time.Minute)})
				wg.Add(1)
				go func() {
					defer wg.Done()
					if code, body := httpDo(t, "POST", hs[i].srv.URL+"/todo", f.Bytes()); code != 200 {
						t.Errorf("POST by %s: %d %s", by, code, body)
					}
				}()
			}
			wg.Wait()
			_, body := httpDo(t, "GET", hs[1].srv.URL+"/todo/complete", nil)
			e, err := mustParse(t, "complete", body).Entry("x")
			if err != nil {
				t.Fatal(err)
			}
			if !e.InConflict() || !strings.Contains(string(body), "X by B") || !strings.Contains(string(body), "X by C") {
				t.Errorf("item x after two concurrent changes through two hubs:\n%s", body)
			}
			// The base of the conflict, X as first posted, is kept.
			n := 0
			db.Versions(context.Background(), "todo", func(es []dialect.Entry) error { n += len(es); return nil })
			if n == 0 {
				t.Error("no version kept: the conflict's base is lost")
			}
		})
	}
}

// While the database is down both hubs answer every request 503 with
// Retry-After (never 200 or 500, never a connection cut), log one line
// for the outage, and once it is back they answer again by themselves;
// nothing acknowledged is lost (issue 28 item 3).
func TestDBRestartOfPostgres(t *testing.T) {
	srv := pgtest.Private(t)
	u := srv.DB(t)
	var logs [2]*syncBuffer
	var hs [2]*dbHub
	for i := range hs {
		logs[i] = &syncBuffer{}
		db, err := OpenDB(context.Background(), u, logs[i])
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(db.Close)
		if i == 0 {
			importKind(t, db, "todo", "rss")
		}
		hs[i] = startDBHub(t, db, Options{Window: Window{Items: 5}})
	}
	var mu sync.Mutex
	acked := map[string]bool{}
	codes := map[int]int{}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for p := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				h := hs[(p+i)%2]
				id := fmt.Sprintf("p%d-%d", p, i)
				code, _ := postItem(t, h.srv.URL+"/todo", "rss", id, id, "P")
				gcode, hdr, _ := httpDoH(t, "GET", h.srv.URL+"/todo", nil)
				mu.Lock()
				codes[code]++
				codes[gcode]++
				if code == 200 {
					acked[id] = true
				}
				if (code == 503 || gcode == 503) && hdr.Get("Retry-After") == "" && gcode == 503 {
					t.Errorf("503 without Retry-After")
				}
				mu.Unlock()
				time.Sleep(20 * time.Millisecond)
			}
		}()
	}
	time.Sleep(500 * time.Millisecond)
	srv.Down()
	time.Sleep(1500 * time.Millisecond)
	if err := srv.Up(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		code, _ := postItem(t, hs[0].srv.URL+"/todo", "rss", "after", "after", "P")
		code2, _ := httpDo(t, "GET", hs[1].srv.URL+"/todo", nil)
		if code == 200 && code2 == 200 {
			mu.Lock()
			acked["after"] = true
			mu.Unlock()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the hubs did not come back: %d, %d\n%s", code, code2, logs[0])
		}
		time.Sleep(200 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	close(stop)
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	for code, n := range codes {
		if code != 200 && code != 503 {
			t.Errorf("%d answers %d (or a connection cut: -1)", n, code)
		}
	}
	if codes[503] == 0 {
		t.Errorf("no 503 while the database was down: %v", codes)
	}
	for i, l := range logs {
		if n := strings.Count(l.String(), "is unreachable"); n != 1 {
			t.Errorf("hub %d logged the outage %d times, want once:\n%s", i, n, l)
		}
	}
	_, body := httpDo(t, "GET", hs[1].srv.URL+"/todo/complete", nil)
	got := sums(mustParse(t, "complete", body))
	for id := range acked {
		if _, ok := got[id]; !ok {
			t.Errorf("%s was acknowledged and is lost", id)
		}
	}
}

// A POST that would take the feed past the size feedsync reads
// (Options.MaxFeed) is refused with 413 before it commits, and the feed
// is unchanged (issue 29 item 4, for a database).
func TestDBSizeLimit(t *testing.T) {
	db, _ := testDB(t)
	importKind(t, db, "todo", "rss")
	h := startDBHub(t, db, Options{MaxFeed: 8000})
	code, _ := postItem(t, h.srv.URL+"/todo", "rss", "small", "small", "A")
	if code != 200 {
		t.Fatalf("a small POST: %d", code)
	}
	_, before := httpDo(t, "GET", h.srv.URL+"/todo/complete", nil)
	code, body := postItem(t, h.srv.URL+"/todo", "rss", "big", strings.Repeat("x", 9000), "A")
	if code != 413 || !strings.Contains(body, "past 8000") {
		t.Errorf("a POST past the limit: %d %s", code, body)
	}
	if _, after := httpDo(t, "GET", h.srv.URL+"/todo/complete", nil); !bytes.Equal(after, before) {
		t.Errorf("the feed changed:\n%s", after)
	}
}
