package tui

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestErrorsStartWithTheirCommand: every error of a command starts with
// the command, "feedsync CMD: ", then the place it is about as the command
// line names it (file:line:col), once. Issue 13, item 9 made a message
// about a place start with the place, but then most other errors began
// "feedsync: " and usage errors "feedsync CMD: "; each line of a message
// that names a place (one per problem of a feed) starts the same way.
func TestErrorsStartWithTheirCommand(t *testing.T) {
	h := newHarness(t)
	good := h.write("f.xml", oneItem)
	bad := h.write("bad.xml", `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>t</title><item><sx:sync id="a" updates="x"><sx:history sequence="1" by="A"/></sx:sync></item>
<item><sx:sync id="b" updates="y"><sx:history sequence="1" by="A"/></sx:sync></item></channel></rss>`)
	missing := h.path("missing.xml")
	cases := []struct {
		name  string
		stdin string
		args  []string
		first string // the first line's start
		lines int    // lines that start "feedsync CMD: " (0: only the first)
	}{
		{"validate, missing file", "", []string{"validate", missing}, "feedsync validate: " + missing + ": no such file or directory", 0},
		{"validate, bad input", "", []string{"validate", bad}, "feedsync validate: " + bad + ":1:", 2},
		{"merge, missing file", "", []string{"merge", missing, good}, "feedsync merge: " + missing + ": no such file or directory", 0},
		{"merge, bad input", "", []string{"merge", bad, good}, "feedsync merge: " + bad + ":1:", 2},
		{"merge, bad REMOTE", "", []string{"merge", good, bad}, "feedsync merge: " + bad + ":1:", 2},
		{"merge, usage", "", []string{"merge", good}, "feedsync merge: want LOCAL and REMOTE, got 1 argument\nusage: feedsync merge", 0},
		{"update, no such item", "", []string{"update", good, "--id", "nope", "--title", "x", "--by", "A"}, "feedsync update: " + good + `: no item with id "nope"`, 0},
		{"standard input", "<rss", []string{"validate", "-"}, "feedsync validate: <stdin>:1:", 0},
		{"a folder", "", []string{"conflicts", h.dir}, "feedsync conflicts: " + h.dir + ": ", 0},
		{"-o into a missing folder", "", []string{"update", good, "--id", "item1", "--title", "x", "--by", "A", "-o", h.path("nodir/x.xml")}, "feedsync update: " + h.path("nodir/x.xml") + ": no such folder: " + h.path("nodir") + "\n", 0},
		{"a cse subcommand", "", []string{"cse", "ls", h.path("nocache")}, "feedsync cse ls: ", 0},
		{"a flag's value", "", []string{"serve", good, "--token-file", h.path("none")}, "feedsync serve: --token-file: open ", 0},
		{"not a command", "", []string{"frobnicate"}, "feedsync: unknown command", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := h.run(c.stdin, c.args...)
			if code != ExitError {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.HasPrefix(stderr, c.first) {
				t.Errorf("stderr starts %q, want %q", stderr, c.first)
			}
			if first, _, _ := strings.Cut(stderr, "\n"); strings.Count(first, filepath.Base(missing)) > 1 {
				t.Errorf("the path is repeated: %q", first)
			}
			prefix, _, _ := strings.Cut(c.first, ": ")
			if n := strings.Count("\n"+stderr, "\n"+prefix+": "); c.lines > 0 && n != c.lines {
				t.Errorf("%d lines start %q, want %d:\n%s", n, prefix+": ", c.lines, stderr)
			}
		})
	}
}

// TestTextFlagsRefuseWhatXMLCannotCarry guards issue 13, item 9: --title
// and --content with invalid UTF-8 were changed silently (to U+FFFD).
// They, --field values and characters XML 1.0 forbids are refused.
func TestTextFlagsRefuseWhatXMLCannotCarry(t *testing.T) {
	h := newHarness(t)
	feed := h.write("f.xml", oneItem)
	for _, flagValue := range []string{"--title=a\xffb", "--content=\xc3", "--title=a\x01b", "--field=summary=\xfe", "--content=a\uffffb"} {
		code, stdout, stderr := h.run("", "update", feed, "--id", "item1", "--by", "A", flagValue, "-o", feed)
		if code != ExitError || stdout != "" || !strings.Contains(stderr, "invalid value") {
			t.Errorf("%q: exit %d, stderr %s", flagValue, code, stderr)
		}
	}
	if h.read("f.xml") != oneItem {
		t.Error("the feed changed")
	}
	for _, ok := range []string{"--title=tab\there", "--title=line\nbreak", "--title=\ufffd stays"} {
		if code, _, stderr := h.run("", "update", feed, "--id", "item1", "--by", "A", ok); code != ExitOK {
			t.Errorf("%q refused: %s", ok, stderr)
		}
	}
}

// TestSymlinkedOutIsWrittenThrough guards issue 13, item 9: saving to a
// symbolic link replaced the link with a file and left its target stale.
func TestSymlinkedOutIsWrittenThrough(t *testing.T) {
	h := newHarness(t)
	os.Mkdir(h.path("real"), 0o755)
	target := h.write("real/f.xml", oneItem)
	link := h.path("f.xml")
	if err := os.Symlink(filepath.Join("real", "f.xml"), link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	code, _, stderr := h.run("", "update", link, "--id", "item1", "--title", "through", "--by", "A", "-o", link)
	if code != ExitOK {
		t.Fatal(stderr)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a file")
	}
	if got := titles(t, target)["item1"]; got != "through" {
		t.Errorf("target's title %q: not written through", got)
	}
	if h.read("real/f.xml.bak") != oneItem {
		t.Error("no backup beside the target")
	}
}

// TestBackupsKeepTheOriginal guards issue 13, item 9: .bak kept one
// generation, so two saves lost the original.
func TestBackupsKeepTheOriginal(t *testing.T) {
	h := newHarness(t)
	feed := h.write("f.xml", oneItem)
	for _, title := range []string{"one", "two"} {
		if code, _, stderr := h.run("", "update", feed, "--id", "item1", "--title", title, "--by", "A", "-o", feed); code != 0 {
			t.Fatal(stderr)
		}
	}
	if h.read("f.xml.bak.2") != oneItem {
		t.Error("the original is not kept after two saves")
	}
	if titles(t, feed+".bak")["item1"] != "one" {
		t.Error("f.xml.bak is not the file the last save replaced")
	}
}

// TestMergeOfAFeedWithItselfInventsNoConflict guards issue 13, item 9:
// a feed whose fso:parent made an outline its own ancestor passed validate
// silently, and merge X X then reported a conflict.
func TestMergeOfAFeedWithItselfInventsNoConflict(t *testing.T) {
	h := newHarness(t)
	feed := h.write("c.xml", `<opml version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse" xmlns:fso="https://github.com/feedsync/feedsync/ns/outline">
 <body>
  <outline text="A">
   <sx:sync id="A" version="1" fso:parent="A" fso:key="V" fso:version="1"><sx:history by="ep0"/></sx:sync>
  </outline>
 </body>
</opml>
`)
	code, _, stderr := h.run("", "validate", feed)
	if code != ExitOK || !strings.Contains(stderr, "warning: "+feed+":3:3: ") || !strings.Contains(stderr, "own ancestor") {
		t.Errorf("validate: exit %d, stderr %s", code, stderr)
	}
	code, stdout, stderr := h.run("", "merge", feed, feed)
	if code != ExitOK || strings.Contains(stdout, "conflict=") {
		t.Errorf("merge X X: exit %d, stderr %s\n%s", code, stderr, stdout)
	}
}

// packageName matches the name of one of feedsync's packages at the start
// of a message part, as its sentinel errors begin ("engine: ...").
var packageName = regexp.MustCompile(`(^|[\s:(])(engine|sse|ssefeed|feeds|fetch|cse|dialect|diff|share|atomicfile|xmlutil|xmlscan|resolver): `)

// TestMessagesNameNoPackage guards QA's S6: the names of feedsync's
// packages leaked into what a user reads ("engine: not a valid RFC
// 2141...", "sse: no such parent outline", "ssefeed: an RSS feed and an
// OPML feed...", "fetch: not an http or https URL", "cse: no cached feed
// holds this link"), and validate URL named the URL twice ("URL: fetching
// URL: ..."). Sentinels keep their package's name for errors.Is (STYLE);
// the command line words them for people.
func TestMessagesNameNoPackage(t *testing.T) {
	h := newHarness(t)
	feed := h.write("f.xml", oneItem)
	opml := h.write("o.opml", `<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><body>
<outline text="News"><sx:sync id="news" version="1"><sx:history when="Sat, 21 May 2005 09:00:01 GMT" by="ep1"/></sx:sync></outline>
</body></opml>`)
	rss := h.write("r.xml", `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><channel><title>t</title>
<item><title>a</title><sx:sync id="a" version="1"><sx:history when="Sat, 21 May 2005 09:00:01 GMT" by="ep1"/></sx:sync></item>
</channel></rss>`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/ftp" {
			http.Redirect(w, r, "ftp://127.0.0.1/f.xml", http.StatusFound)
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	tree := t.TempDir()
	for name, data := range cseTree(t) {
		os.MkdirAll(filepath.Dir(filepath.Join(tree, name)), 0o755)
		os.WriteFile(filepath.Join(tree, name), data, 0o644)
	}
	cache := filepath.Join(t.TempDir(), "cache")
	if code, _, stderr := h.run("", "cse", "pull", filepath.Join(tree, "root.xml"), cache); code == ExitError {
		t.Fatal(stderr)
	}
	empty := t.TempDir()
	cases := []struct {
		name string
		args []string
		want string // the message, from its start
	}{
		{"invalid id", []string{"create", feed, "--id", "a b", "--by", "A"}, `feedsync create: creating "a b": not a valid RFC 2141`},
		{"no such parent", []string{"update", opml, "--id", "news", "--by", "A", "--parent", "nope"}, `feedsync update: placing "news" under "nope": no outline has that id`},
		{"RSS and OPML", []string{"merge", rss, opml}, "feedsync merge: " + rss + " is an SSE 0.91 RSS feed and " + opml + " is an SSE 0.91 OPML outline: an RSS feed and an OPML outline cannot be merged"},
		{"redirect to ftp", []string{"validate", srv.URL + "/ftp"}, "feedsync validate: " + srv.URL + "/ftp: redirect to ftp://127.0.0.1/f.xml: not an http or https URL"},
		{"404", []string{"validate", srv.URL + "/none.xml"}, "feedsync validate: " + srv.URL + "/none.xml: HTTP 404 Not Found"},
		{"404, merge", []string{"merge", feed, srv.URL + "/none.xml"}, "feedsync merge: " + srv.URL + "/none.xml: HTTP 404 Not Found"},
		{"cse, other scheme", []string{"cse", "pull", "ftp://127.0.0.1/x", empty}, "feedsync cse pull: ftp://127.0.0.1/x: not http, https or a local path"},
		{"cse, no cache", []string{"cse", "ls", empty}, "feedsync cse ls: " + empty + ": no CSE cache in this directory"},
		{"cse, link not in the tree", []string{"cse", "fetch", cache, "nowhere.xml"}, "feedsync cse fetch: nowhere.xml: no cached feed holds this link"},
		{"no conflicts", []string{"resolve", feed, "--id", "item1", "--pick", "winner", "--by", "A"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := h.run("", c.args...)
			if code != ExitError {
				t.Errorf("exit %d, want 2", code)
			}
			_, msg, _ := strings.Cut(stderr, ": ") // after "feedsync CMD: ", which may be "cse fetch"
			if m := packageName.FindString(msg); m != "" {
				t.Errorf("the message names a package (%q):\n%s", m, stderr)
			}
			if !strings.HasPrefix(stderr, c.want) {
				t.Errorf("stderr:\n%s\nwant it to start %q", stderr, c.want)
			}
			if first, _, _ := strings.Cut(stderr, "\n"); strings.Count(first, srv.URL) > 1 {
				t.Errorf("the URL is repeated: %q", first)
			}
		})
	}
}
