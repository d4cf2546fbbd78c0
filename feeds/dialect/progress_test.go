package dialect

import (
	"bytes"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// TestProgressInBothDialects: ParseWithProgress reports the bytes read and
// MergeWithProgress the items merged, in either dialect, ending at their
// totals; the results are Parse's and Merge's.
func TestProgressInBothDialects(t *testing.T) {
	for _, c := range []struct {
		name string
		pair func(n int, ratio float64, seed int64) ([]byte, []byte)
		// what a merge counts, as the binding does: remote's items
		// (feeds.MergeWithProgress), or the result's (ssefeed's)
		items func(remote, merged *Doc) int
	}{
		{"FeedSync 1.0.2 Atom", feedgen.Pair, func(r, _ *Doc) int { return len(r.Entries()) }},
		{"SSE 0.91 RSS", feedgen.PairSSE, func(_, m *Doc) int { return len(m.Entries()) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, r := c.pair(3000, 0.1, 1)
			var read, merged feedtest.Progress
			local, err := ParseWithProgress("local.xml", l, read.Report)
			if err != nil {
				t.Fatal(err)
			}
			read.Check(t, 2, len(l))
			remote, err := Parse("remote.xml", r)
			if err != nil {
				t.Fatal(err)
			}
			m, err := MergeWithProgress(local, remote, merged.Report)
			if err != nil {
				t.Fatal(err)
			}
			merged.Check(t, 2, c.items(remote, m))
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
