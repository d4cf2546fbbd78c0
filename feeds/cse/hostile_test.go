package cse

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// hostileLinks are csx:link texts that try to make feedsync write, or
// read, where it must not.
var hostileLinks = []string{
	"../../../../../../etc/passwd",
	"/etc/passwd",
	"%2e%2e/%2e%2e/%2e%2e/escape.txt",
	"..%2f..%2f..%2fescape.txt",
	"%2E%2E%5C%2E%2E%5Cescape.txt",
	`..\..\escape.txt`,
	"file:///etc/passwd",
	"file://localhost/etc/passwd",
	"FILE:/etc/passwd",
	"ftp://127.0.0.1/x",
	"javascript:alert(1)",
	"data:text/plain,hi",
	"mailto:someone@example.com",
	".",
	"..",
	"...",
	"a/./b/../../..",
	"%00.txt",
	"nul\x01name",
	strings.Repeat("long", 2000) + ".jpg",
	strings.Repeat("%2e%2e%2f", 500) + "x",
	"\u202eexe.txt",
	"con.txt",
}

// layoutOnlyLinks are hostile too, but would reach past the test server.
var layoutOnlyLinks = []string{"//127.0.0.1:1/x", "http://[::1]:1/../../x", "https://example.invalid/.."}

// safeRelPath is every path a cache may hold.
var safeRelPath = regexp.MustCompile(`^(\.cse/root\.json|\.cse/entries/[0-9a-f]{2}/[0-9a-f]{32}\.json|files/[0-9a-f]{2}/[0-9a-f]{32}-[A-Za-z0-9][A-Za-z0-9._-]{0,79})$`)

// TestCachePathHostile covers the cache layout: whatever a link holds, its
// file's path is made of a hash and a safe name, inside the cache.
func TestCachePathHostile(t *testing.T) {
	for _, ref := range append(hostileLinks, layoutOnlyLinks...) {
		t.Run(clip(ref), func(t *testing.T) {
			for _, u := range []string{ref, "http://127.0.0.1/feeds/" + ref} {
				p := cachePath(u)
				if !safeRelPath.MatchString(p) || !filepath.IsLocal(filepath.FromSlash(p)) {
					t.Errorf("cachePath(%q) = %q", u, p)
				}
				if e := entryPath(u); !safeRelPath.MatchString(e) {
					t.Errorf("entryPath(%q) = %q", u, e)
				}
			}
		})
	}
}

// TestPullHostileLinks pulls a feed whose links are hostile: nothing is
// written outside the cache, every path inside it is one of the layout's,
// files with hostile names are kept under safe ones, and what is refused is
// reported with its place.
func TestPullHostileLinks(t *testing.T) {
	long := strings.Repeat("long", 2000) + ".jpg"
	served := map[string][]byte{
		"feeds/../../../escape.txt": []byte("escaped"),
		"feeds/" + long:             []byte("long"),
		`feeds/..\..\escape.txt`:    []byte("backslashes"),
	}
	files := map[string][]byte{"feeds/root.xml": hostileFeed(hostileLinks)}
	for name, data := range served {
		files[name] = data
	}
	srv := newServer(t, files)
	sandbox := t.TempDir()
	dir := filepath.Join(sandbox, "cache")
	s, rep := pullTree(t, srv.Link("feeds/root.xml"), dir)

	checkSandbox(t, sandbox, "cache")
	snap := snapshot(t, dir)
	for p := range snap {
		if !safeRelPath.MatchString(p) {
			t.Errorf("cache holds %q", p)
		}
	}
	kept := map[string]bool{}
	for _, content := range snap {
		kept[content] = true
	}
	for name, data := range served {
		if !kept[string(data)] {
			t.Errorf("%s was not downloaded and kept", clip(name))
		}
	}
	refused := []string{"backslash", "file:///etc/passwd", "FILE:/etc/passwd", "ftp://127.0.0.1/x",
		"javascript:alert(1)", "data:text/plain,hi", "mailto:someone@example.com"}
	for _, r := range refused {
		if !strings.Contains(rep.text(), srv.Link("feeds/root.xml")+":") || !strings.Contains(rep.text(), r) {
			t.Errorf("%q not reported with its place", r)
		}
	}
	if s.problems != 8 {
		t.Errorf("%d problems, want 8 refused links:\n%s", s.problems, rep.text())
	}
}

// hostileFeed is a feed with one item per link.
func hostileFeed(links []string) []byte {
	var b strings.Builder
	b.WriteString(`<rss version="2.0" xmlns:csx="` + Namespace + `"><channel><title>hostile</title>` + "\n")
	for i, l := range links {
		fmt.Fprintf(&b, "<item><guid>%d</guid><csx:link>%s</csx:link></item>\n", i, xmlEscape(l))
	}
	b.WriteString("</channel></rss>\n")
	return []byte(b.String())
}

func xmlEscape(s string) string {
	s = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
	return strings.Map(func(r rune) rune {
		if r < 0x20 {
			return -1
		}
		return r
	}, s)
}

// checkSandbox fails if sandbox holds anything but only.
func checkSandbox(t *testing.T, sandbox string, only ...string) {
	t.Helper()
	entries, err := os.ReadDir(sandbox)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, ",") != strings.Join(only, ",") {
		t.Errorf("%s holds %q, want only %q", sandbox, names, only)
	}
}

// TestPullLocalTreeConfined covers "a local tree never reads outside its
// root directory": links that leave it, by "..", percent-encoding, an
// absolute path, a file URL or a symbolic link, read nothing.
func TestPullLocalTreeConfined(t *testing.T) {
	sandbox := t.TempDir()
	secret := filepath.Join(sandbox, "secret.txt")
	writeTree(t, sandbox, map[string][]byte{"secret.txt": []byte("TOP SECRET")})
	tree := filepath.Join(sandbox, "tree")
	links := []string{
		"../secret.txt", "%2e%2e/secret.txt", "sub/../../secret.txt", secret,
		"file://" + filepath.ToSlash(secret), "/etc/passwd", "link.txt", "sub/inside.txt",
	}
	writeTree(t, tree, map[string][]byte{"root.xml": hostileFeed(links), "sub/inside.txt": []byte("inside")})
	if err := os.Symlink(secret, filepath.Join(tree, "link.txt")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	dir := filepath.Join(sandbox, "cache")
	s, rep := pullTree(t, filepath.Join(tree, "root.xml"), dir)

	for p, content := range snapshot(t, dir) {
		if strings.Contains(content, "TOP SECRET") {
			t.Errorf("%s holds the secret", p)
		}
	}
	if got := cachedContent(t, dir, fileURL(filepath.Join(tree, "sub", "inside.txt")).String()); got != "inside" {
		t.Errorf("inside.txt = %q", got)
	}
	if s.problems != 6 || s.failed != 1 {
		t.Errorf("problems %d (want 6 refused links), failed %d (want 1, the symbolic link):\n%s",
			s.problems, s.failed, rep.text())
	}
}

// TestCacheSymlinks guards issue 13 item 7: symbolic links planted in the
// cache directory (at files/, .cse/, .cse/entries/, a fan-out folder, or a
// cached file) led pull's writes, and the clean-up sweep's removals,
// outside it. Every write and removal now goes through an os.Root on the
// cache: a link that leads out makes the pull fail, or is replaced or
// removed itself, and nothing outside the cache changes.
func TestCacheSymlinks(t *testing.T) {
	files := treeFiles(t)
	next := withoutPhotos(t, files)
	type plant func(t *testing.T, dir, outside string, srv *feedtest.FileServer)
	dirLink := func(rel string) plant {
		return func(t *testing.T, dir, outside string, _ *feedtest.FileServer) {
			// Keep what is there, outside, so that a sweep could reach it.
			p := filepath.Join(dir, filepath.FromSlash(rel))
			target := filepath.Join(outside, strings.ReplaceAll(rel, "/", "_"))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(p, target); os.IsNotExist(err) {
				err = os.Mkdir(target, 0o755)
			} else if err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, p); err != nil {
				t.Skip("no symbolic links:", err)
			}
		}
	}
	fileLink := func(name string) plant {
		return func(t *testing.T, dir, outside string, srv *feedtest.FileServer) {
			p := filepath.Join(dir, filepath.FromSlash(cachePath(srv.Link(name))))
			target := filepath.Join(outside, "canary")
			os.Remove(p)
			if err := os.Symlink(target, p); err != nil {
				t.Skip("no symbolic links:", err)
			}
		}
	}
	fanOut := func(name string) func(srv *feedtest.FileServer) string {
		return func(srv *feedtest.FileServer) string { return path.Dir(cachePath(srv.Link(name))) }
	}
	cases := []struct {
		name   string
		first  bool   // plant before the first pull (else between the first and a second that sweeps)
		rel    string // a folder to replace by a link out, or
		fanOut func(*feedtest.FileServer) string
		file   string // a served file whose cached copy becomes a link out
		// fanOutRecord: fanOut is a folder of records
		fanOutRecord bool
	}{
		{name: "files/ before the first pull", first: true, rel: "files"},
		{name: ".cse/ before the first pull", first: true, rel: ".cse"},
		{name: ".cse/entries/ before the first pull", first: true, rel: ".cse/entries"},
		{name: "fan-out folder of the root before the first pull", first: true, fanOut: fanOut("root.xml")},
		{name: "files/ before a sweep", rel: "files"},
		{name: ".cse/ before a sweep", rel: ".cse"},
		{name: "fan-out folder of a swept file", fanOut: fanOut("photos/b.jpg")},
		{name: "fan-out folder of a swept record", fanOutRecord: true, fanOut: func(srv *feedtest.FileServer) string { return path.Dir(entryPath(srv.Link("photos/b.jpg"))) }},
		{name: "swept file is a link", file: "photos/b.jpg"},
		{name: "rewritten file is a link", file: "root.xml"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t, files)
			sandbox := t.TempDir()
			dir, outside := filepath.Join(sandbox, "cache"), filepath.Join(sandbox, "outside")
			writeTree(t, outside, map[string][]byte{"canary": []byte("canary")})
			plantIt := func() {
				switch {
				case tc.file != "":
					fileLink(tc.file)(t, dir, outside, srv)
				case tc.fanOut != nil:
					dirLink(tc.fanOut(srv))(t, dir, outside, srv)
				default:
					dirLink(tc.rel)(t, dir, outside, srv)
				}
			}
			if tc.first {
				os.MkdirAll(dir, 0o755)
				plantIt()
			} else {
				pullTree(t, srv.Link("root.xml"), dir)
				plantIt()
				for name, data := range next {
					srv.Set(name, data)
				}
			}
			before := snapshot(t, outside)
			src, err := openSource(srv.Link("root.xml"))
			if err != nil {
				t.Fatal(err)
			}
			defer src.close()
			_, err = pull(context.Background(), testCache(t, dir), src, &recorder{})
			// A link out on the way to a write or a removal stops the pull,
			// saying so; a cached file that is a link is replaced or
			// removed itself.
			wantErr := tc.file == ""
			if tc.fanOutRecord && err == nil {
				wantErr = false // the pull may not need that folder again
			}
			if wantErr != (err != nil) || err != nil && !strings.Contains(err.Error(), "path escapes from parent") {
				t.Errorf("pull: %v", err)
			}
			if d := diffSnapshots(snapshot(t, outside), before); d != "" {
				t.Errorf("outside the cache changed (pull: %v):\n%s", err, d)
			}
		})
	}
}
