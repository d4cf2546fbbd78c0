package cse

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/feedsync/feedsync/feeds/fetch"
)

// TestTransport covers what the transport adds to package fetch, whose
// own tests cover the limits in detail: http(s) goes through fetch with
// its size cap and redirect rules, a local tree obeys the same size cap,
// and file URLs are refused without a local tree.
func TestTransport(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/ok", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("0123456789")) })
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(strings.Repeat("x", 100))) })
	mux.HandleFunc("/tofile", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	writeTree(t, dir, map[string][]byte{"ok.txt": []byte("0123456789"), "big.txt": []byte(strings.Repeat("x", 100))})
	tree, err := openLocalTree(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.close()
	limits := fetch.DefaultLimits
	limits.MaxBytes = 50
	local, remote := newTransport(limits, tree), newTransport(limits, nil)
	cases := []struct {
		name string
		tr   *transport
		url  string
		want string
		err  error
	}{
		{"http", remote, srv.URL + "/ok", "0123456789", nil},
		{"http over the size cap", remote, srv.URL + "/big", "", fetch.ErrTooLarge},
		{"redirect to another scheme", remote, srv.URL + "/tofile", "", fetch.ErrScheme},
		{"local file", local, fileURL(filepath.Join(dir, "ok.txt")).String(), "0123456789", nil},
		{"local file over the size cap", local, fileURL(filepath.Join(dir, "big.txt")).String(), "", fetch.ErrTooLarge},
		{"file URL without a local tree", remote, fileURL(filepath.Join(dir, "ok.txt")).String(), "", ErrScheme},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := tc.tr.get(context.Background(), mustParse(t, tc.url), fetch.Validators{})
			switch {
			case tc.err != nil && !errors.Is(err, tc.err):
				t.Errorf("error %v, want %v", err, tc.err)
			case tc.err == nil && err != nil:
				t.Errorf("error %v", err)
			case err == nil && string(resp.Body) != tc.want:
				t.Errorf("body %q, want %q", resp.Body, tc.want)
			}
		})
	}
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
	s, rep := pullTree(t, srv.Link("old/feed.xml"), t.TempDir())
	if s.failed != 0 || len(rep.fetchedURLs) != 2 || rep.fetchedURLs[1] != srv.Link("new/x.jpg") {
		t.Errorf("fetched %q; %s", rep.fetchedURLs, rep.text())
	}
}
