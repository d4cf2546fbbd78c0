package store

import (
	"testing"
)

func TestRoundTrip(t *testing.T) {
	feed := feedIn(t)
	d := parse(t, rss(
		item{id: "a", title: "A2", desc: "a2", hist: []string{"2@02@x", "1@01@o"},
			conflicts: []item{{id: "a", title: "A2y", desc: "a2y", hist: []string{"2@03@y", "1@01@o"}}}},
		item{id: "b", title: "B", desc: "b &lt;i&gt;b&lt;/i&gt;", hist: []string{"1@01@o"}},
	))
	s := open(t, feed)
	if err := s.Record(d); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"a 2@02@x": "title=A2;content=a2;",
		"a 2@03@y": "title=A2y;content=a2y;",
		"b 1@01@o": "title=B;content=b <i>b</i>;",
	}
	check := func(s *Store) {
		t.Helper()
		for k, w := range want {
			id, h := k[:1], hist(k[2:])
			fs, ok := s.Base(id, h)
			if !ok || values(fs) != w {
				t.Errorf("Base(%s) = %q, %v; want %q", k, values(fs), ok, w)
			}
		}
		if _, ok := s.Base("a", hist("1@01@o")); ok {
			t.Errorf("Base of a version never read: found")
		}
		if st := s.Stats(); st.Records != 3 || st.Items != 2 {
			t.Errorf("Stats = %+v, want 3 records of 2 items", st)
		}
	}
	check(s)
	check(open(t, feed))
}
