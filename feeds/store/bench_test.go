package store

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
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

// BenchmarkTenChangedInto100k merges 10 items changed elsewhere into the
// 100k feed whose store holds every version, as a command does (RecordLeft
// before the save, RecordCurrent after), and reports the bytes and
// records appended to the store: O(10), not O(feed).
func BenchmarkTenChangedInto100k(b *testing.B) {
	l, r := pair100k()
	_, _, m := parsePair(b, l, r)
	feed := filepath.Join(b.TempDir(), "feed.xml")
	s, _ := Open(feed)
	if err := s.Record(m); err != nil { // the store holds every version of the feed
		b.Fatal(err)
	}
	merged := m.Bytes()
	local := parseB(b, merged)
	remote := parseB(b, merged)
	changeTen(b, remote)
	s.Close()
	held, err := os.ReadFile(Path(feed))
	if err != nil {
		b.Fatal(err)
	}
	var appended, records int64
	for b.Loop() {
		b.StopTimer()
		if err := os.WriteFile(Path(feed), held, 0o644); err != nil { // as before each merge
			b.Fatal(err)
		}
		s2, _ := Open(feed) // a new command: the store as it is on disk
		before, n := s2.Stats().Bytes, s2.Stats().Records
		b.StartTimer()
		out, err := dialect.Merge(local, remote)
		if err != nil {
			b.Fatal(err)
		}
		read := [][]dialect.Entry{local.Entries(), remote.Entries()}
		if err := s2.RecordLeft(read, out); err != nil {
			b.Fatal(err)
		}
		if err := s2.RecordCurrent(out); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		appended, records = s2.Stats().Bytes-before, int64(s2.Stats().Records-n)
		s2.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(appended), "store-bytes/op")
	b.ReportMetric(float64(records), "store-records/op")
}

func parseB(b *testing.B, data []byte) *dialect.Doc {
	b.Helper()
	d, err := dialect.Parse("feed.xml", data)
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// changeTen updates the title of ten items of d, as another endpoint.
func changeTen(b *testing.B, d *dialect.Doc) {
	b.Helper()
	es := d.Entries()
	st := engine.Stamp{When: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC), By: "elsewhere"}
	for i := range 10 {
		e := es[i*(len(es)/10)]
		title := "changed elsewhere"
		up, err := d.Update(e, st, dialect.Change{Edit: dialect.Edit{Title: &title}}, dialect.Options{})
		if err != nil {
			b.Fatal(err)
		}
		d.Set(up)
	}
}

// BenchmarkOpenBigStore opens a store of 160,000 versions (70 MiB) whose
// index is made, as a command does, and looks up 1,000 versions: its cost
// is the index's buckets and what it reads, not the store.
func BenchmarkOpenBigStore(b *testing.B) {
	feed := filepath.Join(b.TempDir(), "feed.xml")
	writeStore(b, Path(feed), 160_000, 4, 400)
	s, _ := Open(feed) // makes the index
	s.Close()
	for b.Loop() {
		s, warn := Open(feed)
		if warn != nil {
			b.Fatal(warn)
		}
		for i := range 1000 {
			if _, ok := s.Base(fmt.Sprint("i", i*37), hist("2@01@o")); !ok {
				b.Fatal("not found")
			}
		}
		s.Close()
	}
}
