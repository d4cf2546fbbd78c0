package cse

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// readArchive reads a txtar archive below testdata.
func readArchive(t *testing.T, path string) feedtest.Archive {
	t.Helper()
	return feedtest.ReadArchive(t, path)
}

// treeFiles is testdata/tree.txtar.
func treeFiles(t *testing.T) map[string][]byte {
	files := map[string][]byte{}
	for name, data := range readArchive(t, "tree.txtar").Files {
		files[name] = []byte(data)
	}
	return files
}

// writeTree writes files below dir.
func writeTree(t testing.TB, dir string, files map[string][]byte) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// newServer serves files on loopback until the test ends.
func newServer(t *testing.T, files map[string][]byte) *feedtest.FileServer {
	return feedtest.NewFileServer(t, files)
}

// recorder is a Reporter that keeps every line.
type recorder struct {
	fetchedURLs []string
	lines       []string
	removedURLs []string
}

func (r *recorder) Start(string)               {}
func (r *recorder) Fetched(u string, _ int64)  { r.fetchedURLs = append(r.fetchedURLs, u) }
func (r *recorder) Unchanged(string)           {}
func (r *recorder) Failed(u string, err error) { r.lines = append(r.lines, describe(u, err)) }
func (r *recorder) Problem(p feeds.Problem)    { r.lines = append(r.lines, p.String()) }
func (r *recorder) Removed(u string)           { r.removedURLs = append(r.removedURLs, u) }
func (r *recorder) text() string               { return strings.Join(r.lines, "\n") }

// pullTree pulls root into dir and fails the test on a fatal error.
func pullTree(t *testing.T, root, dir string) (*syncer, *recorder) {
	t.Helper()
	src, err := openSource(root)
	if err != nil {
		t.Fatal(err)
	}
	defer src.close()
	rep := &recorder{}
	c := testCache(t, dir)
	s, err := pull(context.Background(), c, src, rep)
	if err != nil {
		t.Fatalf("pull: %v", err)
	}
	return s, rep
}

// snapshot reads every file below dir, keyed by slash-separated path.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// diffSnapshots describes how two snapshots differ, or returns "".
func diffSnapshots(got, want map[string]string) string {
	var b bytes.Buffer
	for _, k := range slices.Sorted(mapsKeys(got, want)) {
		g, gok := got[k]
		w, wok := want[k]
		switch {
		case !gok:
			fmt.Fprintf(&b, "missing %s\n", k)
		case !wok:
			fmt.Fprintf(&b, "extra %s\n", k)
		case g != w:
			fmt.Fprintf(&b, "%s differs:\n got: %s\nwant: %s\n", k, g, w)
		}
	}
	return b.String()
}

func mapsKeys(ms ...map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		seen := map[string]bool{}
		for _, m := range ms {
			for k := range m {
				if !seen[k] && !yield(k) {
					return
				}
				seen[k] = true
			}
		}
	}
}

// cachedContent returns the cached bytes of u in dir.
func cachedContent(t *testing.T, dir, u string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(cachePath(u))))
	if err != nil {
		t.Fatalf("cached copy of %s: %v", u, err)
	}
	return string(data)
}

// prefixed returns names with "/" in front, sorted.
func prefixed(names ...string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "/" + n
	}
	slices.Sort(out)
	return out
}

// testCache opens the cache directory dir, creating it, until the test ends.
func testCache(t testing.TB, dir string) *cache {
	t.Helper()
	c, err := openCache(dir, true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.close)
	return c
}

// describe is "place: message", or "place:line:col: element: message" for
// each problem of a feed that does not parse.
func describe(place string, err error) string {
	return errorProblems(place, err).Error()
}
