package share

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// The hub suite: the same requests against a hub of each store, the
// files (a Dir serving DIR/todo.xml) and PostgreSQL (a DBServer serving
// feed todo), and the same answers where the spec leaves no choice
// (issue 28 item 1). Both serve /todo and /todo/complete; the test clock
// stamps for both (the database's clock stands in for it, DB.now).

var stores = []string{"file", "db"}

// suiteHub is one hub of the suite, serving feed todo.
type suiteHub struct {
	t     testing.TB
	store string
	url   string // the feed's: .../todo
	dir   string // the file hub's folder, holding todo.xml
	files *Dir   // the file hub, nil for the database's
	clock *clock
	log   *syncBuffer
	db    *DB
}

func startSuite(t testing.TB, store, kind string, opts Options) *suiteHub {
	t.Helper()
	sh := &suiteHub{t: t, store: store, clock: &clock{now: t0}, log: &syncBuffer{}}
	opts.Now, opts.Log = sh.clock.Now, sh.log
	var h http.Handler
	switch store {
	case "file":
		dir := t.TempDir()
		sh.dir = dir
		writeFeed(t, dir, "todo.xml", emptyFeeds[kind])
		d, err := NewDir(dir, opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(d.Close)
		h, sh.files = d, d
	case "db":
		db, _ := testDB(t)
		db.now = sh.clock.Now
		importKind(t, db, "todo", kind)
		sh.db = db
		h = NewDBServer(db, opts)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	sh.url = srv.URL + "/todo"
	return sh
}

func (sh *suiteHub) do(method, path string, body []byte, hdr ...string) (int, http.Header, []byte) {
	sh.t.Helper()
	return httpDoH(sh.t, method, sh.url+path, body, hdr...)
}

func (sh *suiteHub) get(path string, hdr ...string) feed {
	sh.t.Helper()
	code, _, body := sh.do("GET", path, nil, hdr...)
	if code != 200 {
		sh.t.Fatalf("%s: GET %s: %d %s", sh.store, path, code, body)
	}
	return mustParse(sh.t, path, body)
}

// post changes the feed as a subscriber does, a second later on the
// clock: it reads the complete feed, changes it and posts it.
func (sh *suiteHub) post(by string, changes ...change) []byte {
	sh.t.Helper()
	f := sh.get("/complete")
	now := sh.clock.tick(time.Second)
	for _, c := range changes {
		if err := c(f, stamp{by, now}); err != nil {
			sh.t.Fatal(err)
		}
	}
	code, _, body := sh.do("POST", "", f.Bytes())
	if code != 200 {
		sh.t.Fatalf("%s: POST: %d %s", sh.store, code, body)
	}
	return body
}

// eachStore runs a test against a hub of each store.
func eachStore(t *testing.T, fn func(t *testing.T, store string)) {
	for _, store := range stores {
		t.Run(store, func(t *testing.T) { fn(t, store) })
	}
}

// 1.0.2 §4.2.1, §2.3; 0.91 §2.1, §2.2: the partial feed's items, since,
// until and link to the complete feed; the complete feed.
func TestSuitePartialFeed(t *testing.T) {
	eachStore(t, func(t *testing.T, store string) {
		for _, kind := range kinds {
			t.Run(kind, func(t *testing.T) {
				sh := startSuite(t, store, kind, Options{Window: Window{Items: 2}})
				for _, id := range []string{"a", "b", "c", "d"} {
					sh.post("A", create(id, strings.ToUpper(id)))
				}
				p := sh.get("")
				if got := ids(p); got != "c,d" {
					t.Errorf("partial feed holds %s, want c,d", got)
				}
				d := p.Dialect()
				stampOf := func(n int) Mark { return stampMark(d, t0.Add(time.Duration(n)*time.Second)) }
				wantSince := stampOf(2) // b, the newest item left out
				if d == dialect.SSE091 {
					wantSince = stampOf(3) // all items updated on or after it are in the feed
				}
				s := p.Sharing()
				if s == nil || s.Since != wantSince || s.Until != stampOf(4) {
					t.Fatalf("sharing %+v, want since %s until %s", s, wantSince.Text, stampOf(4).Text)
				}
				if s.Complete() != sh.url+"/complete" {
					t.Errorf("complete feed link %q, want %q", s.Complete(), sh.url+"/complete")
				}
				c := sh.get("/complete")
				if got := ids(c); got != "a,b,c,d" {
					t.Errorf("complete feed holds %s", got)
				}
				if cs := c.Sharing(); cs == nil || cs.Complete() != "" || cs.Until != s.Until || cs.Since != stampMark(d, t0.Add(-time.Second+time.Duration(sinceStep(d))*time.Second)) {
					t.Errorf("complete feed's sharing %+v", cs)
				}
			})
		}
	})
}

// ETag and Last-Modified on every feed; a conditional GET of an unchanged
// feed answers 304; a change answers 200 and a new ETag.
func TestSuiteConditionalGET(t *testing.T) {
	eachStore(t, func(t *testing.T, store string) {
		sh := startSuite(t, store, "rss", Options{Window: Window{Items: 5}})
		sh.post("A", create("a", "A"))
		for _, path := range []string{"", "/complete"} {
			code, h, _ := sh.do("GET", path, nil)
			etag, lm := h.Get("ETag"), h.Get("Last-Modified")
			if code != 200 || etag == "" || lm == "" {
				t.Fatalf("GET %s: %d, ETag %q, Last-Modified %q", path, code, etag, lm)
			}
			if code, _, body := sh.do("GET", path, nil, "If-None-Match", etag); code != 304 || len(body) != 0 {
				t.Errorf("If-None-Match: %d %q", code, body)
			}
			if code, _, _ := sh.do("GET", path, nil, "If-Modified-Since", lm); code != 304 {
				t.Errorf("If-Modified-Since: %d", code)
			}
			if code, _, _ := sh.do("HEAD", path, nil, "If-None-Match", etag); code != 304 {
				t.Errorf("HEAD If-None-Match: %d", code)
			}
		}
		_, h, _ := sh.do("GET", "", nil)
		sh.post("A", edit("a", "A2", false))
		code, h2, _ := sh.do("GET", "", nil, "If-None-Match", h.Get("ETag"))
		if code != 200 || h2.Get("ETag") == h.Get("ETag") || h2.Get("Last-Modified") == h.Get("Last-Modified") {
			t.Errorf("after a change: %d, ETag %s → %s", code, h.Get("ETag"), h2.Get("ETag"))
		}
	})
}

// An If-None-Match that names the ETag, weakly, in a list or as "*",
// answers 304; one that only holds its characters ('x"…"', a tag cut
// short) answers the feed, never an empty body under the feed's ETag
// (RFC 9110 §13.1.2, as http.ServeContent reads it).
func TestSuiteIfNoneMatchAnswersTheFeedOr304(t *testing.T) {
	eachStore(t, func(t *testing.T, store string) {
		sh := startSuite(t, store, "rss", Options{})
		sh.post("A", create("a", "A"))
		_, h, full := sh.do("GET", "", nil)
		etag := h.Get("ETag")
		for _, tc := range []struct {
			header string
			code   int
		}{
			{etag, 304},
			{"W/" + etag, 304},
			{`"other", ` + etag, 304},
			{"*", 304},
			{"x" + etag, 200},
			{strings.TrimSuffix(etag, `"`) + `x"`, 200},
			{`"other"`, 200},
		} {
			code, h2, body := sh.do("GET", "", nil, "If-None-Match", tc.header)
			if code != tc.code {
				t.Errorf("If-None-Match: %s: %d, want %d", tc.header, code, tc.code)
			}
			if code == 200 && (!bytes.Equal(body, full) || h2.Get("ETag") != etag) {
				t.Errorf("If-None-Match: %s: 200 with %d bytes, ETag %s; want the feed, %d bytes", tc.header, len(body), h2.Get("ETag"), len(full))
			}
		}
	})
}

// With a token, requests need it (401 without); OpenRead leaves GET open.
func TestSuiteToken(t *testing.T) {
	body := []byte(emptyFeeds["rss"])
	eachStore(t, func(t *testing.T, store string) {
		for _, tc := range []struct {
			name         string
			open         bool
			method, path string
			auth         string
			want         int
		}{
			{"get_no_token", false, "GET", "", "", 401},
			{"get_wrong", false, "GET", "", "Bearer nope", 401},
			{"get_right", false, "GET", "", "Bearer s3cret", 200},
			{"complete_no_token", false, "GET", "/complete", "", 401},
			{"post_no_token", false, "POST", "", "", 401},
			{"post_right", false, "POST", "", "Bearer s3cret", 200},
			{"open_get", true, "GET", "", "", 200},
			{"open_post_no_token", true, "POST", "", "", 401},
		} {
			t.Run(tc.name, func(t *testing.T) {
				sh := startSuite(t, store, "rss", Options{Token: "s3cret", OpenRead: tc.open})
				var hdr []string
				if tc.auth != "" {
					hdr = []string{"Authorization", tc.auth}
				}
				code, h, _ := sh.do(tc.method, tc.path, body, hdr...)
				if code != tc.want {
					t.Errorf("%d, want %d", code, tc.want)
				}
				if code == 401 && !strings.HasPrefix(h.Get("WWW-Authenticate"), "Bearer") {
					t.Errorf("WWW-Authenticate %q", h.Get("WWW-Authenticate"))
				}
			})
		}
	})
}

// A body over the cap is refused with 413; one that does not load, or is
// of the other dialect, with 400 and its problems; the feed is untouched.
func TestSuiteRefusedBodies(t *testing.T) {
	eachStore(t, func(t *testing.T, store string) {
		sh := startSuite(t, store, "rss", Options{MaxBody: 2000})
		sh.post("A", create("a", "A"))
		before := sh.get("/complete").Bytes()
		other := mustParse(t, "other", []byte(emptyFeeds["sse-rss"]))
		create("s", "S")(other, stamp{"B", t0})
		for _, tc := range []struct {
			name string
			body []byte
			code int
			want string
		}{
			{"too_large", []byte(strings.Replace(emptyFeeds["rss"], "<title>", "<title>"+strings.Repeat("x", 3000), 1)), 413, "413"},
			{"not_xml", []byte(`<rss version="2.0"><channel>`), 400, "request body:1:"},
			{"bad_sync", []byte(`<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><item><sx:sync id="a" updates="x"><sx:history sequence="1" by="A"/></sx:sync></item></channel></rss>`), 400, `request body:1:80: sx:sync: updates "x"`},
			{"other_dialect", other.Bytes(), 400, "different dialects"},
		} {
			code, _, body := sh.do("POST", "", tc.body)
			if code != tc.code || !strings.Contains(string(body), tc.want) {
				t.Errorf("%s: %d %s, want %d with %q", tc.name, code, body, tc.code, tc.want)
			}
		}
		if after := sh.get("/complete").Bytes(); !bytes.Equal(after, before) {
			t.Errorf("the feed changed:\n%s\nwas\n%s", after, before)
		}
	})
}

// 0.91 §2.1, 1.0.2 §4.2.1: since ≤ until in the partial and complete feed
// and a POST's answer, also when one incorporation fills more than the
// window, when nothing was incorporated within a window by time, and in
// the answer to a poster already up to date.
func TestSuiteSinceNotAfterUntil(t *testing.T) {
	eachStore(t, func(t *testing.T, store string) {
		for _, kind := range kinds {
			t.Run(kind+"/one_incorporation_fills_the_window", func(t *testing.T) {
				sh := startSuite(t, store, kind, Options{Window: Window{Items: 3}})
				var cs []change
				for i := range 13 {
					cs = append(cs, create(fmt.Sprintf("i%02d", i), "item"))
				}
				sh.post("A", cs...)
				for _, path := range []string{"", "/complete"} {
					f := sh.get(path)
					if msg := sinceAfterUntil(f); msg != "" {
						t.Errorf("GET %s: %s", path, msg)
					}
					if path == "" && f.Dialect() == dialect.SSE091 && len(f.Entries()) != 13 {
						t.Errorf("0.91 split an incorporation: %d items", len(f.Entries()))
					}
				}
			})
			t.Run(kind+"/nothing_within_the_window_by_time", func(t *testing.T) {
				sh := startSuite(t, store, kind, Options{Window: Window{Span: 10 * time.Second}})
				sh.post("A", create("a", "A"))
				sh.clock.tick(time.Minute)
				if msg := sinceAfterUntil(sh.get("")); msg != "" {
					t.Error(msg)
				}
			})
			t.Run(kind+"/answer_to_a_poster_up_to_date", func(t *testing.T) {
				sh := startSuite(t, store, kind, Options{Window: Window{Items: 5}})
				sh.post("A", create("a", "A"))
				p := sh.get("")
				_, _, body := sh.do("POST", "", sh.get("/complete").Bytes(), HeaderUntil, p.Sharing().Until.Text)
				a := mustParse(t, "answer", body)
				if msg := sinceAfterUntil(a); msg != "" {
					t.Error(msg)
				}
				if len(a.Entries()) != 0 {
					t.Errorf("a poster up to date was sent %d items", len(a.Entries()))
				}
			})
		}
	})
}

// A window by time drops items as they age.
func TestSuiteWindowByTime(t *testing.T) {
	eachStore(t, func(t *testing.T, store string) {
		sh := startSuite(t, store, "rss", Options{Window: Window{Span: time.Hour}})
		sh.post("A", create("a", "A"))
		sh.clock.tick(30 * time.Minute)
		sh.post("A", create("b", "B"))
		if got := ids(sh.get("")); got != "a,b" {
			t.Fatalf("partial feed holds %s", got)
		}
		sh.clock.tick(40 * time.Minute)
		p := sh.get("")
		if got := ids(p); got != "b" {
			t.Errorf("after a has aged out: %s", got)
		}
		if got, want := p.Sharing().Since, stampMark(dialect.FeedSync102, t0.Add(time.Second)); got != want {
			t.Errorf("since %s, want %s", got.Text, want.Text)
		}
	})
}

// 1.0.2 §4.2.2: expires, renewed as time passes.
func TestSuiteExpires(t *testing.T) {
	eachStore(t, func(t *testing.T, store string) {
		sh := startSuite(t, store, "atom", Options{Window: Window{Items: 5}, Expires: 24 * time.Hour})
		sh.post("A", create("a", "A"))
		e1 := sh.get("").Sharing().Expires
		if d := e1.Sub(sh.clock.Now()); d <= 12*time.Hour || d > 24*time.Hour {
			t.Errorf("expires %v, %v ahead", e1, d)
		}
		sh.clock.tick(13 * time.Hour)
		e2 := sh.get("").Sharing().Expires
		if d := e2.Sub(sh.clock.Now()); !e2.After(e1) || d <= 12*time.Hour || d > 24*time.Hour {
			t.Errorf("expires after 13h: %v, %v ahead (was %v)", e2, d, e1)
		}
	})
}

// A POST's answer holds what the poster lacks: the items changed since
// its until that it did not send as they are, and an item it sent that the
// hub holds otherwise; FeedSync-ETag is the ETag of GET.
func TestSuiteAnswer(t *testing.T) {
	eachStore(t, func(t *testing.T, store string) {
		sh := startSuite(t, store, "atom", Options{Window: Window{Items: 10}})
		sh.post("A", create("a", "A"), create("b", "B"))
		mine := sh.get("/complete")
		until := sh.get("").Sharing().Until.Text
		sh.post("B", edit("b", "B by B", false), create("c", "C"))
		// mine changes a, and still holds b as it was
		create("d", "D")(mine, stamp{"M", sh.clock.tick(time.Second)})
		code, h, body := sh.do("POST", "", mine.Bytes(), HeaderUntil, until)
		if code != 200 {
			t.Fatalf("POST: %d %s", code, body)
		}
		a := mustParse(t, "answer", body)
		if got := ids(a); !sameIDs(got, "b,c") {
			t.Errorf("answer holds %s, want b and c\n%s", got, body)
		}
		_, gh, _ := sh.do("GET", "", nil)
		if h.Get(HeaderETag) == "" || h.Get(HeaderETag) != gh.Get("ETag") {
			t.Errorf("FeedSync-ETag %q, GET's ETag %q", h.Get(HeaderETag), gh.Get("ETag"))
		}
	})
}

// sameIDs compares comma-separated ids as sets.
func sameIDs(a, b string) bool {
	as, bs := strings.Split(a, ","), strings.Split(b, ",")
	if len(as) != len(bs) {
		return false
	}
	seen := map[string]bool{}
	for _, x := range as {
		seen[x] = true
	}
	for _, x := range bs {
		if !seen[x] {
			return false
		}
	}
	return true
}

// 1.0.2 §2.2: the poster's sx:sharing is never republished.
func TestSuiteNeverRepublishesPostersSharing(t *testing.T) {
	eachStore(t, func(t *testing.T, store string) {
		sh := startSuite(t, store, "rss", Options{Window: Window{Items: 5}})
		sh.post("A", create("a", "A"))
		body := strings.Replace(emptyFeeds["rss"], "<title>To do</title>", `<title>To do</title>
    <sx:sharing since="x1" until="x9" expires="2030-01-01T00:00:00Z"><sx:related link="http://poster.example/all" type="complete"/><sx:related link="http://poster.example/b" type="aggregated"/></sx:sharing>
    <item><title>b</title><sx:sync id="b" updates="1"><sx:history sequence="1" by="P"/></sx:sync></item>`, 1)
		code, _, answer := sh.do("POST", "", []byte(body))
		if code != 200 {
			t.Fatalf("POST: %d %s", code, answer)
		}
		for name, got := range map[string]string{"GET /": string(sh.get("").Bytes()),
			"GET /complete": string(sh.get("/complete").Bytes()), "the answer": string(answer)} {
			if strings.Contains(got, "poster.example") || strings.Contains(got, "x9") || strings.Contains(got, "2030") {
				t.Errorf("%s republishes the poster's sx:sharing:\n%s", name, got)
			}
		}
		if !strings.Contains(ids(sh.get("/complete")), "b") {
			t.Error("the posted item was not taken")
		}
	})
}

// 0.91 §2.2.1: an OPML outline's partial feed carries the outlines above
// those in its window, so that it nests as the complete feed does.
func TestSuiteOutlineAncestors(t *testing.T) {
	eachStore(t, func(t *testing.T, store string) {
		sh := startSuite(t, store, "sse-opml", Options{Window: Window{Items: 1}})
		sh.post("A", create("top", "Top"), create("mid", "Mid"), create("leaf", "Leaf"), create("other", "Other"))
		sh.post("A", move("mid", "top"), move("leaf", "mid"))
		sh.post("A", edit("leaf", "Leaf 2", false))
		p := sh.get("")
		if got := ids(p); !sameIDs(got, "top,mid,leaf") {
			t.Fatalf("partial feed holds %s, want leaf and its ancestors\n%s", got, p.Bytes())
		}
		e, _ := p.Entry("leaf")
		if e.Winner().Position().Parent != "mid" {
			t.Errorf("leaf under %q", e.Winner().Position().Parent)
		}
		if !strings.Contains(string(p.Bytes()), "Leaf 2") {
			t.Errorf("the change is not served")
		}
		c := sh.get("/complete")
		want := placesOf(c)
		for _, id := range []string{"top", "mid", "leaf"} {
			got, _ := placesOf(p)(id)
			w, _ := want(id)
			if got.parent != w.parent {
				t.Errorf("%s: under %q in the partial feed, %q in the complete one", id, got.parent, w.parent)
			}
		}
	})
}

// move puts an OPML outline under parent.
func move(id, parent string) change {
	return func(f feed, st stamp) error {
		e, err := f.Entry(id)
		if err != nil {
			return err
		}
		p := parent
		up, err := f.Update(e, engine.Stamp{When: st.when, By: st.by}, dialect.Change{Parent: &p}, dialect.Options{})
		if err == nil {
			f.Set(up)
		}
		return err
	}
}

// A feed's own token replaces the token for all in a database
// (DB.SetToken, 'feedsync db import --token-file'), as
// DIR/.feedsync/NAME.token does in a folder (dir_test.go).
func TestDBFeedToken(t *testing.T) {
	sh := startSuite(t, "db", "rss", Options{Token: "for-all"})
	if err := sh.db.SetToken(t.Context(), "todo", "own"); err != nil {
		t.Fatal(err)
	}
	for auth, want := range map[string]int{"Bearer own": 200, "Bearer for-all": 401, "": 401} {
		var hdr []string
		if auth != "" {
			hdr = []string{"Authorization", auth}
		}
		if code, _, _ := sh.do("GET", "", nil, hdr...); code != want {
			t.Errorf("%q: %d, want %d", auth, code, want)
		}
	}
}

// packagePrefix matches the name of a feedsync package that begins an
// error's text ("ssefeed: ..."), which no answer of a hub may show.
var packagePrefix = regexp.MustCompile(`\b(engine|sse|ssefeed|feeds|fetch|cse|dialect|diff|share|atomicfile|xmlutil|xmlscan|store|threeway): `)

// A raw POST of a feed the hub's feed cannot merge with (another dialect,
// or in SSE 0.91 the other format) is refused with 400 and a message in
// plain words that says what the hub holds and what came, naming no Go
// package: an SSE 0.91 RSS feed posted to an OPML hub answered "merging
// request body into ...: ssefeed: an RSS feed and an OPML feed cannot be
// merged".
func TestSuiteWrongFeedPostedSaysWhatItExpected(t *testing.T) {
	for _, tc := range []struct{ hub, posted, holds, came string }{
		{"sse-opml", "sse-rss", "OPML outline", "RSS feed"},
		{"sse-rss", "sse-opml", "RSS feed", "OPML outline"},
		{"sse-rss", "atom", "SSE 0.91", "FeedSync 1.0.2"},
		{"atom", "sse-opml", "FeedSync 1.0.2", "SSE 0.91"},
	} {
		t.Run(tc.hub+"<"+tc.posted, func(t *testing.T) {
			eachStore(t, func(t *testing.T, store string) {
				sh := startSuite(t, store, tc.hub, Options{})
				sh.post("A", create("a", "A"))
				f := mustParse(t, tc.posted, []byte(emptyFeeds[tc.posted]))
				if err := create("s", "S")(f, stamp{"B", t0}); err != nil {
					t.Fatal(err)
				}
				code, _, body := sh.do("POST", "", f.Bytes())
				msg := strings.TrimSpace(string(body))
				if code != 400 {
					t.Fatalf("%d %s, want 400", code, msg)
				}
				if p := packagePrefix.FindString(msg); p != "" {
					t.Errorf("the answer names package %q: %s", p, msg)
				}
				hi, ci := strings.Index(msg, tc.holds), strings.LastIndex(msg, tc.came)
				if hi < 0 || ci < 0 || hi > ci {
					t.Errorf("the answer does not say the hub holds %s and %s came: %s", tc.holds, tc.came, msg)
				}
			})
		})
	}
}
