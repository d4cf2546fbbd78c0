//go:build unix

package tui

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
	"github.com/feedsync/feedsync/feeds/share/pgtest"
)

// TestREADMEBeyondOneMachineRuns runs README's "Beyond one machine"
// example line by line as written, as a newcomer would, against a real
// PostgreSQL: its URL a new database of the test's server (no TLS there,
// so sslmode=disable), the two hubs on free ports of 127.0.0.1 instead of
// 10.0.0.1:8080 and 10.0.0.2:8080, and feeds.example.org a balancer that
// takes turns between them. Each line exits 0; 'db ls' prints what its
// comment says.
func TestREADMEBeyondOneMachineRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("runs two hubs on PostgreSQL")
	}
	lines := beyondOneMachineLines(t)
	db := pgtest.SharedServer(t).DB(t)
	root := t.TempDir()
	term := &walkTerminal{dir: root}
	if err := os.WriteFile(filepath.Join(root, "todo.xml"), []byte(oneItem), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "token"), []byte("s3cret-token\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	hubs := []string{"127.0.0.1:" + freePort(t), "127.0.0.1:" + freePort(t)}
	var turn atomic.Int64
	lb := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		to := &url.URL{Scheme: "http", Host: hubs[turn.Add(1)%2]}
		httputil.NewSingleHostReverseProxy(to).ServeHTTP(w, r)
	}))
	t.Cleanup(lb.Close)
	base := append(os.Environ(), "PATH="+filepath.Dir(feedtest.Command(t))+string(os.PathListSeparator)+os.Getenv("PATH"),
		"XDG_CONFIG_HOME="+filepath.Join(root, "config"), "FEEDSYNC_BY=laptop")
	r := strings.NewReplacer("10.0.0.1:8080", hubs[0], "10.0.0.2:8080", hubs[1], "https://feeds.example.org", lb.URL)
	ran := 0
	for _, line := range lines {
		cmd, comment, _ := strings.Cut(line, "#")
		cmd = strings.TrimSpace(r.Replace(cmd))
		switch {
		case strings.HasPrefix(cmd, "URL="):
			term.env = append(term.env, "URL="+db) // the test's database for the README's
		case strings.HasPrefix(cmd, "feedsync serve "):
			startWalkHub(t, term, base, cmd, strings.Fields(cmd[strings.Index(cmd, "--addr "):])[1])
			ran++
		case strings.HasPrefix(cmd, "feedsync db ls"):
			c := exec.Command("bash", "--norc", "--noprofile", "-c", cmd)
			c.Dir, c.Env = term.dir, append(base, term.env...)
			out, err := c.Output()
			if want := strings.TrimSpace(comment) + "\n"; err != nil || string(out) != want {
				t.Errorf("%s: %q (%v), want %q as its comment says", cmd, out, err, want)
			}
			ran++
		case cmd != "":
			runWalkLine(t, term, base, cmd, comment)
			ran++
		}
	}
	if ran < 6 {
		t.Fatalf("ran %d lines of README's example", ran)
	}
}

// beyondOneMachineLines are the lines of the shell block of README's
// "Beyond one machine".
func beyondOneMachineLines(t *testing.T) []string {
	readme := readREADME(t)
	start := strings.Index(readme, "\n## Beyond one machine\n")
	end := strings.Index(readme[start+1:], "\n## ")
	if start < 0 || end < 0 {
		t.Fatal("README.md has no section 'Beyond one machine'")
	}
	for _, b := range codeBlocks(readme[start : start+1+end]) {
		if b.lang == "sh" {
			return b.lines
		}
	}
	t.Fatal("README's 'Beyond one machine' has no shell block")
	return nil
}
