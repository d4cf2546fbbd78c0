package engine

import (
	"errors"
	"testing"
)

// The running example of the spec: one to-do item edited by REO1750,
// JEO2000 and GPM7383. Times follow the text's rules where its RSS and Atom
// copies disagree (§3.2 example 2 at 11:43:33; JEO2000's version 4 at 12:03:33).
const id = "item_1_myapp_2005-05-21T11:43:33Z"

// §3.1: creation sets updates 1 and one history entry with sequence 1.
func TestSpec31Create(t *testing.T) {
	it, err := New(id, stamp("2005-05-21T09:43:33Z", "REO1750"), text("Get milk and eggs"), false, false)
	if err != nil {
		t.Fatal(err)
	}
	assertItem(t, it, id+` u=1 "Get milk and eggs" [1/09:43:33/REO1750]`)
}

func TestSpec31CreateOptions(t *testing.T) {
	it, err := New("x", Stamp{By: "A"}, text("gone"), true, true)
	if err != nil {
		t.Fatal(err)
	}
	assertItem(t, it, `x u=1 deleted noconflicts "gone" [1/-/A]`)
	if _, err := New("has space", Stamp{By: "A"}, nil, false, false); !errors.Is(err, ErrInvalidID) {
		t.Errorf("§2.4 id with a space: err = %v, want ErrInvalidID", err)
	}
	if _, err := New("x", Stamp{}, nil, false, false); !errors.Is(err, ErrNoStamp) {
		t.Errorf("§3.1 step 2.2 neither when nor by: err = %v, want ErrNoStamp", err)
	}
}

// §3.2 examples 1 and 2: updated in sequence by the same endpoint, then by another.
func TestSpec32Examples(t *testing.T) {
	it, _ := New(id, stamp("2005-05-21T09:43:33Z", "REO1750"), text("Get milk and eggs"), false, false)
	it, err := Update(it, stamp("2005-05-21T10:43:33Z", "REO1750"), Edit(it, text("Get milk, eggs and butter")), Options{})
	if err != nil {
		t.Fatal(err)
	}
	assertItem(t, it, id+` u=2 "Get milk, eggs and butter" [2/10:43:33/REO1750 1/09:43:33/REO1750]`)
	it, err = Update(it, stamp("2005-05-21T11:43:33Z", "JEO2000"), Edit(it, text("Get milk, eggs, butter and bread")), Options{})
	if err != nil {
		t.Fatal(err)
	}
	// This is also the §1.4 example item.
	assertItem(t, it, id+` u=3 "Get milk, eggs, butter and bread" [3/11:43:33/JEO2000 2/10:43:33/REO1750 1/09:43:33/REO1750]`)
}

func example14() *Item {
	return item(id, 3, "Get milk, eggs, butter and bread",
		h(3, "2005-05-21T11:43:33Z", "JEO2000"),
		h(2, "2005-05-21T10:43:33Z", "REO1750"),
		h(1, "2005-05-21T09:43:33Z", "REO1750"))
}

// exampleConflict is the §3.3 example: GPM7383 and JEO2000 both edit the §1.4
// item, each on its own copy, then GPM7383 merges JEO2000's feed.
func exampleConflict(t *testing.T) *Item {
	t.Helper()
	base := example14()
	gpm, err := Update(base, stamp("2005-05-21T12:43:33Z", "GPM7383"), Edit(base, text("DONE: Get milk, eggs, butter and bread")), Options{})
	if err != nil {
		t.Fatal(err)
	}
	jeo, err := Update(base, stamp("2005-05-21T12:03:33Z", "JEO2000"), Edit(base, text("Get milk, eggs, butter and rolls")), Options{})
	if err != nil {
		t.Fatal(err)
	}
	merged, err := Merge(gpm, jeo)
	if err != nil {
		t.Fatal(err)
	}
	return merged
}

const wantConflict = id + ` u=4 "DONE: Get milk, eggs, butter and bread" [4/12:43:33/GPM7383 3/11:43:33/JEO2000 2/10:43:33/REO1750 1/09:43:33/REO1750]
  conflict: ` + id + ` u=4 "Get milk, eggs, butter and rolls" [4/12:03:33/JEO2000 3/11:43:33/JEO2000 2/10:43:33/REO1750 1/09:43:33/REO1750]`

// §3.3: the conflict example. Both versions have updates 4; GPM7383's when is
// later, so it wins and JEO2000's is kept in sx:conflicts.
func TestSpec33ConflictExample(t *testing.T) {
	assertItem(t, exampleConflict(t), wantConflict)
}

// §3.3 from the other side: JEO2000 merging GPM7383's feed reaches the same item.
func TestSpec33ConflictExampleOtherSide(t *testing.T) {
	m := exampleConflict(t)
	gpm, jeo := strip(m), m.Conflicts[0]
	got, err := Merge(jeo, gpm)
	if err != nil {
		t.Fatal(err)
	}
	assertItem(t, got, wantConflict)
}

// §3.4 and §4: GPM7383 resolves by keeping its own (winning) data at
// 12:53:33. The update adds sequence 5; JEO2000's version 4 is then folded in
// immediately after the topmost entry; the rest is subsumed.
func TestSpec34ResolutionExample(t *testing.T) {
	m := exampleConflict(t)
	got, err := Resolve(m, stamp("2005-05-21T12:53:33Z", "GPM7383"), Resolution{Change: PickWinner(m)}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	assertItem(t, got, id+` u=5 "DONE: Get milk, eggs, butter and bread" [5/12:53:33/GPM7383 4/12:03:33/JEO2000 4/12:43:33/GPM7383 3/11:43:33/JEO2000 2/10:43:33/REO1750 1/09:43:33/REO1750]`)
	if len(m.Conflicts) != 1 {
		t.Errorf("Resolve modified its input: %d conflicts left", len(m.Conflicts))
	}
}

// §3.4: the resolved item, merged back into JEO2000's conflicted copy,
// subsumes both old versions and leaves no conflict.
func TestSpec34ResolutionPropagates(t *testing.T) {
	m := exampleConflict(t)
	resolved, _ := Resolve(m, stamp("2005-05-21T12:53:33Z", "GPM7383"), Resolution{Change: PickWinner(m)}, Options{})
	jeoSide, _ := Merge(m.Conflicts[0], strip(m)) // JEO2000's view of the conflict
	got, err := Merge(jeoSide, resolved)
	if err != nil {
		t.Fatal(err)
	}
	assertItem(t, got, show(resolved))
}
