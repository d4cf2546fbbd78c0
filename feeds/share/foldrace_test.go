package share

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// Another command edits FEED (under its lock, as 'feedsync update' does)
// again and again while POSTs come and the hub folds often: every item
// either side made is in FEED at the end. A fold never overwrites an edit
// it did not see, and the edit, made on a FEED that lacks the journal's
// latest records, never loses them.
func TestFEEDEditedDuringFoldsLosesNothing(t *testing.T) {
	defer setFoldIdle(time.Millisecond)()
	th := startHub(t, "rss", Options{})
	th.edit("A", create("a", "A"))
	const n = 30
	bodies := make([][]byte, n)
	for i := range bodies {
		p := writeFeed(t, t.TempDir(), "p.xml", emptyFeeds["rss"])
		apply(t, p, stamp{"P", t0}, create(fmt.Sprintf("p%d", i), "P"))
		bodies[i] = readFile(t, p)
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range n {
			apply(t, th.path, stamp{"D", t0}, create(fmt.Sprintf("d%d", i), "D"))
			time.Sleep(time.Millisecond)
		}
	})
	wg.Go(func() {
		for i := range n {
			if code, _, body := th.do("POST", "/", bodies[i]); code != 200 {
				t.Errorf("POST %d: %d %s", i, code, body)
			}
			if i%5 == 0 {
				th.hub.kickFold()
			}
		}
	})
	wg.Wait()
	got := itemSums(t, th.path)
	for i := range n {
		for _, id := range []string{fmt.Sprintf("p%d", i), fmt.Sprintf("d%d", i)} {
			if _, ok := got[id]; !ok {
				t.Errorf("%s is lost", id)
			}
		}
	}
}
