package engine

import (
	"errors"
	"testing"
)

// §3.2 step 2.3: S1 is the new updates value unless that is not above S2,
// the greatest sequence of the same by in this item's history.
func TestUpdateSequenceRule(t *testing.T) {
	cases := []struct {
		name string
		it   *Item
		st   Stamp
		want string
	}{
		{"S1 = updates when above S2", item("x", 2, "", h(2, "", "B"), h(1, "", "A")), Stamp{By: "A"}, `x u=3 "new" [3/-/A 2/-/B 1/-/A]`},
		{"S1 <= S2: S2+1", item("x", 3, "", h(3, "", "B"), h(7, "", "A"), h(1, "", "A")), Stamp{By: "A"}, `x u=4 "new" [8/-/A 3/-/B 7/-/A 1/-/A]`},
		{"S1 = S2: S2+1", item("x", 3, "", h(3, "", "B"), h(4, "", "A")), Stamp{By: "A"}, `x u=4 "new" [5/-/A 3/-/B 4/-/A]`},
		{"S2 counts only the same by", item("x", 3, "", h(9, "", "B")), Stamp{By: "A"}, `x u=4 "new" [4/-/A 9/-/B]`},
		{"step 2.2: no by, S1 is updates", item("x", 3, "", h(9, "", "B")), Stamp{When: at("2001-01-01T00:00:00Z")}, `x u=4 "new" [4/00:00:00/- 9/-/B]`},
		{"S2 ignores conflict versions", withConflicts(item("x", 2, "", h(2, "", "B")), item("x", 2, "", h(9, "", "A"))), Stamp{By: "C"}, `x u=3 "new" [3/-/C 2/-/B]
  conflict: x u=2 "" [9/-/A]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Update(c.it, c.st, Edit(c.it, text("new")), Options{})
			if err != nil {
				t.Fatal(err)
			}
			assertItem(t, got, c.want)
		})
	}
}

// §3.2 step 4: an update by E folds every conflict whose topmost by is E.
func TestUpdateStep4FoldsOwnConflicts(t *testing.T) {
	it := withConflicts(
		item("x", 3, "w", h(3, "2001-01-03T00:00:00Z", "B"), h(1, "", "O")),
		item("x", 3, "a", h(3, "2001-01-02T00:00:00Z", "A"), h(2, "2001-01-01T00:00:00Z", "A"), h(1, "", "O")),
		item("x", 3, "c", h(3, "2001-01-01T00:00:00Z", "C"), h(1, "", "O")),
	)
	got, err := Update(it, stamp("2001-01-05T00:00:00Z", "A"), Edit(it, text("new")), Options{})
	if err != nil {
		t.Fatal(err)
	}
	// A's version is folded (§4): its entries by A are subsumed by the new
	// topmost entry 4/A but are added all the same, as the record that A
	// used sequences 3 and 2 (§4 step 3.3 as read; see fold); 1/O is
	// already there. C's version stays.
	assertItem(t, got, `x u=4 "new" [4/00:00:00/A 3/00:00:00/A 2/00:00:00/A 3/00:00:00/B 1/-/O]
  conflict: x u=3 "c" [3/00:00:00/C 1/-/O]`)
	// Without a by there is no step 4.
	got, _ = Update(it, Stamp{When: at("2001-01-05T00:00:00Z")}, Edit(it, text("new")), Options{})
	if len(got.Conflicts) != 2 {
		t.Errorf("update without by folded conflicts: %d left", len(got.Conflicts))
	}
}

// §3.2 steps 5 and 6: deletion and un-deletion.
func TestDeleteUndelete(t *testing.T) {
	it, _ := New("x", stamp("2001-01-01T00:00:00Z", "A"), text("keep"), false, false)
	del, err := Update(it, stamp("2001-01-02T00:00:00Z", "A"), Delete(it), Options{})
	if err != nil {
		t.Fatal(err)
	}
	assertItem(t, del, `x u=2 deleted "keep" [2/00:00:00/A 1/00:00:00/A]`)
	back, _ := Update(del, stamp("2001-01-03T00:00:00Z", "B"), Undelete(del), Options{})
	assertItem(t, back, `x u=3 "keep" [3/00:00:00/B 2/00:00:00/A 1/00:00:00/A]`)
	// An edit keeps the deleted state.
	edited, _ := Update(del, stamp("2001-01-03T00:00:00Z", "B"), Edit(del, text("e")), Options{})
	assertItem(t, edited, `x u=3 deleted "e" [3/00:00:00/B 2/00:00:00/A 1/00:00:00/A]`)
}

func TestUpdateErrors(t *testing.T) {
	it := item("x", MaxCount, "", h(1, "", "A"))
	if _, err := Update(it, Stamp{By: "A"}, Edit(it, nil), Options{}); !errors.Is(err, ErrOverflow) {
		t.Errorf("§2.4 updates past 2^31-1: err = %v", err)
	}
	it = item("x", 1, "", h(MaxCount, "", "A"))
	if _, err := Update(it, Stamp{By: "A"}, Edit(it, nil), Options{}); !errors.Is(err, ErrOverflow) {
		t.Errorf("§2.5 sequence past 2^31-1: err = %v", err)
	}
	if _, err := Update(it, Stamp{}, Edit(it, nil), Options{}); !errors.Is(err, ErrNoStamp) {
		t.Errorf("§3.2 step 2.1 neither when nor by: err = %v", err)
	}
	if _, err := Update(it, Stamp{By: "has space"}, Edit(it, nil), Options{}); !errors.Is(err, ErrInvalidID) {
		t.Errorf("§2.1.1 by not an NSS: err = %v", err)
	}
}

// threeWay is an item in conflict with two versions, A's and C's, B winning.
func threeWay() *Item {
	return withConflicts(
		item("x", 2, "b", h(2, "2001-01-04T00:00:00Z", "B"), h(1, "", "O")),
		item("x", 2, "c", h(2, "2001-01-03T00:00:00Z", "C"), h(1, "", "O")),
		item("x", 2, "a", h(2, "2001-01-02T00:00:00Z", "A"), h(1, "", "O")),
	)
}

// §3.4 and §4: resolutions by picking, combining and selecting.
func TestResolve(t *testing.T) {
	st := stamp("2001-01-05T00:00:00Z", "R")
	pickA, _ := PickVersion(threeWay(), 1)
	cases := []struct {
		name string
		r    Resolution
		want string
	}{
		{"§3.4 1.1 keep the winner, fold all", Resolution{Change: PickWinner(threeWay())},
			`x u=3 "b" [3/00:00:00/R 2/00:00:00/A 2/00:00:00/C 2/00:00:00/B 1/-/O]`},
		{"§3.4 1.2 pick a version", Resolution{Change: pickA},
			`x u=3 "a" [3/00:00:00/R 2/00:00:00/A 2/00:00:00/C 2/00:00:00/B 1/-/O]`},
		{"§3.4 1.3 new data", Resolution{Change: Change{Data: text("a+b+c")}},
			`x u=3 "a+b+c" [3/00:00:00/R 2/00:00:00/A 2/00:00:00/C 2/00:00:00/B 1/-/O]`},
		{"§3.4 selective: fold only C, A stays", Resolution{Change: PickWinner(threeWay()), Versions: []int{0}},
			`x u=3 "b" [3/00:00:00/R 2/00:00:00/C 2/00:00:00/B 1/-/O]
  conflict: x u=2 "a" [2/00:00:00/A 1/-/O]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Resolve(threeWay(), st, c.r, Options{})
			if err != nil {
				t.Fatal(err)
			}
			assertItem(t, got, c.want)
		})
	}
}

// §3.4 step 2 is a §3.2 update, so its step 4 folds the resolving
// endpoint's own version even when it was not selected.
func TestResolveByConflictingEndpoint(t *testing.T) {
	got, err := Resolve(threeWay(), stamp("2001-01-05T00:00:00Z", "A"), Resolution{Change: PickWinner(threeWay()), Versions: []int{0}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// A's own 2/A is subsumed by its new entry 3/A, and kept as the record
	// of A's sequence 2 (§4 step 3.3 as read); C's was chosen.
	assertItem(t, got, `x u=3 "b" [3/00:00:00/A 2/00:00:00/C 2/00:00:00/A 2/00:00:00/B 1/-/O]`)
	if len(got.Conflicts) != 0 {
		t.Errorf("A's version was not folded by step 4")
	}
}

// Picking a tombstone deletes; picking a live version over a deleted winner undeletes.
func TestResolvePickDeletedState(t *testing.T) {
	it := withConflicts(
		&Item{Sync: Sync{ID: "x", Updates: 2, Deleted: true, History: []History{h(2, "2001-01-04T00:00:00Z", "B"), h(1, "", "O")}}, Data: text("b")},
		item("x", 2, "a", h(2, "2001-01-02T00:00:00Z", "A"), h(1, "", "O")),
	)
	ch, _ := PickVersion(it, 0)
	got, _ := Resolve(it, stamp("2001-01-05T00:00:00Z", "R"), Resolution{Change: ch}, Options{})
	assertItem(t, got, `x u=3 "a" [3/00:00:00/R 2/00:00:00/A 2/00:00:00/B 1/-/O]`)

	it.Sync.Deleted, it.Conflicts[0].Sync.Deleted = false, true
	ch, _ = PickVersion(it, 0)
	got, _ = Resolve(it, stamp("2001-01-05T00:00:00Z", "R"), Resolution{Change: ch}, Options{})
	assertItem(t, got, `x u=3 deleted "a" [3/00:00:00/R 2/00:00:00/A 2/00:00:00/B 1/-/O]`)
}

func TestResolveErrors(t *testing.T) {
	plain := item("x", 1, "", h(1, "", "A"))
	if _, err := Resolve(plain, Stamp{By: "A"}, Resolution{Change: PickWinner(plain)}, Options{}); !errors.Is(err, ErrNoConflicts) {
		t.Errorf("no conflicts: err = %v", err)
	}
	if _, err := Resolve(threeWay(), Stamp{By: "A"}, Resolution{Versions: []int{2}}, Options{}); !errors.Is(err, ErrNoSuchVersion) {
		t.Errorf("version out of range: err = %v", err)
	}
	if _, err := PickVersion(threeWay(), -1); !errors.Is(err, ErrNoSuchVersion) {
		t.Errorf("PickVersion(-1): err = %v", err)
	}
}

// §3.2 and §4 "MAY": the history clean-up, only when asked for.
func TestCleanHistory(t *testing.T) {
	it := item("x", 4, "", h(4, "", "A"), h(3, "", "B"), h(2, "", "A"), h(2, "2001-01-01T00:00:00Z", ""), h(1, "", "B"))
	got, _ := Update(it, Stamp{By: "B"}, Edit(it, text("n")), Options{CleanHistory: true})
	assertItem(t, got, `x u=5 "n" [5/-/B 4/-/A 2/00:00:00/-]`)
	kept, _ := Update(it, Stamp{By: "B"}, Edit(it, text("n")), Options{})
	if len(kept.Sync.History) != 6 {
		t.Errorf("clean-up ran unasked: %d entries", len(kept.Sync.History))
	}
	// The topmost entry stays even when an older one of its by is higher.
	if hs := CleanHistory([]History{h(2, "", "A"), h(5, "", "A")}); len(hs) != 2 {
		t.Errorf("CleanHistory dropped the topmost: %v", hs)
	}
}

func TestValidNSS(t *testing.T) {
	for s, want := range map[string]bool{
		"item_1_myapp_2005-05-21T11:43:33Z": true, "REO1750": true, "a%2Fb": true, "(x)+,-.:=@;$_!*'/?#": true,
		"": false, "item 1": false, "a%2": false, "a%zz": false, "a%00": false, "é": false, "a<b": false, `a"b`: false,
	} {
		if got := ValidNSS(s); got != want {
			t.Errorf("ValidNSS(%q) = %v, want %v", s, got, want)
		}
	}
}

// §4 step 3.3: a folded version's entries that are not subsumed go right
// after the topmost as a block, in their own order.
func TestFoldKeepsOrder(t *testing.T) {
	it := withConflicts(
		item("x", 3, "w", h(3, "2001-01-09T00:00:00Z", "W"), h(1, "", "O")),
		item("x", 3, "v", h(3, "2001-01-03T00:00:00Z", "C"), h(2, "2001-01-02T00:00:00Z", "D"), h(1, "", "O")),
	)
	got, err := Resolve(it, stamp("2001-01-10T00:00:00Z", "W"), Resolution{Change: PickWinner(it)}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	assertItem(t, got, `x u=4 "w" [4/00:00:00/W 3/00:00:00/C 2/00:00:00/D 3/00:00:00/W 1/-/O]`)
}
