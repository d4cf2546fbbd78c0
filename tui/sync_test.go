package tui

import (
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/share/mesh4xtest"
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

// TestSyncNotHubSaysSo: sync with mesh4x's FeedServlet (package
// mesh4xtest's stand-in), which merges a POST and answers a feed of its
// conflicts with no FeedSync-ETag, exits 0, writes LOCAL with what it
// pulled, and says once that the server took the items and is no
// feedsync hub; a conflict on the servlet's side comes back in its answer
// and the sync exits 1. Before, the empty feed of conflicts read as "it
// took nothing": exit 2, LOCAL without the item just pulled (issue 29
// item 3).
func TestSyncNotHubSaysSo(t *testing.T) {
	h := newHarness(t)
	h.env["FEEDSYNC_BY"] = "T"
	servlet, url := mesh4xtest.Start(t)
	if err := servlet.Merge([]byte(oneItem)); err != nil {
		t.Fatal(err)
	}
	t.Chdir(h.dir)
	h.write("local.xml", `<rss version="2.0"><channel><title>L</title></channel></rss>`)
	if code, _, stderr := h.run("", "create", "local.xml", "--id", "mine", "--title", "Mine", "-o", "local.xml"); code != 0 {
		t.Fatalf("create: exit %d: %s", code, stderr)
	}
	code, _, stderr := h.run("", "sync", "local.xml", url)
	want := "is a FeedSync server but no feedsync hub: it took the items sent, and its answer, a feed of 0 items, was merged"
	if code != 0 || !strings.Contains(stderr, "1 sent") || strings.Count(stderr, want) != 1 || strings.Count(stderr, "no feedsync hub") != 1 {
		t.Errorf("exit %d, stderr %q; want 0, 1 sent and once %q", code, stderr, want)
	}
	if local := h.read("local.xml"); !strings.Contains(local, `id="item1"`) || !strings.Contains(local, `id="mine"`) {
		t.Errorf("LOCAL does not hold the servlet's item1 and its own:\n%s", local)
	}

	// Another endpoint's change and ours, concurrent: a conflict.
	other := strings.Replace(h.read("local.xml"), "Mine", "Theirs", 1)
	other = strings.Replace(other, `<sx:sync id="mine" updates="1">`, `<sx:sync id="mine" updates="2"><sx:history sequence="2" when="2030-01-01T00:00:00Z" by="M"/>`, 1)
	if err := servlet.Merge([]byte(other)); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := h.run("", "update", "local.xml", "--id", "mine", "--title", "Ours", "--when", "2030-01-01T00:00:01Z", "-o", "local.xml"); code != 0 {
		t.Fatalf("update: exit %d: %s", code, stderr)
	}
	if code, _, stderr := h.run("", "sync", "local.xml", url); code != ExitAttention || !strings.Contains(stderr, "a feed of 1 item, was merged") || !strings.Contains(stderr, "in conflict") {
		t.Errorf("sync with a conflict: exit %d, stderr %q; want 1, the answer's conflict merged", code, stderr)
	}
}
