package share

import (
	"testing"
	"time"
)

// A feed with no sync data yet takes the dialect of the first feed
// posted (the package doc); a hub killed before it folds that POST
// replays it: FEED then holds the items, in the dialect the hub served.
func TestJournalReplaysTheFirstDialect(t *testing.T) {
	for _, c := range []struct{ kind, post string }{{"plain-opml", "sse-opml"}, {"plain-rss", "rss"}, {"plain-rss", "sse-rss"}} {
		t.Run(c.kind+"+"+c.post, func(t *testing.T) {
			defer setFoldIdle(time.Hour)()
			th := startHub(t, c.kind, Options{})
			body := chainOPML(2, "o", "")
			if c.post != "sse-opml" {
				p := writeFeed(t, t.TempDir(), "p.xml", emptyFeeds[c.post])
				apply(t, p, stamp{"P", t0}, create("i", "I"))
				body = readFileRaw(t, p)
			}
			if code, _, b := th.do("POST", "/", body); code != 200 {
				t.Fatalf("POST: %d %s", code, b)
			}
			served := th.get("/")
			th.crash()
			th.start(Options{})
			after := mustParse(t, th.path, readFileRaw(t, th.path))
			if after.Dialect() != served.Dialect() || outlines(after) != outlines(served) {
				t.Errorf("after the restart FEED is %v with\n%s\nthe hub served %v with\n%s", after.Dialect(), outlines(after), served.Dialect(), outlines(served))
			}
		})
	}
}
