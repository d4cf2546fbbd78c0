package sse

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestCycleSetChangeIsCycles: §4.4.2 cycle detection kept up to date
// (CycleSet.Change, Apply) cuts what Cycles cuts over the changed items,
// on random outlines changed at random again and again: items moved (onto
// cycles, off them, into their own subtrees, under themselves), added
// (some under ids the outline names but lacks), deleted and edited.
func TestCycleSetChangeIsCycles(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	for round := range 300 {
		ids := func(n int) string { return fmt.Sprintf("i%02d", rng.IntN(n)) }
		byID := map[string]*Item{}
		for i := range 1 + rng.IntN(15) {
			id := fmt.Sprintf("i%02d", i)
			byID[id] = outline(id + "<" + ids(20))[0]
		}
		s := NewCycleSet(slices.Collect(maps.Values(byID)))
		for step := range 20 {
			var changed []string
			next := maps.Clone(byID)
			for range 1 + rng.IntN(3) {
				id := ids(20)
				it := &Item{Sync: Sync{ID: id}}
				if old := next[id]; old != nil {
					it = old.Clone()
				}
				switch rng.IntN(4) {
				case 0:
					it.Deleted = !it.Deleted
				case 1:
					it.Version++ // an edit: the parent stays
				default:
					it.Position.Parent = ids(22)
				}
				next[id] = it
				changed = append(changed, id)
			}
			c := s.Change(func(id string) *Item { return next[id] }, changed)
			all := slices.Collect(maps.Values(next))
			want := Cycles(all)
			for id := range next {
				if c.Cut(id) != in(want, id) {
					t.Fatalf("round %d step %d: Change cuts %s: %v; Cycles cuts %q", round, step, id, c.Cut(id), want)
				}
			}
			c.Apply()
			if got := s.Cuts(); !slices.Equal(got, want) && len(got)+len(want) > 0 {
				t.Fatalf("round %d step %d: after Apply the set cuts %q, Cycles %q", round, step, got, want)
			}
			if got, w := fmt.Sprint(s.on), fmt.Sprint(NewCycleSet(all).on); got != w {
				t.Fatalf("round %d step %d: the set holds %s, a new one %s", round, step, got, w)
			}
			byID = next
		}
	}
}

// §4.4.2: a move that closes a cycle through items the change does not
// name makes a cycle, cut at its lowest id; a move that opens it breaks it.
func TestCycleSetMoveMakesAndBreaksACycle(t *testing.T) {
	items := outline("a", "b<a", "c<b", "d<c")
	byID := index(items)
	s := NewCycleSet(items)
	get := func(id string) *Item { return byID[id] }
	byID["a"] = outline("a<d")[0]
	c := s.Change(get, []string{"a"})
	if !slices.Equal(c.Made(), []string{"a"}) || !c.Cut("a") || c.Cut("b") {
		t.Fatalf("a moved under d: made %q, a cut %v, b cut %v; want the cycle a-d-c-b cut at a", c.Made(), c.Cut("a"), c.Cut("b"))
	}
	c.Apply()
	byID["c"] = outline("c")[0]
	c = s.Change(get, []string{"c"})
	if !slices.Equal(c.Broken(), []string{"a"}) || len(c.Made()) != 0 || c.Cut("a") {
		t.Fatalf("c moved to the root: broken %q, made %q; want the cycle at a broken", c.Broken(), c.Made())
	}
	c.Apply()
	if len(s.Cuts()) != 0 {
		t.Errorf("after Apply the set cuts %q", s.Cuts())
	}
}

// §4.4.2: an outline that names a parent no item has hangs at the root;
// the parent arriving closes the cycle it makes, found by the walk from
// the new item alone.
func TestCycleSetNewParentClosesACycle(t *testing.T) {
	items := outline("b<p", "c<b")
	byID := index(items)
	s := NewCycleSet(items)
	byID["p"] = outline("p<c")[0]
	c := s.Change(func(id string) *Item { return byID[id] }, []string{"p"})
	if !slices.Equal(c.Made(), []string{"b"}) || !c.Cut("b") {
		t.Errorf("p added under c: made %q; want the cycle b-p-c cut at b", c.Made())
	}
}

func ExampleCycleSet() {
	when := time.Date(2005, 5, 21, 9, 43, 33, 0, time.UTC)
	byID := map[string]*Item{}
	for _, o := range [][2]string{{"b", ""}, {"c", "b"}, {"a", "c"}} {
		byID[o[0]], _ = New(o[0], Stamp{When: when, By: "REO1750"}, Change{Position: Position{Parent: o[1]}})
	}
	s := NewCycleSet(slices.Collect(maps.Values(byID)))
	// Another endpoint moves b under a: b, c and a become their own
	// ancestors. Only b's ancestry is walked.
	byID["b"], _ = Update(byID["b"], Stamp{When: when.Add(time.Hour), By: "REO1750"}, Move(byID["b"], Position{Parent: "a"}), Options{})
	c := s.Change(func(id string) *Item { return byID[id] }, []string{"b"})
	fmt.Println("made", c.Made(), "cut a:", c.Cut("a"))
	c.Apply()
	fmt.Println("cuts", s.Cuts())
	// Output:
	// made [a] cut a: true
	// cuts [a]
}
