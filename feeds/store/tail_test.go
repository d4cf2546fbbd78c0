package store

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds"
)

// TestOlderFeedsyncAppends: an older feedsync appends to the log without
// touching the index (format 1 is the log's format still): the next Open
// indexes what it appended, in pieces of at most tailMax, and finds it
// all; then an older feedsync's compaction (a new log renamed over) makes
// the index of another log, which is made again.
func TestOlderFeedsyncAppends(t *testing.T) {
	items := manyItems(12000, 400)
	feed := recordEach(t, items, len(items))
	before := fileSize(t, indexPath(Path(feed)))
	f, err := os.OpenFile(Path(feed), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	var b []byte
	for i := range 30000 { // about 14 MiB: three pieces and more
		v := version{id: fmt.Sprint("old", i), h: hist("1@01@o"), digest: fmt.Sprint("d", i),
			fields: []feeds.Field{{Key: "title", Label: "Title", Value: strings.Repeat("v", 400), Shared: true}}}
		b = v.encode(b)
	}
	f.Write(b)
	f.Close()
	s := open(t, feed)
	if st := s.Stats(); st.Records != 42000 || st.Items != 42000 {
		t.Errorf("Stats = %+v, want 42000 versions of 42000 items", st)
	}
	for _, id := range []string{"i0", "i11999", "old0", "old29999"} {
		if _, ok := s.Base(id, hist("1@01@o")); !ok {
			t.Errorf("Base(%s) not found", id)
		}
	}
	if after := fileSize(t, indexPath(Path(feed))); after <= before {
		t.Errorf("the index was not brought up to date: %d bytes, was %d", after, before)
	}
	s.Close()

	// An older feedsync compacts: a new log, its size as its floor, with
	// the old index beside it.
	writeStore(t, Path(feed), 5000, 1, 100)
	data := readAll(t, Path(feed))
	copy(data, header(int64(len(data))))
	if err := os.WriteFile(Path(feed), data, 0o644); err != nil {
		t.Fatal(err)
	}
	s = open(t, feed)
	if st := s.Stats(); st.Records != 5000 {
		t.Errorf("after the log was replaced: Stats = %+v, want the 5000 versions of the new log", st)
	}
	if _, ok := s.Base("i4999", hist("1@01@o")); !ok {
		t.Error("a version of the new log is not found")
	}
	if _, ok := s.Base("old0", hist("1@01@o")); ok {
		t.Error("a version of the old log, indexed before, is found in the new one")
	}
}
