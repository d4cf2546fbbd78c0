package ssefeed

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// TestMergeLeavesItemsAlone checks that Merge changes neither input's
// items, as the package says, for every merge scenario and both
// directions: each item keeps its sync state, position and fields. The git
// merge driver reads both inputs again after merging them.
func TestMergeLeavesItemsAlone(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "merge", "*.txtar"))
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			a := feedtest.ReadArchive(t, filepath.Join("merge", name+".txtar"))
			for _, names := range [][2]string{{"local.xml", "remote.xml"}, {"remote.xml", "local.xml"}} {
				local, remote := mustParse(t, names[0], a.Files[names[0]]), mustParse(t, names[1], a.Files[names[1]])
				before := [2]map[string]string{itemStates(local), itemStates(remote)}
				if _, err := Merge(local, remote); err != nil {
					t.Fatal(err)
				}
				for i, d := range []*Doc{local, remote} {
					if after := itemStates(d); !reflect.DeepEqual(before[i], after) {
						t.Errorf("merging %s into %s changed the items of %s", names[1], names[0], d.Name())
					}
				}
			}
		})
	}
}

func itemStates(d *Doc) map[string]string {
	out := map[string]string{}
	for _, it := range d.Items() {
		s := fmt.Sprintf("%d %t %t %+v %+v %+v", it.Sync.Version, it.Sync.Deleted, it.Sync.Conflict, it.Sync.History, it.Position, Fields(it.Data))
		for _, c := range it.Sync.Conflicts {
			s += fmt.Sprintf(" | %d %+v %+v", c.Version, c.Position, Fields(c.Data))
		}
		out[it.Sync.ID] = s
	}
	return out
}
