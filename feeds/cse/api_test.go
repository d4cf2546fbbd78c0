package cse

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds"
)

// events is a Reporter that records every call, in order.
type events []string

func (e *events) Start(u string)            { *e = append(*e, "start "+u) }
func (e *events) Fetched(u string, n int64) { *e = append(*e, fmt.Sprintf("fetched %s %d", u, n)) }
func (e *events) Unchanged(u string)        { *e = append(*e, "unchanged "+u) }
func (e *events) Removed(u string)          { *e = append(*e, "removed "+u) }
func (e *events) Failed(u string, err error) {
	*e = append(*e, "failed "+describe(u, err))
}
func (e *events) Problem(p feeds.Problem) { *e = append(*e, "problem "+p.String()) }

// TestAPI covers the library's entry points as a front end uses them:
// Pull reports each download to the Reporter and counts it in the Summary;
// List gives the cached tree as data; Fetch downloads an on-demand link;
// and the errors a front end tells apart are the exported ones.
func TestAPI(t *testing.T) {
	srv := newServer(t, treeFiles(t))
	dir := filepath.Join(t.TempDir(), "cache")
	var ev events
	sum, err := Pull(context.Background(), srv.Link("root.xml"), dir, &ev)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Summary{Fetched: 15, Bytes: sum.Bytes}); sum != want || sum.Bytes == 0 || sum.Attention() {
		t.Errorf("Summary = %+v", sum)
	}
	if len(ev) != 30 || ev[0] != "start "+srv.Link("root.xml") || !strings.HasPrefix(ev[1], "fetched "+srv.Link("root.xml")+" ") {
		t.Errorf("events: %q", ev)
	}

	nodes, err := List(dir)
	if err != nil {
		t.Fatal(err)
	}
	count := map[State]int{}
	for _, n := range nodes {
		if n.Kind != ItemNode {
			count[n.State]++
		}
	}
	if want := map[State]int{Cached: 15, OnDemand: 3}; !maps.Equal(count, want) || nodes[0].Kind != FeedNode || nodes[0].URL != srv.Link("root.xml") {
		t.Errorf("List states %v, want %v; first node %+v", count, want, nodes[0])
	}
	archive := slices.IndexFunc(nodes, func(n Node) bool { return n.Ref == "archive.xml" })
	if archive < 0 || nodes[archive].Kind != FeedNode || nodes[archive].State != OnDemand || nodes[archive].Size != -1 {
		t.Fatalf("archive.xml node: %+v", nodes)
	}

	sum, err = Fetch(context.Background(), dir, nodes[archive].URL, nil)
	if err != nil || sum.Fetched != 2 {
		t.Errorf("Fetch: %+v, %v", sum, err)
	}
	for _, tc := range []struct {
		name string
		err  error
		run  func() error
	}{
		{"fetch of a link no feed holds", ErrNotInTree, func() error { _, err := Fetch(context.Background(), dir, "nowhere.jpg", nil); return err }},
		{"fetch without a cache", ErrNoCache, func() error { _, err := Fetch(context.Background(), t.TempDir(), "x", nil); return err }},
		{"list without a cache", ErrNoCache, func() error { _, err := List(filepath.Join(t.TempDir(), "none")); return err }},
		{"pull of another tree", ErrOtherRoot, func() error { _, err := Pull(context.Background(), srv.Link("archive.xml"), dir, nil); return err }},
		{"pull of another scheme", ErrScheme, func() error { _, err := Pull(context.Background(), "ftp://127.0.0.1/x", dir, nil); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.run(); !errors.Is(err, tc.err) {
				t.Errorf("error %v, want %v", err, tc.err)
			}
		})
	}
}

// TestPullInterruptedAPI covers Pull stopped by its context: the error
// says so (context.Canceled) and names the cache, and what was done is
// kept for the next pull.
func TestPullInterruptedAPI(t *testing.T) {
	srv := newServer(t, treeFiles(t))
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Pull(ctx, srv.Link("root.xml"), dir, nil)
	if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), dir+": ") {
		t.Errorf("error %v", err)
	}
	if root, err := (&cache{dir: dir}).rootIn(t); err != nil || root != srv.Link("root.xml") {
		t.Errorf("root record %q, %v", root, err)
	}
}

// rootIn reads the root record of the cache at c.dir.
func (c *cache) rootIn(t *testing.T) (string, error) {
	return testCache(t, c.dir).root()
}

// TestStampUnreadableRoot covers Stamp on a root that does not parse: its
// problems are the error, each placed.
func TestStampUnreadableRoot(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string][]byte{"root.xml": []byte("<rss>\n  <channel>\n</rss>\n")})
	_, problems, err := Stamp(filepath.Join(dir, "root.xml"))
	var ps feeds.Problems
	if !errors.As(err, &ps) || len(problems) != 0 || len(ps) != 1 || ps[0].Line != 3 {
		t.Errorf("Stamp: problems %v, error %v", problems, err)
	}
}
