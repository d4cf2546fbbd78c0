package share

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
)

// feedServlet is a FeedSync server that is no feedsync hub, as mesh4x's
// FeedServlet: GET answers its feed; POST merges the feed sent into it and
// answers its feed as it now is, with no FeedSync-ETag, or, with page set,
// a page of text.
type feedServlet struct {
	t     *testing.T
	mu    sync.Mutex
	feed  feed
	page  bool
	posts atomic.Int64
}

func (s *feedServlet) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.Method == http.MethodPost {
		s.posts.Add(1)
		body, _ := io.ReadAll(r.Body)
		posted, err := parse("posted", body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if s.feed, err = merge(s.feed, posted); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if s.page {
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte("OK"))
			return
		}
	}
	w.Header().Set("Content-Type", contentType(s.feed, s.feed.Bytes()))
	w.Write(s.feed.Bytes())
}

// TestSyncWithFeedSyncServerNotHub: a sync with a FeedSync server that
// takes a POSTed feed and answers its own, with no FeedSync-ETag, sends
// the items, merges the answer, says the server is no feedsync hub, and
// succeeds; the next sync sends nothing again. A server that answers a
// page of text has been sent the items too. Before, sync exited 2 saying
// nothing was sent, discarded the answer, and posted everything again
// next time (issue 20 item 10).
func TestSyncWithFeedSyncServerNotHub(t *testing.T) {
	for _, page := range []bool{false, true} {
		th := &testHub{t: t, clock: &clock{now: t0}}
		servlet := &feedServlet{t: t, page: page, feed: mustParse(t, "servlet", []byte(emptyFeeds["rss"]))}
		servlet.feed = withItems(t, servlet.feed, "S", create("s", "from the servlet"))
		srv := httptest.NewServer(servlet)
		t.Cleanup(srv.Close)
		th.srv = srv
		e := th.endpoint("E")
		if _, err := e.sub("").Pull(t.Context()); err != nil {
			t.Fatal(err)
		}
		e.edit(create("e", "from E"))
		servlet.mu.Lock()
		servlet.feed = withItems(t, servlet.feed, "S", create("s2", "after E's pull"))
		servlet.mu.Unlock()
		res, err := e.sub("").Sync(t.Context())
		if err != nil {
			t.Fatalf("page=%v: sync: %v", page, err)
		}
		if !res.NotHub || res.Pushed != 1 || res.AnswerMerged == page {
			t.Errorf("page=%v: %+v, want NotHub, 1 pushed, the answer merged unless a page", page, res)
		}
		if got := ids(servlet.feed); got != "s,s2,e" {
			t.Errorf("page=%v: the servlet holds %s", page, got)
		}
		if got := ids(e.feed()); got != "s,e,s2" {
			t.Errorf("page=%v: LOCAL holds %s, want the servlet's s2 from the GET", page, got)
		}
		n := servlet.posts.Load()
		if _, err := e.sub("").Sync(t.Context()); err != nil || servlet.posts.Load() != n {
			t.Errorf("page=%v: a second sync: %v, %d POSTs more, want none", page, err, servlet.posts.Load()-n)
		}
	}
}

// withItems applies changes to a feed in memory, as endpoint by.
func withItems(t *testing.T, f feed, by string, changes ...change) feed {
	t.Helper()
	path := writeFeed(t, t.TempDir(), "f.xml", string(f.Bytes()))
	apply(t, path, stamp{by, t0}, changes...)
	return mustParse(t, path, readFile(t, path))
}
