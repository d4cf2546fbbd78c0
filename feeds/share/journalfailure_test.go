package share

import (
	"os"
	"strings"
	"testing"
	"time"
)

// A GET answers only what is durable (see the package doc, "Durability"):
// when the journal cannot be written (a full disk) and no fold can write
// FEED instead, the POST is refused, and a GET must not answer the change
// it left in the model either: a subscriber that read it would cache an
// until and the item's digest that a kill of the hub takes back, and
// would never send the item again.
func TestGetAnswersNothingTheJournalCouldNotKeep(t *testing.T) {
	defer setFoldIdle(time.Hour)()
	th := startHub(t, "rss", Options{})
	th.edit("A", create("a", "A"))
	e := th.endpoint("E")
	os.WriteFile(e.local, []byte(emptyFeeds["rss"]), 0o644)
	e.edit(create("b", "B"))
	h := th.hub
	h.mu.Lock()
	h.j.f.Close()                           // appends fail, as on a full disk
	os.Mkdir(h.j.segName(h.j.seg+1), 0o755) // and so does the fold's next segment
	h.mu.Unlock()
	if code, hdr, body := th.do("POST", "/", readFile(t, e.local)); code != 503 || hdr.Get("Retry-After") == "" {
		t.Fatalf("POST with a journal that cannot be written: %d (Retry-After %q) %s, want 503 with Retry-After", code, hdr.Get("Retry-After"), body)
	}
	code, _, body := th.do("GET", "/", nil)
	if code == 200 && strings.Contains(string(body), "<title>B</title>") {
		t.Errorf("GET answered b, which neither the journal nor FEED holds:\n%s", body)
	}
	os.Remove(h.j.segName(h.j.seg + 1)) // the disk has room again
	if err := h.fold(); err != nil {
		t.Fatalf("folding once the disk has room: %v", err)
	}
	if code, _, body := th.do("GET", "/", nil); code != 200 {
		t.Errorf("GET after a fold made the feed durable: %d %s", code, body)
	}
}
