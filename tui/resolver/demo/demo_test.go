package demo

import (
	"strings"
	"testing"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
)

// TestDemoPair checks that both feeds are valid FeedSync 1.0.2 and that
// their merge gives every case the resolver's demo promises.
func TestDemoPair(t *testing.T) {
	l, r := Feeds()
	for name, b := range map[string][]byte{"local.xml": l, "remote.xml": r} {
		if ps := feeds.Validate(name, b); len(ps) > 0 {
			t.Fatalf("%s is not valid:\n%v", name, ps)
		}
	}
	ld, _ := feeds.Parse("local.xml", l)
	rd, _ := feeds.Parse("remote.xml", r)
	doc, err := feeds.Merge(ld, rd)
	if err != nil {
		t.Fatal(err)
	}
	item := func(id string) *engine.Item {
		it := doc.Item(id)
		if it == nil {
			t.Fatalf("no item %s", id)
		}
		return it
	}
	versions := func(id string, want int) *engine.Item {
		it := item(id)
		if n := 1 + len(it.Conflicts); n != want {
			t.Errorf("%s: %d versions, want %d", id, n, want)
		}
		return it
	}
	versions("item-groceries", 2)
	versions("item-offsite", 3)
	if it := versions("item-passport", 2); it.Sync.Deleted || !it.Conflicts[0].Sync.Deleted {
		t.Error("passport: want a live winner against a deletion")
	}
	if it := versions("item-readme", 2); strings.Count(feeds.Fields(it.Data)[1].Value, "\n\n") < 8 {
		t.Error("readme: want a long multi-paragraph content")
	}
	if it := versions("item-plumber", 2); feeds.Title(it.Data) == feeds.Title(it.Conflicts[0].Data) ||
		!sameShared(it.Data, it.Conflicts[0].Data, "Title") {
		t.Error("plumber: want a change of title alone")
	}
	if it := versions("item-fest", 2); !strings.ContainsAny(feeds.Title(it.Data)+feeds.Title(it.Conflicts[0].Data), "èüß") {
		t.Error("fest: want non-ASCII text")
	}
	if it := versions("item-plants", 2); !sameShared(it.Data, it.Conflicts[0].Data, "") ||
		len(feeds.Fields(it.Data)) == 0 || sameFields(it.Data, it.Conflicts[0].Data) {
		t.Error("plants: want versions that differ in publisher-specific data only")
	}
	for _, id := range []string{"item-dentist", "item-bike", "item-cleaning"} {
		versions(id, 1)
	}
}

// sameShared reports whether the shared fields are equal but for the one named.
func sameShared(a, b engine.Data, except string) bool {
	fa, fb := feeds.SharedFields(a), feeds.SharedFields(b)
	if len(fa) != len(fb) {
		return false
	}
	for i := range fa {
		if fa[i].Label != except && fa[i] != fb[i] {
			return false
		}
	}
	return true
}

func sameFields(a, b engine.Data) bool {
	fa, fb := feeds.Fields(a), feeds.Fields(b)
	if len(fa) != len(fb) {
		return false
	}
	for i := range fa {
		if fa[i] != fb[i] {
			return false
		}
	}
	return true
}
