package feeds

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// TestMergeScenarios runs the scenarios in testdata/merge: each archive
// holds local.xml, remote.xml and the expected result want.xml, which
// go test -update rewrites. Every scenario also checks the properties a
// merge must have whatever the feeds.
func TestMergeScenarios(t *testing.T) {
	files, _ := filepath.Glob("testdata/merge/*.txtar")
	if len(files) == 0 {
		t.Fatal("no merge scenarios")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txtar"), func(t *testing.T) {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			a := feedtest.ParseArchive(string(raw))
			local := mustParse(t, "local.xml", a.Files["local.xml"])
			remote := mustParse(t, "remote.xml", a.Files["remote.xml"])
			m, err := Merge(local, remote)
			if err != nil {
				t.Fatalf("Merge: %v", err)
			}
			got := string(m.Bytes())
			if feedtest.Updating() {
				a.Files["want.xml"] = got
				if err := os.WriteFile(f, []byte(a.Format()), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if want := a.Files["want.xml"]; got != want {
				t.Errorf("merged feed differs (-want +got):\n%s", feedtest.LineDiff(want, got))
			}
			checkMerge(t, a.Files["local.xml"], a.Files["remote.xml"], local, remote, m)
		})
	}
}

// checkMerge checks what holds for every merge: the inputs are unchanged,
// the result loads back to the same items, merging again changes nothing,
// and merging the other way round gives the same item set.
func checkMerge(t *testing.T, lin, rin string, local, remote, m *Doc) {
	t.Helper()
	if string(local.Bytes()) != string(mustParse(t, "l", lin).Bytes()) || string(remote.Bytes()) != string(mustParse(t, "r", rin).Bytes()) {
		t.Error("Merge changed an input")
	}
	out := m.Bytes()
	back, err := Parse("merged.xml", out)
	if err != nil {
		t.Fatalf("merged feed does not load: %v\n%s", err, out)
	}
	if d := itemsEqual(m.Items(), back.Items()); d != "" {
		t.Errorf("merged items change through a write: %s", d)
	}
	again, err := Merge(back, remote)
	if err != nil {
		t.Fatal(err)
	}
	if string(again.Bytes()) != string(out) {
		t.Errorf("merging the result with remote again changed it:\n%s", feedtest.LineDiff(string(out), string(again.Bytes())))
	}
	swapped, err := Merge(remote, local)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := itemSet(m.Items()), itemSet(swapped.Items()); !slices.Equal(a, b) {
		t.Errorf("merging the other way round gives other items:\n%s", feedtest.LineDiff(strings.Join(a, "\n"), strings.Join(b, "\n")))
	}
}

// itemSet describes items by id, sync metadata and shared data, sorted.
func itemSet(items []*engine.Item) []string {
	var out []string
	var desc func(it *engine.Item) string
	desc = func(it *engine.Item) string {
		s := it.Sync.ID + " " + itoa(it.Sync.Updates) + " " + it.Data.Digest()
		for _, h := range it.Sync.History {
			s += " " + itoa(h.Sequence) + h.By + string(appendDateTime(nil, h.When))
		}
		var cs []string
		for _, c := range it.Conflicts {
			cs = append(cs, desc(c))
		}
		slices.Sort(cs)
		return s + " [" + strings.Join(cs, ", ") + "]"
	}
	for _, it := range items {
		out = append(out, desc(it))
	}
	slices.Sort(out)
	return out
}

// fieldMap returns an item's fields by key.
func fieldMap(d engine.Data) map[string]Field {
	m := map[string]Field{}
	for _, f := range Fields(d) {
		m[f.Key] = f
	}
	return m
}

// Implementation note 1, checked field by field on the scenario's feeds.
func TestMergeNote1KeepsLocalPublisherData(t *testing.T) {
	raw, err := os.ReadFile("testdata/merge/note1-remote-wins.txtar")
	if err != nil {
		t.Fatal(err)
	}
	a := feedtest.ParseArchive(string(raw))
	local := mustParse(t, "local.xml", a.Files["local.xml"])
	remote := mustParse(t, "remote.xml", a.Files["remote.xml"])
	m, err := Merge(local, remote)
	if err != nil {
		t.Fatal(err)
	}
	id := "item_1_myapp_2008-08-05T11:43:33Z"
	got, l, r := fieldMap(m.Item(id).Data), fieldMap(local.Item(id).Data), fieldMap(remote.Item(id).Data)
	for _, k := range []string{"id", "author[1]", "updated", "link[1]"} {
		if got[k] != l[k] || got[k].Shared {
			t.Errorf("publisher-specific %s = %+v, want the local %+v", k, got[k], l[k])
		}
	}
	for _, k := range []string{"title", "content", "category[1]"} {
		if got[k] != r[k] || !got[k].Shared {
			t.Errorf("shared %s = %+v, want the winner's %+v", k, got[k], r[k])
		}
	}
	if !syncEqual(m.Item(id).Sync, remote.Item(id).Sync) {
		t.Errorf("sync = %+v, want the winner's", m.Item(id).Sync)
	}
	if sf := SharedFields(m.Item(id).Data); len(sf) != 3 {
		t.Errorf("SharedFields = %+v, want title, content, category", sf)
	}
}

func TestMergeCrossFormat(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		format     Format
	}{
		{"Atom_local_RSS_remote", "atom-local-rss-remote.txtar", Atom},
		{"RSS_local_Atom_remote", "rss-local-atom-remote.txtar", RSS},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := os.ReadFile("testdata/merge/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			a := feedtest.ParseArchive(string(raw))
			local := mustParse(t, "local.xml", a.Files["local.xml"])
			remote := mustParse(t, "remote.xml", a.Files["remote.xml"])
			m, err := Merge(local, remote)
			if err != nil {
				t.Fatal(err)
			}
			if m.Format() != tc.format {
				t.Errorf("result format %v, want local's %v", m.Format(), tc.format)
			}
			for _, id := range []string{"fence", "lawn"} {
				got, want := m.Item(id), remote.Item(id)
				if got == nil {
					t.Fatalf("item %s missing", id)
				}
				if dataOf(got.Data).format != tc.format {
					t.Errorf("%s: data stayed in the remote format", id)
				}
				if got.Data.Digest() != want.Data.Digest() {
					t.Errorf("%s: shared data changed crossing formats:\n%+v\n%+v", id, SharedFields(got.Data), SharedFields(want.Data))
				}
			}
			// The other format's publisher-specific data stays behind; an
			// Atom entry gets the atom:id and atom:updated every entry has.
			var own []string
			for _, f := range Fields(m.Item("lawn").Data) {
				if !f.Shared {
					own = append(own, f.Key+"="+f.Value)
				}
			}
			want := ""
			if tc.format == Atom {
				want = "id=" + EntryID("lawn") + " updated=" + m.Item("lawn").Sync.Topmost().When.Format(time.RFC3339)
			}
			if got := strings.Join(own, " "); got != want {
				t.Errorf("the new item's publisher-specific data: %q, want %q", got, want)
			}
			if n := len(m.Items()); n != 2 {
				t.Errorf("%d sync items, want 2", n)
			}
			if out := string(m.Bytes()); strings.Contains(out, "Remote only") || !strings.Contains(out, "Not synced") && tc.format == Atom {
				t.Errorf("items without sx:sync: remote's must stay out, local's in:\n%s", out)
			}
		})
	}
}

// §2.4: noconflicts is fixed at the first update; versions that disagree
// cannot be merged, and the problem is reported in both files.
func TestMergeNoconflictsDisagree(t *testing.T) {
	local := mustParse(t, "local.xml", atomWith(`<sx:sync id="a" updates="1"><sx:history sequence="1" by="l"/></sx:sync>`))
	remote := mustParse(t, "remote.xml", atomWith(`<sx:sync id="a" updates="2" noconflicts="true"><sx:history sequence="2" by="r"/></sx:sync>`))
	m, err := Merge(local, remote)
	var ps Problems
	if m != nil || !errors.As(err, &ps) {
		t.Fatalf("Merge = %v, %v; want Problems", m, err)
	}
	want := `local.xml:2:24: sx:sync: noconflicts is "false" here but "true" in remote.xml; it never changes after the first update (1.0.2 §2.4)
remote.xml:2:24: sx:sync: noconflicts is "true" here but "false" in local.xml; it never changes after the first update (1.0.2 §2.4)`
	if ps.Error() != want {
		t.Errorf("problems:\n%s\nwant\n%s", ps, want)
	}
}

// Merging a feed with itself changes nothing, and the result is written as
// the input was.
func TestMergeWithItself(t *testing.T) {
	for _, f := range []string{"spec/atom-1.4.1.xml", "roundtrip/rss-foreign.xml", "roundtrip/atom-prefixed.xml"} {
		t.Run(f, func(t *testing.T) {
			d := mustParse(t, f, string(feedtest.ReadFile(t, f)))
			m, err := Merge(d, d)
			if err != nil {
				t.Fatal(err)
			}
			if string(m.Bytes()) != string(d.Bytes()) {
				t.Errorf("merging with itself changed the feed:\n%s", feedtest.LineDiff(string(d.Bytes()), string(m.Bytes())))
			}
		})
	}
}
