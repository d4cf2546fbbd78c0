package dialect

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/feedtest"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// FuzzMerge checks Merge on any two feeds that load, of either dialect or
// of none yet (issue 9's adoption): it never panics; it fails only with
// the errors it documents (a real mix of dialects, a format that cannot
// carry the dialect, an RSS and an OPML feed); what it writes loads back
// in the dialect it reports, with the same entries; and merging that with
// the remote feed again changes nothing.
//
// $ go test -fuzz=FuzzMerge ./feeds/dialect
func FuzzMerge(f *testing.F) {
	var seeds [][]byte
	for _, glob := range []string{"../testdata/interop/*", "../testdata/spec/*.xml", "../sse/testdata/*.xml", "../sse/testdata/opml/*"} {
		paths, _ := filepath.Glob(glob)
		for _, p := range paths {
			if b, err := os.ReadFile(p); err == nil && len(b) < 64<<10 {
				seeds = append(seeds, b)
			}
		}
	}
	seeds = append(seeds, []byte(conflict091), []byte(`<rss version="2.0"><channel><title>empty</title></channel></rss>`),
		[]byte(`<opml version="2.0"><head/><body/></opml>`))
	for i, a := range seeds {
		f.Add(a, seeds[(i+1)%len(seeds)])
		f.Add(a, a)
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		local, err1 := Parse("local.xml", a)
		remote, err2 := Parse("remote.xml", b)
		if err1 != nil || err2 != nil {
			return
		}
		m, err := Merge(local, remote)
		if err != nil {
			var mixed *MixedError
			var adopt *AdoptError
			if !errors.As(err, &mixed) && !errors.As(err, &adopt) && !errors.Is(err, ssefeed.ErrKind) {
				if _, ok := err.(feeds.Problems); !ok {
					t.Fatalf("Merge: undocumented error %T: %v", err, err)
				}
			}
			return
		}
		out := m.Bytes()
		feedtest.WellFormed(t, out)
		back, err := Parse("merged.xml", out)
		if err != nil {
			t.Fatalf("merged feed does not load: %v\n%s", err, out)
		}
		if back.Dialect() != m.Dialect() && m.Dialect() != None {
			t.Fatalf("merged feed reads back as %v, was %v", back.Dialect(), m.Dialect())
		}
		if g, w := entries(back), entries(m); g != w {
			t.Fatalf("entries change through a write (-merged +read back):\n%s", feedtest.LineDiff(w, g))
		}
		again, err := Merge(back, remote)
		if err != nil {
			t.Fatalf("merging the result with remote again: %v", err)
		}
		if out2 := again.Bytes(); !bytes.Equal(out, out2) {
			t.Fatalf("merging again changed the feed:\n%s", feedtest.LineDiff(string(out), string(out2)))
		}
	})
}

// entries renders a feed's entries: id, title, conflict state.
func entries(d *Doc) string {
	var lines []string
	for _, e := range d.Entries() {
		s := e.ID() + " " + e.Title()
		if e.InConflict() {
			s += " (in conflict)"
		}
		lines = append(lines, s)
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}
