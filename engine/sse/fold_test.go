package sse

import (
	"flag"
	"fmt"
	"math/rand"
	"testing"
	"time"
)

var foldRounds = flag.Int("fold.rounds", 3000, "random groups of duplicates for TestFoldIsRepeatedMerge")

// foldByMerge is what Fold must equal: each version merged into the result
// so far with Merge, one after the other.
func foldByMerge(t *testing.T, vs []*Item) *Item {
	t.Helper()
	res := vs[0]
	for _, v := range vs[1:] {
		res = mustMerge(t, res, v)
	}
	return res
}

// randomVersion makes a version of item "x" from a small alphabet, so that
// identical versions, conflicting ones, descendants and records that tie
// all occur.
func randomVersion(rng *rand.Rand) *Item {
	bys := []string{"A", "B", "C", ""}
	whens := []time.Time{{}, at("Sat, 21 May 2005 09:43:33 GMT"), at("Sat, 21 May 2005 09:43:34 GMT")}
	stamp := func() Stamp {
		s := Stamp{When: whens[rng.Intn(len(whens))], By: bys[rng.Intn(len(bys))]}
		if !s.HasWhen() && !s.HasBy() {
			s.By = "A"
		}
		return s
	}
	var updates []Stamp
	for range rng.Intn(3) {
		updates = append(updates, stamp())
	}
	it := item("x", 1+rng.Intn(3), fmt.Sprint(rng.Intn(3)), stamp(), updates...)
	it.Deleted = rng.Intn(6) == 0
	if rng.Intn(3) == 0 {
		it.Position = Position{Key: fmt.Sprint(rng.Intn(2))}
	}
	if rng.Intn(3) == 0 {
		it.Conflict = true
		for range rng.Intn(4) {
			s := stamp()
			r := record(1+rng.Intn(3), s, fmt.Sprint(rng.Intn(2)))
			r.Deleted = rng.Intn(5) == 0
			it.Conflicts = append(it.Conflicts, r)
		}
	}
	return it
}

// TestFoldIsRepeatedMerge checks Fold against repeated Merge on random
// groups of versions.
//
// $ go test ./engine/sse -run TestFoldIsRepeatedMerge -fold.rounds=200000
func TestFoldIsRepeatedMerge(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := range *foldRounds {
		vs := make([]*Item, 2+rng.Intn(7))
		for i := range vs {
			vs[i] = randomVersion(rng)
		}
		want := foldByMerge(t, vs)
		f := NewFold(vs[0])
		for _, v := range vs[1:] {
			if err := f.Add(v); err != nil {
				t.Fatal(err)
			}
		}
		if got := f.Result(); show(got) != show(want) {
			var in string
			for _, v := range vs {
				in += show(v) + "\n"
			}
			t.Fatalf("round %d: versions\n%sFold:\n%s\nrepeated Merge:\n%s", round, in, show(got), show(want))
		}
	}
}

func TestFoldRefusesAnotherID(t *testing.T) {
	f := NewFold(item("a", 1, "", st("", "A")))
	if err := f.Add(item("b", 1, "", st("", "A"))); err == nil {
		t.Fatal("Fold took a version of another item")
	}
}

// TestDedupeManyConflictingDuplicates is issue 13's case at a size a test
// can afford: duplicates of one id by different endpoints, each recorded
// as an sx:conflict.
func TestDedupeManyConflictingDuplicates(t *testing.T) {
	items := conflictingDuplicates(500)
	got, err := Dedupe(items)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || len(got[0].Conflicts) != 499 {
		t.Fatalf("Dedupe kept %d items, %d conflicts; want 1 and 499", len(got), len(got[0].Conflicts))
	}
	if show(got[0]) != show(foldByMerge(t, items)) {
		t.Fatal("Dedupe differs from repeated Merge")
	}
}

func conflictingDuplicates(n int) []*Item {
	items := make([]*Item, n)
	for i := range items {
		items[i] = item("dup", 2, fmt.Sprint("v", i), st("Sat, 21 May 2005 09:43:33 GMT", fmt.Sprintf("EP%05d", i)),
			st("Fri, 20 May 2005 09:43:33 GMT", "ORIGIN"))
	}
	return items
}

// BenchmarkDedupe16k is issue 13's duplicates of one id, at 16,000.
//
// $ go test -run '^$' -bench Dedupe -benchmem ./engine/sse
func BenchmarkDedupe16k(b *testing.B) {
	items := conflictingDuplicates(16000)
	for b.Loop() {
		if _, err := Dedupe(items); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDedupeIsLinear guards against the quadratic fold of issue 13 (8,000
// duplicates took 22 s to load): four times the duplicates must cost about
// four times the allocations, not sixteen.
func TestDedupeIsLinear(t *testing.T) {
	allocs := func(n int) float64 {
		items := conflictingDuplicates(n)
		return testing.AllocsPerRun(1, func() { Dedupe(items) })
	}
	small, large := allocs(500), allocs(2000)
	if ratio := large / small; ratio > 6 {
		t.Fatalf("4× the duplicates cost %.1f× the allocations (%.0f, %.0f): not linear", ratio, small, large)
	}
}
