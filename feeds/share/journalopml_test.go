package share

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// 0.91 OPML through the journal: a record holds only the outlines a POST
// changed, not the outlines above them; a hub killed before it folds
// replays it into FEED with every outline where the hub served it
// (0.91 §4.4), and the restart changes nothing the hub served.
func TestJournalKeepsOPMLNesting(t *testing.T) {
	defer setFoldIdle(time.Hour)()
	th := startHub(t, "sse-opml", Options{})
	if code, _, body := th.do("POST", "/", chainOPML(3, "p", "")); code != 200 {
		t.Fatalf("POST of a chain of 3: %d %s", code, body)
	}
	th.hub.fold()
	leaf := `<opml version="1.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:fso="https://github.com/feedsync/feedsync/ns/outline"><head><title>t</title></head><body>
<outline text="moved and edited"><sx:sync id="p2" version="2" fso:parent="p0" fso:key="W" fso:version="2"><sx:history when="Sat, 21 May 2005 09:00:05 GMT" by="ep2"/></sx:sync></outline>
</body></opml>
`
	if code, _, body := th.do("POST", "/", []byte(leaf)); code != 200 {
		t.Fatalf("POST of the leaf: %d %s", code, body)
	}
	served := th.get("/")
	if got := outlines(served); !strings.Contains(got, `p2 under "p0"`) {
		t.Fatalf("the hub served\n%s\nwant p2 moved under p0", got)
	}
	th.crash()
	th.start(Options{})
	after := mustParse(t, th.path, readFile(t, th.path))
	if got, want := outlines(after), outlines(served); got != want {
		t.Errorf("after the restart FEED holds\n%s\nthe hub served\n%s", got, want)
	}
}

func outlines(f feed) string {
	s := ""
	for _, it := range items(f) {
		s += fmt.Sprintf("%s under %q: %s\n", it.ID, it.Parent, it.Sum)
	}
	return s
}

// 0.91 §4.4.2 through the hub: a POST that moves b under a, itself under
// c under b, makes the cycle a-c-b; the hub's model, merging in place,
// flags its lowest id a conflict="true" though the POST does not carry it,
// as a whole merge does, serves it so, journals it with the POST, and a
// hub killed before it folds replays FEED to what it served.
func TestJournalOPMLCycleFlagsAnOutlineNotPosted(t *testing.T) {
	defer setFoldIdle(time.Hour)()
	th := startHub(t, "sse-opml", Options{})
	outline := func(id, parent string, version int) string {
		return fmt.Sprintf(`<outline text="%s"><sx:sync id="%s" version="%d" fso:parent="%s" fso:key="V" fso:version="%d"><sx:history when="Sat, 21 May 2005 09:00:0%d GMT" by="ep1"/></sx:sync></outline>
`, id, id, version, parent, version, version)
	}
	opml := func(outlines ...string) []byte {
		return []byte(`<opml version="1.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:fso="https://github.com/feedsync/feedsync/ns/outline"><head><title>t</title></head><body>
` + strings.Join(outlines, "") + "</body></opml>\n")
	}
	if code, _, body := th.do("POST", "/", opml(outline("b", "", 1), outline("c", "b", 1), outline("a", "c", 1))); code != 200 {
		t.Fatalf("POST of b, c, a: %d %s", code, body)
	}
	th.hub.fold()
	before := th.get("/")
	post := opml(outline("b", "a", 2))
	if code, _, body := th.do("POST", "/", post); code != 200 {
		t.Fatalf("POST of b under a: %d %s", code, body)
	}
	served := th.get("/")
	want, err := dialect.Merge(before, mustParse(t, "post", post))
	if err != nil {
		t.Fatal(err)
	}
	if got, w := outlines(served), outlines(want); got != w {
		t.Fatalf("the hub served\n%s\nthe whole merge gives\n%s", got, w)
	}
	if e, err := served.Entry("a"); err != nil || !e.InConflict() {
		t.Fatalf("a, the cycle's lowest id: %v, in conflict %v; want it flagged", err, e.InConflict())
	}
	th.crash()
	th.start(Options{})
	after := mustParse(t, th.path, readFile(t, th.path))
	if got, w := outlines(after), outlines(served); got != w {
		t.Errorf("after the restart FEED holds\n%s\nthe hub served\n%s", got, w)
	}
}
