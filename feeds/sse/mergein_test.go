package ssefeed

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	sse "github.com/feedsync/feedsync/engine/sse"
)

// sseRSSItem is an SSE 0.91 RSS item of the given id and version, last
// changed by by at when.
func sseRSSItem(id string, version int, by, when, title string) string {
	return fmt.Sprintf(`<item><title>%s</title><sx:sync id=%q version="%d"><sx:history when=%q by=%q/></sx:sync></item>`,
		title, id, version, when, by)
}

func rssFeed(items ...string) string {
	return `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><channel><title>t</title>
` + strings.Join(items, "\n") + `
</channel></rss>`
}

// checkMergeIn merges remote into local in place and checks that it took
// the item-by-item path and wrote what Merge writes, with the same
// warnings; it returns the ids MergeIn named.
func checkMergeIn(t *testing.T, local, remote string) []string {
	t.Helper()
	want, err := Merge(mustParse(t, "local.xml", local), mustParse(t, "remote.xml", remote))
	if err != nil {
		t.Fatal(err)
	}
	d := mustParse(t, "local.xml", local)
	changed, done, err := d.MergeIn(mustParse(t, "remote.xml", remote))
	if !done || err != nil {
		t.Fatalf("MergeIn: done %v, %v", done, err)
	}
	assertBytes(t, want.Bytes(), d.Bytes())
	if g, w := fmt.Sprint(d.MergeWarnings()), fmt.Sprint(want.MergeWarnings()); g != w {
		t.Errorf("MergeIn warns %s, Merge %s", g, w)
	}
	return changed
}

// 0.91 §4.4: each remote item merges with the local one of its id, one at
// a time, and an item new to the feed is added (§4.4 step 0) after the
// local ones, in remote's order, where Merge puts it; items remote does
// not hold stay as they are.
func TestMergeInRSSItemByItem(t *testing.T) {
	const t0, t1 = "Sat, 21 May 2005 09:00:00 GMT", "Sun, 22 May 2005 09:00:00 GMT"
	local := rssFeed(sseRSSItem("a", 1, "L", t0, "A"), sseRSSItem("b", 1, "L", t0, "B"), sseRSSItem("c", 1, "L", t0, "C"))
	remote := rssFeed(sseRSSItem("e", 1, "R", t1, "E"), sseRSSItem("b", 2, "R", t1, "B2"), sseRSSItem("d", 1, "R", t1, "D"),
		sseRSSItem("a", 1, "L", t0, "A"))
	changed := checkMergeIn(t, local, remote)
	if !slices.Equal(changed, []string{"e", "b", "d"}) {
		t.Errorf("MergeIn names %q changed, want e, b, d in remote's order", changed)
	}
}

// 0.91 §4.4.1: two versions that conflict merge into the winner with an
// sx:conflict, written anew; the texts of its date-times are those the
// feeds read (§1.2 allows several forms of one instant), remote's for an
// instant only remote read, as Merge writes them. A Doc that Subset made
// before MergeIn writes what it wrote before.
func TestMergeInRSSConflictKeepsDateTexts(t *testing.T) {
	local := rssFeed(sseRSSItem("a", 2, "L", "Sun, 22 May 2005 09:00:00 GMT", "local"))
	remote := rssFeed(sseRSSItem("a", 2, "R", "Sun, 22 May 2005 11:00:00 +0000", "remote"))
	checkMergeIn(t, local, remote)

	d := mustParse(t, "local.xml", local)
	sub := d.Subset(func(*sse.Item) bool { return true })
	before := sub.Bytes()
	if _, _, err := d.MergeIn(mustParse(t, "remote.xml", remote)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(d.Bytes()), "11:00:00 +0000") {
		t.Errorf("the merged conflict does not carry remote's date text:\n%s", d.Bytes())
	}
	assertBytes(t, before, sub.Bytes())
}

// 0.91 §4.2: two feeds holding one version with different data is a peer's
// fault; MergeIn keeps the copy Merge keeps and warns as Merge does.
func TestMergeInRSSSameVersionOtherData(t *testing.T) {
	const when = "Sun, 22 May 2005 09:00:00 GMT"
	local := rssFeed(sseRSSItem("a", 1, "L", when, "one"), sseRSSItem("b", 1, "L", when, "B"))
	remote := rssFeed(sseRSSItem("b", 1, "L", when, "B"), sseRSSItem("a", 1, "L", when, "other"))
	checkMergeIn(t, local, remote)
	d := mustParse(t, "local.xml", local)
	if _, _, err := d.MergeIn(mustParse(t, "remote.xml", remote)); err != nil || len(d.MergeWarnings()) != 1 {
		t.Errorf("MergeIn: %v, warnings %v; want one for item a", err, d.MergeWarnings())
	}
}

// 0.91 §4.4.1 with the depth limit: a conflict whose loser's data nests
// deep would put the winner's sx:conflict past MaxDepth; MergeIn refuses
// with the *DepthError Merge gives and leaves the feed as it was.
func TestMergeInRSSRefusesNestingPastDepthLimit(t *testing.T) {
	deep := strings.Repeat("<x>", MaxDepth-5) + strings.Repeat("</x>", MaxDepth-5)
	item := func(by, when string) string {
		return `<item>` + deep + `<sx:sync id="a" version="2"><sx:history when="` + when + `" by="` + by + `"/></sx:sync></item>`
	}
	local := rssFeed(item("L", "Sun, 22 May 2005 09:00:00 GMT"))
	remote := rssFeed(item("R", "Sun, 22 May 2005 11:00:00 GMT"))
	_, werr := Merge(mustParse(t, "local.xml", local), mustParse(t, "remote.xml", remote))
	d := mustParse(t, "local.xml", local)
	before := d.Bytes()
	_, done, err := d.MergeIn(mustParse(t, "remote.xml", remote))
	var de *DepthError
	if !done || !errors.As(err, &de) || werr == nil || err.Error() != werr.Error() {
		t.Fatalf("MergeIn: %v (done %v); Merge: %v; want the same DepthError", err, done, werr)
	}
	assertBytes(t, before, d.Bytes())
}
