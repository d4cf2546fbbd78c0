package share

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// endpoint is a subscriber with its LOCAL feed in a folder of its own.
type endpoint struct {
	t     testing.TB
	by    string
	local string
	hub   *testHub
	warns []string
}

func (th *testHub) endpoint(by string) *endpoint {
	return &endpoint{t: th.t, by: by, local: filepath.Join(th.t.TempDir(), by+".xml"), hub: th}
}

func (e *endpoint) sub(token string) *Subscription {
	return &Subscription{Local: e.local, URL: e.hub.srv.URL + "/", By: e.by, Now: e.hub.clock.Now(),
		Client: &Client{Token: token, By: e.by}, Warn: func(m string) { e.warns = append(e.warns, m) }}
}

func (e *endpoint) sync() *Result {
	e.t.Helper()
	res, err := e.sub("").Sync(context.Background())
	if err != nil {
		e.t.Fatalf("%s: sync: %v", e.by, err)
	}
	return res
}

func (e *endpoint) pull() *Result {
	e.t.Helper()
	res, err := e.sub("").Pull(context.Background())
	if err != nil {
		e.t.Fatalf("%s: pull: %v", e.by, err)
	}
	return res
}

// edit changes LOCAL as a person at the endpoint would.
func (e *endpoint) edit(changes ...change) {
	e.t.Helper()
	apply(e.t, e.local, stamp{e.by, e.hub.clock.tick(time.Second)}, changes...)
}

func (e *endpoint) feed() feed { return mustParse(e.t, e.local, readFile(e.t, e.local)) }

// counter counts the requests a handler serves.
type counter struct {
	h     http.Handler
	n     atomic.Int64
	posts atomic.Int64
}

func (c *counter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.n.Add(1)
	if r.Method == "POST" {
		c.posts.Add(1)
	}
	c.h.ServeHTTP(w, r)
}

func (th *testHub) count() *counter {
	c := &counter{h: th.hub}
	th.srv.Config.Handler = c
	return c
}

// 1.0.2 §4.1.1: the first read reads the complete feed named by
// sx:related, merges it and caches until; LOCAL does not take the
// publisher's sx:sharing (§2.2).
func TestPullFirstRead(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			th := startHub(t, kind, Options{Window: Window{Items: 1}})
			th.edit("A", create("a", "A"), create("b", "B"))
			th.edit("A", create("c", "C"))
			e := th.endpoint("E")
			res := e.pull()
			if !res.Complete || !res.Wrote || res.Unchanged {
				t.Errorf("result %+v", res)
			}
			local := e.feed()
			if got := ids(local); got != "a,b,c" {
				t.Errorf("LOCAL holds %s", got)
			}
			if local.Sharing() != nil {
				t.Errorf("LOCAL took the publisher's sx:sharing: %+v", local.Sharing())
			}
			states, _ := loadSubStates(statePath(e.local, "sync"))
			if st := states.get(e.sub("").URL); st == nil || st.Until != th.get("/").Sharing().Until {
				t.Errorf("cached until %+v", st)
			}
			// The next read is a partial one, and a conditional GET answers 304.
			c := th.count()
			res = e.pull()
			if !res.Unchanged || c.n.Load() != 1 {
				t.Errorf("second pull: %+v after %d requests", res, c.n.Load())
			}
		})
	}
}

// A subscriber that fell behind the window (1.0.2 §4.1.2 step 2.1) reads
// the complete feed, takes what it missed, and keeps its own edits and the
// conflicts it has not resolved.
func TestPullFellBehindWindow(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			th := startHub(t, kind, Options{Window: Window{Items: 2}})
			th.edit("A", create("a", "A"), create("b", "B"), create("c", "C"), create("own", "mine"))
			e, other := th.endpoint("E"), th.endpoint("O")
			e.sync()
			other.sync()
			// E edits its item, makes one it keeps to itself, and gets a
			// conflict on b from a second copy of b.
			e.edit(edit("own", "mine, edited", false), create("private", "not sent yet"))
			other.edit(edit("b", "B by O", false))
			e.edit(edit("b", "B by E", false))
			other.sync()
			e.pull()
			if !items(e.feed())[1].Conflicted {
				t.Fatalf("no conflict on b at E:\n%s", readFile(t, e.local))
			}
			// While E is away, c changes and more items pass through the window.
			th.edit("A", edit("c", "C2", false))
			for _, id := range []string{"d", "e", "f"} {
				th.edit("A", create(id, id))
				th.get("/")
			}
			c := th.count()
			res := e.pull()
			if !res.OutOfSync || !res.Complete {
				t.Fatalf("result %+v: not out of sync", res)
			}
			if c.n.Load() != 2 {
				t.Errorf("%d requests, want the partial and the complete feed", c.n.Load())
			}
			local := e.feed()
			got := map[string]item{}
			for _, it := range items(local) {
				got[it.ID] = it
			}
			for _, id := range []string{"a", "b", "c", "own", "d", "e", "f"} {
				if _, ok := got[id]; !ok {
					t.Errorf("LOCAL lacks %s", id)
				}
			}
			if got["own"].UpdatedBy != "E" {
				t.Error("E's own edit was discarded")
			}
			if !got["b"].Conflicted {
				t.Error("E's unresolved conflict was discarded")
			}
			if _, ok := got["private"]; !ok {
				t.Error("E's item that the complete feed lacks was discarded")
			}
			if got["c"].Sum != itemSums(t, th.path)["c"] {
				t.Error("the update of c, which left the window, is missing")
			}
			// Then E pushes its edit; the hub gets it and E's conflict.
			e.sync()
			hub := itemSums(t, th.path)
			if hub["own"] != got["own"].Sum || hub["b"] != got["b"].Sum {
				t.Error("the hub did not get E's edit and conflict")
			}
		})
	}
}

// A subscriber merely up to date is never sent to the complete feed, even
// when the window has moved past everything it read.
func TestPullUpToDateStaysPartial(t *testing.T) {
	th := startHub(t, "rss", Options{Window: Window{Items: 1}})
	e := th.endpoint("E")
	th.edit("A", create("a", "A"))
	e.pull()
	for _, id := range []string{"b", "c"} {
		th.edit("A", create(id, id))
		if res := e.pull(); res.OutOfSync || res.Complete {
			t.Errorf("after %s: %+v", id, res)
		}
	}
	if got := ids(e.feed()); got != "a,b,c" {
		t.Errorf("LOCAL holds %s", got)
	}
}

// 1.0.2 §4.2.2: a subscriber that reads after the expires of its last read
// may have missed updates: it reads the complete feed.
func TestPullAfterExpires(t *testing.T) {
	th := startHub(t, "atom", Options{Window: Window{Items: 5}, Expires: time.Hour})
	th.edit("A", create("a", "A"))
	e := th.endpoint("E")
	e.pull()
	th.clock.tick(30 * time.Minute)
	if res := e.pull(); res.Complete {
		t.Errorf("before expires: %+v", res)
	}
	th.clock.tick(2 * time.Hour)
	if res := e.pull(); !res.Complete || !res.OutOfSync {
		t.Errorf("after expires: %+v", res)
	}
}

// sync is pull then push: afterwards LOCAL holds what the hub knew and
// the hub what LOCAL had. A sync with nothing changed costs one
// conditional GET and no merge.
func TestSync(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			th := startHub(t, kind, Options{Window: Window{Items: 3}})
			a, b := th.endpoint("A"), th.endpoint("B")
			a.sync()
			b.sync()
			a.edit(create("x", "X"))
			b.edit(create("y", "Y"))
			if res := a.sync(); res.Pushed != 1 {
				t.Errorf("A pushed %d", res.Pushed)
			}
			if res := b.sync(); res.Pushed != 1 {
				t.Errorf("B pushed %d", res.Pushed)
			}
			if got := ids(b.feed()); got != "y,x" && got != "x,y" {
				t.Errorf("B holds %s", got)
			}
			a.sync()
			if hub, la, lb := itemSums(t, th.path), itemSums(t, a.local), itemSums(t, b.local); !sameSums(hub, la) || !sameSums(hub, lb) {
				t.Errorf("not converged:\nhub %v\nA %v\nB %v", hub, la, lb)
			}
			c := th.count()
			m := merges.Load()
			st, _ := os.Stat(a.local)
			res := a.sync()
			st2, _ := os.Stat(a.local)
			if !res.Unchanged || c.n.Load() != 1 || merges.Load() != m || !st.ModTime().Equal(st2.ModTime()) {
				t.Errorf("a sync with nothing changed: %+v, %d requests, %d merges, LOCAL rewritten %v", res, c.n.Load(), merges.Load()-m, !st.ModTime().Equal(st2.ModTime()))
			}
		})
	}
}

func sameSums(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// A sync that fails writes nothing.
func TestSyncFailureWritesNothing(t *testing.T) {
	th := startHub(t, "rss", Options{Token: "s3cret", OpenRead: true})
	th.edit("A", create("a", "A"))
	e := th.endpoint("E")
	e.sync() // reading is open, sending needs the token
	e.edit(create("b", "B"))
	before := readFile(t, e.local)
	stBefore := readFile(t, statePath(e.local, "sync"))
	_, err := e.sub("").Sync(context.Background())
	if err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("sync without the token: %v", err)
	}
	if string(readFile(t, e.local)) != string(before) || string(readFile(t, statePath(e.local, "sync"))) != string(stBefore) {
		t.Error("a failed sync wrote LOCAL or its state")
	}
	if _, err := e.sub("s3cret").Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, ok := itemSums(t, th.path)["b"]; !ok {
		t.Error("the hub lacks b")
	}
}

// A hub whose feed has no sync data yet takes the dialect of the first
// feed sent to it (see feeds/dialect), and endpoints that start with no
// LOCAL at all get its items.
func TestEmptyHubTakesTheDialect(t *testing.T) {
	for _, tc := range []struct{ hub, first string }{
		{"plain-rss", "sse-rss"}, {"plain-rss", "rss"}, {"plain-rss", "atom"}, {"plain-opml", "sse-opml"},
	} {
		t.Run(tc.hub+"<="+tc.first, func(t *testing.T) {
			th := startHub(t, tc.hub, Options{Window: Window{Items: 5}})
			a, b := th.endpoint("A"), th.endpoint("B")
			writeFeed(t, filepath.Dir(a.local), filepath.Base(a.local), emptyFeeds[tc.first])
			a.edit(create("x", "X"))
			a.sync()
			b.sync()
			hub := mustParse(t, th.path, readFile(t, th.path))
			want := mustParse(t, a.local, readFile(t, a.local)).Dialect()
			if hub.Dialect() != want || b.feed().Dialect() != want {
				t.Errorf("hub %v, B %v; want %v", hub.Dialect(), b.feed().Dialect(), want)
			}
			if got := ids(b.feed()); got != "x" {
				t.Errorf("B holds %q", got)
			}
			if sh := th.get("/").Sharing(); !bounded(sh) || sh.Complete() == "" {
				t.Errorf("the hub's feed once it has a dialect: sharing %+v", sh)
			}
			// The hub taking a dialect is no reason to read it all again.
			b.edit(edit("x", "X by B", false))
			b.sync()
			if res := a.sync(); res.Complete || res.Changed != 1 {
				t.Errorf("A's next sync: %+v", res)
			}
		})
	}
}

// pull reads any URL that serves a feed: here static files of a web
// server, a partial feed naming a complete one (1.0.2 §4.1.1). sync
// against it sends nothing and writes nothing: a server that takes no
// POST, or answers one with a page of its own, has taken nothing.
func TestStaticFeed(t *testing.T) {
	dir := t.TempDir()
	full := strings.Replace(emptyFeeds["rss"], "</channel>", `<item><title>a</title><sx:sync id="a" updates="1"><sx:history sequence="1" by="P"/></sx:sync></item>
    <item><title>b</title><sx:sync id="b" updates="1"><sx:history sequence="1" by="P"/></sx:sync></item>
  </channel>`, 1)
	var base string
	partial := func() string {
		return strings.Replace(emptyFeeds["rss"], "<title>To do</title>", `<title>To do</title>
    <sx:sharing since="0002" until="0003"><sx:related link="`+base+`/all.xml" type="complete"/></sx:sharing>
    <item><title>b</title><sx:sync id="b" updates="1"><sx:history sequence="1" by="P"/></sx:sync></item>`, 1)
	}
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == "POST" && r.URL.Path == "/echo.xml" {
			w.Write([]byte(full)) // a server that answers any request with the file
			return
		}
		files.ServeHTTP(w, r)
	}))
	defer srv.Close()
	base = srv.URL
	writeFeed(t, dir, "all.xml", full)
	writeFeed(t, dir, "partial.xml", partial())
	writeFeed(t, dir, "echo.xml", partial())
	local := filepath.Join(t.TempDir(), "l.xml")
	sub := &Subscription{Local: local, URL: srv.URL + "/partial.xml", By: "E", Now: t0, Client: &Client{}}
	res, err := sub.Pull(context.Background())
	if err != nil || !res.Complete || ids(mustParse(t, local, readFile(t, local))) != "a,b" {
		t.Fatalf("pull: %+v, %v", res, err)
	}
	if res, err = sub.Pull(context.Background()); err != nil || !res.Unchanged {
		t.Errorf("second pull: %+v, %v", res, err)
	}
	apply(t, local, stamp{"E", t0}, create("c", "C"))
	before := readFile(t, local)
	for _, u := range []string{"/partial.xml", "/echo.xml"} {
		sub.URL = srv.URL + u
		_, err := sub.Sync(context.Background())
		if err == nil || !strings.Contains(err.Error(), "pull") {
			t.Errorf("sync with %s: %v", u, err)
		}
		if !bytes.Equal(readFile(t, local), before) {
			t.Errorf("sync with %s wrote LOCAL", u)
		}
	}
}

// 0.91 §2.1: a subscriber that comes back later than the window says
// reads the complete feed. (Were the feed unchanged, its 304 would show
// that nothing left it unseen.)
func TestPullAfterWindow091(t *testing.T) {
	th := startHub(t, "sse-rss", Options{Window: Window{Span: 72 * time.Hour}})
	th.edit("A", create("a", "A"))
	e := th.endpoint("E")
	e.pull()
	if sh := th.get("/").Sharing(); sh.Window != 3 {
		t.Errorf("window %d days, want 3", sh.Window)
	}
	th.clock.tick(48 * time.Hour)
	if res := e.pull(); res.Complete {
		t.Errorf("within the window: %+v", res)
	}
	th.clock.tick(4 * 24 * time.Hour)
	th.edit("A", create("b", "B"))
	if res := e.pull(); !res.Complete || !res.OutOfSync {
		t.Errorf("after the window: %+v", res)
	}
}

// Syncs at the same moment lose nothing: POSTs take turns at the hub.
func TestConcurrentSyncs(t *testing.T) {
	th := startHub(t, "rss", Options{Window: Window{Items: 3}})
	eps := []*endpoint{th.endpoint("A"), th.endpoint("B"), th.endpoint("C")}
	for _, e := range eps {
		e.sync()
	}
	want := 0
	for round := range 3 {
		var wg sync.WaitGroup
		errs := make([]error, len(eps))
		for i, e := range eps {
			for k := range 4 {
				e.edit(create(fmt.Sprintf("%s-%d-%d", e.by, round, k), "x"))
				want++
			}
			wg.Go(func() { _, errs[i] = e.sub("").Sync(t.Context()) })
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if got := len(itemSums(t, th.path)); got != want {
		t.Errorf("the hub holds %d items, want %d", got, want)
	}
}

// A subscriber of the complete feed syncs too, and keeps to conditional
// GETs of it.
func TestSyncWithTheCompleteFeed(t *testing.T) {
	th := startHub(t, "atom", Options{Window: Window{Items: 1}})
	th.edit("A", create("a", "A"), create("b", "B"))
	e := th.endpoint("E")
	sub := e.sub("")
	sub.URL = th.srv.URL + "/complete"
	if _, err := sub.Sync(t.Context()); err != nil {
		t.Fatal(err)
	}
	e.edit(create("c", "C"))
	if res, err := sub.Sync(t.Context()); err != nil || res.Pushed != 1 {
		t.Fatalf("%+v, %v", res, err)
	}
	c := th.count()
	if res, err := sub.Sync(t.Context()); err != nil || !res.Unchanged || c.n.Load() != 1 {
		t.Errorf("nothing changed: %+v, %v, %d requests", res, err, c.n.Load())
	}
	if got := len(itemSums(t, th.path)); got != 3 {
		t.Errorf("the hub holds %d items", got)
	}
}

// 0.91 §2.1 and 1.0.2 §4.1.2, §4.2.4, end to end: with since never after
// until, a subscriber still loses no update at the window's edge. One
// incorporation larger than the window reaches it whole, and after the
// hub's feed is replaced by an older copy (a purge) its sync gives the hub
// back what it lost.
func TestSyncLosesNothingAtTheWindowEdge(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			th := startHub(t, kind, Options{Window: Window{Items: 3}})
			th.edit("H", create("h", "H"))
			e := th.endpoint("E")
			e.sync()
			e.edit(create("e0", "E0"))
			e.sync()
			var cs []change
			for i := range 13 {
				cs = append(cs, create(fmt.Sprintf("h%02d", i), "H"))
			}
			th.edit("H", cs...)
			older := readFile(t, th.path)
			e.pull()
			if got, hub := itemSums(t, e.local), itemSums(t, th.path); !sameSums(got, hub) {
				t.Fatalf("after one incorporation of 13 items: E holds %v\nthe hub holds %v", got, hub)
			}
			e.edit(create("e1", "E1"))
			e.sync()
			th.clock.tick(time.Second)
			foldHub(t, th.path)                                         // e1 is in FEED, not only in the hub's journal
			if err := os.WriteFile(th.path, older, 0o644); err != nil { // e1 vanishes from the hub
				t.Fatal(err)
			}
			if res := e.sync(); !res.OutOfSync || !res.Complete {
				t.Errorf("after a purge: %+v, want out of sync, the complete feed read", res)
			}
			if _, ok := itemSums(t, th.path)["e1"]; !ok {
				t.Errorf("after a purge, the sync did not give e1 back to the hub:\n%s", readFile(t, th.path))
			}
		})
	}
}

// A partial feed whose complete feed cannot be read is refused (a first
// read needs it, 1.0.2 §4.1.1 step 2), and the message says why another
// URL than the one given was read: URL is partial, and which sx:related
// link failed.
func TestPartialFeedWithADeadCompleteLink(t *testing.T) {
	dir := t.TempDir()
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	writeFeed(t, dir, "partial.xml", strings.Replace(emptyFeeds["rss"], "<title>To do</title>", `<title>To do</title>
    <sx:sharing since="0002" until="0003"><sx:related link="`+srv.URL+`/all.xml" type="complete"/></sx:sharing>`, 1))
	local := filepath.Join(t.TempDir(), "l.xml")
	sub := &Subscription{Local: local, URL: srv.URL + "/partial.xml", By: "E", Now: t0, Client: &Client{}}
	_, err := sub.Pull(context.Background())
	want := srv.URL + `/partial.xml is a partial feed (sx:sharing since/until); its complete feed (sx:related type="complete") could not be read: reading ` + srv.URL + "/all.xml: HTTP 404 Not Found"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("pull: %v\nwant %s", err, want)
	}
	if _, serr := os.Stat(local); serr == nil {
		t.Error("a failed pull wrote LOCAL")
	}
}
