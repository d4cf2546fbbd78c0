package cse

import (
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSweep covers "Item deletion and cache clean up": files of deleted
// items are removed from the cache, but not while another item still
// references them, and not after a pull in which a download failed.
func TestSweep(t *testing.T) {
	files := treeFiles(t)
	// promo links photos/a.jpg too, so a.jpg has two referencing items.
	files["root.xml"] = []byte(strings.Replace(string(files["root.xml"]),
		"<csx:link>promo.png</csx:link>", "<csx:link>promo.png</csx:link><csx:link>photos/a.jpg</csx:link>", 1))
	next := withoutPhotos(t, files)

	cases := []struct {
		name        string
		failing     string
		wantRemoved []string
	}{
		{"deleted item", "", []string{"photos/b.jpg", "photos/thumb.jpg"}},
		{"pull with a failed download", "promo.png", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t, files)
			dir := t.TempDir()
			pullTree(t, srv.Link("root.xml"), dir)
			shared := 0
			for _, r := range srv.Requests() {
				if r == "/photos/a.jpg" {
					shared++
				}
			}
			if shared != 1 {
				t.Errorf("a file two items link was requested %d times, want once", shared)
			}
			for name, data := range next {
				srv.Set(name, data)
			}
			if tc.failing != "" {
				srv.Fail(tc.failing, http.StatusInternalServerError)
			}
			_, rep := pullTree(t, srv.Link("root.xml"), dir)
			var removed []string
			for _, u := range rep.removedURLs {
				removed = append(removed, strings.TrimPrefix(u, srv.URL+"/"))
			}
			slices.Sort(removed)
			if !slices.Equal(removed, tc.wantRemoved) {
				t.Errorf("removed %q, want %q", removed, tc.wantRemoved)
			}
			for _, name := range tc.wantRemoved {
				if _, err := os.Stat(filepath.Join(dir, cachePath(srv.Link(name)))); !os.IsNotExist(err) {
					t.Errorf("%s still in the cache", name)
				}
			}
			cachedContent(t, dir, srv.Link("photos/a.jpg"))
			for p := range snapshot(t, dir) {
				if !safeRelPath.MatchString(p) {
					t.Errorf("cache holds a stray %s", p)
				}
			}
		})
	}
}

// withoutPhotos deletes the photos item from the root, touches promo (a
// deletion must come with a newer date for subscribers to see it), and
// stamps the tree.
func withoutPhotos(t *testing.T, files map[string][]byte) map[string][]byte {
	t.Helper()
	root := string(files["root.xml"])
	start := strings.Index(root, "    <item>\n      <guid>photos</guid>")
	end := strings.Index(root, "    <item csx:hiddenItem")
	root = root[:start] + root[end:]
	root = strings.Replace(root, "<guid>promo</guid>\n      <title>Promo</title>\n      <csx:lastBuildDate>Mon, 02 Oct 2006",
		"<guid>promo</guid>\n      <title>Promo</title>\n      <csx:lastBuildDate>Fri, 06 Oct 2006", 1)
	changed := map[string][]byte{}
	for k, v := range files {
		changed[k] = v
	}
	changed["root.xml"] = []byte(root)
	return stampedCopy(t, changed, "root.xml")
}

// TestSweepStrays covers leftovers of a crash: a file written without its
// record, and temporary files, are removed by the next complete pull.
func TestSweepStrays(t *testing.T) {
	srv := newServer(t, treeFiles(t))
	dir := t.TempDir()
	pullTree(t, srv.Link("root.xml"), dir)
	want := snapshot(t, dir)
	strays := map[string][]byte{
		"files/00/" + strings.Repeat("0", 32) + "-orphan.jpg": []byte("no record"),
		"files/ab/.x.tmp-123":             []byte("half written"),
		".cse/entries/ab/.y.json.tmp-456": []byte("{"),
	}
	writeTree(t, dir, strays)
	pullTree(t, srv.Link("root.xml"), dir)
	if d := diffSnapshots(snapshot(t, dir), want); d != "" {
		t.Errorf("strays left:\n%s", d)
	}
}
