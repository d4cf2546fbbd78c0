package cse

import (
	"bytes"
	"context"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	udiff "github.com/aymanbagabas/go-udiff"
)

// run calls Command and returns its exit code, stdout and stderr.
func run(args ...string) (int, string, string) {
	var out, errw bytes.Buffer
	code := Command(context.Background(), args, nil, &out, &errw)
	return code, out.String(), errw.String()
}

// TestCommandUsage covers the exit codes for bad usage and invalid input.
func TestCommandUsage(t *testing.T) {
	empty := t.TempDir()
	malformed := filepath.Join(t.TempDir(), "root.xml")
	writeTree(t, filepath.Dir(malformed), map[string][]byte{"root.xml": []byte("<rss>\n  <channel>\n</rss>\n")})
	cases := []struct {
		name      string
		args      []string
		code      int
		out, errw string
	}{
		{"no arguments", nil, ExitUsage, "", "usage: feedsync cse"},
		{"--help", []string{"--help"}, ExitOK, "usage: feedsync cse", ""},
		{"-h", []string{"-h"}, ExitOK, "Exit status", ""},
		{"unknown command", []string{"frob"}, ExitUsage, "", `unknown command "frob"`},
		{"pull -h", []string{"pull", "-h"}, ExitOK, "usage: feedsync cse pull ROOT DIR", ""},
		{"pull, one argument", []string{"pull", "x"}, ExitUsage, "", "want 2 arguments, got 1"},
		{"pull, unknown flag", []string{"pull", "-x", "a", "b"}, ExitUsage, "", "flag provided but not defined"},
		{"pull, other scheme", []string{"pull", "ftp://127.0.0.1/x", empty}, ExitUsage, "", "ftp://127.0.0.1/x: cse: not http, https or a local path"},
		{"pull, no such root", []string{"pull", filepath.Join(empty, "none.xml"), empty}, ExitUsage, "", "none.xml: not a readable feed file"},
		{"fetch, no cache", []string{"fetch", empty, "x"}, ExitUsage, "", "no CSE cache"},
		{"ls, no cache", []string{"ls", empty}, ExitUsage, "", empty + ": cse: no CSE cache"},
		{"ls, two arguments", []string{"ls", "a", "b"}, ExitUsage, "", "want 1 arguments, got 2"},
		{"stamp, no such file", []string{"stamp", filepath.Join(empty, "none.xml")}, ExitUsage, "", "no such file"},
		{"stamp, malformed", []string{"stamp", malformed}, ExitUsage, "", malformed + ":3:1: channel: <channel> opened at 2:3 is closed by </rss>"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errw := run(tc.args...)
			if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errw, tc.errw) {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, out, errw)
			}
			if tc.errw == "" && errw != "" {
				t.Errorf("unexpected stderr: %s", errw)
			}
		})
	}
}

// TestCommandPullLsFetch runs the subscriber's commands end to end: pull,
// ls (feeds, items with hidden ones marked, links with state and size),
// then fetch of an onDemand nested feed, which downloads it and the tree
// below it.
func TestCommandPullLsFetch(t *testing.T) {
	srv := newServer(t, treeFiles(t))
	dir := t.TempDir()
	code, out, errw := run("pull", srv.url("root.xml"), dir)
	if code != ExitOK || errw != "" || !strings.Contains(out, "15 fetched (") {
		t.Fatalf("pull: exit %d\n%s%s", code, out, errw)
	}
	checkLs(t, dir, srv, lsAfterPull)

	srv.requests()
	code, out, errw = run("fetch", dir, srv.url("archive.xml"))
	if code != ExitOK || errw != "" {
		t.Fatalf("fetch: exit %d\n%s%s", code, out, errw)
	}
	if got, want := srv.requests(), prefixed("archive.xml", "old1.html"); !slices.Equal(got, want) {
		t.Errorf("fetch requested %q, want %q", got, want)
	}
	checkLs(t, dir, srv, strings.Replace(lsAfterPull,
		"    feed on demand          -  SERVER/archive.xml\n",
		"    feed cached         445 B  SERVER/archive.xml\n      item old1 \"Old story\"\n        link cached          13 B  SERVER/old1.html\n", 1))

	code, _, errw = run("fetch", dir, "nowhere.jpg")
	if code != ExitUsage || !strings.Contains(errw, "no cached feed holds this link") {
		t.Errorf("fetch of an unknown link: exit %d, %s", code, errw)
	}
	code, _, errw = run("pull", srv.url("archive.xml"), dir)
	if code != ExitUsage || !strings.Contains(errw, "holds another tree") {
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

func checkLs(t *testing.T, dir string, srv *server, want string) {
	t.Helper()
	code, out, errw := run("ls", dir)
	out = strings.ReplaceAll(out, srv.URL, "SERVER")
	if code != ExitOK || errw != "" || out != want {
		t.Errorf("ls: exit %d, %s\n%s", code, errw, udiff.Unified("want", "got", want, out))
	}
}

// TestCommandLsStale covers the link states: a link whose item is newer
// than its cached copy (here because its download failed) is stale, and
// one whose download never succeeded is missing.
func TestCommandLsStale(t *testing.T) {
	srv := newServer(t, treeFiles(t))
	dir := t.TempDir()
	run("pull", srv.url("root.xml"), dir)
	for name, data := range changeStory3(t) {
		srv.set(name, data)
	}
	srv.setFail("news/story3.jpg", http.StatusNotFound)
	code, out, errw := run("pull", srv.url("root.xml"), dir)
	if code != ExitReported || !strings.Contains(errw, srv.url("news/story3.jpg")+": HTTP 404") {
		t.Fatalf("pull: exit %d\n%s%s", code, out, errw)
	}
	_, out, _ = run("ls", dir)
	for _, want := range []string{
		"link stale           18 B  " + srv.url("news/story3.jpg"),
		"feed stale        1.3 KiB  " + srv.url("root.xml"),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("ls lacks %q:\n%s", want, out)
		}
	}
}

// TestCommandStamp covers stamp's report of the files it changed.
func TestCommandStamp(t *testing.T) {
	dir := t.TempDir()
	a := readArchive(t, filepath.Join("testdata", "stamp", "three-levels.txtar"))
	writeTree(t, dir, stampInputs(a))
	code, out, errw := run("stamp", filepath.Join(dir, "root.xml"))
	want := "stamped " + filepath.Join(dir, "root.xml") + "\n"
	if code != ExitOK || errw != "" || !strings.HasPrefix(out, want) || strings.Count(out, "stamped") != 3 {
		t.Errorf("stamp: exit %d\n%s%s", code, out, errw)
	}
	a = readArchive(t, filepath.Join("testdata", "stamp", "unfixable.txtar"))
	dir = t.TempDir()
	writeTree(t, dir, stampInputs(a))
	code, _, errw = run("stamp", filepath.Join(dir, "root.xml"))
	if code != ExitReported || !strings.Contains(errw, "bad.xml:10:5: item: no guid") {
		t.Errorf("stamp with problems: exit %d\n%s", code, errw)
	}
}
