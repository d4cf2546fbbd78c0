package engine

import (
	"errors"
	"testing"
)

func mustMerge(t *testing.T, local, incoming *Item) *Item {
	t.Helper()
	m, err := Merge(local, incoming)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func withConflicts(it *Item, cs ...*Item) *Item {
	it.Conflicts = cs
	return it
}

// §3.3 cases a careful reader looks for. want is the show() of the result.
func TestMergeCases(t *testing.T) {
	cases := []struct {
		name            string
		local, incoming *Item
		want            string
	}{
		{
			"§3.3 step 7/8: identical items leave one, no conflict",
			item("x", 2, "d", h(2, "2001-01-01T00:00:00Z", "A"), h(1, "2001-01-01T00:00:00Z", "A")),
			item("x", 2, "d", h(2, "2001-01-01T00:00:00Z", "A"), h(1, "2001-01-01T00:00:00Z", "A")),
			`x u=2 "d" [2/00:00:00/A 1/00:00:00/A]`,
		},
		{
			"§3.3 note 1: incoming descendant replaces local",
			item("x", 1, "old", h(1, "", "A")),
			item("x", 2, "new", h(2, "", "B"), h(1, "", "A")),
			`x u=2 "new" [2/-/B 1/-/A]`,
		},
		{
			"§3.3 note 1: local descendant stays",
			item("x", 2, "new", h(2, "", "B"), h(1, "", "A")),
			item("x", 1, "old", h(1, "", "A")),
			`x u=2 "new" [2/-/B 1/-/A]`,
		},
		{
			"§3.3 note 3 rule 2.3.2: tie on when broken by by",
			item("x", 2, "a", h(2, "2001-01-01T00:00:00Z", "A"), h(1, "", "Z")),
			item("x", 2, "b", h(2, "2001-01-01T00:00:00Z", "B"), h(1, "", "Z")),
			`x u=2 "b" [2/00:00:00/B 1/-/Z]
  conflict: x u=2 "a" [2/00:00:00/A 1/-/Z]`,
		},
		{
			"§3.3 note 3 rule 2.1: when missing on one side loses",
			item("x", 2, "a", h(2, "", "Z"), h(1, "", "Z0")),
			item("x", 2, "b", h(2, "2001-01-01T00:00:00Z", "A"), h(1, "", "Z0")),
			`x u=2 "b" [2/00:00:00/A 1/-/Z0]
  conflict: x u=2 "a" [2/-/Z 1/-/Z0]`,
		},
		{
			"§3.3 note 3 rule 2.3.1: by missing on one side loses",
			item("x", 2, "a", h(2, "2001-01-01T00:00:00Z", ""), h(1, "", "Z0")),
			item("x", 2, "b", h(2, "2001-01-01T00:00:00Z", "A"), h(1, "", "Z0")),
			`x u=2 "b" [2/00:00:00/A 1/-/Z0]
  conflict: x u=2 "a" [2/00:00:00/- 1/-/Z0]`,
		},
		{
			"§3.3 note 2 rule 2: history without by, same when and sequence subsumes",
			item("x", 2, "a", h(2, "2001-01-01T00:00:00Z", "")),
			item("x", 3, "b", h(3, "2001-01-02T00:00:00Z", ""), h(2, "2001-01-01T00:00:00Z", "")),
			`x u=3 "b" [3/00:00:00/- 2/00:00:00/-]`,
		},
		{
			"§3.3 note 2 rule 2: history without by, equal when, other sequence: conflict, decided by Compare's sequence tie-break",
			item("x", 2, "a", h(2, "2001-01-01T00:00:00Z", "")),
			item("x", 2, "b", h(3, "2001-01-01T00:00:00Z", "")),
			`x u=2 "b" [3/00:00:00/-]
  conflict: x u=2 "a" [2/00:00:00/-]`,
		},
		{
			"§3.3 step 10: noconflicts keeps the winner alone",
			&Item{Sync: Sync{ID: "x", Updates: 2, NoConflicts: true, History: []History{h(2, "2001-01-01T00:00:00Z", "A")}}, Data: text("a")},
			&Item{Sync: Sync{ID: "x", Updates: 2, NoConflicts: true, History: []History{h(2, "2001-01-02T00:00:00Z", "B")}}, Data: text("b")},
			`x u=2 noconflicts "b" [2/00:00:00/B]`,
		},
		{
			"§3.3 steps 2, 3, 11: conflicts carried in on both sides stay flat",
			withConflicts(item("x", 3, "a", h(3, "2001-01-03T00:00:00Z", "A")), item("x", 3, "c", h(3, "2001-01-01T00:00:00Z", "C"))),
			withConflicts(item("x", 3, "b", h(3, "2001-01-04T00:00:00Z", "B")), item("x", 3, "d", h(3, "2001-01-02T00:00:00Z", "D"))),
			`x u=3 "b" [3/00:00:00/B]
  conflict: x u=3 "a" [3/00:00:00/A]
  conflict: x u=3 "d" [3/00:00:00/D]
  conflict: x u=3 "c" [3/00:00:00/C]`,
		},
		{
			"§3.3: a conflict already known on both sides is not duplicated",
			withConflicts(item("x", 3, "a", h(3, "2001-01-03T00:00:00Z", "A")), item("x", 3, "c", h(3, "2001-01-01T00:00:00Z", "C"))),
			withConflicts(item("x", 3, "a", h(3, "2001-01-03T00:00:00Z", "A")), item("x", 3, "c", h(3, "2001-01-01T00:00:00Z", "C"))),
			`x u=3 "a" [3/00:00:00/A]
  conflict: x u=3 "c" [3/00:00:00/C]`,
		},
		{
			"§3.3: delete against a concurrent edit: the later one wins, the other is kept",
			&Item{Sync: Sync{ID: "x", Updates: 2, Deleted: true, History: []History{h(2, "2001-01-02T00:00:00Z", "A"), h(1, "", "O")}}, Data: text("d")},
			item("x", 2, "edited", h(2, "2001-01-01T00:00:00Z", "B"), h(1, "", "O")),
			`x u=2 deleted "d" [2/00:00:00/A 1/-/O]
  conflict: x u=2 "edited" [2/00:00:00/B 1/-/O]`,
		},
		{
			"§3.3 step 7.1: an incoming version that subsumes a local conflict removes it",
			withConflicts(item("x", 2, "a", h(2, "2001-01-02T00:00:00Z", "A"), h(1, "", "O")), item("x", 2, "b", h(2, "2001-01-01T00:00:00Z", "B"), h(1, "", "O"))),
			item("x", 3, "b2", h(3, "2001-01-03T00:00:00Z", "B"), h(2, "2001-01-01T00:00:00Z", "B"), h(1, "", "O")),
			`x u=3 "b2" [3/00:00:00/B 2/00:00:00/B 1/-/O]
  conflict: x u=2 "a" [2/00:00:00/A 1/-/O]`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assertItem(t, mustMerge(t, c.local, c.incoming), c.want)
			// Merge is symmetric: swapping sides gives the same item.
			assertItem(t, mustMerge(t, c.incoming, c.local), c.want)
			if len(c.local.Conflicts) > 0 && c.local.Conflicts[0].Conflicts != nil {
				t.Error("input modified")
			}
		})
	}
}

// §3.3 with three endpoints: A, B and C each edit version 1; merging in any
// order gives one winner and both other versions as conflicts.
func TestMergeThreeEndpoints(t *testing.T) {
	base, _ := New("x", stamp("2001-01-01T00:00:00Z", "O"), text("o"), false, false)
	var vs []*Item
	for i, by := range []string{"A", "B", "C"} {
		when := []string{"2001-01-02T00:00:00Z", "2001-01-04T00:00:00Z", "2001-01-03T00:00:00Z"}[i]
		v, err := Update(base, stamp(when, by), Edit(base, text(by)), Options{})
		if err != nil {
			t.Fatal(err)
		}
		vs = append(vs, v)
	}
	want := `x u=2 "B" [2/00:00:00/B 1/00:00:00/O]
  conflict: x u=2 "C" [2/00:00:00/C 1/00:00:00/O]
  conflict: x u=2 "A" [2/00:00:00/A 1/00:00:00/O]`
	orders := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for _, o := range orders {
		m := mustMerge(t, mustMerge(t, vs[o[0]], vs[o[1]]), vs[o[2]])
		assertItem(t, m, want)
		// (A+B) merged with (B+C) is the same again.
		assertItem(t, mustMerge(t, m, mustMerge(t, vs[o[1]], vs[o[2]])), want)
	}
}

// Implementation note 2: two versions of one item in one feed, written one
// after the other by the same endpoint, subsume each other: no conflict.
func TestDedupeNote2(t *testing.T) {
	v1, _ := New("x", stamp("2001-01-01T00:00:00Z", "A"), text("1"), false, false)
	v2, _ := Update(v1, stamp("2001-01-02T00:00:00Z", "A"), Edit(v1, text("2")), Options{})
	other, _ := New("y", stamp("2001-01-01T00:00:00Z", "A"), text("y"), false, false)
	for _, in := range [][]*Item{{v1, other, v2}, {v2, other, v1}} {
		got, err := Dedupe(in)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].ID() != "x" || got[1].ID() != "y" {
			t.Fatalf("Dedupe kept %d items", len(got))
		}
		assertItem(t, got[0], `x u=2 "2" [2/00:00:00/A 1/00:00:00/A]`)
	}
}

// §3.3 step 1 and MergeFeed's order: local items in place, new ones appended.
func TestMergeFeed(t *testing.T) {
	a := item("a", 1, "a", h(1, "", "A"))
	b := item("b", 1, "b", h(1, "", "A"))
	b2 := item("b", 2, "b2", h(2, "", "B"), h(1, "", "A"))
	c := item("c", 1, "c", h(1, "", "B"))
	got, err := MergeFeed([]*Item{a, b}, []*Item{c, b2})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, it := range got {
		ids = append(ids, show(it))
	}
	want := []string{`a u=1 "a" [1/-/A]`, `b u=2 "b2" [2/-/B 1/-/A]`, `c u=1 "c" [1/-/B]`}
	if len(ids) != 3 || ids[0] != want[0] || ids[1] != want[1] || ids[2] != want[2] {
		t.Errorf("MergeFeed = %q, want %q", ids, want)
	}
}

func TestMergeIDMismatch(t *testing.T) {
	if _, err := Merge(item("a", 1, "", h(1, "", "A")), item("b", 1, "", h(1, "", "A"))); !errors.Is(err, ErrIDMismatch) {
		t.Errorf("err = %v, want ErrIDMismatch", err)
	}
}

// The convergence reading (1.0.2 §3.3 note 2, issue 29 item 8): two
// versions under one stamp with different data are two changes, both kept
// as one winner and its conflict, the same whichever side is local.
func TestMergeSameStampDifferentData(t *testing.T) {
	a := item("x", 2, "apple", h(2, "2001-01-01T00:00:00Z", "A"))
	b := item("x", 2, "banana", h(2, "2001-01-01T00:00:00Z", "A"))
	want := `x u=2 "banana" [2/00:00:00/A]
  conflict: x u=2 "apple" [2/00:00:00/A]`
	assertItem(t, mustMerge(t, a, b), want)
	assertItem(t, mustMerge(t, b, a), want)
}
