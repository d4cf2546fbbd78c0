package tui

import (
	"crypto/sha256"
	"fmt"
	"io"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// gitItem is one item of a version of a feed as the git driver compares
// it: a digest of its whole state (every version's sync state, history,
// every field of its data, publisher-specific ones included, and an
// outline's position), so that two versions of the item are equal exactly
// when nothing in it changed, and its title for messages.
type gitItem struct {
	digest [sha256.Size]byte
	title  string
}

// gitItems returns the feed's items by id, and their ids in document order.
func gitItems(f *dialect.Doc) (map[string]gitItem, []string) {
	out := map[string]gitItem{}
	var order []string
	for _, e := range f.Entries() {
		h := sha256.New()
		digestVersion(h, e.Winner())
		fmt.Fprintf(h, "%d conflicts\n", len(e.Versions()))
		for _, v := range e.Versions() {
			digestVersion(h, v)
		}
		var it gitItem
		h.Sum(it.digest[:0])
		it.title = e.Title()
		out[e.ID()] = it
		order = append(order, e.ID())
	}
	return out, order
}

func digestVersion(w io.Writer, v dialect.Version) {
	fmt.Fprintf(w, "%+v %+v\n", v.State(), v.Position())
	hs := v.History()
	fmt.Fprintf(w, "%d history\n", len(hs))
	for _, h := range hs {
		fmt.Fprintf(w, "%d %d %q\n", h.Number, h.When.Unix(), h.By)
	}
	fs := v.Fields()
	fmt.Fprintf(w, "%d fields\n", len(fs))
	for _, f := range fs {
		fmt.Fprintf(w, "%q %q %t\n", f.Key, f.Value, f.Shared)
	}
}

// feedLevel returns the feed's feed-level data.
func feedLevel(f *dialect.Doc) []feeds.Part { return f.FeedLevel() }

// hasSyncData reports whether a feed carries sync data: an item with
// sx:sync, or sx:sharing. A feed without is a plain feed to the driver.
func hasSyncData(f *dialect.Doc) bool { return f.Dialect() != dialect.None }

// takeItem puts src's item id into dst as src has it, whole: its sync
// metadata, conflicts and all of its data.
func takeItem(dst, src *dialect.Doc, id string) {
	if e, err := src.Entry(id); err == nil {
		dst.Set(e)
	}
}
