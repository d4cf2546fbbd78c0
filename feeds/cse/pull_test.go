package cse

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// firstPull is what the first pull of testdata/tree.txtar must download,
// following "Sync Algorithm": the root, every link with onDemand=false of
// every item, and nested feeds processed in turn. Not downloaded: the
// onDemand feed archive.xml, the onDemand links big.mov and video.mp4, and
// ignored.html, the second link of an item that links a nested feed.
var firstPull = prefixed(
	"root.xml", "news/index.xml", "photos/thumb.jpg", "photos/a.jpg", "photos/b.jpg",
	"promo.png", "news/day1.xml", "news/day2.xml", "img/logo.png", "news/story1.html",
	"news/img/s1.jpg", "news/story2.html", "news/story3.html", "news/story3.jpg", "news/story4.html",
)

// TestPullFirst covers "Sync Algorithm" for a feed not yet in the cache,
// the onDemand × nestedFeed table, csx:link at any depth, relative links,
// and the root link counting as nestedFeed=true, onDemand=false.
func TestPullFirst(t *testing.T) {
	srv := newServer(t, treeFiles(t))
	dir := t.TempDir()
	s, rep := pullTree(t, srv.Link("root.xml"), dir)
	if got := srv.Requests(); !slices.Equal(got, firstPull) {
		t.Errorf("requests:\n got %q\nwant %q", got, firstPull)
	}
	if s.failed != 0 || s.problems != 0 {
		t.Errorf("failed %d, problems %d: %s", s.failed, s.problems, rep.text())
	}
	for _, name := range firstPull {
		name = strings.TrimPrefix(name, "/")
		if got, want := cachedContent(t, dir, srv.Link(name)), string(treeFiles(t)[name]); got != want {
			t.Errorf("cached %s = %q, want %q", name, got, want)
		}
	}
}

// TestPullUnchanged covers "Sync Algorithm" for a feed that is not newer
// than its cached copy: only the root is requested.
func TestPullUnchanged(t *testing.T) {
	srv := newServer(t, treeFiles(t))
	dir := t.TempDir()
	pullTree(t, srv.Link("root.xml"), dir)
	srv.Requests()
	before := snapshot(t, dir)
	pullTree(t, srv.Link("root.xml"), dir)
	if got, want := srv.Requests(), prefixed("root.xml"); !slices.Equal(got, want) {
		t.Errorf("requests = %q, want %q", got, want)
	}
	if d := diffSnapshots(snapshot(t, dir), before); d != "" {
		t.Errorf("an unchanged pull changed the cache:\n%s", d)
	}
}

// TestPullSecond covers "Sync Algorithm" for a feed newer than its cached
// copy, with dates stamped as "Propagating the lastBuildDate to parent
// feeds" says: only the changed item's links, and the feeds on its path,
// are downloaded.
func TestPullSecond(t *testing.T) {
	srv := newServer(t, treeFiles(t))
	dir := t.TempDir()
	pullTree(t, srv.Link("root.xml"), dir)
	srv.Requests()
	for name, data := range changeStory3(t) {
		srv.Set(name, data)
	}
	s, rep := pullTree(t, srv.Link("root.xml"), dir)
	want := prefixed("root.xml", "news/index.xml", "news/day2.xml", "news/story3.html", "news/story3.jpg")
	if got := srv.Requests(); !slices.Equal(got, want) {
		t.Errorf("requests:\n got %q\nwant %q", got, want)
	}
	if s.failed != 0 || s.problems != 0 {
		t.Errorf("failed %d, problems %d: %s", s.failed, s.problems, rep.text())
	}
	if got := cachedContent(t, dir, srv.Link("news/story3.jpg")); got != "story three, new image\n" {
		t.Errorf("story3.jpg = %q", got)
	}
}

// changeStory3 updates story3's image and date in a copy of the tree and
// stamps it, returning the files that changed.
func changeStory3(t *testing.T) map[string][]byte {
	t.Helper()
	files := treeFiles(t)
	files["news/story3.jpg"] = []byte("story three, new image\n")
	files["news/day2.xml"] = []byte(strings.Replace(string(files["news/day2.xml"]),
		"<csx:lastBuildDate>Wed, 04 Oct 2006 06:00:00 GMT</csx:lastBuildDate>\n      <csx:link>story3.html",
		"<csx:lastBuildDate>Thu, 05 Oct 2006 06:00:00 GMT</csx:lastBuildDate>\n      <csx:link>story3.html", 1))
	return stampedCopy(t, files, "news/story3.jpg", "news/day2.xml")
}

// stampedCopy writes files to a folder, stamps root.xml there, and returns
// the files stamp changed together with the names in also.
func stampedCopy(t *testing.T, files map[string][]byte, also ...string) map[string][]byte {
	t.Helper()
	dir := t.TempDir()
	writeTree(t, dir, files)
	changed, problems, err := stamp(filepath.Join(dir, "root.xml"))
	if err != nil || len(problems) > 0 {
		t.Fatalf("stamp: %v %v", err, problems)
	}
	out := map[string][]byte{}
	for _, name := range also {
		out[name] = files[name]
	}
	for _, p := range changed {
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.ToSlash(rel)] = data
	}
	return out
}

// TestPullLocalTree covers pulling a tree of local files: the same
// downloads as over HTTP, read from the root's folder.
func TestPullLocalTree(t *testing.T) {
	src := t.TempDir()
	writeTree(t, src, treeFiles(t))
	dir := t.TempDir()
	s, rep := pullTree(t, filepath.Join(src, "root.xml"), dir)
	if s.failed != 0 || s.problems != 0 {
		t.Fatalf("failed %d, problems %d: %s", s.failed, s.problems, rep.text())
	}
	if got, want := len(rep.fetchedURLs), len(firstPull); got != want {
		t.Errorf("fetched %d files, want %d: %q", got, want, rep.fetchedURLs)
	}
	s2, rep2 := pullTree(t, filepath.Join(src, "root.xml"), dir)
	if s2.failed != 0 || len(rep2.fetchedURLs) != 0 {
		t.Errorf("second local pull fetched %q", rep2.fetchedURLs)
	}
}

// TestPullUnstampedChange covers the warning in "<csx:lastBuildDate>
// element as a child of RSS <item>": an item changed without propagating
// its date is not seen ("sync consistency cannot be guaranteed"), and the
// pull must not record it as synced either, so that it is downloaded once
// the dates are stamped.
func TestPullUnstampedChange(t *testing.T) {
	srv := newServer(t, treeFiles(t))
	dir := t.TempDir()
	pullTree(t, srv.Link("root.xml"), dir)
	files := treeFiles(t)
	files["news/story4.html"] = []byte("story four, changed\n")
	files["news/day2.xml"] = []byte(strings.Replace(string(files["news/day2.xml"]),
		"<csx:lastBuildDate>Tue, 03 Oct 2006 06:00:00 GMT</csx:lastBuildDate>\n      <csx:link>story4.html",
		"<csx:lastBuildDate>Fri, 06 Oct 2006 06:00:00 GMT</csx:lastBuildDate>\n      <csx:link>story4.html", 1))
	srv.Set("news/story4.html", files["news/story4.html"])
	srv.Set("news/day2.xml", files["news/day2.xml"])
	srv.Requests()

	pullTree(t, srv.Link("root.xml"), dir)
	if got, want := srv.Requests(), prefixed("root.xml"); !slices.Equal(got, want) {
		t.Errorf("unstamped: requests = %q, want %q", got, want)
	}
	for name, data := range stampedCopy(t, files) {
		srv.Set(name, data)
	}
	pullTree(t, srv.Link("root.xml"), dir)
	want := prefixed("root.xml", "news/index.xml", "news/day2.xml", "news/story4.html")
	if got := srv.Requests(); !slices.Equal(got, want) {
		t.Errorf("stamped: requests = %q, want %q", got, want)
	}
	if got := cachedContent(t, dir, srv.Link("news/story4.html")); got != "story four, changed\n" {
		t.Errorf("story4.html = %q", got)
	}
}

// TestFetchWithRefusedLinks guards issue 13 item 2: fetch walks the cached
// tree, and a tree holding a link feedsync refuses (another scheme, a path
// leaving the tree) made it dereference a nil URL. The refused link is
// skipped, an on-demand link beside it is fetched, and asking for the
// refused one says why it is refused.
func TestFetchWithRefusedLinks(t *testing.T) {
	site := t.TempDir()
	writeTree(t, site, map[string][]byte{
		"root.xml": rss(`<item><guid>a</guid><k:link>ftp://example.com/x</k:link></item>` +
			`<item><guid>b</guid><k:link>../outside.txt</k:link></item>` +
			`<item><guid>c</guid><k:link onDemand="true">ok.txt</k:link></item>`),
		"ok.txt": []byte("ok"),
	})
	dir := t.TempDir()
	pullTree(t, filepath.Join(site, "root.xml"), dir)
	c := testCache(t, dir)
	src, err := reopenSource(c)
	if err != nil {
		t.Fatal(err)
	}
	defer src.close()
	root, _ := c.root()
	rep := &recorder{}
	if _, err := fetchLink(context.Background(), c, src, "ok.txt", rep); err != nil || len(rep.fetchedURLs) != 1 {
		t.Fatalf("fetch ok.txt: %v, fetched %q", err, rep.fetchedURLs)
	}
	if got := cachedContent(t, dir, fileURL(filepath.Join(site, "ok.txt")).String()); got != "ok" {
		t.Errorf("ok.txt = %q", got)
	}
	for link, want := range map[string]error{"ftp://example.com/x": ErrScheme, "../outside.txt": ErrOutside} {
		if _, err := findLink(c, root, link); !errors.Is(err, want) {
			t.Errorf("findLink(%q) = %v, want %v", link, err, want)
		}
	}
}
