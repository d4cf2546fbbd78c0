package store

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedgen"
)

// The store's share of a merge of the generated 100k pair, and what a
// merge that brings 10 changed items into an existing store appends:
//
//	go test ./feeds/store -run '^$' -bench . -benchtime 3x -benchmem
//
// The whole command, with and without its store, is measured from outside
// (see the package doc for the figures and the command).

var pair100k = sync.OnceValues(func() ([]byte, []byte) { return feedgen.Pair(100_000, 0.1, 1) })

func parsePair(b *testing.B, l, r []byte) (*dialect.Doc, *dialect.Doc, *dialect.Doc) {
	b.Helper()
	ld, err := dialect.Parse("local.xml", l)
	if err != nil {
		b.Fatal(err)
	}
	rd, err := dialect.Parse("remote.xml", r)
	if err != nil {
		b.Fatal(err)
	}
	m, err := dialect.Merge(ld, rd)
	if err != nil {
		b.Fatal(err)
	}
	return ld, rd, m
}

// BenchmarkRecordSaveFresh is what a merge of the 100k pair costs its
// store when the store is new: the versions the merge replaced.
func BenchmarkRecordSaveFresh(b *testing.B) {
	l, r := pair100k()
	for b.Loop() {
		b.StopTimer()
		ld, rd, m := parsePair(b, l, r)
		feed := filepath.Join(b.TempDir(), "out.xml")
		s, _ := Open(feed)
		b.StartTimer()
		if err := s.RecordSave([][]dialect.Entry{ld.Entries(), rd.Entries()}, m); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}
