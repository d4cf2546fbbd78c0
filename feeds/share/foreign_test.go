package share

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/share/mesh4xtest"
)

// servletAt is an endpoint that syncs with a mesh4x FeedServlet stand-in
// (package mesh4xtest) at url.
func servletAt(t *testing.T, url, by string) *endpoint {
	th := &testHub{t: t, clock: &clock{now: t0}, srv: &httptest.Server{URL: strings.TrimSuffix(url, "/")}}
	e := th.endpoint(by)
	return e
}

// servletSub is e's subscription to the servlet at url.
func servletSub(e *endpoint, url string) *Subscription {
	s := e.sub("")
	s.URL = url
	return s
}

// A sync with mesh4x's FeedServlet, which merges a POST and answers a feed
// of the items then in conflict on its side (usually none), with no
// FeedSync-ETag: the items are sent and taken, the answer merged, the
// items the same sync pulled written to LOCAL, and the server named as no
// feedsync hub; the items sent are known to it as sent. So with an answer that is a
// page of text or no body at all (204, 201): a 2xx is the server's word
// that it took the POST. Before, the empty feed of conflicts read as "it
// took nothing": sync failed (exit 2) and LOCAL did not get the item it
// had just pulled (issue 29 item 3).
func TestSyncWithMesh4xFeedServletWritesWhatItPulled(t *testing.T) {
	for _, answer := range []string{"conflicts feed", "text page", "204", "201"} {
		t.Run(answer, func(t *testing.T) {
			servlet, url := mesh4xtest.Start(t)
			srv := httptest.NewServer(answerAs(servlet, answer))
			t.Cleanup(srv.Close)
			url = srv.URL + mesh4xtest.Path
			other := withItems(t, mustParse(t, "other", []byte(emptyFeeds["rss"])), "M", create("s", "from mesh4x"))
			if err := servlet.Merge(other.Bytes()); err != nil {
				t.Fatal(err)
			}
			e := servletAt(t, url, "E")
			writeFeed(t, filepath.Dir(e.local), filepath.Base(e.local), emptyFeeds["rss"])
			e.edit(create("e", "from E"))
			res, err := servletSub(e, url).Sync(t.Context())
			if err != nil {
				t.Fatalf("sync: %v", err)
			}
			if !res.NotHub || res.Pushed != 1 || res.Taken != 1 || res.AnswerMerged != (answer == "conflicts feed") || !res.Wrote {
				t.Errorf("%+v, want NotHub, 1 pushed and taken, the answer merged when a feed, LOCAL written", res)
			}
			if got := ids(e.feed()); got != "e,s" && got != "s,e" {
				t.Errorf("LOCAL holds %s, want e and the servlet's s, pulled by the same sync", got)
			}
			if got := servlet.Holds(); !slices.Contains(got, "e") || !slices.Contains(got, "s") {
				t.Errorf("the servlet holds %v", got)
			}
			// Taken, e is known to the servlet as sent: not sent again for
			// the answer's sake. (mesh4x writes items its own way, data
			// changed without a new version, which the next read brings.)
			states, err := loadSubStates(statePath(e.local, "sync"))
			if err != nil {
				t.Fatal(err)
			}
			if known, local := states.Subs[url].Known["e"], sums(e.feed())["e"]; known != local {
				t.Errorf("e is known to the servlet as %q, LOCAL holds %q: the next sync sends it again", known, local)
			}
			if _, err := servletSub(e, url).Sync(t.Context()); err != nil {
				t.Errorf("a second sync: %v", err)
			}
		})
	}
}

// A sync whose POST makes a conflict on the servlet's side merges the
// servlet's answer, the feed of its conflicts, into LOCAL: the conflict
// is there to resolve ('feedsync sync' then exits 1).
func TestSyncWithMesh4xFeedServletConflict(t *testing.T) {
	servlet, url := mesh4xtest.Start(t)
	e := servletAt(t, url, "E")
	writeFeed(t, filepath.Dir(e.local), filepath.Base(e.local), emptyFeeds["rss"])
	e.edit(create("s", "by E"))
	if _, err := servletSub(e, url).Sync(t.Context()); err != nil {
		t.Fatal(err)
	}
	other := withItems(t, mustParse(t, "other", readFile(t, e.local)), "M", edit("s", "by mesh4x", false))
	if err := servlet.Merge(other.Bytes()); err != nil {
		t.Fatal(err)
	}
	e.edit(edit("s", "by E again", false))
	e.hub.clock.tick(1)
	sub := servletSub(e, url)
	sub.Now = e.hub.clock.Now()
	res, err := sub.Sync(t.Context())
	if err != nil {
		t.Fatalf("sync: %v", err)
	}
	if !res.NotHub || res.Conflicted != 1 {
		t.Errorf("%+v, want NotHub and the conflict", res)
	}
	if f := e.feed(); f.Conflicted() != 1 {
		t.Errorf("LOCAL holds %d conflicts, want s's", f.Conflicted())
	}
}

// answerAs answers as servlet does, but a POST with kind: the servlet's
// own answer, a page of text, 204 or 201 without a body.
func answerAs(servlet http.Handler, kind string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || kind == "conflicts feed" {
			servlet.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		servlet.ServeHTTP(rec, r)
		switch kind {
		case "text page":
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte("OK"))
		case "204":
			w.WriteHeader(http.StatusNoContent)
		case "201":
			w.WriteHeader(http.StatusCreated)
		}
	})
}

// A web server serving a file answers a POST with the file, the POST
// unread: that answer is the very feed a read of the sync got (its bytes,
// or its ETag), and holds none of the items sent, so the server took
// nothing: an error, nothing written. With a Last-Modified only, or the
// feed read afresh, alike.
func TestSyncWithAFileServerTookNothing(t *testing.T) {
	feed := withItems(t, mustParse(t, "f", []byte(emptyFeeds["rss"])), "P", create("a", "A")).Bytes()
	for name, h := range map[string]http.HandlerFunc{
		"etag": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("ETag", `"v1"`)
			http.ServeContent(w, r, "", t0, bytes.NewReader(feed))
		},
		"bytes": func(w http.ResponseWriter, r *http.Request) { w.Write(feed) },
	} {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(h)
			t.Cleanup(srv.Close)
			e := servletAt(t, srv.URL+"/f.xml", "E")
			if _, err := servletSub(e, srv.URL+"/f.xml").Pull(t.Context()); err != nil {
				t.Fatal(err)
			}
			e.edit(create("e", "E"))
			before := readFile(t, e.local)
			_, err := servletSub(e, srv.URL+"/f.xml").Sync(t.Context())
			if err == nil || !strings.Contains(err.Error(), "took nothing") {
				t.Errorf("sync: %v, want it to say the server took nothing", err)
			}
			if !bytes.Equal(readFile(t, e.local), before) {
				t.Error("LOCAL was written")
			}
		})
	}
}

// withItems applies changes to a feed in memory, as endpoint by.
func withItems(t *testing.T, f feed, by string, changes ...change) feed {
	t.Helper()
	path := writeFeed(t, t.TempDir(), "f.xml", string(f.Bytes()))
	apply(t, path, stamp{by, t0}, changes...)
	return mustParse(t, path, readFile(t, path))
}
