package resolver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// ssePair merges an SSE 0.91 pair of testdata/sse: "rss" or "opml".
func ssePair(t testing.TB, pair string) *dialect.Doc {
	t.Helper()
	var sides [2][]byte
	for i, side := range []string{"local", "remote"} {
		b, err := os.ReadFile(filepath.Join("testdata", "sse", pair+"-"+side+".xml"))
		if err != nil {
			t.Fatal(err)
		}
		sides[i] = b
	}
	doc := mergePair(t, sides[0], sides[1])
	if doc.Dialect() != dialect.SSE091 {
		t.Fatalf("%s is not SSE 0.91", pair)
	}
	return doc
}

// newSSEHarness opens the resolver on a merged SSE 0.91 pair.
func newSSEHarness(t testing.TB, pair string, w, h int) *harness {
	t.Helper()
	return newHarness(t, ssePair(t, pair), w, h)
}

// sseItem returns the current state of an item by id.
func (hs *harness) sseItem(id string) dialect.Entry {
	hs.t.Helper()
	return hs.m.st.entry(hs.pos(id))
}

// pos returns the position of the item with the given id.
func (hs *harness) pos(id string) int {
	hs.t.Helper()
	for i, e := range hs.m.st.items {
		if e.ID() == id {
			return i
		}
	}
	hs.t.Fatalf("no item %q", id)
	return -1
}

// sseHist renders an SSE 0.91 winner's history, sx:history first, as "by when".
func sseHist(e dialect.Entry) string {
	var out []string
	for _, h := range e.Winner().History() {
		out = append(out, h.By+" "+h.When.UTC().Format(time.RFC3339))
	}
	return strings.Join(out, "; ")
}

// sseWant describes an SSE 0.91 item as 0.91 §4.2 and §5 say it must be.
type sseWant struct {
	version   int
	deleted   bool
	history   string // as sseHist renders it
	title     string
	conflicts int  // sx:conflict records
	flag      bool // the conflict attribute
}

func (w sseWant) check(t *testing.T, e dialect.Entry) {
	t.Helper()
	s := e.Winner().State()
	if s.Dialect != dialect.SSE091 || s.Version != w.version || s.Deleted != w.deleted || len(e.Versions()) != w.conflicts || s.Conflict != w.flag {
		t.Errorf("%v version %d deleted %v conflicts %d flag %v, want sse-0.91 %d %v %d %v",
			s.Dialect, s.Version, s.Deleted, len(e.Versions()), s.Conflict, w.version, w.deleted, w.conflicts, w.flag)
	}
	if got := sseHist(e); got != w.history {
		t.Errorf("history\n got %s\nwant %s", got, w.history)
	}
	if got := e.Title(); got != w.title {
		t.Errorf("title %q, want %q", got, w.title)
	}
}
