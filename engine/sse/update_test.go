package sse

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
)

// §4.2: each step of an update, on an item in conflict.
func TestUpdateSteps(t *testing.T) {
	it := withConflicts(item("x", 3, "old", sB2, sA1, sA0), record(3, sC2, "c"))
	cases := []struct {
		name string
		ch   Change
		opt  Options
		want string
	}{
		{"edit: version +1, history becomes the top update, conflicts removed", Edit(it, text("new")), Options{}, `x v4 "new"
  history Sat, 21 May 2005 12:00:00 UTC D
  update Sat, 21 May 2005 11:00:00 UTC B
  update Sat, 21 May 2005 10:00:00 UTC A
  update Sat, 21 May 2005 09:00:00 UTC A`},
		{"step 3: a deletion sets deleted", Delete(it), Options{}, `x v4 deleted "old"
  history Sat, 21 May 2005 12:00:00 UTC D
  update Sat, 21 May 2005 11:00:00 UTC B
  update Sat, 21 May 2005 10:00:00 UTC A
  update Sat, 21 May 2005 09:00:00 UTC A`},
		{"step 3: a move is an update too (§3.2)", Move(it, Position{Parent: "P", Key: "V"}), Options{}, `x v4 @P/V "old"
  history Sat, 21 May 2005 12:00:00 UTC D
  update Sat, 21 May 2005 11:00:00 UTC B
  update Sat, 21 May 2005 10:00:00 UTC A
  update Sat, 21 May 2005 09:00:00 UTC A`},
		{"step 2.3: truncated to 2 versions", Edit(it, text("new")), Options{Versions: 2}, `x v4 "new"
  history Sat, 21 May 2005 12:00:00 UTC D
  update Sat, 21 May 2005 11:00:00 UTC B`},
		{"step 2.3: truncated to no sx:update", Edit(it, text("new")), Options{Versions: 1}, `x v4 "new"
  history Sat, 21 May 2005 12:00:00 UTC D`},
		{"step 2.3: a limit above the length keeps all", Edit(it, text("new")), Options{Versions: 9}, `x v4 "new"
  history Sat, 21 May 2005 12:00:00 UTC D
  update Sat, 21 May 2005 11:00:00 UTC B
  update Sat, 21 May 2005 10:00:00 UTC A
  update Sat, 21 May 2005 09:00:00 UTC A`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Update(it, st("Sat, 21 May 2005 12:00:00 GMT", "D"), c.ch, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			assertItem(t, got, c.want)
		})
	}
	if !it.Conflict || len(it.Conflicts) != 1 || it.Version != 3 || len(it.History.Updates) != 2 {
		t.Errorf("Update modified its input:\n%s", show(it))
	}
}

// §4.2 step 3: un-deletion clears deleted.
func TestUndelete(t *testing.T) {
	gone := tombstone(item("x", 2, "d", sA1, sA0))
	got, err := Update(gone, sB2, Undelete(gone), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got.Deleted || got.Data != text("d") || got.Version != 3 {
		t.Errorf("undeleted:\n%s", show(got))
	}
}

// §4.1 step 2.2 and §4.2 step 2: a change is stamped with when, by or both;
// by is an endpoint id (§1.2). Stamps keep whole seconds in UTC.
func TestStamps(t *testing.T) {
	cases := []struct {
		name string
		st   Stamp
		err  error
		want string // show() of the created item's history
	}{
		{"when and by", st(t0, "A"), nil, "Sat, 21 May 2005 09:00:00 UTC A"},
		{"when only", st(t0, ""), nil, "Sat, 21 May 2005 09:00:00 UTC -"},
		{"by only", st("", "A"), nil, "- A"},
		{"neither", Stamp{}, ErrNoStamp, ""},
		{"by with a space", st(t0, "A B"), ErrInvalidID, ""},
		{"local time with a fraction", Stamp{When: at(t0).In(est).Add(400 * time.Millisecond), By: "A"}, nil, "Sat, 21 May 2005 09:00:00 UTC A"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			created, err := New("x", c.st, Change{})
			if !errors.Is(err, c.err) {
				t.Fatalf("New: err = %v, want %v", err, c.err)
			}
			if _, err := Update(item("x", 1, "", sA0), c.st, Change{}, Options{}); !errors.Is(err, c.err) {
				t.Fatalf("Update: err = %v, want %v", err, c.err)
			}
			if c.err == nil {
				if got := showStamp(created.History.Stamp()); got != c.want {
					t.Errorf("history = %s, want %s", got, c.want)
				}
				if created.History.When.Location() != time.UTC && created.History.Stamp().HasWhen() {
					t.Errorf("when not in UTC: %v", created.History.When)
				}
			}
		})
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := New("has space", sA0, Change{}); !errors.Is(err, ErrInvalidID) {
		t.Errorf("§2.3 id with a space: err = %v, want ErrInvalidID", err)
	}
	it, err := New("x", sA0, Change{Deleted: true, Position: Position{Parent: "P", Key: "V"}})
	if err != nil {
		t.Fatal(err)
	}
	assertItem(t, it, `x v1 deleted @P/V ""
  history Sat, 21 May 2005 09:00:00 UTC A`)
}

func TestUpdateOverflow(t *testing.T) {
	if _, err := Update(item("x", MaxVersion, "", sA0), sA1, Change{}, Options{}); !errors.Is(err, ErrOverflow) {
		t.Errorf("err = %v, want ErrOverflow", err)
	}
}

// conflicted is the §5 example's item as REO1750 holds it after the merge.
func conflicted(t *testing.T) (merged, gpm *Item) {
	v3 := st("Mon, 23 May 2005 09:43:33 GMT", "REO1750")
	reo := item(exampleID, 4, "REO's", st("Tue, 24 May 2005 09:43:33 GMT", "REO1750"), v3)
	gpm = item(exampleID, 4, "GPM's", st("Tue, 24 May 2005 08:00:11 GMT", "GPM7383"), v3)
	return mustMerge(t, reo, gpm), gpm
}

// §5: a resolution is a further update that increments the version and
// removes the conflict attribute and sx:conflicts.
func TestResolve(t *testing.T) {
	m, _ := conflicted(t)
	pick0, err := PickConflict(m, 0)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		ch   Change
		data string
	}{
		{"pick the winner", PickWinner(m), "REO's"},
		{"pick conflict 1", pick0, "GPM's"},
		{"new data", Edit(m, text("both")), "both"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Resolve(m, st("Tue, 24 May 2005 10:00:00 GMT", "REO1750"), c.ch, Options{})
			if err != nil {
				t.Fatal(err)
			}
			assertItem(t, got, fmt.Sprintf(`0a7903db47fb0ae8 v5 %q
  history Tue, 24 May 2005 10:00:00 UTC REO1750
  update Tue, 24 May 2005 09:43:33 UTC REO1750
  update Mon, 23 May 2005 09:43:33 UTC REO1750`, c.data))
		})
	}
}

// §5: the resolution reaches GPM7383, which holds the conflict too, and
// clears it there: n = 1 finds the version GPM7383 holds.
func TestResolvePropagates(t *testing.T) {
	m, gpm := conflicted(t)
	gpmSide := mustMerge(t, gpm, m)
	resolved, err := Resolve(m, st("Tue, 24 May 2005 10:00:00 GMT", "REO1750"), PickWinner(m), Options{})
	if err != nil {
		t.Fatal(err)
	}
	assertItem(t, mustMerge(t, gpmSide, resolved), show(resolved))
}

func TestResolveErrors(t *testing.T) {
	plain := item("x", 1, "", sA0)
	if _, err := Resolve(plain, sA1, PickWinner(plain), Options{}); !errors.Is(err, ErrNoConflict) {
		t.Errorf("resolving an item not in conflict: err = %v, want ErrNoConflict", err)
	}
	flagged := item("x", 1, "", sA0)
	flagged.Conflict = true // §4.4.2 sets the flag without a record
	if _, err := Resolve(flagged, sA1, PickWinner(flagged), Options{}); err != nil {
		t.Errorf("resolving a flagged item: %v", err)
	}
	m, _ := conflicted(t)
	for _, i := range []int{-1, 1} {
		if _, err := PickConflict(m, i); !errors.Is(err, ErrNoSuchConflict) {
			t.Errorf("PickConflict(%d): err = %v, want ErrNoSuchConflict", i, err)
		}
	}
}

// 0.91 §5.2 leaves the conflict data to the application: the record of a
// losing deletion keeps that it was one (issue 29 item 1), and picking it
// deletes the item, its data kept as the tombstone's.
func TestPickConflictOfDeletion(t *testing.T) {
	gone := tombstone(item("x", 2, "d", sA0, sB0))
	m := mustMerge(t, item("x", 2, "w", sC2, sB0), gone)
	if len(m.Conflicts) != 1 || !m.Conflicts[0].Deleted {
		t.Fatalf("the losing deletion is not recorded as one:\n%s", show(m))
	}
	ch, err := PickConflict(m, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !ch.Deleted || ch.Data != text("d") {
		t.Errorf("picked %+v, want a deletion with data d", ch)
	}
	res, err := Resolve(m, sC2, ch, Options{})
	if err != nil || !res.Deleted {
		t.Errorf("resolved: %v\n%s", err, show(res))
	}
}

func ExampleUpdate() {
	it, _ := New("0a7903db47fb0ae8", Stamp{When: time.Date(2005, 5, 21, 9, 43, 33, 0, time.UTC), By: "REO1750"}, Change{})
	for day := 22; day <= 26; day++ {
		when := time.Date(2005, 5, day, 9, 43, 33, 0, time.UTC)
		it, _ = Update(it, Stamp{When: when, By: "REO1750"}, Edit(it, nil), Options{Versions: 4})
	}
	fmt.Println(it.Version, it.History.When.Format(time.RFC1123))
	for _, u := range it.History.Updates {
		fmt.Println(u.When.Format(time.RFC1123), u.By)
	}
	// Output:
	// 6 Thu, 26 May 2005 09:43:33 UTC
	// Wed, 25 May 2005 09:43:33 UTC REO1750
	// Tue, 24 May 2005 09:43:33 UTC REO1750
	// Mon, 23 May 2005 09:43:33 UTC REO1750
}

// The rules both dialects share have one sentinel each: a caller that sees
// both dialects tests for engine's and catches this package's errors too.
func TestSharedSentinels(t *testing.T) {
	plain := item("x", 1, "", sA0)
	_, err := Resolve(plain, sA1, PickWinner(plain), Options{})
	if !errors.Is(err, engine.ErrNoConflicts) {
		t.Errorf("resolving an item not in conflict: err = %v, want engine.ErrNoConflicts", err)
	}
	if _, err := New("not an nss", sA0, Change{Data: text("t")}); !errors.Is(err, engine.ErrInvalidID) {
		t.Errorf("creating with id %q: err = %v, want engine.ErrInvalidID", "not an nss", err)
	}
	if _, err := New("x", Stamp{}, Change{Data: text("t")}); !errors.Is(err, engine.ErrNoStamp) {
		t.Errorf("creating with no stamp: err = %v, want engine.ErrNoStamp", err)
	}
}
