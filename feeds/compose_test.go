package feeds

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// A merge composes a winner from trees built without the history and
// conflicts of their sx:sync (lazyEl.slim) unless the whole trees are
// built already: the result is the same bytes either way, for every merge
// scenario and a generated pair (implementation note 1).
func TestComposeFromSlimTreesAsFromWholeOnes(t *testing.T) {
	pairs := mergeScenarios(t)
	l, r := feedgen.Pair(2000, 0.1, 1)
	pairs["generated"] = [2]string{string(l), string(r)}
	if len(pairs) < 3 {
		t.Fatal("no merge scenarios")
	}
	for name, p := range pairs {
		t.Run(name, func(t *testing.T) {
			slim := mergeOf(t, p, false)
			whole := mergeOf(t, p, true)
			if slim != whole {
				t.Errorf("composed from slim trees (-) and whole ones (+):\n%s", feedtest.LineDiff(slim, whole))
			}
		})
	}
}

// mergeScenarios returns the LOCAL and REMOTE of each scenario in
// testdata/merge, by its name.
func mergeScenarios(t *testing.T) map[string][2]string {
	t.Helper()
	pairs := map[string][2]string{}
	files, _ := filepath.Glob("testdata/merge/*.txtar")
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		a := feedtest.ParseArchive(string(raw))
		pairs[strings.TrimSuffix(filepath.Base(f), ".txtar")] = [2]string{a.Files["local.xml"], a.Files["remote.xml"]}
	}
	return pairs
}

// mergeOf merges a pair, having built every item's whole tree first when
// whole is set.
func mergeOf(t *testing.T, p [2]string, whole bool) string {
	t.Helper()
	local, remote := mustParse(t, "local.xml", p[0]), mustParse(t, "remote.xml", p[1])
	if whole {
		for _, d := range []*Doc{local, remote} {
			for _, it := range d.Items() {
				if x := dataOf(it.Data); x != nil {
					x.tree()
				}
			}
		}
	}
	m, err := Merge(local, remote)
	if err != nil {
		t.Fatal(err)
	}
	return string(m.Bytes())
}
