package share

import (
	"testing"

	"github.com/feedsync/feedsync/feeds/store"
)

// The hub and its subscribers record the version two endpoints both
// edited, each in the store beside its own feed, so that the conflict's
// base is known wherever it is resolved.
func TestSyncRecordsTheBase(t *testing.T) {
	th := startHub(t, "rss", Options{})
	th.edit("H", create("x", "Buy milk"))
	alice, bob := th.endpoint("alice"), th.endpoint("bob")
	alice.sync()
	bob.sync()
	first := alice.feed()
	e, err := first.Entry("x")
	if err != nil {
		t.Fatal(err)
	}
	h := e.Winner().History()[0]
	alice.edit(edit("x", "Buy 2 litres of milk", false))
	bob.edit(edit("x", "Buy oat milk", false))
	alice.sync()
	if res := bob.sync(); res.Conflicted != 1 {
		t.Fatalf("bob's sync: %+v, want the item in conflict", res)
	}
	for _, feed := range []string{th.path, alice.local, bob.local} {
		st, warn := store.Open(feed)
		if warn != nil {
			t.Fatal(warn)
		}
		fs, ok := st.Base("x", h)
		st.Close()
		if !ok || len(fs) == 0 || fs[0].Value != "Buy milk" {
			t.Errorf("%s: base = %+v, %v; want \"Buy milk\"", feed, fs, ok)
		}
	}
}
