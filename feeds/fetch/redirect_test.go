package fetch

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// credentialSink records the Authorization header of every request it
// gets, and answers each with a small body.
type credentialSink struct {
	mu   sync.Mutex
	seen []string
}

func (s *credentialSink) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.seen = append(s.seen, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization"))
	s.mu.Unlock()
	w.Write([]byte("there"))
}

func (s *credentialSink) requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.seen...)
}

// TestRedirectToOtherPortDropsCredentials: a redirect to the same host on
// another port (two listeners on 127.0.0.1) is another origin, which gets
// neither the bearer token nor Basic credentials, after a 302 of a GET and
// a 307 of a POST alike. net/http compares host names only, and sent them.
func TestRedirectToOtherPortDropsCredentials(t *testing.T) {
	sink := &credentialSink{}
	other := httptest.NewServer(sink)
	t.Cleanup(other.Close)
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code := http.StatusFound
		if r.Method == http.MethodPost {
			code = http.StatusTemporaryRedirect
		}
		http.Redirect(w, r, other.URL+"/moved", code)
	}))
	t.Cleanup(origin.Close)
	c := New(testLimits, "feedsync-test")
	ctx := context.Background()
	if _, err := c.Get(ctx, Request{URL: origin.URL + "/feed", Token: "s3cret"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Post(ctx, Request{URL: origin.URL + "/feed", Token: "s3cret"}, "text/plain", []byte("x")); err != nil {
		t.Fatal(err)
	}
	basic := strings.Replace(origin.URL, "http://", "http://user:pw@", 1) + "/feed"
	if _, err := c.Get(ctx, Request{URL: basic}); err != nil {
		t.Fatal(err)
	}
	want := []string{"GET /moved ", "POST /moved ", "GET /moved "}
	if got := sink.requests(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the other port got %q, want %q (no Authorization)", got, want)
	}
}

// TestRedirectKeepsCredentialsInOrigin: a redirect within the origin (an
// explicit default port included) keeps the token.
func TestRedirectKeepsCredentialsInOrigin(t *testing.T) {
	sink := &credentialSink{}
	mux := http.NewServeMux()
	mux.HandleFunc("/feed", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/moved", http.StatusFound) })
	mux.Handle("/moved", sink)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	if _, err := New(testLimits, "feedsync-test").Get(context.Background(), Request{URL: srv.URL + "/feed", Token: "s3cret"}); err != nil {
		t.Fatal(err)
	}
	if got := sink.requests(); len(got) != 1 || got[0] != "GET /moved Bearer s3cret" {
		t.Errorf("the origin got %q after a redirect within it", got)
	}
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"https://h.example/x", "https://H.example:443/y", true},
		{"http://h.example/x", "http://h.example:80/y", true},
		{"http://h.example/x", "http://h.example:8080/y", false},
		{"http://h.example/x", "https://h.example/x", false},
		{"http://h.example/x", "http://sub.h.example/x", false},
	} {
		a, b := mustURL(t, c.a), mustURL(t, c.b)
		if SameOrigin(a, b) != c.same || SameOrigin(b, a) != c.same {
			t.Errorf("SameOrigin(%s, %s) = %v, want %v", c.a, c.b, !c.same, c.same)
		}
	}
}

// TestRedirectHTTPSToHTTPRefused: a redirect that leaves https for http
// is not followed; nothing reaches the http listener.
func TestRedirectHTTPSToHTTPRefused(t *testing.T) {
	sink := &credentialSink{}
	plain := httptest.NewServer(sink)
	t.Cleanup(plain.Close)
	tls := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, plain.URL+"/moved", http.StatusFound)
	}))
	t.Cleanup(tls.Close)
	c := New(testLimits, "feedsync-test")
	c.http.Transport = tls.Client().Transport
	_, err := c.Get(context.Background(), Request{URL: tls.URL + "/feed", Token: "s3cret"})
	if !errors.Is(err, ErrInsecureRedirect) || !strings.Contains(err.Error(), plain.URL+"/moved") {
		t.Errorf("https → http: %v, want ErrInsecureRedirect naming the target", err)
	}
	if got := sink.requests(); len(got) != 0 {
		t.Errorf("the http listener got %q", got)
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
