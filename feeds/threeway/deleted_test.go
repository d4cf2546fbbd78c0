package threeway

import (
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// TestDeletedOnEverySideCombinesToADeletion: an item every version
// deletes (two branches, or two endpoints, deleted it) is one change made
// alike, which the rule takes (doc, Combining): the combination is the
// deletion, folding in every version, in every dialect. Before, any
// tombstone among the versions was a clash of the whole item, and a git
// merge of two branches that both deleted an item stopped in conflict
// ("a version is deleted") where git's own text merge takes a removal
// both sides made. A deletion against an edit still clashes (TestCombine).
func TestDeletedOnEverySideCombinesToADeletion(t *testing.T) {
	for _, c := range []struct{ name, base string }{
		{"1.0.2 §3.2, §3.4 RSS", rss102},
		{"0.91 §4.2, §5.2 RSS", rss091},
		{"0.91 §4.2, §5.2 OPML", opml091},
	} {
		t.Run(c.name, func(t *testing.T) {
			del := dialect.Change{Deleted: ptr(true)}
			doc, e, mem := conflicted(t, c.base, del, del)
			p, err := Combine(e, mem)
			if err != nil {
				t.Fatal(err)
			}
			if !p.Clean() {
				t.Fatalf("clashes %+v, want none: both sides deleted the item", p.Clashes)
			}
			res := resolve(t, doc, e, p)
			if !res.Winner().Deleted() {
				t.Error("the combination is not a deletion")
			}
		})
	}
}
