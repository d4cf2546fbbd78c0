package resolver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine/sse"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// ssePair merges an SSE 0.91 pair of testdata/sse: "rss" or "opml".
func ssePair(t testing.TB, pair string) *ssefeed.Doc {
	t.Helper()
	var docs [2]*ssefeed.Doc
	for i, side := range []string{"local", "remote"} {
		name := filepath.Join("testdata", "sse", pair+"-"+side+".xml")
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if docs[i], err = ssefeed.Parse(side+".xml", b); err != nil {
			t.Fatal(err)
		}
	}
	doc, err := ssefeed.Merge(docs[0], docs[1])
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// newSSEHarness opens the resolver on a merged SSE 0.91 pair.
func newSSEHarness(t testing.TB, pair string, w, h int) *harness {
	t.Helper()
	return newDocHarness(t, SSE(ssePair(t, pair)), w, h)
}

// sseItem returns the current state of an SSE 0.91 item by id.
func (hs *harness) sseItem(id string) *sse.Item {
	hs.t.Helper()
	return hs.m.st.entry(hs.pos(id)).(sseEntry).it
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

// sseHist renders an SSE 0.91 history, sx:history first, as "by when".
func sseHist(it *sse.Item) string {
	out := []string{stampText(it.History.Stamp())}
	for _, u := range it.History.Updates {
		out = append(out, stampText(u))
	}
	return strings.Join(out, "; ")
}

func stampText(st sse.Stamp) string { return st.By + " " + st.When.UTC().Format(time.RFC3339) }

// sseWant describes an SSE 0.91 item as §4.2 and §5 say it must be.
type sseWant struct {
	version   int
	deleted   bool
	history   string // as sseHist renders it
	title     string
	conflicts int  // sx:conflict records
	flag      bool // the conflict attribute
}

func (w sseWant) check(t *testing.T, it *sse.Item) {
	t.Helper()
	if it.Version != w.version || it.Deleted != w.deleted || len(it.Conflicts) != w.conflicts || it.Conflict != w.flag {
		t.Errorf("version %d deleted %v conflicts %d flag %v, want %d %v %d %v",
			it.Version, it.Deleted, len(it.Conflicts), it.Conflict, w.version, w.deleted, w.conflicts, w.flag)
	}
	if got := sseHist(it); got != w.history {
		t.Errorf("history\n got %s\nwant %s", got, w.history)
	}
	if got := ssefeed.Title(it.Data); got != w.title {
		t.Errorf("title %q, want %q", got, w.title)
	}
}
