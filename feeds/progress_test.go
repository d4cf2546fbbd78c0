package feeds

import (
	"bytes"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

// reports records what a Progress is told.
type reports struct{ done, total []int }

func (r *reports) progress(done, total int) {
	r.done, r.total = append(r.done, done), append(r.total, total)
}

// check fails unless the reports came more than once (at least min times),
// never went back, always named the same total, want, and ended at it.
func (r *reports) check(t *testing.T, min, want int) {
	t.Helper()
	if len(r.done) < min {
		t.Fatalf("%d reports, want at least %d: %v", len(r.done), min, r.done)
	}
	for i := range r.done {
		if r.total[i] != want {
			t.Errorf("reports %d: total %d, want %d", i, r.total[i], want)
		}
		if i > 0 && r.done[i] < r.done[i-1] || r.done[i] > r.total[i] {
			t.Errorf("reports %d: %d of %d after %d", i, r.done[i], r.total[i], r.done[max(i-1, 0)])
		}
	}
	if last := r.done[len(r.done)-1]; last != want {
		t.Errorf("the last reports says %d, want %d", last, want)
	}
}

// TestParseWithProgressReportsBytesRead: a parse reports the bytes it has
// read as it goes, of the document's bytes, and ends at all of them; the
// Doc is the one Parse gives.
func TestParseWithProgressReportsBytesRead(t *testing.T) {
	local, _ := feedgen.Pair(3000, 0.1, 1)
	var r reports
	d, err := ParseWithProgress("local.xml", local, r.progress)
	if err != nil {
		t.Fatal(err)
	}
	r.check(t, len(local)/(1<<20), len(local))
	plain, err := Parse("local.xml", local)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(d.Bytes(), plain.Bytes()) {
		t.Error("ParseWithProgress and Parse read the feed differently")
	}
	var bad reports
	if _, err := ParseWithProgress("bad.xml", []byte("<rss><channel>"), bad.progress); err == nil {
		t.Error("a broken feed parsed")
	}
	if n := len(bad.done); n > 0 && bad.done[n-1] == bad.total[n-1] {
		t.Errorf("a parse that failed reported that it read everything: %v of %v", bad.done, bad.total)
	}
}

// TestMergeWithProgressReportsItemsMerged: a merge reports how many of
// remote's items it has merged as it goes, and ends at all of them; the
// result is the one Merge gives.
func TestMergeWithProgressReportsItemsMerged(t *testing.T) {
	l, r := feedgen.Pair(5000, 0.1, 1)
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
	rep.check(t, 4, len(remote.Items()))
	plain, err := Merge(local, remote)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(m.Bytes(), plain.Bytes()) {
		t.Error("MergeWithProgress and Merge merge differently")
	}
}

// BenchmarkProgress parses and merges the 100k pair with and without a
// Progress, for what watching costs (nothing, the Progress aside):
//
//	$ go test -run='^$' -bench=Progress -benchtime=5x ./feeds
func BenchmarkProgress(b *testing.B) {
	local, remote := benchPair(100_000)
	var calls int
	watch := func(int, int) { calls++ }
	for _, c := range []struct {
		name string
		p    Progress
	}{{"unwatched", nil}, {"watched", watch}} {
		b.Run("parse/"+c.name, func(b *testing.B) {
			b.SetBytes(int64(len(local)))
			for b.Loop() {
				if _, err := ParseWithProgress("local.xml", local, c.p); err != nil {
					b.Fatal(err)
				}
			}
		})
		l, r := parsePair(b, local, remote)
		b.Run("merge/"+c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := MergeWithProgress(l, r, c.p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
