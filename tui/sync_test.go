package tui

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// feedServer serves body at every path, on 127.0.0.1, until the test ends.
func feedServer(t *testing.T, body string) *httptest.Server {
	t.Helper()
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		w.Header().Set("ETag", `"1"`) // a conditional GET answers 304
		http.ServeContent(w, r, "", time.Time{}, strings.NewReader(body))
	}))
	t.Cleanup(s.Close)
	return s
}

// dirNames lists a folder's entries, hidden ones included.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// pull and sync keep their state beside LOCAL, so LOCAL is a file: - (which
// means standard input or output everywhere else) and a URL are refused
// with a usage message, and nothing is written, not a file named "-" nor
// its lock nor its state.
func TestSubscribeRefusesLocalNotAFile(t *testing.T) {
	h := newHarness(t)
	h.env["FEEDSYNC_BY"] = "T"
	url := feedServer(t, oneItem).URL + "/feed.xml"
	t.Chdir(h.dir)
	before := dirNames(t, h.dir)
	for _, tc := range []struct{ name, local, want string }{
		{"stdin", "-", `LOCAL "-": want a file`},
		{"url", url, "want a file"},
	} {
		for _, cmd := range []string{"pull", "sync"} {
			t.Run(cmd+"_"+tc.name, func(t *testing.T) {
				code, stdout, stderr := h.run("", cmd, tc.local, url)
				if code != ExitError || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "usage: feedsync "+cmd) {
					t.Errorf("exit %d, stderr %q; want exit 2, %q and the usage", code, stderr, tc.want)
				}
				if stdout != "" {
					t.Errorf("wrote %q to standard output", stdout)
				}
				if got := dirNames(t, h.dir); !slices.Equal(got, before) {
					t.Errorf("the folder holds %q, was %q", got, before)
				}
			})
		}
	}
	// The feed can still go to standard output, from a LOCAL that is a file.
	code, stdout, stderr := h.run("", "pull", "l.xml", url, "-o", "-")
	if code != 0 || !strings.Contains(stdout, "Buy groceries") {
		t.Errorf("pull l.xml URL -o -: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// A password in pull's or sync's URL is sent to the server (HTTP Basic)
// but never printed or stored: the messages and the subscription's state
// show the URL with the password as xxxxx.
func TestSubscribeShowsNoPassword(t *testing.T) {
	h := newHarness(t)
	h.env["FEEDSYNC_BY"] = "T"
	feeds := feedServer(t, oneItem)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "user" || p != "s3cret" {
			http.Error(w, "wrong password", http.StatusUnauthorized)
			return
		}
		feeds.Config.Handler.ServeHTTP(w, r)
	}))
	defer srv.Close()
	url := strings.Replace(srv.URL, "http://", "http://user:s3cret@", 1) + "/feed.xml"
	redacted := strings.Replace(url, "s3cret", "xxxxx", 1)
	local := h.path("l.xml")
	token := h.write("token", "t\n")
	os.Chmod(token, 0o600)
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"first_pull", []string{"pull", local, url}, 0, "1 item new or changed"},
		{"up_to_date", []string{"pull", local, url}, 0, "is up to date with " + redacted},
		{"wrong_password", []string{"pull", local, strings.Replace(url, "s3cret", "wrong", 1)}, ExitError, "reading " + strings.Replace(url, "s3cret", "xxxxx", 1) + ": HTTP 401"},
		{"malformed", []string{"pull", local, "http://user:s3cret@127.0.0.1:port/feed.xml"}, ExitError, `URL "http://user:xxxxx@127.0.0.1:port/feed.xml": not a valid URL`},
		{"password_and_token", []string{"sync", local, url, "--token-file", token}, ExitError, "a password in URL and --token-file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := h.run("", tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr, tc.code, tc.want)
			}
			if strings.Contains(stdout+stderr, "s3cret") {
				t.Errorf("the password is printed: %s%s", stdout, stderr)
			}
		})
	}
	state, err := os.ReadFile(h.path(".feedsync/l.xml.sync.json"))
	if err != nil || strings.Contains(string(state), "s3cret") || !strings.Contains(string(state), "user:xxxxx@") {
		t.Errorf("the subscription state: %v\n%s", err, state)
	}
}

// TestSyncNotHubSaysSo: sync with a server that answers a POST with its
// feed and no FeedSync-ETag (a FeedSync server, no feedsync hub) exits 0
// and says the items were sent and its answer merged, and what it does
// not keep; before, it exited 2 saying nothing was sent.
func TestSyncNotHubSaysSo(t *testing.T) {
	h := newHarness(t)
	h.env["FEEDSYNC_BY"] = "T"
	url := feedServlet(t, oneItem).URL + "/feed.xml"
	t.Chdir(h.dir)
	if code, _, stderr := h.run("", "pull", "local.xml", url); code != 0 {
		t.Fatalf("pull: exit %d: %s", code, stderr)
	}
	if code, _, stderr := h.run("", "create", "local.xml", "--id", "mine", "--title", "Mine", "-o", "local.xml"); code != 0 {
		t.Fatalf("create: exit %d: %s", code, stderr)
	}
	code, _, stderr := h.run("", "sync", "local.xml", url)
	want := "is a FeedSync server but no feedsync hub: the items were sent and its answer, a feed that holds them, was merged"
	if code != 0 || !strings.Contains(stderr, "1 sent") || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q; want 0, 1 sent and %q", code, stderr, want)
	}
}

// feedServlet is a FeedSync server that is no feedsync hub, on 127.0.0.1
// until the test ends: GET answers its feed, POST merges the feed sent
// into it and answers its feed as it now is (as mesh4x's FeedServlet).
func feedServlet(t *testing.T, feed string) *httptest.Server {
	t.Helper()
	var mu sync.Mutex
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if r.Method == http.MethodPost {
			body, _ := io.ReadAll(r.Body)
			mine, err1 := dialect.Parse("servlet", []byte(feed))
			posted, err2 := dialect.Parse("posted", body)
			merged, err3 := dialect.Merge(mine, posted)
			if err := errors.Join(err1, err2, err3); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			feed = string(merged.Bytes())
		}
		w.Header().Set("Content-Type", "application/rss+xml")
		w.Write([]byte(feed))
	}))
	t.Cleanup(s.Close)
	return s
}
