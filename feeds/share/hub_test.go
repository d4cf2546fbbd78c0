package share

import (
	"bytes"
	"fmt"
	"github.com/feedsync/feedsync/feeds/dialect"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// testHub is a hub on 127.0.0.1 serving a feed in a temporary folder,
// with a test clock; it stops when the test ends.
type testHub struct {
	t     testing.TB
	path  string
	hub   *Hub
	srv   *httptest.Server
	clock *clock
	log   *syncBuffer
}

// syncBuffer is a bytes.Buffer safe for the hub's concurrent log lines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func startHub(t testing.TB, kind string, opts Options) *testHub {
	t.Helper()
	th := &testHub{t: t, path: writeFeed(t, t.TempDir(), "hub.xml", emptyFeeds[kind]), clock: &clock{now: t0}, log: &syncBuffer{}}
	th.start(opts)
	return th
}

func (th *testHub) start(opts Options) {
	th.t.Helper()
	opts.Now, opts.Log = th.clock.Now, th.log
	h, err := NewHub(th.path, opts)
	if err != nil {
		th.t.Fatal(err)
	}
	th.hub, th.srv = h, httptest.NewServer(h)
	th.t.Cleanup(th.stop)
}

func (th *testHub) stop() {
	if th.srv != nil {
		th.srv.Close()
		th.hub.Close()
		th.srv = nil
	}
}

// do sends a request and returns the answer's status, headers and body.
func (th *testHub) do(method, path string, body []byte, hdr ...string) (int, http.Header, []byte) {
	th.t.Helper()
	req, err := http.NewRequest(method, th.srv.URL+path, bytes.NewReader(body))
	if err != nil {
		th.t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	c := &http.Client{Timeout: 10 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		th.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

// get reads a feed from the hub.
func (th *testHub) get(path string, hdr ...string) feed {
	th.t.Helper()
	code, _, body := th.do("GET", path, nil, hdr...)
	if code != 200 {
		th.t.Fatalf("GET %s: %d %s", path, code, body)
	}
	return mustParse(th.t, path, body)
}

// edit changes the hub's feed on disk, as another command would, a second
// later on the hub's clock.
func (th *testHub) edit(by string, changes ...change) {
	th.t.Helper()
	apply(th.t, th.path, stamp{by, th.clock.tick(time.Second)}, changes...)
}

func ids(f feed) string {
	var out []string
	for _, it := range items(f) {
		out = append(out, it.ID)
	}
	return strings.Join(out, ",")
}

var kinds = []string{"atom", "rss", "sse-rss", "sse-opml"}

// 1.0.2 §4.2.1, §2.3; 0.91 §2.1, §2.2: the partial feed's items, since,
// until and link to the complete feed; the complete feed.
func TestHubPartialFeed(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			th := startHub(t, kind, Options{Window: Window{Items: 2}})
			for _, id := range []string{"a", "b", "c", "d"} {
				th.edit("A", create(id, strings.ToUpper(id)))
				th.get("/") // the hub notices each edit in turn
			}
			p := th.get("/")
			if got := ids(p); got != "c,d" {
				t.Errorf("partial feed holds %s, want c,d", got)
			}
			d := p.Dialect()
			sh := p.Sharing()
			stampOf := func(n int) Mark { return stampMark(d, t0.Add(time.Duration(n)*time.Second)) }
			wantSince := stampOf(2) // b, the newest item left out
			if d == dialect.SSE091 {
				wantSince = stampOf(3) // all items updated on or after it are in the feed
			}
			if sh == nil || sh.Since != wantSince || sh.Until != stampOf(4) {
				t.Fatalf("sharing %+v, want since %s until %s", sh, wantSince.Text, stampOf(4).Text)
			}
			if sh.Complete() != th.srv.URL+"/complete" {
				t.Errorf("complete feed link %q, want %q", sh.Complete(), th.srv.URL+"/complete")
			}
			c := th.get("/complete")
			if got := ids(c); got != "a,b,c,d" {
				t.Errorf("complete feed holds %s", got)
			}
			if cs := c.Sharing(); cs == nil || cs.Complete() != "" || cs.Until != sh.Until {
				t.Errorf("complete feed's sharing %+v", cs)
			}
			if strings.Contains(string(readFile(t, th.path)), "sharing") {
				t.Error("the hub wrote its sx:sharing into the feed")
			}
		})
	}
}

// With --public-url the link to the complete feed is formed from it.
func TestHubPublicURL(t *testing.T) {
	th := startHub(t, "rss", Options{Window: Window{Items: 5}, PublicURL: "https://hub.example.org/todo/"})
	th.edit("A", create("a", "A"))
	if got := th.get("/").Sharing().Complete(); got != "https://hub.example.org/todo/complete" {
		t.Errorf("link %q", got)
	}
}

// A window by time drops items as they age, without a request changing
// anything.
func TestHubWindowByTime(t *testing.T) {
	th := startHub(t, "rss", Options{Window: Window{Span: time.Hour}})
	th.edit("A", create("a", "A"))
	th.get("/")
	th.clock.tick(30 * time.Minute)
	th.edit("A", create("b", "B"))
	if got := ids(th.get("/")); got != "a,b" {
		t.Fatalf("partial feed holds %s", got)
	}
	th.clock.tick(40 * time.Minute)
	p := th.get("/")
	if got := ids(p); got != "b" {
		t.Errorf("after a has aged out: %s", got)
	}
	if got, want := p.Sharing().Since, stampMark(dialect.FeedSync102, t0.Add(time.Second)); got != want {
		t.Errorf("since %s, want %s", got.Text, want.Text)
	}
}

// 1.0.2 §4.2.2: expires, renewed as time passes.
func TestHubExpires(t *testing.T) {
	th := startHub(t, "atom", Options{Window: Window{Items: 5}, Expires: 24 * time.Hour})
	th.edit("A", create("a", "A"))
	if got := th.get("/").Sharing().Expires; !got.Equal(t0.Add(time.Second + 24*time.Hour)) {
		t.Errorf("expires %v", got)
	}
	th.clock.tick(13 * time.Hour)
	if got := th.get("/").Sharing().Expires; !got.Equal(t0.Add(time.Second + 37*time.Hour)) {
		t.Errorf("expires after 13h: %v", got)
	}
	sse := writeFeed(t, t.TempDir(), "s.xml", emptyFeeds["sse-rss"])
	apply(t, sse, stamp{"A", t0}, create("a", "A"))
	if _, err := NewHub(sse, Options{Expires: time.Hour}); err == nil {
		t.Error("expires accepted for SSE 0.91")
	}
}

// ETag and Last-Modified on every feed; a conditional GET of an unchanged
// feed answers 304; a change answers 200.
func TestHubConditionalGET(t *testing.T) {
	th := startHub(t, "rss", Options{Window: Window{Items: 5}})
	th.edit("A", create("a", "A"))
	for _, path := range []string{"/", "/complete"} {
		code, h, _ := th.do("GET", path, nil)
		etag, lm := h.Get("ETag"), h.Get("Last-Modified")
		if code != 200 || etag == "" || lm == "" {
			t.Fatalf("GET %s: %d, ETag %q, Last-Modified %q", path, code, etag, lm)
		}
		if code, _, body := th.do("GET", path, nil, "If-None-Match", etag); code != 304 || len(body) != 0 {
			t.Errorf("If-None-Match: %d %q", code, body)
		}
		if code, _, _ := th.do("GET", path, nil, "If-Modified-Since", lm); code != 304 {
			t.Errorf("If-Modified-Since: %d", code)
		}
		if code, _, _ := th.do("HEAD", path, nil, "If-None-Match", etag); code != 304 {
			t.Errorf("HEAD If-None-Match: %d", code)
		}
	}
	_, h, _ := th.do("GET", "/", nil)
	th.edit("A", edit("a", "A2", false))
	code, h2, _ := th.do("GET", "/", nil, "If-None-Match", h.Get("ETag"))
	if code != 200 || h2.Get("ETag") == h.Get("ETag") || h2.Get("Last-Modified") == h.Get("Last-Modified") {
		t.Errorf("after a change: %d, ETag %s → %s, Last-Modified %s → %s", code, h.Get("ETag"), h2.Get("ETag"), h.Get("Last-Modified"), h2.Get("Last-Modified"))
	}
}

// With a token, requests need it (401 without); OpenRead leaves GET open.
func TestHubToken(t *testing.T) {
	body := []byte(emptyFeeds["rss"])
	for _, tc := range []struct {
		name         string
		open         bool
		method, path string
		auth         string
		want         int
	}{
		{"get_no_token", false, "GET", "/", "", 401},
		{"get_wrong", false, "GET", "/", "Bearer nope", 401},
		{"get_longer", false, "GET", "/", "Bearer s3cret-and-more", 401},
		{"get_basic", false, "GET", "/", "Basic czNjcmV0", 401},
		{"get_right", false, "GET", "/", "Bearer s3cret", 200},
		{"complete_no_token", false, "GET", "/complete", "", 401},
		{"post_no_token", false, "POST", "/", "", 401},
		{"post_right", false, "POST", "/", "Bearer s3cret", 200},
		{"open_get", true, "GET", "/", "", 200},
		{"open_post_no_token", true, "POST", "/", "", 401},
		{"open_post_right", true, "POST", "/", "bearer s3cret", 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			th := startHub(t, "rss", Options{Token: "s3cret", OpenRead: tc.open})
			var hdr []string
			if tc.auth != "" {
				hdr = []string{"Authorization", tc.auth}
			}
			code, h, _ := th.do(tc.method, tc.path, body, hdr...)
			if code != tc.want {
				t.Errorf("%d, want %d", code, tc.want)
			}
			if code == 401 && !strings.HasPrefix(h.Get("WWW-Authenticate"), "Bearer") {
				t.Errorf("WWW-Authenticate %q", h.Get("WWW-Authenticate"))
			}
		})
	}
}

// A body over the cap is refused with 413, whether it says its length or
// not, and the feed is untouched.
func TestHubBodyTooLarge(t *testing.T) {
	th := startHub(t, "rss", Options{MaxBody: 1000})
	before := readFile(t, th.path)
	big := []byte(strings.Replace(emptyFeeds["rss"], "<title>", "<title>"+strings.Repeat("x", 2000), 1))
	if code, _, _ := th.do("POST", "/", big); code != 413 {
		t.Errorf("with Content-Length: %d", code)
	}
	req, _ := http.NewRequest("POST", th.srv.URL+"/", io.MultiReader(bytes.NewReader(big)))
	req.ContentLength = -1 // chunked
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 413 {
		t.Errorf("chunked: %d", resp.StatusCode)
	}
	if !bytes.Equal(readFile(t, th.path), before) {
		t.Error("the feed changed")
	}
}

// A body that does not load is refused with 400 and its file:line:col
// problems; the feed is untouched and no backup is made.
func TestHubBadBody(t *testing.T) {
	for _, tc := range []struct{ name, kind, body, want string }{
		{"not_xml", "rss", "<rss version=\"2.0\"><channel>", "request body:1:"},
		{"bad_sync", "rss", `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><item><sx:sync id="a" updates="x"><sx:history sequence="1" by="A"/></sx:sync></item></channel></rss>`,
			"request body:1:80: sx:sync: updates \"x\""},
		{"other_dialect", "rss", emptyFeeds["sse-rss"], "feeds of different dialects cannot be merged"},
		{"empty", "rss", "", "request body:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			th := startHub(t, tc.kind, Options{})
			th.edit("A", create("a", "A"))
			before := readFile(t, th.path)
			bad := []byte(tc.body)
			if tc.name == "other_dialect" {
				p := writeFeed(t, t.TempDir(), "s.xml", tc.body)
				apply(t, p, stamp{"B", t0}, create("s", "S"))
				bad = readFile(t, p)
			}
			code, _, body := th.do("POST", "/", bad)
			if code != 400 || !strings.Contains(string(body), tc.want) {
				t.Errorf("%d %s, want 400 with %q", code, body, tc.want)
			}
			if !bytes.Equal(readFile(t, th.path), before) {
				t.Error("the feed changed")
			}
			if _, err := os.Stat(th.path + ".bak"); err == nil {
				t.Error("a backup was made")
			}
		})
	}
}

// A restart keeps the stamps: the same since and until, and an item
// incorporated before it keeps its stamp.
func TestHubRestartKeepsStamps(t *testing.T) {
	for _, kind := range []string{"rss", "sse-rss"} {
		t.Run(kind, func(t *testing.T) {
			th := startHub(t, kind, Options{Window: Window{Items: 1}})
			th.edit("A", create("a", "A"))
			th.get("/")
			th.edit("A", create("b", "B"))
			before := th.get("/").Sharing()
			th.stop()
			th.clock.tick(time.Hour)
			th.start(Options{Window: Window{Items: 1}})
			after := th.get("/").Sharing()
			if after.Since != before.Since || after.Until != before.Until {
				t.Errorf("since/until %s/%s before the restart, %s/%s after", before.Since.Text, before.Until.Text, after.Since.Text, after.Until.Text)
			}
			th.edit("A", edit("a", "A2", false))
			if got := th.get("/").Sharing().Until.At; !got.Equal(th.clock.Now()) {
				t.Errorf("until after an edit past the restart: %v, want %v", got, th.clock.Now())
			}
		})
	}
}

// A second hub on one feed is refused.
func TestHubOnePerFeed(t *testing.T) {
	th := startHub(t, "rss", Options{})
	_, err := NewHub(th.path, Options{})
	if err == nil || !strings.Contains(err.Error(), ErrBusy.Error()+fmt.Sprintf(" (pid %d)", os.Getpid())) || strings.Contains(err.Error(), "gave up") {
		t.Errorf("second hub: %v; want the hub's pid, and no wait spoken of", err)
	}
}

// Another command editing the feed while the hub runs shows in the next
// GET, with a new until; a feed that stops loading is not served.
func TestHubSeesEditsOnDisk(t *testing.T) {
	th := startHub(t, "atom", Options{Window: Window{Items: 10}})
	th.edit("A", create("a", "A"))
	u1 := th.get("/").Sharing().Until
	th.edit("B", edit("a", "A by B", false))
	p := th.get("/")
	if u2 := p.Sharing().Until; u2.Text <= u1.Text {
		t.Errorf("until %s after an edit on disk, was %s", u2.Text, u1.Text)
	}
	if items(p)[0].UpdatedBy != "B" {
		t.Error("the edit is not served")
	}
	good := th.get("/").Bytes()
	os.WriteFile(th.path, []byte("<feed"), 0o644)
	if got := th.get("/").Bytes(); !bytes.Equal(got, good) {
		t.Error("a feed that does not load replaced the last good one")
	}
	if !strings.Contains(th.log.String(), "does not load") {
		t.Errorf("no warning in the log:\n%s", th.log)
	}
}

// One access-log line per request.
func TestHubAccessLog(t *testing.T) {
	th := startHub(t, "rss", Options{})
	th.do("GET", "/", nil, HeaderBy, "laptop")
	th.do("GET", "/nothing", nil)
	th.do("DELETE", "/", nil)
	lines := strings.Split(strings.TrimSpace(th.log.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], `"GET / HTTP/1.1" 200`) || !strings.Contains(lines[0], `by="laptop"`) ||
		!strings.Contains(lines[1], " 404 ") || !strings.Contains(lines[2], " 405 ") {
		t.Errorf("log:\n%s", th.log)
	}
}

// TestHubLinkIgnoresHost: the complete feed's link in a partial feed is
// formed from --public-url, or the address the hub listens on, never from
// the request's Host, which any client can make up: a made-up Host is not
// published to every reader, and does not make the hub render the feed
// again (issue 20 item 11: each new Host re-rendered it under the lock).
func TestHubLinkIgnoresHost(t *testing.T) {
	for _, public := range []string{"", "https://hub.example/todo/"} {
		th := startHub(t, "rss", Options{Window: Window{Items: 2}, PublicURL: public})
		th.edit("A", create("a", "A"))
		want := th.srv.URL + "/complete"
		if public != "" {
			want = "https://hub.example/todo/complete"
		}
		etags := map[string]bool{}
		for i := range 3 * maxViews {
			req, _ := http.NewRequest("GET", th.srv.URL+"/", nil)
			req.Host = fmt.Sprintf("h%d.example", i)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || !strings.Contains(string(body), `link="`+want+`"`) || strings.Contains(string(body), "example/complete\"") {
				t.Fatalf("GET with Host h%d: %d, want the link %s\n%s", i, resp.StatusCode, want, body)
			}
			etags[resp.Header.Get("ETag")] = true
		}
		th.hub.vmu.Lock()
		n := len(th.hub.views)
		th.hub.vmu.Unlock()
		if n != 1 || len(etags) != 1 {
			t.Errorf("public URL %q: %d views, %d ETags for one feed, want 1", public, n, len(etags))
		}
	}
}

// 1.0.2 §2.2: the poster's sx:sharing is never republished; the hub's own
// is served.
func TestHubNeverRepublishesPostersSharing(t *testing.T) {
	th := startHub(t, "rss", Options{Window: Window{Items: 5}})
	th.edit("A", create("a", "A"))
	body := strings.Replace(emptyFeeds["rss"], "<title>To do</title>", `<title>To do</title>
    <sx:sharing since="x1" until="x9" expires="2030-01-01T00:00:00Z"><sx:related link="http://poster.example/all" type="complete"/><sx:related link="http://poster.example/b" type="aggregated"/></sx:sharing>
    <item><title>b</title><sx:sync id="b" updates="1"><sx:history sequence="1" by="P"/></sx:sync></item>`, 1)
	code, _, answer := th.do("POST", "/", []byte(body))
	if code != 200 {
		t.Fatalf("POST: %d %s", code, answer)
	}
	for name, got := range map[string]string{"the feed": string(readFile(t, th.path)), "GET /": string(th.get("/").Bytes()),
		"GET /complete": string(th.get("/complete").Bytes()), "the answer": string(answer)} {
		if strings.Contains(got, "poster.example") || strings.Contains(got, "x9") || strings.Contains(got, "2030") {
			t.Errorf("%s republishes the poster's sx:sharing:\n%s", name, got)
		}
	}
	if _, ok := itemSums(t, th.path)["b"]; !ok {
		t.Error("the posted item was not taken")
	}
}

// sinceAfterUntil reports a feed whose sx:sharing since comes after its
// until: a range that ends before it starts, which a strict reader
// rejects.
func sinceAfterUntil(f feed) string {
	sh := f.Sharing()
	if sh == nil || sh.Since.IsZero() || sh.Until.IsZero() {
		return fmt.Sprintf("sharing %+v, want since and until", sh)
	}
	if sh.Since.At.After(sh.Until.At) || f.Dialect() != dialect.SSE091 && sh.Since.Text > sh.Until.Text {
		return fmt.Sprintf("since %s after until %s", sh.Since.Text, sh.Until.Text)
	}
	return ""
}

// 0.91 §2.1: since is inclusive ("all items updated on or after") and
// until excludes what is later ("items updated after this date are not
// included"), both in whole seconds: since ≤ until in every feed the hub
// writes, the partial and the complete feed and a POST's answer, also
// when one incorporation fills more than the window, when nothing was
// incorporated within a window by time, and right after a purge. The
// same holds in 1.0.2 (§4.2.1, compared as strings).
func TestHubSinceNotAfterUntil(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind+"/one_incorporation_fills_the_window", func(t *testing.T) {
			th := startHub(t, kind, Options{Window: Window{Items: 3}})
			th.get("/")
			var cs []change
			for i := range 13 {
				cs = append(cs, create(fmt.Sprintf("i%02d", i), "item"))
			}
			th.edit("A", cs...)
			for _, path := range []string{"/", "/complete"} {
				if msg := sinceAfterUntil(th.get(path)); msg != "" {
					t.Errorf("GET %s: %s", path, msg)
				}
			}
		})
		t.Run(kind+"/nothing_within_the_window_by_time", func(t *testing.T) {
			th := startHub(t, kind, Options{Window: Window{Span: 10 * time.Second}})
			th.edit("A", create("a", "A"))
			th.get("/")
			th.clock.tick(time.Minute)
			if msg := sinceAfterUntil(th.get("/")); msg != "" {
				t.Error(msg)
			}
		})
		t.Run(kind+"/after_a_purge", func(t *testing.T) {
			th := startHub(t, kind, Options{Window: Window{Items: 5}})
			th.edit("A", create("a", "A"))
			th.get("/")
			older := readFile(t, th.path)
			th.edit("A", create("b", "B"))
			th.get("/")
			th.clock.tick(time.Second)
			os.WriteFile(th.path, older, 0o644) // b vanishes: a purge
			for _, path := range []string{"/", "/complete"} {
				if msg := sinceAfterUntil(th.get(path)); msg != "" {
					t.Errorf("GET %s: %s", path, msg)
				}
			}
		})
		t.Run(kind+"/answer_to_a_poster_up_to_date", func(t *testing.T) {
			th := startHub(t, kind, Options{Window: Window{Items: 5}})
			th.edit("A", create("a", "A"))
			p := th.get("/")
			_, _, body := th.do("POST", "/", readFile(t, th.path), HeaderUntil, p.Sharing().Until.Text)
			if msg := sinceAfterUntil(mustParse(t, "answer", body)); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// TestServesTheCharsetItWrites guards issue 31 item 2 at the hub: a feed
// is written in the encoding it came in, and an XML media type's charset
// parameter wins over the XML declaration (RFC 7303 §3.2), so a hub that
// said charset=utf-8 of an EUC-KR feed had every client read it wrong.
// GET and a POST's answer name the charset the body is in.
func TestServesTheCharsetItWrites(t *testing.T) {
	euckr := "<?xml version=\"1.0\" encoding=\"euc-kr\"?>\n<rss version=\"2.0\" xmlns:sx=\"http://feedsync.org/2007/feedsync\"><channel><title>\xb5\xbf\xb3\xd7</title>\n" +
		`<item><title>a</title><sx:sync id="a" updates="1"><sx:history sequence="1" when="2024-03-01T08:00:00Z" by="x"/></sx:sync></item>` + "\n</channel></rss>\n"
	th := &testHub{t: t, path: writeFeed(t, t.TempDir(), "hub.xml", euckr), clock: &clock{now: t0}, log: &syncBuffer{}}
	th.start(Options{})
	code, hdr, body := th.do("GET", "/", nil)
	if code != 200 || hdr.Get("Content-Type") != "application/rss+xml; charset=euc-kr" || !bytes.Contains(body, []byte("\xb5\xbf\xb3\xd7")) {
		t.Errorf("GET: %d %q\n%q", code, hdr.Get("Content-Type"), body)
	}
	code, hdr, _ = th.do("POST", "/", []byte(euckr), "Content-Type", "application/rss+xml; charset=euc-kr")
	if code != 200 || hdr.Get("Content-Type") != "application/rss+xml; charset=euc-kr" {
		t.Errorf("POST: %d %q", code, hdr.Get("Content-Type"))
	}
}
