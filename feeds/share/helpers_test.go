package share

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// Empty feeds of each kind, the states endpoints start from.
var emptyFeeds = map[string]string{
	"atom": `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
  <title>To do</title>
  <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0aaa</id>
  <updated>2005-05-21T11:43:33Z</updated>
</feed>
`,
	"rss": `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
  <channel>
    <title>To do</title>
  </channel>
</rss>
`,
	"sse-rss": `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
  <channel>
    <title>To do</title>
  </channel>
</rss>
`,
	"plain-rss": `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0">
  <channel>
    <title>To do</title>
  </channel>
</rss>
`,
	"plain-opml": `<?xml version="1.0" encoding="utf-8"?>
<opml version="1.0">
  <head>
    <title>Outline</title>
  </head>
  <body/>
</opml>
`,
	"sse-opml": `<?xml version="1.0" encoding="utf-8"?>
<opml version="1.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
  <head>
    <title>Outline</title>
  </head>
  <body>
  </body>
</opml>
`,
}

var t0 = time.Date(2025, 5, 21, 9, 0, 0, 0, time.UTC)

// mustParse parses a feed or fails the test.
func mustParse(t testing.TB, name string, data []byte) feed {
	t.Helper()
	f, err := parse(name, data)
	if err != nil {
		t.Fatalf("parse %s: %v\n%s", name, err, data)
	}
	return f
}

// writeFeed writes data to dir/name and returns the path.
func writeFeed(t testing.TB, dir, name, data string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// stamp is who changes an item and when.
type stamp struct {
	by   string
	when time.Time
}

// change is an edit of a feed as a person makes it.
type change func(f feed, st stamp) error

func create(id, title string) change {
	return func(f feed, st stamp) error {
		e, err := f.Create(id, engine.Stamp{When: st.when, By: st.by}, dialect.Change{Edit: dialect.Edit{Title: &title}})
		if err == nil {
			f.Set(e)
		}
		return err
	}
}

// edit sets an item's title, or deletes it when del is set.
func edit(id, title string, del bool) change {
	return func(f feed, st stamp) error {
		e, err := f.Entry(id)
		if err != nil {
			return err
		}
		c := dialect.Change{Edit: dialect.Edit{Title: &title}}
		if del {
			c = dialect.Change{Deleted: &del}
		}
		up, err := f.Update(e, engine.Stamp{When: st.when, By: st.by}, c, dialect.Options{})
		if err == nil {
			f.Set(up)
		}
		return err
	}
}

// resolve resolves an item's conflicts with the winner.
func resolve(id string) change {
	return func(f feed, st stamp) error {
		e, err := f.Entry(id)
		if err != nil {
			return err
		}
		up, err := f.Resolve(e, engine.Stamp{When: st.when, By: st.by}, dialect.Resolution{}, dialect.Options{})
		if err == nil {
			f.Set(up)
		}
		return err
	}
}

// apply makes changes to the feed file at path as another command would:
// read, changed and replaced (a new file renamed over it, no backup)
// under the file's lock, so that it never overwrites a hub's fold unseen.
func apply(t testing.TB, path string, st stamp, changes ...change) {
	t.Helper()
	lock, err := atomicfile.Acquire(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Release()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := mustParse(t, path, data)
	for _, c := range changes {
		if err := c(f, st); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path+".new", f.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(path+".new", path); err != nil {
		t.Fatal(err)
	}
}

// itemSums reads a feed file and returns its items' sync digests by id.
func itemSums(t testing.TB, path string) map[string]string {
	t.Helper()
	foldHub(t, path)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sums(mustParse(t, path, data))
}

// clock is a test clock that moves on when told; the hub reads it from
// its handlers while a test ticks it.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) tick(d time.Duration) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	return c.now
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	foldHub(t, path)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// hubs are the hubs the tests run, by the path of their feed.
var hubs sync.Map

func init() {
	hubStarted = func(h *Hub) { hubs.Store(h.path, h) }
	hubClosed = func(h *Hub) { hubs.CompareAndDelete(h.path, h) }
}

// foldHub folds the journal of the hub serving path, if one does, into
// the file, as a clean stop would: a test that reads a hub's FEED reads
// what the hub holds. The journal's own tests (journal_test.go) read
// FEED without it.
func foldHub(t testing.TB, path string) {
	t.Helper()
	if h, ok := hubs.Load(path); ok {
		if err := h.(*Hub).fold(); err != nil {
			t.Fatalf("folding the hub's journal: %v", err)
		}
	}
}
