package share

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// testDir is a Dir served on 127.0.0.1 for a test, stopped by its cleanup.
type testDir struct {
	t     testing.TB
	path  string
	dir   *Dir
	srv   *httptest.Server
	clock *clock
	log   *syncBuffer
}

// startDir serves a folder holding the given files (NAME: content).
func startDir(t testing.TB, opts Options, files map[string]string) *testDir {
	t.Helper()
	td := &testDir{t: t, path: t.TempDir(), clock: &clock{now: t0}, log: &syncBuffer{}}
	for name, data := range files {
		writeFeed(t, td.path, name, data)
	}
	opts.Now, opts.Log = td.clock.Now, td.log
	d, err := NewDir(td.path, opts)
	if err != nil {
		t.Fatal(err)
	}
	td.dir, td.srv = d, httptest.NewServer(d)
	t.Cleanup(func() { td.srv.Close(); d.Close() })
	return td
}

// do sends a request to the hub with an optional Bearer token.
func (td *testDir) do(method, path, token string, body []byte) (int, []byte) {
	td.t.Helper()
	req, err := http.NewRequest(method, td.srv.URL+path, bytes.NewReader(body))
	if err != nil {
		td.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := td.srv.Client().Do(req)
	if err != nil {
		td.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

// syncAt syncs LOCAL with feed name of the hub.
func (td *testDir) syncAt(local, name, by, token string) *Result {
	td.t.Helper()
	sub := &Subscription{Local: local, URL: td.srv.URL + "/" + name, By: by, Now: td.clock.Now(), Client: &Client{Token: token, By: by}}
	res, err := sub.Sync(context.Background())
	if err != nil {
		td.t.Fatalf("%s: sync with /%s: %v", by, name, err)
	}
	return res
}

// Two feeds of one folder are two hubs: a sync against /a and one against
// /b each reach their own feed, stamps and partial feed, whose link to the
// complete feed is /NAME/complete (1.0.2 §2.3).
func TestDirTwoFeeds(t *testing.T) {
	td := startDir(t, Options{Window: Window{Items: 1}}, map[string]string{"a.xml": emptyFeeds["atom"], "b.xml": emptyFeeds["rss"]})
	apply(t, filepath.Join(td.path, "a.xml"), stamp{"hub", t0}, create("a1", "A one"), create("a2", "A two"))
	apply(t, filepath.Join(td.path, "b.xml"), stamp{"hub", t0}, create("b1", "B one"))
	locals := t.TempDir()
	la, lb := filepath.Join(locals, "la.xml"), filepath.Join(locals, "lb.xml")
	if res := td.syncAt(la, "a", "x", ""); !res.Complete || res.Changed != 2 {
		t.Errorf("first sync with /a: %+v, want the complete feed's 2 items", res)
	}
	td.syncAt(lb, "b", "y", "")
	apply(t, la, stamp{"x", td.clock.tick(time.Second)}, create("a3", "A three"))
	if res := td.syncAt(la, "a", "x", ""); res.Pushed != 1 {
		t.Errorf("sync of a new item with /a: %+v", res)
	}
	if got := ids(mustParse(t, "a", readFile(t, filepath.Join(td.path, "a.xml")))); got != "a1,a2,a3" {
		t.Errorf("a.xml holds %s", got)
	}
	if got := ids(mustParse(t, "b", readFile(t, filepath.Join(td.path, "b.xml")))); got != "b1" {
		t.Errorf("b.xml holds %s", got)
	}
	if got := ids(mustParse(t, "lb", readFile(t, lb))); got != "b1" {
		t.Errorf("the endpoint of /b holds %s", got)
	}
	code, body := td.do("GET", "/a", "", nil)
	link := td.srv.URL + "/a/complete"
	if code != 200 || !strings.Contains(string(body), `link="`+link+`"`) {
		t.Errorf("GET /a: %d, want a partial feed linking %s:\n%s", code, link, body)
	}
	if code, body := td.do("GET", "/a/complete", "", nil); code != 200 || ids(mustParse(t, "complete", body)) != "a1,a2,a3" {
		t.Errorf("GET /a/complete: %d\n%s", code, body)
	}
	if !strings.Contains(td.log.String(), `"POST /a HTTP/1.1" 200`) {
		t.Errorf("the access log does not name /a:\n%s", td.log)
	}
}

// GET / lists the feeds served, one a line; a file that does not load is
// not served (500, with a log line), never changed, and served once it is
// fixed; a file that is no feed (no .xml) is 404.
func TestDirListAndBadFiles(t *testing.T) {
	bad := "<rss><channel><item>\n"
	td := startDir(t, Options{}, map[string]string{"a.xml": emptyFeeds["atom"], "b.xml": emptyFeeds["rss"],
		"bad.xml": bad, "notes.txt": "a note\n", "My List.xml": emptyFeeds["rss"]})
	if code, body := td.do("GET", "/", "", nil); code != 200 || string(body) != "a\nb\n" {
		t.Errorf("GET /: %d %q, want a and b", code, body)
	}
	if code, _ := td.do("GET", "/bad", "", nil); code != 500 {
		t.Errorf("GET /bad: %d, want 500", code)
	}
	if got := string(readFile(t, filepath.Join(td.path, "bad.xml"))); got != bad {
		t.Errorf("bad.xml changed: %q", got)
	}
	if n := strings.Count(td.log.String(), "bad: not served: "); n != 1 {
		t.Errorf("%d log lines on bad.xml (one per version of the file wanted):\n%s", n, td.log)
	}
	if !strings.Contains(td.log.String(), "My List.xml: not served") {
		t.Errorf("no log line on a file whose name is no NAME:\n%s", td.log)
	}
	for _, path := range []string{"/notes", "/notes.txt", "/a.xml", "/c"} {
		if code, _ := td.do("GET", path, "", nil); code != 404 {
			t.Errorf("GET %s: %d, want 404", path, code)
		}
	}
	writeFeed(t, td.path, "bad.xml", emptyFeeds["rss"])
	os.Chtimes(filepath.Join(td.path, "bad.xml"), time.Now(), t0) // another version, whatever the clock's grain
	if code, _ := td.do("GET", "/bad", "", nil); code != 200 {
		t.Errorf("GET /bad once fixed: %d, want 200", code)
	}
}

// A feed added while the hub runs is served on its first request, and
// listed by GET /, which looks for new files.
func TestDirFeedAdded(t *testing.T) {
	td := startDir(t, Options{}, map[string]string{"a.xml": emptyFeeds["atom"]})
	if code, _ := td.do("GET", "/c", "", nil); code != 404 {
		t.Errorf("GET /c before c.xml exists: %d", code)
	}
	writeFeed(t, td.path, "c.xml", emptyFeeds["rss"])
	if code, _ := td.do("GET", "/c", "", nil); code != 200 {
		t.Errorf("GET /c once added: %d", code)
	}
	writeFeed(t, td.path, "d.xml", emptyFeeds["sse-rss"])
	if code, body := td.do("GET", "/", "", nil); code != 200 || string(body) != "a\nc\nd\n" {
		t.Errorf("GET /: %d %q, want a, c and d", code, body)
	}
}

// Paths that try to leave the folder, or reach what is not a feed of it,
// are 404: .., escaped separators and dots, state files, symbolic links.
func TestDirRefusesPathTricks(t *testing.T) {
	outside := t.TempDir()
	secret := writeFeed(t, outside, "secret.xml", emptyFeeds["atom"])
	td := startDir(t, Options{}, map[string]string{"a.xml": emptyFeeds["atom"]})
	if err := os.Symlink(secret, filepath.Join(td.path, "link.xml")); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(DirTokenPath(td.path, "a"), []byte("sesame\n"), 0o600)
	for _, path := range []string{"/..", "/../a", "/a/../a", "/a%2F..%2Fa", "/%2E%2E/secret", "/%61", "/link",
		"/.feedsync", "/.feedsync/a.token", "/a.token", "/A", "/a/", "/a/complete/", "/a/x", "//a"} {
		t.Run(path, func(t *testing.T) {
			code, body := td.do("GET", path, "", nil)
			if code != 404 {
				t.Errorf("GET %s: %d, want 404\n%s", path, code, body)
			}
		})
	}
	if !strings.Contains(td.log.String(), "link.xml: not served: a L") {
		t.Errorf("no log line on the symbolic link:\n%s", td.log)
	}
}

// A feed's own token file replaces the token for all; GET / needs the
// token for all; a token file others can read is refused and its feed
// not served.
func TestDirTokens(t *testing.T) {
	td := startDir(t, Options{Token: "all"}, map[string]string{"a.xml": emptyFeeds["atom"]})
	writeFeed(t, td.path, "b.xml", emptyFeeds["rss"])
	writeFeed(t, td.path, "c.xml", emptyFeeds["rss"])
	if err := os.WriteFile(DirTokenPath(td.path, "b"), []byte("bee\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(DirTokenPath(td.path, "c"), []byte("sea\n"), 0o644)
	cases := []struct {
		path, token string
		want        int
	}{
		{"/", "", 401}, {"/", "bee", 401}, {"/", "all", 200},
		{"/a", "all", 200}, {"/a", "bee", 401}, {"/a", "", 401},
		{"/b", "bee", 200}, {"/b/complete", "bee", 200}, {"/b", "all", 401}, {"/b", "", 401},
		{"/c", "sea", 500}, {"/c", "all", 500},
	}
	for _, c := range cases {
		if code, _ := td.do("GET", c.path, c.token, nil); code != c.want {
			t.Errorf("GET %s with token %q: %d, want %d", c.path, c.token, code, c.want)
		}
	}
	if !strings.Contains(td.log.String(), "others can read or change it") {
		t.Errorf("no log line on c's token file:\n%s", td.log)
	}
	lb := filepath.Join(t.TempDir(), "lb.xml")
	if res := td.syncAt(lb, "b", "x", "bee"); !res.Wrote {
		t.Errorf("sync with /b and its token: %+v", res)
	}
}

// MaxPosts bounds the POSTs of every feed together, so that the memory
// ceiling of the package doc holds for a folder as for one feed: with one
// POST to /a held in its merge, one to /b is refused with 503.
func TestDirBoundsPostsAcrossFeeds(t *testing.T) {
	td := startDir(t, Options{MaxPosts: 1}, map[string]string{"a.xml": emptyFeeds["rss"], "b.xml": emptyFeeds["rss"]})
	arrived, release := make(chan struct{}), make(chan struct{})
	var first atomic.Bool // holds the first POST only
	postHook = func() {
		if first.CompareAndSwap(false, true) {
			arrived <- struct{}{}
			<-release
		}
	}
	t.Cleanup(func() { postHook = nil })
	held := make(chan int, 1)
	go func() {
		resp, err := http.Post(td.srv.URL+"/a", "application/rss+xml", strings.NewReader(emptyFeeds["rss"]))
		if err != nil {
			held <- 0
			return
		}
		resp.Body.Close()
		held <- resp.StatusCode
	}()
	select {
	case <-arrived:
	case <-time.After(time.Minute):
		t.Fatal("the POST to /a never reached its merge")
	}
	code, _ := td.do("POST", "/b", "", []byte(emptyFeeds["rss"]))
	close(release)
	if code != http.StatusServiceUnavailable {
		t.Errorf("POST /b while /a's is held: %d, want 503", code)
	}
	if code := <-held; code != 200 {
		t.Errorf("the held POST to /a: %d", code)
	}
	postHook = nil
	if code, _ := td.do("POST", "/b", "", []byte(emptyFeeds["rss"])); code != 200 {
		t.Errorf("POST /b once /a's is done: %d", code)
	}
}
