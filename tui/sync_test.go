package tui

import (
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
)

// feedServer serves body at every path, on 127.0.0.1, until the test ends.
func feedServer(t *testing.T, body string) *httptest.Server {
	t.Helper()
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/rss+xml")
		w.Write([]byte(body))
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
