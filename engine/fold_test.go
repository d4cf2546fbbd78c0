package engine

import (
	"flag"
	"fmt"
	"math/rand"
	"testing"
	"time"
)

var foldRounds = flag.Int("fold.rounds", 3000, "random groups of duplicates for TestFoldIsRepeatedMerge")

// foldByMerge is what Fold must equal: each version merged into the result
// so far with Merge, one after the other (implementation note 2).
func foldByMerge(t *testing.T, vs []*Item) *Item {
	t.Helper()
	res := vs[0]
	for _, v := range vs[1:] {
		var err error
		if res, err = Merge(res, v); err != nil {
			t.Fatal(err)
		}
	}
	return res
}

// randomVersion makes a version of item "x" from a small alphabet, so that
// subsumption, ties, noconflicts and faulty histories (entries out of
// order, without by, a conflict list holding a copy of its item) all occur.
func randomVersion(rng *rand.Rand, conflicts bool) *Item {
	bys := []string{"A", "B", "C", "D", ""}
	whens := []time.Time{{}, at("2020-01-01T00:00:00Z"), at("2020-01-01T00:00:01Z")}
	var hs []History
	for range 1 + rng.Intn(3) {
		hs = append(hs, History{Sequence: 1 + rng.Intn(3), When: whens[rng.Intn(len(whens))], By: bys[rng.Intn(len(bys))]})
	}
	if hs[0].By == "" && hs[0].When.IsZero() {
		hs[0].By = "A"
	}
	it := &Item{Sync: Sync{ID: "x", Updates: 1 + rng.Intn(3), Deleted: rng.Intn(6) == 0,
		NoConflicts: rng.Intn(12) == 0, History: hs}, Data: text(fmt.Sprint(rng.Intn(3)))}
	if rng.Intn(20) == 0 {
		it.Sync.History = nil
	}
	if conflicts && rng.Intn(4) == 0 {
		for range 1 + rng.Intn(3) {
			it.Conflicts = append(it.Conflicts, randomVersion(rng, false))
		}
		if rng.Intn(4) == 0 {
			it.Conflicts = append(it.Conflicts, strip(it))
		}
	}
	return it
}

// TestFoldIsRepeatedMerge checks Fold against repeated Merge on random
// groups of versions, faulty ones included, in every order given.
//
// $ go test ./engine -run TestFoldIsRepeatedMerge -fold.rounds=200000
func TestFoldIsRepeatedMerge(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := range *foldRounds {
		vs := make([]*Item, 2+rng.Intn(7))
		for i := range vs {
			vs[i] = randomVersion(rng, true)
		}
		want := foldByMerge(t, vs)
		f := NewFold(vs[0])
		for _, v := range vs[1:] {
			if err := f.Add(v); err != nil {
				t.Fatal(err)
			}
		}
		got := f.Result()
		if show(got) == show(want) {
			continue
		}
		var in string
		for _, v := range vs {
			in += show(v) + "\n"
		}
		t.Fatalf("round %d: versions\n%sFold:\n%s\nrepeated Merge:\n%s", round, in, show(got), show(want))
	}
}

func TestFoldRefusesAnotherID(t *testing.T) {
	f := NewFold(item("a", 1, "", h(1, "", "A")))
	if err := f.Add(item("b", 1, "", h(1, "", "A"))); err == nil {
		t.Fatal("Fold took a version of another item")
	}
}

// TestDedupeManyConflictingDuplicates is issue 13's case at a size a test
// can afford: duplicates of one id by different endpoints, all kept as
// conflicts, sorted from the winner down.
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

// conflictingDuplicates returns n versions of one item, each made by
// another endpoint from the same first version.
func conflictingDuplicates(n int) []*Item {
	items := make([]*Item, n)
	for i := range items {
		items[i] = item("dup", 2, fmt.Sprint("v", i), h(1, "2020-01-01T00:00:00Z", fmt.Sprintf("EP%05d", i)), h(1, "2019-01-01T00:00:00Z", "ORIGIN"))
	}
	return items
}

// BenchmarkDedupe16k is issue 13's 16,000 duplicates of one id (54 s to
// load before Fold).
//
// $ go test -run '^$' -bench Dedupe -benchmem ./engine
func BenchmarkDedupe16k(b *testing.B) {
	items := conflictingDuplicates(16000)
	for b.Loop() {
		if _, err := Dedupe(items); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDedupeIsLinear guards against the quadratic fold of issue 13 (16,000
// duplicates took 54 s to load): four times the duplicates must cost about
// four times the allocations, not sixteen. Counting allocations, not time,
// keeps the test exact on a busy machine.
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

// FuzzFold checks Fold against repeated Merge on groups of versions drawn
// from the fuzzer's seed, faulty histories included.
//
// $ go test -fuzz=FuzzFold ./engine
func FuzzFold(f *testing.F) {
	f.Add(int64(1), uint8(5))
	f.Add(int64(42), uint8(12))
	f.Fuzz(func(t *testing.T, seed int64, n uint8) {
		rng := rand.New(rand.NewSource(seed))
		vs := make([]*Item, 2+int(n)%14)
		for i := range vs {
			vs[i] = randomVersion(rng, true)
		}
		fold := NewFold(vs[0])
		for _, v := range vs[1:] {
			if err := fold.Add(v); err != nil {
				t.Fatal(err)
			}
		}
		if got, want := show(fold.Result()), show(foldByMerge(t, vs)); got != want {
			t.Fatalf("Fold:\n%s\nrepeated Merge:\n%s", got, want)
		}
	})
}
