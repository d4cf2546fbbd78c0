package feeds

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// wellFormedSeeds returns pairs of feeds to write and merge: the merge
// scenarios of testdata, each way round, and a generated pair.
func wellFormedSeeds(t testing.TB) [][2][]byte {
	var pairs [][2][]byte
	files, _ := filepath.Glob("testdata/merge/*.txtar")
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		a := feedtest.ParseArchive(string(raw))
		l, r := []byte(a.Files["local.xml"]), []byte(a.Files["remote.xml"])
		pairs = append(pairs, [2][]byte{l, r}, [2][]byte{r, l})
	}
	l, r := feedgen.Pair(40, 0.3, 7)
	return append(pairs, [2][]byte{l, r})
}

// written returns everything feedsync writes from a pair of feeds: each
// as read, and their merges both ways. Feeds that do not load, or do not
// merge, give nothing.
func written(a, b []byte) [][]byte {
	var out [][]byte
	da, errA := Parse("a.xml", a)
	db, errB := Parse("b.xml", b)
	if errA == nil {
		out = append(out, da.Bytes())
	}
	if errB == nil {
		out = append(out, db.Bytes())
	}
	if errA == nil && errB == nil {
		if m, err := Merge(da, db); err == nil {
			out = append(out, m.Bytes())
		}
		if m, err := Merge(db, da); err == nil {
			out = append(out, m.Bytes())
		}
	}
	return out
}

// FuzzWritesWellFormed checks that everything feedsync writes, a feed as
// read and the merge of two, is well-formed XML with namespaces, as the
// strict reader judges it (issue 13 item 6).
//
// $ go test -fuzz=FuzzWritesWellFormed ./feeds
func FuzzWritesWellFormed(f *testing.F) {
	for _, p := range wellFormedSeeds(f) {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		for _, out := range written(a, b) {
			feedtest.WellFormed(t, out)
		}
	})
}

// TestWritesWhatExpatReads checks what the fuzz target checks with a
// second parser, Python's expat, on the seeds' outputs.
func TestWritesWhatExpatReads(t *testing.T) {
	var outs [][]byte
	for _, p := range wellFormedSeeds(t) {
		outs = append(outs, written(p[0], p[1])...)
	}
	if len(outs) < 10 {
		t.Fatalf("only %d documents written", len(outs))
	}
	for i, v := range feedtest.Expat(t, outs) {
		if v != "" {
			t.Errorf("expat refuses what feedsync wrote: %s\n%s", v, outs[i])
		}
	}
}
