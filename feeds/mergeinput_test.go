package feeds

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// TestMergeLeavesItemsAlone checks that Merge changes neither input's
// items, as its doc says, for every merge scenario and both directions:
// the items of each input keep their data, field by field. (Writing does
// not show it: an unchanged item is written from its element as read.)
// The git merge driver reads both inputs again after merging them.
func TestMergeLeavesItemsAlone(t *testing.T) {
	files, _ := filepath.Glob("testdata/merge/*.txtar")
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txtar"), func(t *testing.T) {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			a := feedtest.ParseArchive(string(raw))
			for _, names := range [][2]string{{"local.xml", "remote.xml"}, {"remote.xml", "local.xml"}} {
				local, remote := mustParse(t, names[0], a.Files[names[0]]), mustParse(t, names[1], a.Files[names[1]])
				before := [2]map[string][]Field{itemFields(local), itemFields(remote)}
				if _, err := Merge(local, remote); err != nil {
					t.Fatal(err)
				}
				for i, d := range []*Doc{local, remote} {
					if after := itemFields(d); !reflect.DeepEqual(before[i], after) {
						t.Errorf("merging %s into %s changed the items of %s", names[1], names[0], d.Name())
					}
				}
			}
		})
	}
}

func itemFields(d *Doc) map[string][]Field {
	out := map[string][]Field{}
	for _, it := range d.Items() {
		out[it.Sync.ID] = Fields(it.Data)
		for i, c := range it.Conflicts {
			out[it.Sync.ID+"/"+string(rune('0'+i))] = Fields(c.Data)
		}
	}
	return out
}
