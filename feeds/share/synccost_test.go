package share

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/store"
)

// What a sync of a few changes costs (see BenchmarkSyncOneChange): LOCAL
// read and parsed once, only the changed items sent, LOCAL written only
// when the hub's answer changed something, and then as a whole merge
// would have written it.

// recorder passes requests to the hub, keeping the bodies of POSTs and
// calling during, when set, before each request is served.
type recorder struct {
	h      http.Handler
	during func(*http.Request)
	mu     sync.Mutex
	bodies [][]byte
}

func (rec *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == "POST" {
		b, _ := io.ReadAll(r.Body)
		rec.mu.Lock()
		rec.bodies = append(rec.bodies, b)
		rec.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(b))
	}
	if rec.during != nil {
		rec.during(r)
	}
	rec.h.ServeHTTP(w, r)
}

func (rec *recorder) posts() [][]byte {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return rec.bodies
}

func (th *testHub) record(during func(*http.Request)) *recorder {
	rec := &recorder{h: th.hub, during: during}
	th.srv.Config.Handler = rec
	return rec
}

// countOps counts parses and merges (observe) by operation and name
// until the test ends: count("parse", LOCAL) is how many times LOCAL was
// parsed, count("merge", LOCAL) how many merges into it there were.
func countOps(t *testing.T) func(op, name string) int {
	var mu sync.Mutex
	n := map[[2]string]int{}
	observe = func(op, name string) {
		mu.Lock()
		n[[2]string{op, name}]++
		mu.Unlock()
	}
	t.Cleanup(func() { observe = nil })
	return func(op, name string) int {
		mu.Lock()
		defer mu.Unlock()
		return n[[2]string{op, name}]
	}
}

func TestSyncOfOneChangeSendsItAlone(t *testing.T) {
	th, e, _ := syncSetup(t, 300)
	rec := th.record(nil)
	id := firstID(e)
	e.edit(edit(id, "changed here", false))
	before := readFile(t, e.local)
	count := countOps(t)
	res := e.sync()
	if res.Pushed != 1 || res.Changed != 0 || res.Wrote || res.Unchanged {
		t.Errorf("result %+v, want 1 pushed, nothing changed or written", res)
	}
	if posts := rec.posts(); len(posts) != 1 {
		t.Errorf("%d POSTs, want 1", len(posts))
	} else if got := ids(mustParse(t, "POST", posts[0])); got != id {
		t.Errorf("POSTed items %q, want the one changed, %q", got, id)
	}
	if n := count("parse", e.local); n != 1 {
		t.Errorf("LOCAL parsed %d times, want once", n)
	}
	if n := count("merge", e.local); n != 0 {
		t.Errorf("%d merges into LOCAL: the feed had not changed (304) and the answer held nothing", n)
	}
	if !bytes.Equal(readFile(t, e.local), before) {
		t.Error("LOCAL was rewritten: nothing in it changed")
	}
	if res := e.sync(); !res.Unchanged {
		t.Errorf("the next sync: %+v, want unchanged", res)
	}
}

// LOCAL written after merges followed item by item is what a whole merge
// of LOCAL as read with the hub's complete feed writes.
func TestSyncWritesWhatAWholeMergeWrites(t *testing.T) {
	th, e, other := syncSetup(t, 300)
	list := items(e.feed())
	other.edit(edit(list[1].ID, "changed there", false))
	other.sync()
	e.edit(edit(list[2].ID, "changed here", false))
	local := e.feed()
	count := countOps(t)
	res := e.sync()
	if res.Pushed != 1 || res.Changed != 1 || !res.Wrote {
		t.Errorf("result %+v, want 1 pushed, 1 changed, written", res)
	}
	if n := count("parse", e.local); n != 1 {
		t.Errorf("LOCAL parsed %d times, want once", n)
	}
	if n := count("merge", e.local); n != 1 {
		t.Errorf("%d merges into LOCAL, want 1: the partial feed's; the answer held nothing", n)
	}
	want, err := merge(local, th.get("/complete"))
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, e.local); !bytes.Equal(got, want.Bytes()) {
		t.Errorf("LOCAL is not what a whole merge writes:\n%s", lineDiff(string(want.Bytes()), string(got)))
	}
	// The version store beside LOCAL holds the version the sync brought.
	st, warn := store.Open(e.local)
	if warn != nil {
		t.Fatal(warn)
	}
	defer st.Close()
	got, err := e.feed().Entry(list[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	if top, _ := got.Winner().Top(); !has(st, list[1].ID, top) {
		t.Errorf("the store lacks %s as the sync wrote it (%+v)", list[1].ID, top)
	}
	if res := e.sync(); !res.Unchanged {
		t.Errorf("the next sync: %+v, want unchanged", res)
	}
}

// LOCAL changed on disk while a sync runs (here while the hub takes its
// POST) is never overwritten: the sync runs again on it and sends the
// change, whether the first round had something to write or not.
func TestLocalChangedDuringSyncIsSyncedAgain(t *testing.T) {
	for _, answer := range []bool{false, true} {
		t.Run(fmt.Sprintf("answer-changes-local=%v", answer), func(t *testing.T) {
			th, e, other := syncSetup(t, 50)
			list := items(e.feed())
			if answer {
				other.edit(edit(list[1].ID, "there", false))
				other.sync()
			}
			e.edit(edit(list[2].ID, "here", false))
			var once sync.Once
			var meanwhile error
			rec := th.record(func(r *http.Request) {
				if r.Method == "POST" {
					once.Do(func() {
						meanwhile = editFile(e.local, stamp{e.by, th.clock.tick(time.Second)}, edit(list[3].ID, "meanwhile", false))
					})
				}
			})
			e.sync()
			if meanwhile != nil {
				t.Fatal(meanwhile)
			}
			if n := len(rec.posts()); n != 2 {
				t.Errorf("%d POSTs, want 2: the sync runs again on the LOCAL changed", n)
			}
			want := map[string]string{list[2].ID: "here", list[3].ID: "meanwhile"}
			if answer {
				want[list[1].ID] = "there"
			}
			hasTitles(t, "LOCAL", e.feed(), want)
			hasTitles(t, "the hub", th.get("/complete"), want)
		})
	}
}

// editFile makes changes to the feed file at path, as another program
// would, from any goroutine.
func editFile(path string, st stamp, changes ...change) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	f, err := parse(path, data)
	if err != nil {
		return err
	}
	for _, c := range changes {
		if err := c(f, st); err != nil {
			return err
		}
	}
	return os.WriteFile(path, f.Bytes(), 0o644)
}

// hasTitles checks the titles of items of f.
func hasTitles(t *testing.T, what string, f feed, want map[string]string) {
	t.Helper()
	for id, title := range want {
		e, err := f.Entry(id)
		if err != nil {
			t.Errorf("%s: %s: %v", what, id, err)
		} else if got := e.Title(); got != title {
			t.Errorf("%s: %s has title %q, want %q", what, id, got, title)
		}
	}
}

// lineDiff shows where two texts part: the first line that differs.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range min(len(w), len(g)) {
		if w[i] != g[i] {
			return fmt.Sprintf("line %d:\nwant %s\ngot  %s", i+1, w[i], g[i])
		}
	}
	return fmt.Sprintf("want %d lines, got %d", len(w), len(g))
}

// has reports whether the store holds the version of item id whose
// topmost history entry is h.
func has(st *store.Store, id string, h dialect.History) bool {
	_, ok := st.Base(id, h)
	return ok
}
