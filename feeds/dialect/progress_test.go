package dialect

import (
	"bytes"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

// TestProgressInBothDialects: ParseWithProgress reports the bytes read and
// MergeWithProgress the items merged, in either dialect, ending at their
// totals; the results are Parse's and Merge's.
func TestProgressInBothDialects(t *testing.T) {
	for _, c := range []struct {
		name string
		pair func(n int, ratio float64, seed int64) ([]byte, []byte)
	}{
		{"FeedSync 1.0.2 Atom", feedgen.Pair},
		{"SSE 0.91 RSS", feedgen.PairSSE},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, r := c.pair(3000, 0.1, 1)
			var read, merged []int
			local, err := ParseWithProgress("local.xml", l, func(done, total int) {
				if total != len(l) {
					t.Errorf("total %d bytes, want %d", total, len(l))
				}
				read = append(read, done)
			})
			if err != nil {
				t.Fatal(err)
			}
			remote, err := Parse("remote.xml", r)
			if err != nil {
				t.Fatal(err)
			}
			var total int
			m, err := MergeWithProgress(local, remote, func(done, all int) { merged, total = append(merged, done), all })
			if err != nil {
				t.Fatal(err)
			}
			if len(read) < 2 || read[len(read)-1] != len(l) {
				t.Errorf("bytes read reported: %v of %d", read, len(l))
			}
			if len(merged) < 2 || merged[len(merged)-1] != total || total < 2000 {
				t.Errorf("items merged reported: %v of %d", merged, total)
			}
			plain, err := Merge(local, remote)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(m.Bytes(), plain.Bytes()) {
				t.Error("MergeWithProgress and Merge merge differently")
			}
		})
	}
}
