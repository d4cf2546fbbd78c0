package ssefeed

import (
	"bytes"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// FuzzMerge checks, for any two SSE 0.91 feeds that load, that merging
// them never panics or fails but for an RSS and an OPML feed (ErrKind);
// that the result loads back to the same items; that merging it with the
// remote feed again changes nothing; and that merging a feed with itself
// changes no item (no invented conflict, issue 13).
//
// $ go test -fuzz=FuzzMerge ./feeds/sse
func FuzzMerge(f *testing.F) {
	for _, p := range wellFormedSeeds(f) {
		f.Add(p[0], p[1])
	}
	for _, c := range cycleFeeds {
		f.Add([]byte(c.feed), []byte(c.feed))
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		local, err1 := Parse("local.xml", a)
		remote, err2 := Parse("remote.xml", b)
		if err1 != nil || err2 != nil {
			return
		}
		if self, err := Merge(local, local); err != nil {
			t.Fatalf("merging a feed with itself: %v", err)
		} else if g, w := fingerprint(self), fingerprint(local); g != w {
			t.Fatalf("merging a feed with itself changed it (-read +merged):\n%s", feedtest.LineDiff(w, g))
		}
		m, err := Merge(local, remote)
		if err != nil {
			if local.Kind() == remote.Kind() {
				t.Fatalf("Merge: %v", err)
			}
			return
		}
		out := m.Bytes()
		back, err := Parse("merged.xml", out)
		if err != nil {
			t.Fatalf("merged feed does not load: %v\n%s", err, out)
		}
		if g, w := fingerprint(back), fingerprint(m); g != w {
			t.Fatalf("merged items change through a write (-merged +read back):\n%s", feedtest.LineDiff(w, g))
		}
		again, err := Merge(back, remote)
		if err != nil {
			t.Fatal(err)
		}
		if g, w := fingerprint(again), fingerprint(back); g != w {
			t.Fatalf("merging again changed the items:\n%s", feedtest.LineDiff(w, g))
		}
		if out2 := again.Bytes(); !bytes.Equal(out, out2) {
			t.Fatalf("merging again changed the feed:\n%s", feedtest.LineDiff(string(out), string(out2)))
		}
	})
}
