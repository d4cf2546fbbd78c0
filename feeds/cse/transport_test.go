package cse

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestTransport covers the transport's limits: status codes, the size cap,
// the redirect limit and schemes, and the per-request timeout.
func TestTransport(t *testing.T) {
	release := make(chan struct{})
	var once sync.Once
	mux := http.NewServeMux()
	mux.HandleFunc("/ok", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("0123456789")) })
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(strings.Repeat("x", 100))) })
	mux.HandleFunc("/chunked", func(w http.ResponseWriter, r *http.Request) {
		for range 10 {
			w.Write([]byte(strings.Repeat("x", 10)))
			w.(http.Flusher).Flush()
		}
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop", http.StatusFound) })
	mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/ok", http.StatusMovedPermanently) })
	mux.HandleFunc("/tofile", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(func() { once.Do(func() { close(release) }); srv.Close() })
	setLimits(t, 50, 100*time.Millisecond)

	cases := []struct {
		name, path, want string
		err              error
	}{
		{"ok", "/ok", "0123456789", nil},
		{"not found", "/none", "HTTP 404 Not Found", nil},
		{"size cap from Content-Length", "/big", "", errTooLarge},
		{"size cap while reading", "/chunked", "", errTooLarge},
		{"redirect followed", "/moved", "0123456789", nil},
		{"redirect limit", "/loop", "more than 5 redirects", nil},
		{"redirect to another scheme", "/tofile", "", ErrScheme},
		{"timeout", "/slow", "deadline exceeded", nil},
	}
	tr := &transport{http: newHTTPClient()}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := tr.get(context.Background(), mustParse(t, srv.URL+tc.path), nil)
			switch {
			case tc.err != nil && !errors.Is(err, tc.err):
				t.Errorf("error %v, want %v", err, tc.err)
			case tc.err == nil && err != nil && !strings.Contains(err.Error(), tc.want):
				t.Errorf("error %v, want %q", err, tc.want)
			case err == nil && string(resp.body) != tc.want:
				t.Errorf("body %q, want %q", resp.body, tc.want)
			}
		})
	}
}

// setLimits lowers the transport limits for one test.
func setLimits(t *testing.T, size int64, timeout time.Duration) {
	oldSize, oldTimeout := maxSize, fetchTimeout
	maxSize, fetchTimeout = size, timeout
	t.Cleanup(func() { maxSize, fetchTimeout = oldSize, oldTimeout })
}

// TestConditionalGet covers conditional GET: a second pull sends the
// validators the first one got, and a 304 keeps the cached copy.
func TestConditionalGet(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Get("If-None-Match")+"|"+r.Header.Get("If-Modified-Since"))
		mu.Unlock()
		w.Header().Set("Last-Modified", "Mon, 02 Oct 2006 12:35:12 GMT")
		if r.Header.Get("If-Modified-Since") != "" {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Write([]byte(`<rss><channel><title>t</title></channel></rss>`))
	}))
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	pullTree(t, srv.URL+"/feed.xml", dir)
	_, rep := pullTree(t, srv.URL+"/feed.xml", dir)
	want := []string{"|", "|Mon, 02 Oct 2006 12:35:12 GMT"}
	if strings.Join(seen, ",") != strings.Join(want, ",") || len(rep.fetchedURLs) != 0 {
		t.Errorf("conditional headers %q, want %q; fetched %q", seen, want, rep.fetchedURLs)
	}
	if got := cachedContent(t, dir, srv.URL+"/feed.xml"); !strings.HasPrefix(got, "<rss>") {
		t.Errorf("cached copy = %q", got)
	}
}

// TestRedirectBase covers "Relative URL's are treated as relative to the
// URL of the enclosing feed", read as the URL after redirects.
func TestRedirectBase(t *testing.T) {
	srv := newServer(t, map[string][]byte{
		"new/feed.xml": []byte(`<rss xmlns:c="` + Namespace + `"><channel><item><guid>g</guid><c:link>x.jpg</c:link></item></channel></rss>`),
		"new/x.jpg":    []byte("x"),
	})
	mux := http.NewServeMux()
	mux.Handle("/new/", srv.Config.Handler)
	mux.Handle("/old/feed.xml", http.RedirectHandler("/new/feed.xml", http.StatusFound))
	srv.Config.Handler = mux
	s, rep := pullTree(t, srv.url("old/feed.xml"), t.TempDir())
	if s.failed != 0 || len(rep.fetchedURLs) != 2 || rep.fetchedURLs[1] != srv.url("new/x.jpg") {
		t.Errorf("fetched %q; %s", rep.fetchedURLs, rep.text())
	}
}
