package feeds

import (
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
)

// TestEntryID: the atom:id made from a sync id is the RFC 4122 §4.3
// name-based UUID (SHA-1) of the id in feedsync's namespace, which any
// tool can derive (the value here is Python's uuid.uuid5 of the same
// names).
func TestEntryID(t *testing.T) {
	if got, want := EntryID("item_1_myapp_2005-05-21T11:43:33Z"), "urn:uuid:4c85fa09-4a0b-5f2d-aa4e-c543ff7d67ff"; got != want {
		t.Errorf("EntryID = %s, want %s", got, want)
	}
}

// TestPublished: a version an endpoint makes of an Atom entry has the
// atom:id and atom:updated RFC 4287 §4.1.2 requires of every entry: an id
// kept, or made from the sync id; updated set to the version's when, as
// the spec's examples move it (1.0.2 §3.2, §3.4). They are
// publisher-specific: the shared data does not change. An RSS item gets
// neither.
func TestPublished(t *testing.T) {
	when := time.Date(2005, 5, 21, 11, 43, 33, 0, time.UTC)
	atom := mustParse(t, "a.xml", `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <entry>
  <title>Buy groceries</title>
  <updated>2005-05-21T10:43:33Z</updated>
  <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0aa0</id>
  <sx:sync id="a" updates="1"><sx:history sequence="1" by="e"/></sx:sync>
 </entry>
 <entry>
  <title>No id</title>
  <sx:sync id="item_1_myapp_2005-05-21T11:43:33Z" updates="1"><sx:history sequence="1" by="e"/></sx:sync>
 </entry>
</feed>`)
	rss := mustParse(t, "r.xml", editRSS)
	title := "New"
	for _, tc := range []struct {
		name string
		d    *Doc
		data engine.Data
		id   string
		when time.Time
		want string // the publisher's fields, "key=value" lines
	}{
		{"updated moves, id stays", atom, atom.Item("a").Data, "a", when,
			"updated=2005-05-21T11:43:33Z\nid=urn:uuid:60a76c80-d399-11d9-b93C-0003939e0aa0"},
		{"an entry without them gets both", atom, atom.Item("item_1_myapp_2005-05-21T11:43:33Z").Data, "item_1_myapp_2005-05-21T11:43:33Z", when,
			"id=urn:uuid:4c85fa09-4a0b-5f2d-aa4e-c543ff7d67ff\nupdated=2005-05-21T11:43:33Z"},
		{"a new entry", atom, newData(t, atom, nil, &title, nil), "item_1_myapp_2005-05-21T11:43:33Z", when,
			"id=urn:uuid:4c85fa09-4a0b-5f2d-aa4e-c543ff7d67ff\nupdated=2005-05-21T11:43:33Z"},
		{"no time, no updated", atom, newData(t, atom, nil, &title, nil), "x", time.Time{}, "id=" + EntryID("x")},
		{"RSS", rss, rss.Item("r").Data, "r", when, "guid=g"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := tc.d.Published(tc.data, tc.id, tc.when)
			var got []string
			for _, f := range Fields(out) {
				if !f.Shared {
					got = append(got, f.Key+"="+f.Value)
				}
			}
			if g := strings.Join(got, "\n"); g != tc.want {
				t.Errorf("publisher's fields\n%s\nwant\n%s", g, tc.want)
			}
			if shared(out) != shared(tc.data) {
				t.Errorf("the shared data changed:\n%s\nwas\n%s", shared(out), shared(tc.data))
			}
			it, err := engine.New(tc.id+"-new", engine.Stamp{By: "me"}, out, false, false)
			if err != nil {
				t.Fatal(err)
			}
			tc.d.Set(it)
			back := mustParse(t, "back.xml", string(tc.d.Bytes()))
			if g := Fields(back.Item(tc.id + "-new").Data); len(g) != len(Fields(out)) {
				t.Errorf("written and read back: %v, want %v", g, Fields(out))
			}
		})
	}
}
