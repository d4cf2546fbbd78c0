package share

import (
	"bytes"
	"net/http/httptest"
	"os"
	"testing"
)

// A POST whose merge comes after the hub closed (its handler still
// running once the server stopped and Close folded) is refused with 503,
// and changes nothing: the hub no longer holds the feed's lock, and a
// fold then could overwrite the stamps of the hub that has started on
// the feed since, and would leave a journal segment open behind it.
func TestPostAfterCloseChangesNothing(t *testing.T) {
	th := startHub(t, "rss", Options{})
	th.edit("A", create("a", "A"))
	e := th.endpoint("E")
	os.WriteFile(e.local, []byte(emptyFeeds["rss"]), 0o644)
	e.edit(create("b", "B"))
	h := th.hub
	th.stop()
	before := readFile(t, th.path)
	segsBefore, _ := segments(journalPath(th.path))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("POST", "/", bytes.NewReader(readFile(t, e.local))))
	if w.Code != 503 {
		t.Errorf("POST after Close: %d %s, want 503", w.Code, w.Body)
	}
	if got := readFile(t, th.path); !bytes.Equal(got, before) {
		t.Errorf("a POST after Close wrote FEED:\n%s", got)
	}
	if segs, _ := segments(journalPath(th.path)); len(segs) != len(segsBefore) {
		t.Errorf("journal segments %v after the POST, %v before", segs, segsBefore)
	}
}

// A GET that comes after the hub closed, and finds FEED changed on disk,
// does not take the change in: taking it would save the stamps after the
// hub let the feed's lock go.
func TestGetAfterCloseSavesNothing(t *testing.T) {
	th := startHub(t, "rss", Options{})
	th.edit("A", create("a", "A"))
	th.get("/")
	h := th.hub
	th.stop()
	state := statePath(th.path, "serve")
	before := readFile(t, state)
	th.edit("B", create("b", "B"))
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
	if got := readFile(t, state); !bytes.Equal(got, before) {
		t.Errorf("a GET after Close saved the stamps:\n%s\nwere\n%s", got, before)
	}
}
