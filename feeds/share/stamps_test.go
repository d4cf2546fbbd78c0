package share

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

func sortedKeys(m map[string]bool) string {
	return strings.Join(slices.Sorted(maps.Keys(m)), ",")
}

// 1.0.2 §4.2.3: each incorporation increments until and stores it with
// the items it changed; stamps strictly increase even when the clock does
// not, or goes back.
func TestStampsObserve(t *testing.T) {
	dir := t.TempDir()
	path := writeFeed(t, dir, "f.xml", emptyFeeds["rss"])
	st := newStamps(t0)
	c := &clock{now: t0}
	f := mustParse(t, path, []byte(emptyFeeds["rss"]))
	if !st.observe(f, c.now) || st.Until != t0.Unix() {
		t.Fatalf("first observation: until %d, want %d", st.Until, t0.Unix())
	}
	apply(t, path, stamp{"A", t0}, create("a", "A"), create("b", "B"))
	f = mustParse(t, path, readFile(t, path))
	if !st.observe(f, c.now) {
		t.Fatal("new items not observed")
	}
	first := st.Until
	if first != t0.Unix()+1 || st.Items["a"].At != first || st.Items["b"].At != first {
		t.Errorf("one stamp per incorporation, a second after the last: until %d, a %d, b %d", first, st.Items["a"].At, st.Items["b"].At)
	}
	if st.observe(f, c.now) {
		t.Error("an unchanged feed is a new incorporation")
	}
	apply(t, path, stamp{"A", t0.Add(time.Minute)}, edit("b", "B2", false))
	c.now = t0.Add(-time.Hour) // the clock went back
	if !st.observe(mustParse(t, path, readFile(t, path)), c.now) {
		t.Fatal("an update not observed")
	}
	if st.Items["b"].At != first+1 || st.Items["a"].At != first {
		t.Errorf("after updating b: a %d, b %d, want %d, %d", st.Items["a"].At, st.Items["b"].At, first, first+1)
	}
	// An item that vanishes from the feed is a purge (§4.2.4).
	writeFeed(t, dir, "f.xml", emptyFeeds["rss"])
	c.now = t0.Add(time.Hour)
	if !st.observe(mustParse(t, path, readFile(t, path)), c.now) || st.Purged != t0.Add(time.Hour).Unix() || len(st.Items) != 0 {
		t.Errorf("purge: purged %d, items %v", st.Purged, st.Items)
	}
	// The state survives a save and a load.
	sp := filepath.Join(dir, "state.json")
	if err := st.save(sp); err != nil {
		t.Fatal(err)
	}
	back, err := loadStamps(sp, c.now)
	if err != nil || fmt.Sprint(back) != fmt.Sprint(st) {
		t.Errorf("loaded %v, %v; want %v", back, err, st)
	}
}

// chooseCase is a publisher state and the partial feed a window gives.
type chooseCase struct {
	name   string
	w      Window
	now    int64
	keep   string
	since  int64
	expiry int64
}

// 1.0.2 §4.2.1, §4.2.4: since is the greatest stamp no longer in the feed.
func TestStampsChoose(t *testing.T) {
	st := &stamps{Origin: 99, Until: 105, Purged: 99, Items: map[string]stamped{
		"a": {At: 100}, "b": {At: 102}, "c": {At: 102}, "d": {At: 104}, "e": {At: 105},
	}}
	items := []item{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "d"}, {ID: "e"}}
	for _, tc := range []chooseCase{
		{"all_by_count", Window{Items: 10}, 200, "a,b,c,d,e", 99, 0},
		{"two", Window{Items: 2}, 200, "d,e", 102, 0},
		{"tie_cut", Window{Items: 3}, 200, "b,d,e", 102, 0},
		{"one", Window{Items: 1}, 200, "e", 104, 0},
		{"span_keeps_newer", Window{Span: 3 * time.Second}, 105, "d,e", 102, 107},
		{"span_edge_is_out", Window{Span: 5 * time.Second}, 105, "b,c,d,e", 100, 107},
		{"span_all_old", Window{Span: time.Second}, 200, "", 105, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keep, since, expiry := st.choose(items, tc.w, time.Unix(tc.now, 0), dialect.FeedSync102)
			if got := sortedKeys(keep); got != tc.keep || since != tc.since || expiry != tc.expiry {
				t.Errorf("keep %s since %d expiry %d; want %s since %d expiry %d", got, since, expiry, tc.keep, tc.since, tc.expiry)
			}
		})
	}
	st.Purged = 103
	if _, since, _ := st.choose(items, Window{Items: 3}, time.Unix(200, 0), dialect.FeedSync102); since != 103 {
		t.Errorf("since below the purge mark: %d", since)
	}
}

// 0.91 §2.1: since is inclusive and in whole seconds, so a partial feed
// never splits an incorporation (b and c share a stamp) and holds the
// latest one even when nothing is within a window by time.
func TestStampsChoose091WholeIncorporations(t *testing.T) {
	st := &stamps{Origin: 99, Until: 105, Purged: 99, Items: map[string]stamped{
		"a": {At: 100}, "b": {At: 102}, "c": {At: 102}, "d": {At: 104}, "e": {At: 105},
	}}
	items := []item{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "d"}, {ID: "e"}}
	for _, tc := range []chooseCase{
		{"two", Window{Items: 2}, 200, "d,e", 102, 0},
		{"tie_taken_whole", Window{Items: 3}, 200, "b,c,d,e", 100, 0},
		{"span_keeps_newer", Window{Span: 3 * time.Second}, 105, "d,e", 102, 107},
		{"span_all_old_keeps_the_latest", Window{Span: time.Second}, 200, "e", 104, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keep, since, expiry := st.choose(items, tc.w, time.Unix(tc.now, 0), dialect.SSE091)
			if got := sortedKeys(keep); got != tc.keep || since != tc.since || expiry != tc.expiry {
				t.Errorf("keep %s since %d expiry %d; want %s since %d expiry %d", got, since, expiry, tc.keep, tc.since, tc.expiry)
			}
		})
	}
}

// 1.0.2 §4.1.2 step 2.1, §4.2.1, §4.2.4 and 0.91 §2.1: whatever the
// incorporations (several items in one second, a clock that stands
// still), purges and window, since is not after until, and a subscriber
// whose last read ended at any until is out of sync exactly when an update
// it has not seen has left the feed: no update is lost, and a subscriber
// merely up to date is not sent to the complete feed.
func TestStampsSinceKeepsEveryUpdate(t *testing.T) {
	windows := []Window{{Items: 1}, {Items: 2}, {Items: 4}, {Span: time.Second}, {Span: 3 * time.Second}}
	for _, d := range []dialect.Dialect{dialect.FeedSync102, dialect.SSE091} {
		for seed := range 300 {
			rnd := rand.New(rand.NewPCG(uint64(seed), 5))
			now := int64(1000)
			st := newStamps(time.Unix(now, 0))
			var list []item
			for range 1 + rnd.IntN(8) {
				now += int64(rnd.IntN(3))
				var changed []item
				var gone []string
				for range rnd.IntN(5) {
					it := item{ID: fmt.Sprintf("i%d", rnd.IntN(12))}
					if !slices.ContainsFunc(list, func(o item) bool { return o.ID == it.ID }) {
						list = append(list, it)
					}
					changed = append(changed, it)
				}
				if len(list) > 1 && rnd.IntN(5) == 0 {
					gone = append(gone, list[0].ID)
					list = list[1:]
				}
				st.incorporate(changed, gone, d, time.Unix(now, 0))
			}
			for _, w := range windows {
				keep, since, _ := st.choose(list, w, time.Unix(now, 0), d)
				sm, um := sinceMark(d, since), stampMark(d, time.Unix(st.Until, 0))
				if sm.At.After(um.At) {
					t.Fatalf("%s seed %d window %v: since %s after until %s", d, seed, w, sm.Text, um.Text)
				}
				for u := st.Origin; u <= st.Until; u++ {
					missed := st.Purged > u
					for _, it := range list {
						missed = missed || st.Items[it.ID].At > u && !keep[it.ID]
					}
					if got := outOfSync(d, sm, stampMark(d, time.Unix(u, 0))); got != missed {
						t.Fatalf("%s seed %d window %v, cached until %d: out of sync %v, missed an update %v (state %+v, kept %s)",
							d, seed, w, u, got, missed, st, sortedKeys(keep))
					}
				}
			}
		}
	}
}

// A partial OPML feed carries the outlines above those in its window.
func TestStampsChooseOPMLAncestors(t *testing.T) {
	st := &stamps{Origin: 99, Until: 104, Purged: 99, Items: map[string]stamped{
		"root": {At: 100}, "mid": {At: 101}, "leaf": {At: 104}, "other": {At: 103},
	}}
	items := []item{{ID: "root"}, {ID: "mid", Parent: "root"}, {ID: "leaf", Parent: "mid"}, {ID: "other"}}
	keep, since, _ := st.choose(items, Window{Items: 1}, time.Unix(200, 0), dialect.FeedSync102)
	if got := sortedKeys(keep); got != "leaf,mid,root" || since != 103 {
		t.Errorf("keep %s since %d; want leaf,mid,root since 103", got, since)
	}
}

func TestParseWindow(t *testing.T) {
	for in, want := range map[string]Window{
		"500": {Items: 500}, "72h": {Span: 72 * time.Hour}, "3d": {Span: 72 * time.Hour}, "90m": {Span: 90 * time.Minute},
	} {
		if got, err := ParseWindow(in); err != nil || got != want {
			t.Errorf("ParseWindow(%q) = %v, %v", in, got, err)
		}
	}
	for _, in := range []string{"0", "-3", "", "abc", "1ms", "3x"} {
		if _, err := ParseWindow(in); err == nil {
			t.Errorf("ParseWindow(%q) accepted", in)
		}
	}
	if d := (Window{Span: 47 * time.Hour}).days(); d != 1 {
		t.Errorf("47h is %d whole days", d)
	}
}
