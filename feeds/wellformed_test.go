package feeds

import (
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// wellFormedSeeds returns pairs of feeds to write and merge: the merge
// scenarios of testdata, each way round, and a generated pair.
func wellFormedSeeds(t testing.TB) [][2][]byte {
	l, r := feedgen.Pair(40, 0.3, 7)
	return append(feedtest.MergeSeeds(t), [2][]byte{l, r})
}

// written returns everything feedsync writes from a pair of feeds: each
// as read, and their merges both ways.
func written(a, b []byte) [][]byte { return feedtest.Written(a, b, Parse, Merge) }

// FuzzWritesWellFormed checks that everything feedsync writes, a feed as
// read and the merge of two, is well-formed XML with namespaces, as the
// strict reader judges it (issue 13 item 6).
//
// $ go test -fuzz=FuzzWritesWellFormed ./feeds
func FuzzWritesWellFormed(f *testing.F) {
	feedtest.FuzzWellFormed(f, wellFormedSeeds(f), written)
}

// TestWritesWhatExpatReads checks what the fuzz target checks with a
// second parser, Python's expat, on the seeds' outputs.
func TestWritesWhatExpatReads(t *testing.T) {
	feedtest.ExpatReads(t, wellFormedSeeds(t), written)
}
