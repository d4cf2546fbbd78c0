package ssefeed

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// TestParseWithProgressReportsBytesRead: an RSS parse reports the bytes it
// has read as it goes and ends at all of them; an OPML parse, which reads
// the outline as one tree, reports at the end. The Doc is Parse's.
func TestParseWithProgressReportsBytesRead(t *testing.T) {
	rss, _ := feedgen.PairSSE(3000, 0.1, 1)
	opml, err := os.ReadFile(filepath.Join("testdata", "opml", "subscriptions.opml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
		min  int
	}{
		{"rss", rss, len(rss) / (1 << 20)},
		{"opml", opml, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			var r feedtest.Progress
			d, err := ParseWithProgress(c.name, c.data, r.Report)
			if err != nil {
				t.Fatal(err)
			}
			r.Check(t, c.min, len(c.data))
			plain, err := Parse(c.name, c.data)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(d.Bytes(), plain.Bytes()) {
				t.Error("ParseWithProgress and Parse read the feed differently")
			}
		})
	}
}

// TestMergeWithProgressReportsItemsMerged: a merge reports how many items
// of the result it has settled as it goes, and ends at all of them; the
// result is Merge's.
func TestMergeWithProgressReportsItemsMerged(t *testing.T) {
	l, r := feedgen.PairSSE(5000, 0.1, 1)
	local, remote := feedtest.ParsePair(t, Parse, l, r)
	var rep feedtest.Progress
	m, err := MergeWithProgress(local, remote, rep.Report)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Merge(local, remote)
	if err != nil {
		t.Fatal(err)
	}
	rep.Check(t, 4, len(plain.Items()))
	if !bytes.Equal(m.Bytes(), plain.Bytes()) {
		t.Error("MergeWithProgress and Merge merge differently")
	}
}

// BenchmarkProgress parses and merges the 100k pair with and without a
// Progress, for what watching costs (nothing, the Progress aside):
//
//	$ go test -run='^$' -bench=Progress -benchtime=5x ./feeds/sse
func BenchmarkProgress(b *testing.B) {
	local, remote := feedgen.PairSSE(100_000, 0.1, 1)
	var calls int
	watch := func(int, int) { calls++ }
	for _, c := range []struct {
		name string
		p    func(int, int)
	}{{"unwatched", nil}, {"watched", watch}} {
		b.Run("parse/"+c.name, func(b *testing.B) {
			b.SetBytes(int64(len(local)))
			for b.Loop() {
				if _, err := ParseWithProgress("local.xml", local, c.p); err != nil {
					b.Fatal(err)
				}
			}
		})
		l, r := feedtest.ParsePair(b, Parse, local, remote)
		b.Run("merge/"+c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := MergeWithProgress(l, r, c.p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
