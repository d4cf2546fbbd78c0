package share

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// The index by stamp, kept up to date as incorporations stamp and purge
// items, chooses a partial feed's items, since and expiry as stamps.choose
// does over every item (1.0.2 §4.2.1, §4.2.4; 0.91 §2.1, §2.2.1, whose
// since is inclusive and never splits an incorporation), OPML ancestors
// included. Where a window by count cuts through one incorporation (1.0.2
// only), which of its items are in is not the rule's to say: there since
// must be the greatest stamp of an item left out.
func TestIndexChooseIsChoose(t *testing.T) {
	windows := []Window{{Items: 1}, {Items: 2}, {Items: 4}, {Span: time.Second}, {Span: 3 * time.Second}}
	for _, d := range []dialect.Dialect{dialect.FeedSync102, dialect.SSE091} {
		for seed := range 300 {
			rnd := rand.New(rand.NewPCG(uint64(seed), 7))
			now := int64(1000)
			st := newStamps(time.Unix(now, 0))
			st.index()
			var list []item
			for range 1 + rnd.IntN(8) {
				now += int64(rnd.IntN(3))
				var changed []item
				var gone []string
				for range rnd.IntN(5) {
					it := item{ID: fmt.Sprintf("i%d", rnd.IntN(12))}
					if i := slices.IndexFunc(list, func(o item) bool { return o.ID == it.ID }); i >= 0 {
						it = list[i]
					} else {
						if len(list) > 0 && rnd.IntN(2) == 0 {
							it.Parent = list[rnd.IntN(len(list))].ID
						}
						list = append(list, it)
					}
					changed = append(changed, it)
				}
				if len(list) > 1 && rnd.IntN(5) == 0 {
					gone = append(gone, list[len(list)-1].ID)
					list = list[:len(list)-1]
				}
				st.incorporate(changed, gone, d, time.Unix(now, 0))
			}
			parent := map[string]string{}
			for _, it := range list {
				parent[it.ID] = it.Parent
			}
			for _, w := range windows {
				at := time.Unix(now, 0)
				wantKeep, wantSince, wantExpiry := st.choose(list, w, at, d)
				keep, since, expiry := st.index().choose(st, w, at, inclusive(d), func(id string) string { return parent[id] })
				if splits(st, list, w, d) {
					wantKeep, wantSince = keep, leftOut(st, list, keep)
				}
				if since != wantSince || expiry != wantExpiry || sortedKeys(keep) != sortedKeys(wantKeep) {
					t.Fatalf("%s seed %d window %v: index chose %s since %d expiry %d; choose %s since %d expiry %d",
						d, seed, w, sortedKeys(keep), since, expiry, sortedKeys(wantKeep), wantSince, wantExpiry)
				}
			}
		}
	}
}

// splits reports whether a window by count cuts through an incorporation
// in 1.0.2.
func splits(st *stamps, list []item, w Window, d dialect.Dialect) bool {
	if w.Items == 0 || inclusive(d) || w.Items >= len(list) {
		return false
	}
	ats := make([]int64, len(list))
	for i, it := range list {
		ats[i] = st.Items[it.ID].At
	}
	slices.SortFunc(ats, func(a, b int64) int { return cmp.Compare(b, a) })
	return ats[w.Items-1] == ats[w.Items]
}

// leftOut is since by its rule: the greatest stamp of an item not kept,
// or the state's floor.
func leftOut(st *stamps, list []item, keep map[string]bool) int64 {
	since := st.floor()
	for _, it := range list {
		if !keep[it.ID] {
			since = max(since, st.Items[it.ID].At)
		}
	}
	return since
}

// Items stamped again and again leave dead places in the index, which it
// compacts: it stays within twice its items and walks them from the
// latest stamp back, each once, with the digest of what it holds.
func TestIndexCompacts(t *testing.T) {
	st := newStamps(time.Unix(1000, 0))
	st.index()
	for i := range 3000 {
		st.incorporate([]item{{ID: fmt.Sprintf("i%d", i%10), Sum: fmt.Sprint(i)}}, nil, dialect.FeedSync102, time.Unix(1000, 0))
	}
	x := st.index()
	if len(x.refs) > 1025+10 {
		t.Errorf("%d places for 10 items", len(x.refs))
	}
	var got []string
	x.newest(func(at int64, id string) bool { got = append(got, id); return true })
	if want := "i9,i8,i7,i6,i5,i4,i3,i2,i1,i0"; strings.Join(got, ",") != want {
		t.Errorf("newest first: %v, want %s", got, want)
	}
	if fresh := newStampIndex(st.Items); fresh.digest != x.digest {
		t.Error("the digest kept differs from the digest of the items")
	}
}
