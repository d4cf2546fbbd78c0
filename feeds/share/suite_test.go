package share

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
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
	dbURL string // the database's URL, "" for the file hub
	clock *clock
	log   *syncBuffer
	db    *DB
}

func startSuite(t testing.TB, store, kind string, opts Options) *suiteHub {
	t.Helper()
	return startSuiteWith(t, store, emptyFeeds[kind], opts)
}

// startSuiteWith starts a hub of store serving feed todo made from data.
func startSuiteWith(t testing.TB, store, data string, opts Options) *suiteHub {
	t.Helper()
	sh := &suiteHub{t: t, store: store, clock: &clock{now: t0}, log: &syncBuffer{}}
	opts.Now, opts.Log = sh.clock.Now, sh.log
	var h http.Handler
	switch store {
	case "file":
		dir := t.TempDir()
		sh.dir = dir
		writeFeed(t, dir, "todo.xml", data)
		d, err := NewDir(dir, opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(d.Close)
		h, sh.files = d, d
	case "db":
		db, u := testDB(t)
		sh.dbURL = u
		db.now = sh.clock.Now
		if _, err := db.Import(context.Background(), "todo", mustParse(t, "todo", []byte(data)), 0); err != nil {
			t.Fatal(err)
		}
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

// kindDialect is the dialect of a feed of kind (emptyFeeds), by the
// namespace it declares.
func kindDialect(kind string) dialect.Dialect {
	if strings.HasPrefix(kind, "sse-") {
		return dialect.SSE091
	}
	return dialect.FeedSync102
}

// A hub's feed keeps its dialect, whether or not it holds items yet: a
// POST of the other dialect is refused with 400 and changes nothing, and
// one of its own is taken with the feed still of its dialect. An Atom
// (1.0.2) POST to a hub whose feed was an empty SSE 0.91 RSS feed made
// it a FeedSync 1.0.2 RSS feed and answered 200. Every pairing of the
// four kinds, on an empty feed and on one with an item, on both stores.
func TestSuiteHubFeedKeepsItsDialect(t *testing.T) {
	eachStore(t, func(t *testing.T, store string) {
		for _, hub := range kinds {
			for _, posted := range kinds {
				for _, empty := range []bool{true, false} {
					name := hub + "<" + posted + "/with_an_item"
					if empty {
						name = hub + "<" + posted + "/empty"
					}
					t.Run(name, func(t *testing.T) {
						sh := startSuite(t, store, hub, Options{})
						if !empty {
							sh.post("A", create("a", "A"))
						}
						_, _, before := sh.do("GET", "/complete", nil)
						f := mustParse(t, posted, []byte(emptyFeeds[posted]))
						if err := create("s", "S")(f, stamp{"B", t0.Add(time.Minute)}); err != nil {
							t.Fatal(err)
						}
						code, _, body := sh.do("POST", "", f.Bytes())
						takes := kindDialect(hub) == kindDialect(posted) && (kindDialect(hub) == dialect.FeedSync102 || hub == posted)
						_, _, after := sh.do("GET", "/complete", nil)
						got := mustParse(t, "after", after)
						if !takes {
							if code != 400 {
								t.Errorf("POST: %d %s, want 400", code, body)
							}
							if !bytes.Equal(after, before) {
								t.Errorf("the refused POST changed the feed:\n%s\nwas\n%s", after, before)
							}
							return
						}
						if code != 200 {
							t.Fatalf("POST: %d %s, want 200", code, body)
						}
						if got.Dialect() != kindDialect(hub) || !strings.Contains(string(after), `xmlns:sx="`+nsOf(hub)+`"`) {
							t.Errorf("the hub's feed is now %v:\n%s", got.Dialect(), after)
						}
					})
				}
			}
		}
	})
}

// nsOf is the sync namespace a feed of kind declares (emptyFeeds).
func nsOf(kind string) string {
	if kindDialect(kind) == dialect.SSE091 {
		return "http://www.microsoft.com/schemas/rss/sse"
	}
	return "http://feedsync.org/2007/feedsync"
}

// A hub's answers name the feed as its clients know it (its name in the
// URL) and what they sent as "request body", never where the server
// keeps it: no answer, 4xx or 5xx, holds the file hub's folder or FEED's
// path, nor the database's address or name. The file hub answered "POST
// of the other dialect" with "/srv/hub/todo.xml is an SSE 0.91 feed and
// request body is …", while the database's named the feed todo. A body
// that does not load is answered with its line:col, as the request body.
func TestSuiteAnswersNameNoServerPath(t *testing.T) {
	eachStore(t, func(t *testing.T, store string) {
		secrets := func(sh *suiteHub) []string {
			if sh.files != nil {
				abs, _ := filepath.Abs(sh.dir)
				return []string{sh.dir, abs, filepath.Join(sh.dir, "todo.xml"), ".feedsync", "todo.xml"}
			}
			u, err := url.Parse(sh.dbURL)
			if err != nil {
				t.Fatal(err)
			}
			return []string{u.Host, u.Port(), strings.TrimPrefix(u.Path, "/"), "postgres"}
		}
		check := func(sh *suiteHub, what string, code int, body []byte, want int, has string) {
			t.Helper()
			if code != want || !strings.Contains(string(body), has) {
				t.Errorf("%s: %d %s, want %d with %q", what, code, body, want, has)
			}
			for _, s := range secrets(sh) {
				if s != "" && strings.Contains(string(body), s) {
					t.Errorf("%s: the answer names %q, where the server keeps the feed: %s", what, s, body)
				}
			}
		}
		posted := func(kind string) []byte {
			f := mustParse(t, kind, []byte(emptyFeeds[kind]))
			if err := create("s", "S")(f, stamp{"B", t0}); err != nil {
				t.Fatal(err)
			}
			return f.Bytes()
		}
		for _, hub := range kinds {
			t.Run(hub, func(t *testing.T) {
				sh := startSuite(t, store, hub, Options{MaxBody: 4000})
				sh.post("A", create("a", "A"))
				other := map[string]string{"atom": "sse-rss", "rss": "sse-rss", "sse-rss": "atom", "sse-opml": "sse-rss"}[hub]
				code, _, body := sh.do("POST", "", posted(other))
				check(sh, "POST of "+other, code, body, 400, "todo is ")
				code, _, body = sh.do("POST", "", []byte("<rss version=\"2.0\">\n<channel><item></channel>"))
				check(sh, "POST of bad XML", code, body, 400, "request body:2:")
				code, _, body = sh.do("POST", "", []byte(`<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title></feed>`))
				if hub == "atom" || hub == "rss" {
					check(sh, "POST of a plain Atom feed", code, body, 200, "")
				} else {
					check(sh, "POST of a plain Atom feed", code, body, 400, "request body")
				}
				code, _, body = sh.do("POST", "", []byte(strings.Replace(emptyFeeds["rss"], "<title>", "<title>"+strings.Repeat("x", 5000), 1)))
				check(sh, "POST too large", code, body, 413, "413")
				code, _, body = sh.do("PUT", "", nil)
				check(sh, "PUT", code, body, 405, "PUT")
			})
		}
		if store != "file" {
			return
		}
		t.Run("feed_broken_on_disk", func(t *testing.T) {
			sh := startSuite(t, store, "rss", Options{})
			sh.post("A", create("a", "A"))
			h, err := sh.files.hub("todo")
			if err != nil {
				t.Fatal(err)
			}
			h.fold()
			writeFeed(t, sh.dir, "todo.xml", "<rss")
			code, _, body := sh.do("POST", "", posted("rss"))
			check(sh, "POST to a feed broken on disk", code, body, 503, "todo does not load")
			if !strings.Contains(sh.log.String(), filepath.Join(sh.dir, "todo.xml")) {
				t.Errorf("the log does not name the file:\n%s", sh.log)
			}
		})
		t.Run("journal_fails", func(t *testing.T) {
			defer setFoldIdle(time.Hour)()
			sh := startSuite(t, store, "rss", Options{})
			sh.post("A", create("a", "A"))
			h, err := sh.files.hub("todo")
			if err != nil {
				t.Fatal(err)
			}
			h.mu.Lock()
			h.j.f.Close()                           // appends fail, as on a full disk
			os.Mkdir(h.j.segName(h.j.seg+1), 0o755) // and so does the fold's next segment
			h.mu.Unlock()
			code, _, body := sh.do("POST", "", posted("rss"))
			check(sh, "POST with a journal that cannot be written", code, body, 503, "503")
			if !strings.Contains(sh.log.String(), sh.dir) {
				t.Errorf("the log does not name the journal:\n%s", sh.log)
			}
			os.Remove(h.j.segName(h.j.seg + 1))
		})
	})
}

// richEmpty is the empty feed of kind with what feedsync does not
// understand besides its title: another namespace on the root, a comment,
// a foreign element with spacing of its own. (Its attributes are
// double-quoted: the SSE 0.91 binding writes a feed's own elements with
// double quotes, items or none, hub or not.)
func richEmpty(kind string) (data string, kept []string) {
	kept = []string{
		`xmlns:ext="urn:example:ext"`,
		`<!-- kept as written -->`,
		`<ext:note ext:a="1">  spaced   text </ext:note>`,
		`xmlns:sx="` + nsOf(kind) + `"`,
	}
	data = strings.Replace(emptyFeeds[kind], ` xmlns:sx=`, ` xmlns:ext="urn:example:ext" xmlns:sx=`, 1)
	title := "<title>To do</title>"
	if strings.HasSuffix(kind, "opml") {
		title = "<title>Outline</title>"
	}
	data = strings.Replace(data, title, title+"\n    "+kept[1]+"\n    "+kept[2], 1)
	return data, append(kept, title)
}

// A POST of the feed's own dialect to a hub whose feed is empty keeps the
// feed's shell: its title, its namespaces and the bytes feedsync does not
// understand, as a merge into a feed with items would (1.0.2 §3.3 and
// 0.91 §4.4 merge items, not the feed's own data).
func TestSuiteFirstPostKeepsTheFeedsShell(t *testing.T) {
	eachStore(t, func(t *testing.T, store string) {
		for _, kind := range kinds {
			t.Run(kind, func(t *testing.T) {
				data, kept := richEmpty(kind)
				sh := startSuiteWith(t, store, data, Options{})
				f := mustParse(t, kind, []byte(emptyFeeds[kind]))
				if err := create("s", "S")(f, stamp{"B", t0}); err != nil {
					t.Fatal(err)
				}
				if code, _, body := sh.do("POST", "", f.Bytes()); code != 200 {
					t.Fatalf("POST: %d %s", code, body)
				}
				_, _, after := sh.do("GET", "/complete", nil)
				for _, k := range kept {
					if !strings.Contains(string(after), k) {
						t.Errorf("the feed lost %s:\n%s", k, after)
					}
				}
				if ids(mustParse(t, "after", after)) != "s" {
					t.Errorf("the feed does not hold s:\n%s", after)
				}
			})
		}
	})
}

// 'feedsync db import' of an empty feed records, as its dialect, that of
// its sync data: "none", as the file hub's state does (it decides
// sx:sharing, which an empty feed is served without). The dialect the
// feed keeps is in its shell, which every merge reads: an import of items
// of the other dialect into it is refused, as a POST is, and leaves it as
// it was; one of its own dialect is taken.
func TestDBImportIntoAnEmptyFeedKeepsItsDialect(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ hub, other string }{{"sse-rss", "rss"}, {"sse-rss", "atom"}, {"rss", "sse-rss"}, {"atom", "sse-rss"}} {
		t.Run(tc.hub+"<"+tc.other, func(t *testing.T) {
			db, _ := testDB(t)
			importKind(t, db, "todo", tc.hub)
			var recorded string
			if err := db.pool.QueryRow(ctx, `SELECT dialect FROM feedsync_feeds WHERE name = 'todo'`).Scan(&recorded); err != nil {
				t.Fatal(err)
			}
			if recorded != dialect.None.String() {
				t.Errorf("an empty feed recorded as %q", recorded)
			}
			f := mustParse(t, "other.xml", []byte(emptyFeeds[tc.other]))
			if err := create("s", "S")(f, stamp{"B", t0}); err != nil {
				t.Fatal(err)
			}
			_, err := db.Import(ctx, "todo", f, 0)
			var mixed *dialect.MixedError
			if !errors.As(err, &mixed) || mixed.LocalDialect != kindDialect(tc.hub) {
				t.Errorf("import of %s into an empty %s feed: %v, want the feed's dialect to refuse it", tc.other, tc.hub, err)
			}
			var buf bytes.Buffer
			if err := db.Export(ctx, "todo", &buf); err != nil {
				t.Fatal(err)
			}
			if got := mustParse(t, "export", buf.Bytes()); len(got.Entries()) != 0 || got.Declared() != kindDialect(tc.hub) {
				t.Errorf("the feed after the refused import:\n%s", buf.Bytes())
			}
			own := mustParse(t, "own.xml", []byte(emptyFeeds[tc.hub]))
			if err := create("s", "S")(own, stamp{"B", t0}); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Import(ctx, "todo", own, 0); err != nil {
				t.Errorf("import of its own dialect: %v", err)
			}
		})
	}
}
