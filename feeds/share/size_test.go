package share

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// setLimit lowers the size limit of a feed for a test, so that it stays
// small.
func setLimit(t testing.TB, n int64) {
	atomicfile.SetMaxBytes(n)
	t.Cleanup(func() { atomicfile.SetMaxBytes(atomicfile.MaxBytes) })
}

// bigPost is a feed of kind holding n new items named prefix0…, each
// with a title of size bytes.
func bigPost(t testing.TB, kind, prefix string, n, size int) []byte {
	f := mustParse(t, "post", []byte(emptyFeeds[kind]))
	title := strings.Repeat("x", size)
	for i := range n {
		if err := create(fmt.Sprintf("%s%d", prefix, i), title)(f, stamp{"P", t0}); err != nil {
			t.Fatal(err)
		}
	}
	return f.Bytes()
}

// A POST that would take the hub's feed past the size limit is refused
// with 413, naming the limit, before it changes anything: the feed stays
// readable by the hub (GET), by a fold (FEED on disk within the limit) and
// by a restarted hub. Before, five POSTs of 60 MiB under --max-body were
// each answered 200, every fold then failed ("larger than 256 MiB"), and
// pull and sync exited 2 (issue 29 item 4). Here the limit is 1 MiB and
// the POSTs about 300 KiB.
func TestHubRefusesAPostPastTheSizeLimit(t *testing.T) {
	setLimit(t, 1<<20)
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			defer setFoldIdle(time.Hour)()
			th := startHub(t, kind, Options{})
			var took, refused int
			for _, p := range []string{"a", "b", "c", "d", "e"} {
				code, _, body := th.do("POST", "/", bigPost(t, kind, p, 300, 1000))
				switch code {
				case http.StatusOK:
					took++
				case http.StatusRequestEntityTooLarge:
					refused++
					if !strings.Contains(string(body), "1 MiB") {
						t.Errorf("POST %s: 413 %q, want the limit named", p, body)
					}
				default:
					t.Fatalf("POST %s: %d %s", p, code, body)
				}
			}
			if took < 2 || refused == 0 {
				t.Fatalf("%d POSTs taken, %d refused: want the ones that fit taken, the others refused", took, refused)
			}
			code, _, body := th.do("GET", "/", nil)
			if code != 200 || int64(len(body)) > atomicfile.Limit() {
				t.Fatalf("GET: %d, %d bytes, past the limit", code, len(body))
			}
			want := ids(mustParse(t, "GET", body))
			th.stop()
			snap, err := atomicfile.Read(th.path)
			if err != nil {
				t.Fatalf("FEED after the fold: %v", err)
			}
			if got := ids(mustParse(t, th.path, snap.Data)); got != want {
				t.Errorf("FEED holds %d bytes of items, not what the hub served", len(got))
			}
			th.start(Options{})
			if code, _, _ := th.do("GET", "/", nil); code != 200 {
				t.Fatalf("GET of the restarted hub: %d", code)
			}
			e := th.endpoint("E")
			e.pull()
		})
	}
}

// The running size stays an upper bound of FEED's size as a fold writes
// it, up to the headroom, and no more than a little above it, POST after
// POST (new items, changes, conflicts, deletions): the check of each POST
// rests on it. After a fold it is exact.
func TestHubRunningSizeFollowsTheFeed(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			defer setFoldIdle(time.Hour)()
			th := startHub(t, kind, Options{})
			a, b := th.endpoint("A"), th.endpoint("B")
			a.sync()
			b.sync()
			for round := range 12 {
				id := fmt.Sprintf("i%d", round%5)
				for _, e := range []*endpoint{a, b} { // both edit, then both sync: conflicts
					title := strings.Repeat(e.by, 10+round*37%200)
					if _, err := e.feed().Entry(id); err != nil {
						e.edit(create(id, title))
					} else {
						e.edit(edit(id, title, round%7 == 6))
					}
				}
				if kind == "sse-opml" && round > 0 { // nested outlines, and a move
					parent := fmt.Sprintf("i%d", (round-1)%5)
					a.edit(createUnder(fmt.Sprintf("c%d", round), "child", parent))
					if round > 2 {
						b.edit(moveUnder(fmt.Sprintf("c%d", round-2), fmt.Sprintf("c%d", round-1)))
					}
				}
				for _, e := range []*endpoint{a, b} {
					e.sync()
					th.hub.mu.Lock()
					running, actual := th.hub.size, int64(len(th.hub.doc.Bytes()))
					th.hub.mu.Unlock()
					if d := actual - running; d > atomicfile.Limit()-FeedCap() || d < -1024 {
						t.Errorf("round %d, %s: running size %d, the feed %d", round, e.by, running, actual)
					}
				}
			}
			if th.hub.doc.Conflicted() == 0 {
				t.Error("no conflicts: the test does not measure them")
			}
			foldHub(t, th.path)
			info, _ := os.Stat(th.path)
			th.hub.mu.Lock()
			defer th.hub.mu.Unlock()
			if th.hub.size != info.Size() {
				t.Errorf("after a fold the running size is %d, FEED %d bytes", th.hub.size, info.Size())
			}
		})
	}
}

// createUnder creates an OPML outline under parent, when it is there.
func createUnder(id, title, parent string) change {
	return func(f feed, st stamp) error {
		if p, err := f.Entry(parent); err != nil || p.Winner().Deleted() {
			return nil
		}
		e, err := f.Create(id, engine.Stamp{When: st.when, By: st.by}, dialect.Change{Edit: dialect.Edit{Title: &title}, Parent: &parent})
		if err == nil {
			f.Set(e)
		}
		return err
	}
}

// moveUnder moves an OPML outline under parent, when both are there.
func moveUnder(id, parent string) change {
	return func(f feed, st stamp) error {
		e, err := f.Entry(id)
		if p, perr := f.Entry(parent); err != nil || perr != nil || p.Winner().Deleted() || e.Winner().Deleted() {
			return nil
		}
		up, err := f.Update(e, engine.Stamp{When: st.when, By: st.by}, dialect.Change{Parent: &parent}, dialect.Options{})
		if err == nil {
			f.Set(up)
		}
		return err
	}
}
