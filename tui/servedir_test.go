package tui

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// 'feedsync serve DIR' end to end: two feeds of a folder, each synced by
// its own endpoint at /NAME with its token (one for all, one of b's own),
// GET / listing them, a wrong token refused, and a path out of DIR 404.
func TestServeDir(t *testing.T) {
	h := newHarness(t)
	dir := h.path("hub")
	if err := os.MkdirAll(filepath.Join(dir, ".feedsync"), 0o755); err != nil {
		t.Fatal(err)
	}
	h.write("hub/a.xml", oneItem)
	h.write("hub/b.xml", oneItem)
	all := h.write("token", "for-all\n")
	os.Chmod(all, 0o600)
	own := h.write("own", "for-b\n")
	os.Chmod(own, 0o600)
	if err := os.WriteFile(filepath.Join(dir, ".feedsync", "b.token"), []byte("for-b\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	url, log, stop := serveHere(t, dir, "--token-file", all, "--window", "10")
	if !strings.Contains(log.String(), "serving 2 feeds of "+dir) {
		t.Errorf("the hub says:\n%s", log)
	}
	run := func(want int, args ...string) string {
		t.Helper()
		code, _, stderr := h.run("", args...)
		if code != want {
			t.Fatalf("feedsync %s: exit %d, want %d\n%s", strings.Join(args, " "), code, want, stderr)
		}
		return stderr
	}
	la, lb := h.path("la.xml"), h.path("lb.xml")
	run(0, "sync", la, url+"a", "--by", "A", "--token-file", all)
	run(0, "sync", lb, url+"b", "--by", "B", "--token-file", own)
	run(0, "create", "--id", "new", "--title", "from A", "--by", "A", "-o", la, la)
	run(0, "sync", la, url+"a", "--by", "A", "--token-file", all)
	waitFolded(t, h.path("hub/a.xml"))
	if !strings.Contains(h.read("hub/a.xml"), "from A") || strings.Contains(h.read("hub/b.xml"), "from A") {
		t.Errorf("A's item is not in a.xml alone:\n%s\n%s", h.read("hub/a.xml"), h.read("hub/b.xml"))
	}
	if got := run(2, "sync", lb, url+"b", "--by", "B", "--token-file", all); !strings.Contains(got, "401") {
		t.Errorf("b with the token for all: %q", got)
	}
	for path, want := range map[string]string{"": "a\nb\n", "a/../b": "", "..%2Ftoken": ""} {
		req, _ := http.NewRequest("GET", url+path, nil)
		req.Header.Set("Authorization", "Bearer for-all")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if want != "" && string(body) != want || want == "" && resp.StatusCode != 404 {
			t.Errorf("GET /%s: %s %q", path, resp.Status, body)
		}
	}
	if code := stop(); code != 0 {
		t.Errorf("serve ended with %d:\n%s", code, log)
	}
}

// A token file for all that others can read is refused with DIR (it is
// only a warning with one FEED, as it always was).
func TestServeDirTokenReadableByOthers(t *testing.T) {
	h := newHarness(t)
	os.Mkdir(h.path("hub"), 0o755)
	token := h.write("token", "s3cret\n")
	code, _, stderr := h.run("", "serve", h.path("hub"), "--token-file", token)
	if code != ExitError || !strings.Contains(stderr, "others can read or change it") {
		t.Errorf("exit %d, %q", code, stderr)
	}
}
