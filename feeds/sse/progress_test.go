package ssefeed

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

// reports records what a feeds.Progress is told.
type reports struct{ done, total []int }

func (r *reports) progress(done, total int) {
	r.done, r.total = append(r.done, done), append(r.total, total)
}

// check fails unless the reports came at least min times, never went
// back, always named the same total, want, and ended at it.
func (r *reports) check(t *testing.T, min, want int) {
	t.Helper()
	if len(r.done) < min {
		t.Fatalf("%d reports, want at least %d: %v", len(r.done), min, r.done)
	}
	for i := range r.done {
		if r.total[i] != want {
			t.Errorf("report %d: total %d, want %d", i, r.total[i], want)
		}
		if i > 0 && r.done[i] < r.done[i-1] || r.done[i] > r.total[i] {
			t.Errorf("report %d: %d of %d after %d", i, r.done[i], r.total[i], r.done[max(i-1, 0)])
		}
	}
	if last := r.done[len(r.done)-1]; last != want {
		t.Errorf("the last report says %d, want %d", last, want)
	}
}

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
			var r reports
			d, err := ParseWithProgress(c.name, c.data, r.progress)
			if err != nil {
				t.Fatal(err)
			}
			r.check(t, c.min, len(c.data))
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
	local, err := Parse("local.xml", l)
	if err != nil {
		t.Fatal(err)
	}
	remote, err := Parse("remote.xml", r)
	if err != nil {
		t.Fatal(err)
	}
	var rep reports
	m, err := MergeWithProgress(local, remote, rep.progress)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Merge(local, remote)
	if err != nil {
		t.Fatal(err)
	}
	rep.check(t, 4, len(plain.Items()))
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
		l, err := Parse("local.xml", local)
		if err != nil {
			b.Fatal(err)
		}
		r, err := Parse("remote.xml", remote)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("merge/"+c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := MergeWithProgress(l, r, c.p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
