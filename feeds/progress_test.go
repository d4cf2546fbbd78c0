package feeds

import (
	"bytes"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// TestParseWithProgressReportsBytesRead: a parse reports the bytes it has
// read as it goes, of the document's bytes, and ends at all of them; the
// Doc is the one Parse gives.
func TestParseWithProgressReportsBytesRead(t *testing.T) {
	local, _ := feedgen.Pair(3000, 0.1, 1)
	var r feedtest.Progress
	d, err := ParseWithProgress("local.xml", local, r.Report)
	if err != nil {
		t.Fatal(err)
	}
	r.Check(t, len(local)/(1<<20), len(local))
	plain, err := Parse("local.xml", local)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(d.Bytes(), plain.Bytes()) {
		t.Error("ParseWithProgress and Parse read the feed differently")
	}
	var bad feedtest.Progress
	if _, err := ParseWithProgress("bad.xml", []byte("<rss><channel>"), bad.Report); err == nil {
		t.Error("a broken feed parsed")
	}
	if n := len(bad.Done); n > 0 && bad.Done[n-1] == bad.Total[n-1] {
		t.Errorf("a parse that failed reported that it read everything: %v of %v", bad.Done, bad.Total)
	}
}

// TestMergeWithProgressReportsItemsMerged: a merge reports how many of
// remote's items it has merged as it goes, and ends at all of them; the
// result is the one Merge gives.
func TestMergeWithProgressReportsItemsMerged(t *testing.T) {
	l, r := feedgen.Pair(5000, 0.1, 1)
	local, remote := feedtest.ParsePair(t, Parse, l, r)
	var rep feedtest.Progress
	m, err := MergeWithProgress(local, remote, rep.Report)
	if err != nil {
		t.Fatal(err)
	}
	rep.Check(t, 4, len(remote.Items()))
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
