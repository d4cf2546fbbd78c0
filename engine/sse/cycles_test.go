package sse

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// naiveCycles is §4.4.2 cycle detection as the spec words it, each item's
// ancestry walked up whole: the reference the linear detectCycles keeps to.
func naiveCycles(items []*Item) []string {
	byID := index(items)
	parent := map[string]string{}
	for id, it := range byID {
		if _, ok := byID[it.Position.Parent]; ok {
			parent[id] = it.Position.Parent
		}
	}
	var cut []string
	for _, id := range sortedIDs(byID) {
		seen := map[string]bool{}
		for p := parent[id]; p != "" && !seen[p]; p = parent[p] {
			if p == id {
				parent[id] = ""
				cut = append(cut, id)
				break
			}
			seen[p] = true
		}
	}
	return cut
}

// TestCyclesLinearAgreesWithWalk: on random parent graphs (cycles through
// and beside one another, tails into them, tombstones, unknown parents),
// Cycles cuts what walking each ancestry whole cuts, and Build nests every
// live item under its nearest live ancestor.
func TestCyclesLinearAgreesWithWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 12))
	for round := range 500 {
		n := 1 + rng.IntN(12)
		var specs []string
		for i := range n {
			s := string(rune('a' + i))
			switch r := rng.IntN(10); {
			case r < 8:
				s += "<" + string(rune('a'+rng.IntN(n)))
			case r < 9:
				s += "<nowhere"
			}
			if rng.IntN(4) == 0 {
				s += "-"
			}
			specs = append(specs, s)
		}
		items := outline(specs...)
		if got, want := Cycles(items), naiveCycles(items); !slices.Equal(got, want) {
			t.Fatalf("round %d, %q: Cycles = %q, the walk cuts %q", round, specs, got, want)
		}
		parent, _ := detectCycles(index(items))
		tree := Build(items)
		for _, it := range items {
			if it.Deleted {
				continue
			}
			want := parent[it.ID]
			for want != "" && index(items)[want].Deleted {
				want = parent[want]
			}
			if got := tree.Parent(it.ID); got != want {
				t.Fatalf("round %d, %q: %s under %q, want %q", round, specs, it.ID, got, want)
			}
		}
	}
}

// chainOf is n outlines, each the child of the one before; every other one
// a tombstone when tombs is set.
func chainOf(n int, tombs bool) []*Item {
	items := make([]*Item, n)
	for i := range items {
		items[i] = item(fmt.Sprintf("o%06d", i), 1, "x", sA0)
		if i > 0 {
			items[i].Position.Parent = items[i-1].ID
		}
		items[i].Deleted = tombs && i%2 == 1
	}
	return items
}

// BenchmarkBuildChain builds the tree of an outline chained n deep (with
// runs of tombstones): linear, about 10× from 1k to 10k.
//
//	$ go test -run='^$' -bench=BuildChain ./engine/sse
func BenchmarkBuildChain(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		for _, tombs := range []bool{false, true} {
			items := chainOf(n, tombs)
			b.Run(fmt.Sprintf("%d/tombstones=%v", n, tombs), func(b *testing.B) {
				for b.Loop() {
					Build(items)
					Cycles(items)
				}
			})
		}
	}
}
