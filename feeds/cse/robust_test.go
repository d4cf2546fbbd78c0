package cse

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/fetch"
)

// counter is a getter that counts downloads and, once limit is reached,
// cancels the pull instead of downloading.
type counter struct {
	getter
	n, limit int
	cancel   context.CancelFunc
}

func (c *counter) get(ctx context.Context, u *url.URL, cond fetch.Validators) (*fetch.Response, error) {
	if c.limit >= 0 && c.n == c.limit {
		c.cancel()
		return nil, context.Canceled
	}
	c.n++
	return c.getter.get(ctx, u, cond)
}

var errCrash = errors.New("simulated crash")

// pullStopping pulls root into dir, cancelling before download number
// stopAt+1 and crashing after write number crashAt+1 (-1: never). It
// returns how many downloads and writes happened.
func pullStopping(t *testing.T, root, dir string, stopAt, crashAt int) (downloads, writes int) {
	t.Helper()
	src, err := openSource(root)
	if err != nil {
		t.Fatal(err)
	}
	defer src.close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g := &counter{getter: src.tr, limit: stopAt, cancel: cancel}
	c := testCache(t, dir)
	c.wrote = func(string) error {
		writes++
		if writes-1 == crashAt {
			return errCrash
		}
		return nil
	}
	rep := &recorder{}
	s := newSyncer(c, g, rep)
	err = c.claim(root)
	if err == nil {
		s.queue = []*job{{url: mustParse(t, root), nested: true}}
		err = s.run(ctx)
	}
	if err == nil && s.failed == 0 {
		err = sweep(c, root, rep)
	}
	if err != nil && !errors.Is(err, errCrash) && !errors.Is(err, context.Canceled) {
		t.Fatalf("pull: %v", err)
	}
	return g.n, writes
}

func mustParse(t *testing.T, raw string) *url.URL {
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// copyDir copies a snapshot into a new folder.
func copyDir(t *testing.T, snap map[string]string) string {
	dir := t.TempDir()
	files := map[string][]byte{}
	for k, v := range snap {
		files[k] = []byte(v)
	}
	writeTree(t, dir, files)
	return dir
}

// TestPullInterrupted covers the spec's "Algorithm assumptions" not
// holding ("Once the sync process starts, it runs to completion"): a pull
// cancelled before each of its downloads, or crashing after each of its
// writes, and then run again, ends in the same cache as a pull that was
// never interrupted, for a first pull and for an incremental one.
func TestPullInterrupted(t *testing.T) {
	srv := newServer(t, treeFiles(t))
	root := srv.Link("root.xml")
	empty := map[string]string{}
	first := copyDir(t, empty)
	pullTree(t, root, first)
	afterFirst := snapshot(t, first)
	changed := changeStory3(t)

	cases := []struct {
		name  string
		start map[string]string
		serve map[string][]byte
	}{
		{"first pull", empty, nil},
		{"second pull", afterFirst, changed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for name, data := range tc.serve {
				srv.Set(name, data)
			}
			clean := copyDir(t, tc.start)
			downloads, writes := pullStopping(t, root, clean, -1, -1)
			want := snapshot(t, clean)
			t.Logf("%d downloads and %d writes to interrupt", downloads, writes)
			for k := 0; k <= downloads; k++ {
				t.Run(fmt.Sprintf("cancelled before download %d", k+1), func(t *testing.T) {
					t.Parallel()
					checkResume(t, root, tc.start, want, k, -1)
				})
			}
			for n := 0; n <= writes; n++ {
				t.Run(fmt.Sprintf("crashed after write %d", n+1), func(t *testing.T) {
					t.Parallel()
					checkResume(t, root, tc.start, want, -1, n)
				})
			}
		})
	}
}

// checkResume interrupts a pull from start, runs it again, and compares
// the cache with want.
func checkResume(t *testing.T, root string, start, want map[string]string, stopAt, crashAt int) {
	t.Helper()
	dir := copyDir(t, start)
	pullStopping(t, root, dir, stopAt, crashAt)
	pullStopping(t, root, dir, -1, -1)
	if d := diffSnapshots(snapshot(t, dir), want); d != "" {
		t.Errorf("resumed pull ends in another cache:\n%s", d)
	}
}

// TestPullDeletedFile covers the assumption "Data is not deleted from the
// cache by another process" not holding: a cached file or cached nested
// feed deleted behind feedsync's back is downloaded again, and nothing else.
func TestPullDeletedFile(t *testing.T) {
	cases := []struct {
		name, deleted string
	}{
		{"file three levels down", "news/img/s1.jpg"},
		{"nested feed", "news/day1.xml"},
		{"file of the root", "photos/b.jpg"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t, treeFiles(t))
			dir := t.TempDir()
			pullTree(t, srv.Link("root.xml"), dir)
			want := snapshot(t, dir)
			srv.Requests()
			if err := os.Remove(filepath.Join(dir, cachePath(srv.Link(tc.deleted)))); err != nil {
				t.Fatal(err)
			}
			pullTree(t, srv.Link("root.xml"), dir)
			if got, wantReq := srv.Requests(), prefixed("root.xml", tc.deleted); !slices.Equal(got, wantReq) {
				t.Errorf("requests = %q, want %q", got, wantReq)
			}
			if d := diffSnapshots(snapshot(t, dir), want); d != "" {
				t.Errorf("cache after the pull:\n%s", d)
			}
		})
	}
}

// TestPullFailedDownload covers the "robust implementation" note: a
// download that fails leaves the previous cached copy intact, is reported,
// and the sync goes on; the next pull retries it.
func TestPullFailedDownload(t *testing.T) {
	srv := newServer(t, treeFiles(t))
	dir := t.TempDir()
	root := srv.Link("root.xml")
	pullTree(t, root, dir)
	for name, data := range changeStory3(t) {
		srv.Set(name, data)
	}
	srv.Set("news/story3.html", []byte("story three, new text\n"))
	srv.Fail("news/story3.jpg", http.StatusInternalServerError)

	s, rep := pullTree(t, root, dir)
	if s.failed != 1 || !strings.Contains(rep.text(), srv.Link("news/story3.jpg")+": HTTP 500") {
		t.Errorf("failed = %d, report %q", s.failed, rep.text())
	}
	if got := cachedContent(t, dir, srv.Link("news/story3.jpg")); got != "story three image\n" {
		t.Errorf("old copy of story3.jpg replaced by %q", got)
	}
	if got := cachedContent(t, dir, srv.Link("news/story3.html")); got != "story three, new text\n" {
		t.Errorf("the rest of the sync did not go on: story3.html = %q", got)
	}

	srv.Fail("news/story3.jpg", 0)
	srv.Requests()
	s, rep = pullTree(t, root, dir)
	if s.failed != 0 || cachedContent(t, dir, srv.Link("news/story3.jpg")) != "story three, new image\n" {
		t.Errorf("retry: failed %d, %s", s.failed, rep.text())
	}
	want := prefixed("root.xml", "news/index.xml", "news/day2.xml", "news/story3.html", "news/story3.jpg")
	if got := srv.Requests(); !slices.Equal(got, want) {
		t.Errorf("retry requests = %q, want %q", got, want)
	}
}

// TestPullMalformedFeed covers a nested feed that fails to parse: it is
// reported as url:line:col, its previous copy stays, and the rest of the
// tree is synced.
func TestPullMalformedFeed(t *testing.T) {
	srv := newServer(t, treeFiles(t))
	dir := t.TempDir()
	root := srv.Link("root.xml")
	pullTree(t, root, dir)
	oldDay1 := cachedContent(t, dir, srv.Link("news/day1.xml"))
	changed := changeStory3(t)
	for name, data := range changed {
		srv.Set(name, data)
	}
	index := strings.Replace(string(changed["news/index.xml"]), "<guid>day1</guid>", "<guid>day1</guid><x>", 1)
	srv.Set("news/index.xml", []byte(index))

	s, rep := pullTree(t, root, dir)
	want := srv.Link("news/index.xml") + ":12:5: x: <x> opened at 7:24 is closed by </item>"
	if s.failed != 1 || rep.text() != want {
		t.Errorf("report = %q, want %q", rep.text(), want)
	}
	if slices.Contains(rep.fetchedURLs, srv.Link("news/index.xml")) {
		t.Errorf("index.xml, which does not parse and is not saved, is reported fetched as well as failed: %q", rep.fetchedURLs)
	}
	if got := cachedContent(t, dir, srv.Link("news/index.xml")); got != string(treeFiles(t)["news/index.xml"]) {
		t.Errorf("previous copy of index.xml replaced by %q", got)
	}
	if got := cachedContent(t, dir, srv.Link("news/day1.xml")); got != oldDay1 {
		t.Errorf("day1.xml changed to %q", got)
	}
}

// TestPullLocalMissingFile checks how a file missing from a local tree is
// reported: the link's URL and what is wrong, as for a download that
// failed, without the name of the system call that found it.
func TestPullLocalMissingFile(t *testing.T) {
	src := t.TempDir()
	writeTree(t, src, treeFiles(t))
	if err := os.Remove(filepath.Join(src, "photos", "a.jpg")); err != nil {
		t.Fatal(err)
	}
	s, rep := pullTree(t, filepath.Join(src, "root.xml"), t.TempDir())
	u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(src, "photos", "a.jpg"))}).String()
	if want := u + ": no such file or directory"; s.failed != 1 || rep.text() != want {
		t.Errorf("report = %q, want %q", rep.text(), want)
	}
}

// TestPullCheckpoints covers issue 13 item 9: a feed's record, which holds
// all its items, was rewritten and synced as each item completed, which
// made a pull quadratic in the items of a feed. It is now written at most
// once a second while items complete (and when the feed is done), so a
// crash loses at most a second of records, whose items the next pull
// downloads again.
func TestPullCheckpoints(t *testing.T) {
	root := flatTree(t, 40)
	cases := []struct {
		name     string
		step     time.Duration // how far the clock moves each time it is read
		min, max int           // items the feed's record holds after the crash
	}{
		{"frozen clock: written only when the feed is done", 0, 0, 0},
		{"a second each time: written after every item", time.Second, 29, 30},
		{"a quarter of a second each time: every few items", time.Second / 4, 10, 28},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src, err := openSource(root)
			if err != nil {
				t.Fatal(err)
			}
			defer src.close()
			c := testCache(t, t.TempDir())
			crashAt := cachePath(fileURL(filepath.Join(filepath.Dir(root), "f", "30.txt")).String())
			c.wrote = func(rel string) error {
				if rel == crashAt {
					return errCrash
				}
				return nil
			}
			s := newSyncer(c, src.tr, &recorder{})
			clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			s.now = func() time.Time { clock = clock.Add(tc.step); return clock }
			if err := c.claim(src.root.String()); err != nil {
				t.Fatal(err)
			}
			s.queue = []*job{{url: src.root, nested: true}}
			if err := s.run(context.Background()); !errors.Is(err, errCrash) {
				t.Fatalf("run: %v", err)
			}
			rec := c.load(src.root.String())
			if rec == nil || len(rec.Synced) < tc.min || len(rec.Synced) > tc.max {
				t.Errorf("record holds %v items, want %d to %d", rec, tc.min, tc.max)
			}
		})
	}
}

// TestCachedCopyVerified covers a cached file whose content was lost while
// its record survived (writes are made durable in groups, so a crash of
// the system can do that): its size is right but its SHA-256 is not, so
// when the server answers 304 Not Modified the copy is not trusted but
// downloaded again.
func TestCachedCopyVerified(t *testing.T) {
	srv := newServer(t, treeFiles(t))
	dir := t.TempDir()
	pullTree(t, srv.Link("root.xml"), dir)
	story := filepath.Join(dir, filepath.FromSlash(cachePath(srv.Link("news/story3.html"))))
	good, err := os.ReadFile(story)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(story, make([]byte, len(good)), 0o644); err != nil {
		t.Fatal(err)
	}
	// story3 becomes newer, so its links are requested, conditionally.
	for name, data := range changeStory3(t) {
		if name != "news/story3.jpg" {
			srv.Set(name, data)
		}
	}
	srv.Requests()
	s, rep := pullTree(t, srv.Link("root.xml"), dir)
	if s.failed != 0 {
		t.Fatal(rep.text())
	}
	if got := cachedContent(t, dir, srv.Link("news/story3.html")); got != string(good) {
		t.Errorf("story3.html = %q, want %q", got, good)
	}
	if n := strings.Count(strings.Join(srv.Requests(), " "), "/news/story3.html"); n != 2 {
		t.Errorf("story3.html requested %d times, want twice (conditionally, then plainly)", n)
	}
}
