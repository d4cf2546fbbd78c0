package sse

import (
	"errors"
	"testing"
)

// Stamps for the conflict-detection matrix.
var (
	sA0 = st(t0, "A")
	sA1 = st(t1, "A")
	sB0 = st(t0, "B")
	sB2 = st(t2, "B")
	sC2 = st(t2, "C")
)

// §4.4.1: the conflict-detection matrix. Each case gives the winner and
// the loser of Compare; the merge is checked both ways round, and must give
// the same item.
func TestConflictDetection(t *testing.T) {
	cases := []struct {
		name          string
		winner, loser *Item
		conflict      bool // §4.4.1 step 1
		flag          bool // the result's conflict attribute
	}{
		// n = 0: compare with the winner's sx:history.
		{"n=0, different when: conflict", item("x", 2, "w", sA1, sA0), item("x", 2, "l", st(t0, "A"), sA0), true, true},
		{"n=0, different by: conflict", item("x", 2, "w", sB0, sA0), item("x", 2, "l", sA0, sA0), true, true},
		{"n=0, same when and by: identical, no conflict", item("x", 2, "d", sA1, sA0), item("x", 2, "d", sA1, sA0), false, false},
		{"n=0, same when and by, other data: §4.4.1 finds no conflict, but two changes are kept (issue 29 item 8)", item("x", 2, "w", sA1, sA0), item("x", 2, "a", sA1, sA0), false, true},
		// n within the sx:update list.
		{"n=1, equal to the 1st update: no conflict", item("x", 3, "w", sC2, sB0, sA0), item("x", 2, "l", sB0, sA0), false, false},
		{"n=1, when differs from the 1st update: conflict", item("x", 3, "w", sC2, sB0, sA0), item("x", 2, "l", st(t1, "B"), sA0), true, true},
		{"n=1, by differs from the 1st update: conflict", item("x", 3, "w", sC2, sB0, sA0), item("x", 2, "l", sA0, sA0), true, true},
		{"n=1, loser without when, update with: conflict", item("x", 3, "w", sC2, sB0, sA0), item("x", 2, "l", st("", "B"), sA0), true, true},
		{"n=1, both without by, equal when: no conflict", item("x", 3, "w", sC2, st(t0, ""), sA0), item("x", 2, "l", st(t0, ""), sA0), false, false},
		{"n=2, equal to the 2nd update: no conflict", item("x", 4, "w", sC2, sB2, sA1, sA0), item("x", 2, "l", sA1, sA0), false, false},
		{"n=2, equal to the 1st update only: conflict", item("x", 4, "w", sC2, sB2, sA1, sA0), item("x", 2, "l", sB2, sA0), true, true},
		// n beyond the list: step 1.4 assumes no conflict.
		{"n beyond a truncated list, loser differs: no conflict", item("x", 5, "w", sC2, sB2), item("x", 2, "l", st(t0, "Z")), false, false},
		{"n beyond a list that would match: no conflict", item("x", 4, "w", sC2, sB2), item("x", 2, "l", sA1, sA0), false, false},
		{"n=1 with no sx:update at all: no conflict", item("x", 3, "w", sC2), item("x", 2, "l", sB0), false, false},
		// §4.4.1 step 2: without a conflict the flag is preserved.
		{"no conflict, winner flagged: flag preserved", withConflicts(item("x", 3, "w", sC2, sB0), record(3, sA1, "a")), item("x", 2, "l", sB0), false, true},
		{"no conflict, loser flagged: winner's flag kept", item("x", 3, "w", sC2, sB0), withConflicts(item("x", 2, "l", sB0), record(2, sA1, "a")), false, false},
		{"identical, one side flagged: flag joined", withConflicts(item("x", 2, "d", sB0), record(2, sA1, "a")), item("x", 2, "d", sB0), false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if Compare(c.winner, c.loser) < 0 {
				t.Fatal("the case's winner loses")
			}
			if got := Conflicting(c.winner, c.loser); got != c.conflict {
				t.Errorf("Conflicting = %v, want %v", got, c.conflict)
			}
			wl, lw := mustMerge(t, c.winner, c.loser), mustMerge(t, c.loser, c.winner)
			if show(wl) != show(lw) {
				t.Errorf("merge depends on the side:\n%s\n---\n%s", show(wl), show(lw))
			}
			if wl.Conflict != c.flag {
				t.Errorf("conflict flag = %v, want %v", wl.Conflict, c.flag)
			}
			if wl.Version != c.winner.Version || wl.History.Stamp() != c.winner.History.Stamp() || wl.Data != c.winner.Data {
				t.Errorf("result is not the winner:\n%s", show(wl))
			}
			recorded := false
			for _, r := range wl.Conflicts {
				recorded = recorded || r.Version == c.loser.Version && r.Stamp().Equal(c.loser.History.Stamp())
			}
			if want := c.conflict || TwoChanges(c.winner, c.loser); recorded != want {
				t.Errorf("loser recorded in sx:conflicts = %v, want %v:\n%s", recorded, want, show(wl))
			}
		})
	}
}

// §5: the sx:conflicts a merge keeps. want is show() of the result; both
// sides of the merge must give it.
func TestConflictPreservation(t *testing.T) {
	base := st(t0, "O")
	w := func(cs ...*Conflict) *Item { return withConflicts(item("x", 5, "w", sC2, base), cs...) }
	l := func(by string, version int, when string, cs ...*Conflict) *Item {
		it := item("x", version, "l", st(when, by), base)
		if len(cs) > 0 {
			it = withConflicts(it, cs...)
		}
		return it
	}
	head := `x v5 conflict "w"
  history Sat, 21 May 2005 11:00:00 UTC C
  update Sat, 21 May 2005 09:00:00 UTC O`
	cases := []struct {
		name          string
		winner, loser *Item
		want          string
	}{
		{"the loser's data is kept in its record",
			w(), l("B", 4, t1),
			head + `
  conflict v4 Sat, 21 May 2005 10:00:00 UTC B "l"`},
		{"one record per by: a higher version replaces",
			w(record(3, st(t2, "B"), "old")), l("B", 4, t1),
			head + `
  conflict v4 Sat, 21 May 2005 10:00:00 UTC B "l"`},
		{"one record per by: a lower version does not replace",
			w(record(5, st(t0, "B"), "newer")), l("B", 4, t1),
			head + `
  conflict v5 Sat, 21 May 2005 09:00:00 UTC B "newer"`},
		{"without by: a higher version replaces",
			w(record(3, st(t2, ""), "old")), l("", 4, t1),
			head + `
  conflict v4 Sat, 21 May 2005 10:00:00 UTC - "l"`},
		{"without by, equal versions: a later when replaces",
			w(record(4, st(t0, ""), "old")), l("", 4, t1),
			head + `
  conflict v4 Sat, 21 May 2005 10:00:00 UTC - "l"`},
		{"without by, equal versions: an earlier when does not replace",
			w(record(4, st(t2, ""), "kept")), l("", 4, t1),
			head + `
  conflict v4 Sat, 21 May 2005 11:00:00 UTC - "kept"`},
		{"a flat list: the loser's own records join the winner's, most winning first",
			w(record(2, st(t0, "D"), "d")), l("B", 4, t1, record(4, st(t0, "A"), "a"), record(3, st(t2, "E"), "e")),
			head + `
  conflict v4 Sat, 21 May 2005 10:00:00 UTC B "l"
  conflict v4 Sat, 21 May 2005 09:00:00 UTC A "a"
  conflict v3 Sat, 21 May 2005 11:00:00 UTC E "e"
  conflict v2 Sat, 21 May 2005 09:00:00 UTC D "d"`},
		{"no conflict: the loser's records go with it",
			item("x", 5, "w", sC2, st(t1, "B")), l("B", 4, t1, record(4, st(t0, "A"), "a")),
			`x v5 "w"
  history Sat, 21 May 2005 11:00:00 UTC C
  update Sat, 21 May 2005 10:00:00 UTC B`},
		{"identical versions: both sides' records join",
			withConflicts(item("x", 5, "w", sC2, base), record(4, st(t0, "A"), "a")),
			withConflicts(item("x", 5, "w", sC2, base), record(4, st(t0, "B"), "b"), record(3, st(t0, "A"), "a3")),
			head + `
  conflict v4 Sat, 21 May 2005 09:00:00 UTC B "b"
  conflict v4 Sat, 21 May 2005 09:00:00 UTC A "a"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assertItem(t, mustMerge(t, c.winner, c.loser), c.want)
			assertItem(t, mustMerge(t, c.loser, c.winner), c.want)
		})
	}
}

func TestMergeIDMismatch(t *testing.T) {
	if _, err := Merge(item("x", 1, "", sA0), item("y", 1, "", sA0)); !errors.Is(err, ErrIDMismatch) {
		t.Errorf("err = %v, want ErrIDMismatch", err)
	}
}

func TestMergeLeavesInputs(t *testing.T) {
	a := withConflicts(item("x", 2, "a", sA1, sA0), record(1, sB0, "b"))
	b := item("x", 2, "b", sB2, sA0)
	before := show(a) + show(b)
	mustMerge(t, a, b)
	if after := show(a) + show(b); after != before {
		t.Errorf("Merge modified its inputs:\n%s\n---\n%s", before, after)
	}
}

// 0.91 §4.4 step 2 as read (issue 29 item 8): 'update --by me --when T' on
// two branches gives two versions with one version, when and by but other
// data or deleted state. They are two changes, not step 2's
// identical items: both are kept, Compare's winner flagged with a record
// of the other, whichever side is local; merging the result again with
// itself or either version changes nothing, a Fold in any order gives the
// same, and a resolution (§5) then wins over both without a conflict.
func TestTwoChangesUnderOneVersion(t *testing.T) {
	top, before := st(t1, "me"), st(t0, "me")
	v := func(data string) *Item { return item("x", 2, data, top, before) }
	cases := []struct {
		name string
		a, b *Item
		two  bool
	}{
		{"other data", v("A"), v("B"), true},
		{"a deletion against an edit", tombstone(v("A")), v("A"), true},
		{"another position, which layout alone may give: one kept", placed(v("A"), "", "V"), placed(v("A"), "", "W"), false},
		{"the same", v("A"), v("A"), false},
		{"the same, history truncated", v("A"), item("x", 2, "A", top), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ab, ba := mustMerge(t, c.a, c.b), mustMerge(t, c.b, c.a)
			if show(ab) != show(ba) {
				t.Fatalf("merge depends on the side:\n%s\n---\n%s", show(ab), show(ba))
			}
			if kept := ab.Conflict && len(ab.Conflicts) == 1; kept != c.two {
				t.Fatalf("both kept = %v, want %v:\n%s", kept, c.two, show(ab))
			}
			for _, again := range []*Item{ab, c.a, c.b} {
				assertItem(t, mustMerge(t, ab, again), show(ab))
				assertItem(t, mustMerge(t, again, ab), show(ab))
			}
			for _, order := range [][]*Item{{c.a, c.b}, {c.b, c.a}, {c.a, c.b, c.a}, {ab, c.b}} {
				assertItem(t, foldOf(t, order), show(ab))
			}
			if !c.two {
				return
			}
			if c.a.Deleted != c.b.Deleted && !ab.Conflicts[0].Deleted {
				t.Errorf("the losing deletion is recorded as an edit:\n%s", show(ab))
			}
			res, err := Resolve(ab, st(t2, "you"), PickWinner(ab), Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, stale := range []*Item{c.a, c.b} {
				if m := mustMerge(t, res, stale); m.Conflict || show(m) != show(res) {
					t.Errorf("the resolution merged with a stale version:\n%s", show(m))
				}
			}
		})
	}
}

// foldOf folds versions in the order given.
func foldOf(t *testing.T, vs []*Item) *Item {
	t.Helper()
	f := NewFold(vs[0])
	for _, v := range vs[1:] {
		if err := f.Add(v); err != nil {
			t.Fatal(err)
		}
	}
	return f.Result()
}

// 0.91 §5.2 as read: a record keeps none of its loser's sx:update list,
// so it says what the loser was made from (Conflict.From): the loser's
// newest sx:update, the version before it. Nothing when the loser is
// version 1 or its list was truncated (§4.2 step 2.3). Two records that
// differ only in saying it (one came through a peer that dropped the
// attributes) keep the one that says, whichever side holds it and in
// every order of merging and folding, so endpoints stay alike.
func TestConflictRecordSaysWhatItsLoserWasMadeFrom(t *testing.T) {
	base, other := st(t0, "O"), st(t1, "B")
	winner := item("x", 3, "w", st(t2, "C"), st(t1, "C"), base)
	for _, c := range []struct {
		name  string
		loser *Item
		from  *Stamp
	}{
		{"its newest sx:update", item("x", 3, "l", st(t1, "B"), other, base), &other},
		{"a truncated list says nothing", item("x", 3, "l", st(t1, "B")), nil},
		{"version 1 was made from nothing", item("x", 1, "l", st(t2, "B")), nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, m := range []*Item{mustMerge(t, winner, c.loser), mustMerge(t, c.loser, winner), foldOf(t, []*Item{c.loser, winner})} {
				if len(m.Conflicts) != 1 {
					t.Fatalf("%d records:\n%s", len(m.Conflicts), show(m))
				}
				r := m.Conflicts[0]
				if r.HasFrom != (c.from != nil) || (c.from != nil && !r.From.Equal(*c.from)) {
					t.Errorf("record from %v (%v), want %v", showStamp(r.From), r.HasFrom, c.from)
				}
			}
		})
	}
	says := mustMerge(t, winner, item("x", 3, "l", st(t1, "B"), other, base))
	silent := says.Clone()
	silent.Conflicts[0].From, silent.Conflicts[0].HasFrom = Stamp{}, false
	for _, m := range []*Item{mustMerge(t, says, silent), mustMerge(t, silent, says), foldOf(t, []*Item{silent, says}), foldOf(t, []*Item{says, silent})} {
		if len(m.Conflicts) != 1 || !m.Conflicts[0].HasFrom {
			t.Errorf("merged with the same record less what it was made from: %d records, the first saying %v", len(m.Conflicts), len(m.Conflicts) > 0 && m.Conflicts[0].HasFrom)
		}
	}
}
