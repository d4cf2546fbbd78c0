package share

import (
	"os"
	"testing"
)

// LOCAL replaced by an older copy of itself (a backup restored) holds an
// item the publisher has a later version of: the sync pushes the old
// version, which changes nothing at the hub, and must bring the later one
// back (the package doc: "afterwards LOCAL holds everything the publisher
// knew"), though it was incorporated before the cached until.
func TestSyncOfAnOlderLOCALGetsTheLaterVersionBack(t *testing.T) {
	for _, w := range []Window{{}, {Items: 5}} {
		t.Run(w.String(), func(t *testing.T) {
			th := startHub(t, "rss", Options{Window: w})
			th.edit("A", create("a", "A"), create("x", "X"))
			e := th.endpoint("E")
			e.sync()
			old := readFile(t, e.local)
			e.edit(edit("x", "X by E", false))
			e.sync()
			os.WriteFile(e.local, old, 0o644) // the backup restored
			e.sync()
			if got, want := itemSums(t, e.local)["x"], itemSums(t, th.path)["x"]; got != want {
				t.Errorf("E's x is %s after a sync, the hub's %s", got, want)
			}
		})
	}
}
