package store

import "testing"

// RecordChanged records the current versions of the items named, and
// looks at no other: a save that changed one item of a big feed records
// that one, where RecordCurrent finds more than Budget new versions and
// records none.
func TestRecordChangedRecordsTheItemsNamed(t *testing.T) {
	feed := feedIn(t)
	a := item{id: "a", title: "A", desc: "a", hist: []string{"2@02@me", "1@01@o"}}
	b := item{id: "b", title: "B", desc: "b", hist: []string{"1@01@o"}}
	c := item{id: "c", title: "C", desc: "c", hist: []string{"1@01@o"}}
	s := open(t, feed)
	if err := s.RecordChanged(parse(t, rss(a, b, c)), []string{"a", "gone"}); err != nil {
		t.Fatal(err)
	}
	if fs, ok := s.Base("a", hist("2@02@me")); !ok || values(fs) != "title=A;content=a;" {
		t.Errorf("Base(a 2@02@me) = %q, %v; want the version recorded", values(fs), ok)
	}
	for _, id := range []string{"b", "c"} {
		if _, ok := s.Base(id, hist("1@01@o")); ok {
			t.Errorf("%s, not named, was recorded", id)
		}
	}
	if st := s.Stats(); st.Records != 1 {
		t.Errorf("Stats = %+v, want 1 record", st)
	}
}
