package store

import (
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// payloadSize is the length of the record Record makes of the winner of
// item id in d.
func payloadSize(t *testing.T, d *dialect.Doc, id string) int {
	t.Helper()
	e, err := d.Entry(id)
	if err != nil {
		t.Fatal(err)
	}
	v := e.Winner()
	h, _ := v.Top()
	var enc encoder
	return len(enc.append(nil, &pending{id: id, h: h, src: v}, v.Digest())) - frameSize
}

// sized returns an item whose record is n bytes: its description padded.
func sized(t *testing.T, id string, n int) item {
	t.Helper()
	it := item{id: id, title: "T", desc: strings.Repeat("x", n-1000), hist: []string{"1@01@o"}}
	got := payloadSize(t, parse(t, rss(it)), id)
	it.desc = strings.Repeat("x", len(it.desc)+n-got)
	if got := payloadSize(t, parse(t, rss(it)), id); got != n {
		t.Fatalf("made a record of %d bytes, want %d", got, n)
	}
	return it
}

// TestRecordLimitWritesOnlyWhatReads: the writer and the reader share one
// limit, MaxRecord. A version whose record is exactly that long is
// written and read back; one a byte longer is left out with a warning
// naming it, and the store, with every other version, still opens
// without a warning (before, it was written, and the next Open set the
// whole store aside: issue 29, item 5).
func TestRecordLimitWritesOnlyWhatReads(t *testing.T) {
	at, past := sized(t, "at", MaxRecord), sized(t, "past", MaxRecord+1)
	feed := feedIn(t)
	s := open(t, feed)
	err := s.Record(parse(t, rss(itemA, at, past, itemB)))
	if err == nil || !strings.Contains(err.Error(), `"past"`) || !strings.Contains(err.Error(), "1 version not recorded") {
		t.Errorf("Record = %v, want a warning that the version of past was left out", err)
	}
	s.Close()
	s = open(t, feed) // fails on a warning: nothing set aside
	for _, id := range []string{"a", "at", "b"} {
		if _, ok := s.Base(id, hist("1@01@o")); !ok {
			t.Errorf("Base(%s) not found", id)
		}
	}
	if fs, _ := s.Base("at", hist("1@01@o")); !strings.Contains(values(fs), at.desc) {
		t.Error("the version at the limit reads back different")
	}
	if _, ok := s.Base("past", hist("1@01@o")); ok {
		t.Error("the version past the limit was recorded")
	}
	if st := s.Stats(); st.Records != 3 {
		t.Errorf("Stats = %+v, want 3 versions", st)
	}

	// A version too big that is still in the feed saved is left out
	// without a word (or every save of that feed would warn); it is said
	// when it leaves the feed, which is when it is lost as a base.
	d := parse(t, rss(itemA, past))
	if err := s.RecordCurrent(d); err != nil {
		t.Errorf("RecordCurrent of a feed holding it warns: %v", err)
	}
	past2 := past
	past2.hist = []string{"2@02@o", "1@01@o"}
	past2.desc = "small now"
	if err := s.RecordLeft([][]dialect.Entry{d.Entries()}, parse(t, rss(itemA, past2))); err == nil || !strings.Contains(err.Error(), `"past"`) {
		t.Errorf("RecordLeft as it leaves = %v, want the warning", err)
	}
}
