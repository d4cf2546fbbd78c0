package engine

import (
	"cmp"
	"fmt"
	"testing"
	"time"
)

// ladder lists versions of one item from the least to the most winning
// (§3.3 note 3, then Compare's documented tie-breakers). Every pair is
// checked in both directions.
var ladder = []struct {
	name string
	it   *Item
}{
	{"fewer updates", item("x", 2, "a", h(9, "2030-01-01T00:00:00Z", "ZZZ"))},
	{"no when, no by", item("x", 3, "a", h(3, "", "A"))},
	{"no when, by B", item("x", 3, "a", h(3, "", "B"))},
	{"early when, no by", item("x", 3, "a", h(3, "2005-05-21T10:00:00Z", ""))},
	{"early when, by A", item("x", 3, "a", h(3, "2005-05-21T10:00:00Z", "A"))},
	{"early when, by B", item("x", 3, "a", h(3, "2005-05-21T10:00:00Z", "B"))},
	{"early when, by a (lower case sorts after upper)", item("x", 3, "a", h(3, "2005-05-21T10:00:00Z", "a"))},
	{"early when, by ab (longer is not greater)", item("x", 3, "a", h(3, "2005-05-21T10:00:00Z", "ab"))},
	{"early when, by b", item("x", 3, "a", h(3, "2005-05-21T10:00:00Z", "b"))},
	{"later when, by A", item("x", 3, "a", h(3, "2005-05-21T11:00:00Z", "A"))},
	{"later when, by A, higher sequence", item("x", 3, "a", h(4, "2005-05-21T11:00:00Z", "A"))},
	{"later when, by A, higher sequence, longer history", item("x", 3, "a", h(4, "2005-05-21T11:00:00Z", "A"), h(1, "2005-05-21T09:00:00Z", "A"))},
	{"later when, by A, higher sequence, newer second entry", item("x", 3, "a", h(4, "2005-05-21T11:00:00Z", "A"), h(1, "2005-05-21T10:00:00Z", "A"))},
	{"later when, by C, tombstone", &Item{Sync: Sync{ID: "x", Updates: 3, Deleted: true, History: []History{h(3, "2005-05-21T11:00:00Z", "C")}}, Data: text("z")}},
	{"later when, by C, live, data a", item("x", 3, "a", h(3, "2005-05-21T11:00:00Z", "C"))},
	{"later when, by C, live, data b", item("x", 3, "b", h(3, "2005-05-21T11:00:00Z", "C"))},
	{"later when, by é (code point above ASCII)", item("x", 3, "a", h(3, "2005-05-21T11:00:00Z", "é"))},
	{"later when, by 日本 (code point above é)", item("x", 3, "a", h(3, "2005-05-21T11:00:00Z", "日本"))},
	{"more updates", item("x", 4, "a", h(1, "2005-01-01T00:00:00Z", "A"))},
}

// §3.3 note 3: winner picking, extended to a total order. Every pair of the
// ladder in both directions: the later one wins, and the order is antisymmetric.
func TestCompareLadder(t *testing.T) {
	for i, a := range ladder {
		for j, b := range ladder {
			want := cmp.Compare(i, j)
			if got := Compare(a.it, b.it); got != want {
				t.Errorf("Compare(%s, %s) = %d, want %d", a.name, b.name, got, want)
			}
		}
	}
}

// §3.3 note 3: the spec's rules on their own, each named.
func TestCompareSpecRules(t *testing.T) {
	cases := []struct {
		name string
		x, y *Item
		want int // Compare(x, y)
	}{
		{"rule 1: greater updates wins whatever the dates", item("x", 5, "", h(5, "2001-01-01T00:00:00Z", "A")), item("x", 4, "", h(4, "2009-01-01T00:00:00Z", "B")), 1},
		{"rule 2.1: when present beats absent", item("x", 2, "", h(2, "2001-01-01T00:00:00Z", "")), item("x", 2, "", h(2, "", "Z")), 1},
		{"rule 2.2: later when wins", item("x", 2, "", h(2, "2001-01-01T00:00:01Z", "A")), item("x", 2, "", h(2, "2001-01-01T00:00:00Z", "Z")), 1},
		{"rule 2.3.1: same when, by present beats absent", item("x", 2, "", h(2, "2001-01-01T00:00:00Z", "A")), item("x", 2, "", h(2, "2001-01-01T00:00:00Z", "")), 1},
		{"rule 2.3.2: same when, greater by wins", item("x", 2, "", h(2, "2001-01-01T00:00:00Z", "B")), item("x", 2, "", h(2, "2001-01-01T00:00:00Z", "A")), 1},
		{"§2.1.4: code point order, not length", item("x", 2, "", h(2, "2001-01-01T00:00:00Z", "B")), item("x", 2, "", h(2, "2001-01-01T00:00:00Z", "AAAA")), 1},
		{"§2.1.4: upper case before lower case", item("x", 2, "", h(2, "2001-01-01T00:00:00Z", "a")), item("x", 2, "", h(2, "2001-01-01T00:00:00Z", "Z")), 1},
		{"§2.1.4: supplementary plane after BMP", item("x", 2, "", h(2, "2001-01-01T00:00:00Z", "😀")), item("x", 2, "", h(2, "2001-01-01T00:00:00Z", "\uffee")), 1},
		{"rule 3: identical versions tie", item("x", 2, "d", h(2, "2001-01-01T00:00:00Z", "A")), item("x", 2, "d", h(2, "2001-01-01T00:00:00Z", "A")), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Compare(c.x, c.y); got != c.want {
				t.Errorf("Compare(x, y) = %d, want %d", got, c.want)
			}
			if got := Compare(c.y, c.x); got != -c.want {
				t.Errorf("Compare(y, x) = %d, want %d", got, -c.want)
			}
		})
	}
}

// §3.3 note 2: history subsumption.
func TestHistorySubsumed(t *testing.T) {
	cases := []struct {
		name   string
		hx, hy History
		want   bool
	}{
		{"rule 1: same by, equal sequence, same when", h(3, "2001-01-01T00:00:00Z", "A"), h(3, "2001-01-01T00:00:00Z", "A"), true},
		{"rule 1 as read: same by, equal sequence, another when: a reused sequence", h(3, "2001-01-01T00:00:00Z", "A"), h(3, "2009-01-01T00:00:00Z", "A"), false},
		{"rule 1 as read: same by, equal sequence, one without when", h(3, "", "A"), h(3, "2009-01-01T00:00:00Z", "A"), false},
		{"rule 1: same by, greater sequence", h(3, "", "A"), h(4, "", "A"), true},
		{"rule 1: same by, lower sequence", h(3, "", "A"), h(2, "", "A"), false},
		{"rule 1: other by", h(3, "", "A"), h(9, "", "B"), false},
		{"rule 1: by never subsumed by an entry without by", h(3, "2001-01-01T00:00:00Z", "A"), h(3, "2001-01-01T00:00:00Z", ""), false},
		{"rule 2: no by, same when and sequence", h(3, "2001-01-01T00:00:00Z", ""), h(3, "2001-01-01T00:00:00Z", ""), true},
		{"rule 2: no by, same when, other sequence", h(3, "2001-01-01T00:00:00Z", ""), h(4, "2001-01-01T00:00:00Z", ""), false},
		{"rule 2: no by, other when", h(3, "2001-01-01T00:00:00Z", ""), h(3, "2001-01-01T00:00:01Z", ""), false},
		{"rule 2: no by, the other has a by", h(3, "2001-01-01T00:00:00Z", ""), h(3, "2001-01-01T00:00:00Z", "A"), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := HistorySubsumed(c.hx, c.hy); got != c.want {
				t.Errorf("HistorySubsumed(%s, %s) = %v, want %v", showH(c.hx), showH(c.hy), got, c.want)
			}
		})
	}
}

// §3.3 note 1: item subsumption looks at X's topmost entry against every entry of Y.
func TestItemSubsumed(t *testing.T) {
	old := item("x", 2, "", h(2, "", "A"), h(1, "", "A"))
	newer := item("x", 3, "", h(3, "", "B"), h(2, "", "A"), h(1, "", "A"))
	if !Subsumed(old, newer) {
		t.Error("an older version is not subsumed by its descendant")
	}
	if Subsumed(newer, old) {
		t.Error("a descendant is subsumed by its ancestor")
	}
	if Subsumed(&Item{Sync: Sync{ID: "x"}}, newer) {
		t.Error("an item without history is subsumed")
	}
}

func TestDivergence(t *testing.T) {
	m := exampleConflict(t)
	got, ok := Divergence(m, m.Conflicts[0])
	if !ok || showH(got) != "3/11:43:33/JEO2000" {
		t.Errorf("Divergence = %s, %v; want 3/11:43:33/JEO2000", showH(got), ok)
	}
	if _, ok := Divergence(item("x", 1, "", h(1, "", "A")), item("x", 1, "", h(1, "", "B"))); ok {
		t.Error("unrelated versions have a divergence point")
	}
}

func ExampleCompare() {
	gpm := &Item{Sync: Sync{ID: "x", Updates: 4, History: []History{{Sequence: 4, When: at("2005-05-21T12:43:33Z"), By: "GPM7383"}}}}
	jeo := &Item{Sync: Sync{ID: "x", Updates: 4, History: []History{{Sequence: 4, When: at("2005-05-21T12:03:33Z"), By: "JEO2000"}}}}
	fmt.Println(Compare(gpm, jeo))
	// Output: 1
}

// 1.0.2 §3.3 note 3 rules 2.1 to 2.3.2 and 0.91 §4.4 steps 1.2 and 1.3:
// the stamp order both dialects share, each pair both ways.
func TestStampCompare(t *testing.T) {
	t0 := time.Date(2005, 5, 21, 9, 0, 0, 0, time.UTC)
	ladder := []Stamp{
		{},                          // neither (not a valid change, but collates lowest)
		{By: "A"},                   // no when: below every when (rule 2.1)
		{By: "B"},                   // then by (rule 2.3.2)
		{When: t0},                  // a when, no by (rule 2.3.1)
		{When: t0, By: "A"},         // a by beats none
		{When: t0, By: "é"},         // by code point, above ASCII
		{When: t0.Add(time.Second)}, // a later when wins whatever the by (rule 2.2)
	}
	for i, a := range ladder {
		for j, b := range ladder {
			if got, want := a.Compare(b), cmp.Compare(i, j); got != want {
				t.Errorf("%+v.Compare(%+v) = %d, want %d", a, b, got, want)
			}
			if got, want := a.Equal(b), i == j; got != want {
				t.Errorf("%+v.Equal(%+v) = %v", a, b, got)
			}
		}
	}
	local := time.FixedZone("CEST", 2*3600)
	n := Stamp{When: time.Date(2005, 5, 21, 11, 0, 0, 5e8, local), By: "A"}.Normal()
	if !n.When.Equal(t0) || n.When.Location() != time.UTC {
		t.Errorf("Normal: %v, want %v in UTC whole seconds (§2.1.5)", n.When, t0)
	}
}
