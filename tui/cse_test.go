package tui

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/cse"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// cseTree is the three-level CSE tree of feeds/cse/testdata/tree.txtar.
func cseTree(t *testing.T) map[string][]byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "feeds", "cse", "testdata", "tree.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for name, data := range feedtest.ParseArchive(string(raw)).Files {
		files[name] = []byte(data)
	}
	return files
}

// TestCSEUsage covers the cse commands' usage and their exit codes for bad
// usage and invalid input (2), through the CLI's one usage framework.
func TestCSEUsage(t *testing.T) {
	h := newHarness(t)
	empty := t.TempDir()
	malformed := h.write("root.xml", "<rss>\n  <channel>\n</rss>\n")
	cases := []struct {
		name      string
		args      []string
		code      int
		out, errw string
	}{
		{"no arguments", nil, ExitError, "", "usage: feedsync cse"},
		{"--help", []string{"--help"}, ExitOK, "usage: feedsync cse", ""},
		{"-h", []string{"-h"}, ExitOK, "Exit codes:", ""},
		{"unknown command", []string{"frob"}, ExitError, "", "feedsync cse: unknown command \"frob\"; run 'feedsync cse -h' for its commands\n"},
		{"pull -h", []string{"pull", "-h"}, ExitOK, "usage: feedsync cse pull ROOT DIR", ""},
		{"pull, one argument", []string{"pull", "x"}, ExitError, "", "feedsync cse pull: want ROOT and DIR, got 1 argument\nusage: feedsync cse pull ROOT DIR"},
		{"pull, unknown flag", []string{"pull", "-x", "a", "b"}, ExitError, "", "flag provided but not defined"},
		{"pull, other scheme", []string{"pull", "ftp://127.0.0.1/x", empty}, ExitError, "", "ftp://127.0.0.1/x: not http, https or a local path"},
		{"pull, no such root", []string{"pull", filepath.Join(empty, "none.xml"), empty}, ExitError, "", "none.xml: not a readable feed file"},
		{"fetch, no cache", []string{"fetch", empty, "x"}, ExitError, "", empty + ": no CSE cache in this directory"},
		{"fetch, empty link", []string{"fetch", empty, ""}, ExitError, "", "feedsync cse fetch: an argument is empty"},
		{"pull, empty directory name", []string{"pull", malformed, " "}, ExitError, "", "feedsync cse pull: an argument is empty"},
		{"ls, no cache", []string{"ls", empty}, ExitError, "", empty + ": no CSE cache in this directory"},
		{"ls, two arguments", []string{"ls", "a", "b"}, ExitError, "", "feedsync cse ls: want DIR, got 2 arguments\n"},
		{"stamp, no such file", []string{"stamp", filepath.Join(empty, "none.xml")}, ExitError, "", "no such file"},
		{"stamp, malformed", []string{"stamp", malformed}, ExitError, "", malformed + ":3:1: channel: <channel> opened at 2:3 is closed by </rss>"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errw := h.run("", append([]string{"cse"}, tc.args...)...)
			if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errw, tc.errw) {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, out, errw)
			}
			if tc.errw == "" && errw != "" {
				t.Errorf("unexpected stderr: %s", errw)
			}
			if tc.code == ExitError && out != "" {
				t.Errorf("a command stopped before it began printed to standard output:\n%s", out)
			}
		})
	}
	if _, out, _ := h.run("", "--help"); !strings.Contains(out, "feedsync cse pull ROOT DIR | fetch DIR LINK | ls DIR | stamp ROOT.xml") {
		t.Errorf("feedsync --help lacks the cse commands:\n%s", out)
	}
}

// TestCSEPullLsFetch runs the subscriber's commands end to end: pull, ls
// (feeds, items with hidden ones marked, links with state and size), then
// fetch of an onDemand nested feed, which downloads it and the tree below
// it.
func TestCSEPullLsFetch(t *testing.T) {
	h := newHarness(t)
	srv := feedtest.NewFileServer(t, cseTree(t))
	dir := h.path("cache")
	code, out, errw := h.run("", "cse", "pull", srv.Link("root.xml"), dir)
	if code != ExitOK || errw != "" || !strings.Contains(out, "15 fetched (") || !strings.Contains(out, "fetched "+srv.Link("root.xml")+" (") {
		t.Fatalf("pull: exit %d\n%s%s", code, out, errw)
	}
	checkLs(t, h, dir, srv, lsAfterPull)

	srv.Requests()
	code, out, errw = h.run("", "cse", "fetch", dir, srv.Link("archive.xml"))
	if code != ExitOK || errw != "" {
		t.Fatalf("fetch: exit %d\n%s%s", code, out, errw)
	}
	if got, want := srv.Requests(), []string{"/archive.xml", "/old1.html"}; !slices.Equal(got, want) {
		t.Errorf("fetch requested %q, want %q", got, want)
	}
	checkLs(t, h, dir, srv, strings.Replace(lsAfterPull,
		"    feed on demand          -  SERVER/archive.xml\n",
		"    feed cached         445 B  SERVER/archive.xml\n      item old1 \"Old story\"\n        link cached          13 B  SERVER/old1.html\n", 1))

	code, _, errw = h.run("", "cse", "fetch", dir, "nowhere.jpg")
	if code != ExitError || !strings.Contains(errw, "nowhere.jpg: no cached feed holds this link") {
		t.Errorf("fetch of an unknown link: exit %d, %s", code, errw)
	}
	code, _, errw = h.run("", "cse", "pull", srv.Link("archive.xml"), dir)
	if code != ExitError || !strings.Contains(errw, "holds another tree") {
		t.Errorf("pull of another root into the cache: exit %d, %s", code, errw)
	}
}

const lsAfterPull = `feed cached       1.3 KiB  SERVER/root.xml
  item news "News"
    feed cached         936 B  SERVER/news/index.xml
      item day1 "Monday" hidden
        feed cached         859 B  SERVER/news/day1.xml
          item story1 "Story one"
            link cached          10 B  SERVER/news/story1.html
            link cached          16 B  SERVER/news/img/s1.jpg
          item story2 "Story two"
            link cached          10 B  SERVER/news/story2.html
            link on demand          -  SERVER/news/video.mp4
      item day2 "Tuesday" hidden
        feed cached         684 B  SERVER/news/day2.xml
          item story3 "Story three"
            link cached          12 B  SERVER/news/story3.html
            link cached          18 B  SERVER/news/story3.jpg
          item story4 "Story four"
            link cached          11 B  SERVER/news/story4.html
      item news-logo "Logo"
        link cached           5 B  SERVER/img/logo.png
  item archive "Archive"
    feed on demand          -  SERVER/archive.xml
  item photos "Photos"
    link cached           6 B  SERVER/photos/thumb.jpg
    link cached           8 B  SERVER/photos/a.jpg
    link cached           8 B  SERVER/photos/b.jpg
  item promo "Promo" hidden
    link cached           6 B  SERVER/promo.png
    link on demand          -  SERVER/big.mov
`

func checkLs(t *testing.T, h *harness, dir string, srv *feedtest.FileServer, want string) {
	t.Helper()
	code, out, errw := h.run("", "cse", "ls", dir)
	out = strings.ReplaceAll(out, srv.URL, "SERVER")
	if code != ExitOK || errw != "" || out != want {
		t.Errorf("ls: exit %d, %s\n%s", code, errw, feedtest.LineDiff(want, out))
	}
}

// TestCSEAttention covers exit code 1 for the cse commands: the command
// finished, but a download failed (pull; ls then shows the link stale and
// its feed too), or stamp found problems it could not fix.
func TestCSEAttention(t *testing.T) {
	h := newHarness(t)
	files := cseTree(t)
	srv := feedtest.NewFileServer(t, files)
	dir := h.path("cache")
	h.run("", "cse", "pull", srv.Link("root.xml"), dir)

	// story3 becomes newer; its image fails to download.
	day2 := strings.Replace(string(files["news/day2.xml"]),
		"<csx:lastBuildDate>Wed, 04 Oct 2006 06:00:00 GMT</csx:lastBuildDate>\n      <csx:link>story3.html",
		"<csx:lastBuildDate>Thu, 05 Oct 2006 06:00:00 GMT</csx:lastBuildDate>\n      <csx:link>story3.html", 1)
	site := h.path("site")
	for name, body := range files {
		if name == "news/day2.xml" {
			body = []byte(day2)
		}
		writeFile(t, filepath.Join(site, filepath.FromSlash(name)), string(body))
	}
	code, out, errw := h.run("", "cse", "stamp", filepath.Join(site, "root.xml"))
	if code != ExitOK || strings.Count(out, "stamped ") != 3 || errw != "" {
		t.Fatalf("stamp: exit %d\n%s%s", code, out, errw)
	}
	for _, name := range []string{"root.xml", "news/index.xml", "news/day2.xml"} {
		data, _ := os.ReadFile(filepath.Join(site, filepath.FromSlash(name)))
		srv.Set(name, data)
	}
	srv.Fail("news/story3.jpg", http.StatusNotFound)
	code, out, errw = h.run("", "cse", "pull", srv.Link("root.xml"), dir)
	if code != ExitAttention || !strings.Contains(errw, srv.Link("news/story3.jpg")+": HTTP 404") ||
		!strings.Contains(out, ", 1 failed, 0 problems, 0 removed") {
		t.Fatalf("pull: exit %d\n%s%s", code, out, errw)
	}
	_, out, _ = h.run("", "cse", "ls", dir)
	for _, want := range []string{
		"link stale           18 B  " + srv.Link("news/story3.jpg"),
		"feed stale        1.3 KiB  " + srv.Link("root.xml"),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("ls lacks %q:\n%s", want, out)
		}
	}

	writeFile(t, filepath.Join(site, "root.xml"), strings.Replace(string(files["root.xml"]), "<guid>promo</guid>", "", 1))
	code, _, errw = h.run("", "cse", "stamp", filepath.Join(site, "root.xml"))
	if code != ExitAttention || !strings.Contains(errw, "root.xml:30:5: item: no guid (CSE requires one)") {
		t.Errorf("stamp with problems: exit %d\n%s", code, errw)
	}
}

// TestCSEInterrupted covers a pull stopped before it ends: exit 130, as
// every interrupted command, and a message that says the next pull
// resumes it.
func TestCSEInterrupted(t *testing.T) {
	h := newHarness(t)
	srv := feedtest.NewFileServer(t, cseTree(t))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errw bytes.Buffer
	code := Run(ctx, []string{"cse", "pull", srv.Link("root.xml"), h.path("cache")},
		&Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errw})
	if code != ExitInterrupted || !strings.Contains(errw.String(), h.path("cache")+": interrupted; pull again to resume") {
		t.Errorf("exit %d\n%s%s", code, out.String(), errw.String())
	}
}

func writeFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCSEProgress covers the display of a pull: a status line of files
// and bytes on a terminal, with failures above it; plain lines otherwise,
// downloads on standard output and failures on standard error; and the
// choice between them.
func TestCSEProgress(t *testing.T) {
	events := func(r cse.Reporter) {
		r.Start("http://h/a.jpg")
		r.Fetched("http://h/a.jpg", 2048)
		r.Start("http://h/b.jpg")
		r.Failed("http://h/b.jpg", errors.New("HTTP 404 Not Found"))
		r.Unchanged("http://h/c.jpg")
		r.Problem(feeds.Problem{File: "http://h/f.xml", Line: 3, Col: 7, Element: "item", Msg: "no guid (CSE requires one)"})
	}
	cases := []struct {
		name     string
		terminal bool
		term     string
		out, err string
	}{
		{"plain", false, "xterm",
			"fetched http://h/a.jpg (2048 bytes)\nunchanged http://h/c.jpg\n1 fetched (2.0 KiB), 0 unchanged, 0 failed, 0 problems, 0 removed\n",
			"http://h/b.jpg: HTTP 404 Not Found\nhttp://h/f.xml:3:7: item: no guid (CSE requires one)\n"},
		{"dumb terminal", true, "dumb",
			"fetched http://h/a.jpg (2048 bytes)\nunchanged http://h/c.jpg\n1 fetched (2.0 KiB), 0 unchanged, 0 failed, 0 problems, 0 removed\n",
			"http://h/b.jpg: HTTP 404 Not Found\nhttp://h/f.xml:3:7: item: no guid (CSE requires one)\n"},
		{"terminal", true, "xterm", "1 fetched (2.0 KiB), 0 unchanged, 0 failed, 0 problems, 0 removed\n",
			"\r\x1b[K0 files, 0 B  http://h/a.jpg" +
				"\r\x1b[K1 files, 2.0 KiB  http://h/a.jpg" +
				"\r\x1b[K1 files, 2.0 KiB  http://h/b.jpg" +
				"\r\x1b[Khttp://h/b.jpg: HTTP 404 Not Found\n\r\x1b[K1 files, 2.0 KiB  http://h/b.jpg" +
				"\r\x1b[K1 files, 2.0 KiB  http://h/b.jpg" +
				"\r\x1b[Khttp://h/f.xml:3:7: item: no guid (CSE requires one)\n\r\x1b[K1 files, 2.0 KiB  http://h/b.jpg" +
				"\r\x1b[K"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errw bytes.Buffer
			env := &Env{Stdout: &out, Stderr: &errw, ErrTerminal: tc.terminal,
				Getenv: func(k string) string {
					if k == "TERM" {
						return tc.term
					}
					return ""
				}}
			p := newProgress(env)
			events(p)
			// The summary is the Summary's, not the display's count.
			if err := p.finish("dir", cse.Summary{Fetched: 1, Bytes: 2048}, nil); err != nil {
				t.Errorf("finish: %v", err)
			}
			if out.String() != tc.out || errw.String() != tc.err {
				t.Errorf("stdout %q\nstderr %q\nwant %q\n     %q", out.String(), errw.String(), tc.out, tc.err)
			}
		})
	}
}

func TestHumanBytes(t *testing.T) {
	cases := []struct {
		n    int64
		want string
	}{
		{0, "0 B"}, {1023, "1023 B"}, {1024, "1.0 KiB"}, {1536, "1.5 KiB"}, {5 << 20, "5.0 MiB"}, {3 << 30, "3.0 GiB"},
	}
	for _, tc := range cases {
		t.Run(tc.want, func(t *testing.T) {
			if got := humanBytes(tc.n); got != tc.want {
				t.Errorf("humanBytes(%d) = %q", tc.n, got)
			}
		})
	}
}

// TestFailureText covers the line of a failed download: "url: message", or
// for a nested feed that does not parse, its problems, each at its place.
func TestFailureText(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"plain error", errors.New("HTTP 500"), "http://h/f.xml: HTTP 500"},
		{"feed that does not parse", feeds.Problems{{File: "http://h/f.xml", Line: 3, Col: 7, Element: "item", Msg: "input ends inside <item> opened at 2:1"}},
			"http://h/f.xml:3:7: item: input ends inside <item> opened at 2:1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := failureText("http://h/f.xml", tc.err); got != tc.want {
				t.Errorf("failureText = %q, want %q", got, tc.want)
			}
		})
	}
}
