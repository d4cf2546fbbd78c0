package fetch

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// testLimits have a size cap small enough to reach in a test and timeouts
// no loaded machine reaches by accident; the timeout cases shorten one
// timeout at a time (timeoutLimits), so that the other can never fire first.
var testLimits = Limits{MaxBytes: 50, MaxRedirects: 5, ConnectTimeout: 10 * time.Second, HeaderTimeout: 20 * time.Second, Timeout: 30 * time.Second}

// timeoutLimits returns testLimits with the header timeout or the total
// timeout set to d.
func timeoutLimits(header bool, d time.Duration) Limits {
	l := testLimits
	if header {
		l.HeaderTimeout = d
	} else {
		l.Timeout = d
	}
	return l
}

// newTestServer serves the handlers of TestGet on loopback until the test
// ends; handlers that stall are released then.
func newTestServer(t *testing.T) *httptest.Server {
	release := make(chan struct{})
	var once sync.Once
	stall := func(r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/ok", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("0123456789")) })
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(strings.Repeat("x", 100))) })
	mux.HandleFunc("/chunked", func(w http.ResponseWriter, r *http.Request) {
		for range 10 {
			w.Write([]byte(strings.Repeat("x", 10)))
			w.(http.Flusher).Flush()
		}
	})
	mux.HandleFunc("/hops/{n}", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.PathValue("n"))
		if n == 0 {
			w.Write([]byte("arrived"))
			return
		}
		http.Redirect(w, r, "/hops/"+strconv.Itoa(n-1), http.StatusFound)
	})
	mux.HandleFunc("/tofile", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
	})
	mux.HandleFunc("/noheaders", func(w http.ResponseWriter, r *http.Request) { stall(r) })
	mux.HandleFunc("/slowbody", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("x"))
		w.(http.Flusher).Flush()
		stall(r)
	})
	mux.HandleFunc("/cond", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", `"v1"`)
		w.Header().Set("Last-Modified", "Mon, 02 Oct 2006 12:35:12 GMT")
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Write([]byte("body"))
	})
	mux.HandleFunc("/always304", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNotModified) })
	srv := httptest.NewServer(mux)
	t.Cleanup(func() { once.Do(func() { close(release) }); srv.Close() })
	return srv
}

// TestGet covers the limits of a download: status codes, the size cap
// (from Content-Length before reading, and while reading), at most five
// redirects and only to http(s), the header and total timeouts, and
// conditional requests.
func TestGet(t *testing.T) {
	srv := newTestServer(t)
	c := New(testLimits, "feedsync-test")
	cases := []struct {
		name, path string
		cond       Validators
		limits     *Limits // instead of testLimits
		body       string  // want this body, or
		notMod     bool    // a 304, or
		err        error   // an error matching this, or
		msg        string  // an error saying this
	}{
		{name: "ok", path: "/ok", body: "0123456789"},
		{name: "not found", path: "/none", err: &StatusError{}, msg: "HTTP 404 Not Found"},
		{name: "Content-Length over the cap", path: "/big", err: ErrTooLarge, msg: "100 bytes, larger than 50 bytes, the size limit"},
		{name: "chunked body over the cap", path: "/chunked", err: ErrTooLarge, msg: "larger than 50 bytes, the size limit"},
		{name: "five redirects", path: "/hops/5", body: "arrived"},
		{name: "six redirects", path: "/hops/6", msg: "more than 5 redirects"},
		{name: "redirect to file:", path: "/tofile", err: ErrScheme},
		{name: "no headers in time", path: "/noheaders", limits: ptr(timeoutLimits(true, 200*time.Millisecond)), msg: "timeout awaiting response headers"},
		{name: "body not done in time", path: "/slowbody", limits: ptr(timeoutLimits(false, 300*time.Millisecond)), err: context.DeadlineExceeded},
		{name: "conditional, changed", path: "/cond", cond: Validators{ETag: `"v0"`}, body: "body"},
		{name: "conditional, not modified", path: "/cond", cond: Validators{ETag: `"v1"`}, notMod: true},
		{name: "304 to a plain request", path: "/always304", err: &StatusError{}, msg: "HTTP 304 Not Modified"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := c
			if tc.limits != nil {
				c = New(*tc.limits, "feedsync-test")
			}
			resp, err := c.Get(context.Background(), Request{URL: srv.URL + tc.path, If: tc.cond})
			switch {
			case tc.err != nil || tc.msg != "":
				var se *StatusError
				matches := tc.err == nil || errors.Is(err, tc.err) || errors.As(tc.err, &se) && errors.As(err, &se)
				if err == nil || !matches || !strings.Contains(err.Error(), tc.msg) {
					t.Errorf("error %v, want %v %q", err, tc.err, tc.msg)
				}
			case err != nil:
				t.Errorf("error %v", err)
			case resp.NotModified != tc.notMod || string(resp.Body) != tc.body:
				t.Errorf("NotModified %v, body %q; want %v, %q", resp.NotModified, resp.Body, tc.notMod, tc.body)
			}
		})
	}
}

// TestGetValidators covers what a conditional request needs: the
// validators of a response, sent back as If-None-Match and
// If-Modified-Since, and the URL after redirects.
func TestGetValidators(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/old" {
			http.Redirect(w, r, "/new", http.StatusMovedPermanently)
			return
		}
		mu.Lock()
		seen = append(seen, r.Header.Get("If-None-Match")+"|"+r.Header.Get("If-Modified-Since"))
		mu.Unlock()
		w.Header().Set("ETag", `"e"`)
		w.Header().Set("Last-Modified", "Mon, 02 Oct 2006 12:35:12 GMT")
		w.Write([]byte("x"))
	}))
	t.Cleanup(srv.Close)
	c := New(testLimits, "feedsync-test")
	first, err := c.Get(context.Background(), Request{URL: srv.URL + "/old"})
	if err != nil {
		t.Fatal(err)
	}
	if first.URL.String() != srv.URL+"/new" || first.ETag != `"e"` || first.LastModified != "Mon, 02 Oct 2006 12:35:12 GMT" {
		t.Errorf("first response: URL %s, validators %+v", first.URL, first.Validators)
	}
	if _, err := c.Get(context.Background(), Request{URL: srv.URL + "/new", If: first.Validators}); err != nil {
		t.Fatal(err)
	}
	want := []string{"|", `"e"|Mon, 02 Oct 2006 12:35:12 GMT`}
	if strings.Join(seen, ",") != strings.Join(want, ",") {
		t.Errorf("conditional headers %q, want %q", seen, want)
	}
}

// TestGetToken covers the bearer token: sent to the host asked, and not to
// another host a redirect leads to.
func TestGetToken(t *testing.T) {
	var mu sync.Mutex
	auth := map[string]string{}
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		auth[r.Host+r.URL.Path] = r.Header.Get("Authorization")
		mu.Unlock()
		if r.URL.Path == "/away" {
			// 127.0.0.1 and localhost are different hosts to net/http.
			http.Redirect(w, r, strings.Replace(srv.URL, "127.0.0.1", "localhost", 1)+"/there", http.StatusFound)
		}
	}))
	t.Cleanup(srv.Close)
	if !strings.Contains(srv.URL, "127.0.0.1") {
		t.Skip("the test server is not on 127.0.0.1")
	}
	c := New(testLimits, "feedsync-test")
	for _, p := range []string{"/here", "/away"} {
		if _, err := c.Get(context.Background(), Request{URL: srv.URL + p, Token: "s3cret"}); err != nil {
			t.Fatal(err)
		}
	}
	host := strings.TrimPrefix(srv.URL, "http://")
	local := strings.Replace(host, "127.0.0.1", "localhost", 1)
	if auth[host+"/here"] != "Bearer s3cret" || auth[host+"/away"] != "Bearer s3cret" || auth[local+"/there"] != "" {
		t.Errorf("Authorization headers seen: %q", auth)
	}
}

func TestGetRefusesScheme(t *testing.T) {
	c := New(testLimits, "feedsync-test")
	for _, u := range []string{"file:///etc/passwd", "ftp://127.0.0.1/x", "relative.xml"} {
		if _, err := c.Get(context.Background(), Request{URL: u}); !errors.Is(err, ErrScheme) {
			t.Errorf("Get(%q) = %v, want ErrScheme", u, err)
		}
	}
}

// TestPost sends a body with extra headers and reads the answer and its
// headers within the limits; an error answer in text keeps its text.
func TestPost(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b := make([]byte, 100)
		n, _ := r.Body.Read(b)
		switch string(b[:n]) {
		case "moved":
			http.Redirect(w, r, "/elsewhere", http.StatusFound)
		case "bad":
			http.Error(w, "x.xml:1:2: wrong", http.StatusBadRequest)
		case "big":
			w.Write([]byte(strings.Repeat("x", 100)))
		default:
			w.Header().Set("X-Echo", r.Method+" "+r.Header.Get("Content-Type")+" "+r.Header.Get("X-In")+" "+r.Header.Get("Authorization"))
			w.Write(b[:n])
		}
	}))
	defer srv.Close()
	c := New(testLimits, "feedsync-test")
	r := Request{URL: srv.URL, Token: "t", Header: http.Header{"X-In": {"in"}}, If: Validators{ETag: `"x"`}}
	resp, err := c.Post(context.Background(), r, "application/rss+xml", []byte("hello"))
	if err != nil || string(resp.Body) != "hello" || resp.Header.Get("X-Echo") != "POST application/rss+xml in Bearer t" {
		t.Fatalf("Post: %v, %q, %q", err, resp.Body, resp.Header.Get("X-Echo"))
	}
	_, err = c.Post(context.Background(), r, "text/plain", []byte("bad"))
	var se *StatusError
	if !errors.As(err, &se) || se.Code != 400 || se.Body != "x.xml:1:2: wrong" {
		t.Errorf("error answer: %v", err)
	}
	if _, err := c.Post(context.Background(), r, "text/plain", []byte("big")); !errors.Is(err, ErrTooLarge) {
		t.Errorf("big answer: %v", err)
	}
	if _, err := c.Post(context.Background(), r, "text/plain", []byte("moved")); err == nil || !strings.Contains(err.Error(), "the body would not be sent") {
		t.Errorf("a POST redirected to a GET: %v", err)
	}
	if _, err := c.Post(context.Background(), Request{URL: "file:///x"}, "text/plain", nil); !errors.Is(err, ErrScheme) {
		t.Errorf("file URL: %v", err)
	}
}

func ptr[T any](v T) *T { return &v }

// A URL that answers a web page (text/html) instead of a feed is the
// common mistake of giving a page's URL for its feed's: Get says so, and
// points at the page's feed link. A feed served as text/html, which some
// servers do, is still read.
func TestGetHTMLPage(t *testing.T) {
	pages := map[string]string{
		"/page":         "<!DOCTYPE html>\n<p>Not a feed<br></p>",
		"/lower":        "\ufeff  <html><p>x</p></html>",
		"/feed-as-html": `<?xml version="1.0"?><rss version="2.0"/>`,
		"/bare-rss":     `<rss version="2.0"/>`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, pages[r.URL.Path])
	}))
	defer srv.Close()
	c := New(testLimits, "feedsync-test")
	for path, page := range map[string]bool{"/page": true, "/lower": true, "/feed-as-html": false, "/bare-rss": false} {
		t.Run(path, func(t *testing.T) {
			_, err := c.Get(context.Background(), Request{URL: srv.URL + path})
			want := `fetch: an HTML page (Content-Type text/html), not a feed: give the feed's own URL (the page's <link rel="alternate" type="application/rss+xml">)`
			switch {
			case page && (err == nil || err.Error() != want || !errors.Is(err, ErrHTMLPage)):
				t.Errorf("got %v, want %q", err, want)
			case !page && err != nil:
				t.Errorf("a feed served as text/html: %v", err)
			}
		})
	}
}
