package ssefeed

import (
	"strings"
	"testing"
)

// An sx:conflict's marks in feedsync's namespace (fso:deleted, like
// fso:fromWhen and fso:fromBy) declare it on the record when the RSS feed
// does not bind it, never on the root: the root is each endpoint's own
// (feed-level data stays LOCAL's), so a declaration put there by the
// endpoint that first wrote the record stayed there alone, and every
// endpoint that took the item from it held it with the declaration moved
// onto the item, other bytes for the same items from then on. Before,
// the endpoint where a deletion lost declared the prefix on its rss
// element, and endpoints merging its item wrote <item xmlns:fso=...>.
func TestConflictMarksDeclaredWhereUsedConverge(t *testing.T) {
	deleted, edited := deletedFeeds[KindRSS][0], deletedFeeds[KindRSS][1]
	merge := func(local, remote *Doc) *Doc {
		t.Helper()
		m, err := Merge(local, remote)
		if err != nil {
			t.Fatal(err)
		}
		return reparse(t, m)
	}
	// alice deleted, bob edited; alice merges bob's; bob and a third
	// endpoint, which still holds version 1, merge alice's.
	a := merge(mustParse(t, "alice.xml", deleted), mustParse(t, "bob.xml", edited))
	b := merge(mustParse(t, "bob.xml", edited), a)
	v1 := strings.Replace(strings.Replace(edited, `version="2"`, `version="1"`, 1), `<sx:history when="Mon, 02 Mar 2026 10:00:00 GMT" by="bob"><sx:update when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/></sx:history>`, `<sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/>`, 1)
	c := merge(mustParse(t, "carol.xml", v1), a)
	if !strings.Contains(string(a.Bytes()), `fso:deleted="true"`) {
		t.Fatalf("no losing deletion recorded:\n%s", a.Bytes())
	}
	for name, d := range map[string]*Doc{"bob": b, "carol": c} {
		if string(d.Bytes()) != string(a.Bytes()) {
			t.Errorf("%s holds other bytes than alice:\n%s\n%s", name, a.Bytes(), d.Bytes())
		}
	}
}
