package engine

import (
	"math/rand"
	"testing"
)

// 1.0.2 §3.3 note 2 as read (issue 20 item 2): one endpoint edits an item
// on two git branches, so both changes carry its by and the same sequence
// with different whens. Neither subsumes the other: both are kept, the
// later as the winner and the other as its conflict, whichever side is
// local, and merging again changes nothing.
func TestReusedSequenceKeepsBothAsAConflict(t *testing.T) {
	base := []History{h(1, "2000-01-01T00:00:00Z", "other")}
	onMain := item("i3", 2, "ON-MAIN", append([]History{h(2, "2021-01-01T00:00:05Z", "me")}, base...)...)
	onTopic := item("i3", 2, "ON-TOPIC", append([]History{h(2, "2021-01-01T00:00:00Z", "me")}, base...)...)
	want := `i3 u=2 "ON-MAIN" [2/00:00:05/me 1/00:00:00/other]
  conflict: i3 u=2 "ON-TOPIC" [2/00:00:00/me 1/00:00:00/other]`
	ab := mustMerge(t, onMain, onTopic)
	assertItem(t, ab, want)
	assertItem(t, mustMerge(t, onTopic, onMain), want)
	assertItem(t, mustMerge(t, ab, ab), want)
	assertItem(t, mustMerge(t, ab, onTopic), want)
	if _, _, ok := Reused(onMain, onTopic); !ok {
		t.Error("Reused(onMain, onTopic) found nothing")
	}
}

// A later change on one branch does not subsume the other branch's change
// by its greater sequence: it was made without it.
func TestReusedSequenceIsNotSubsumedByALaterChangeOfTheBranch(t *testing.T) {
	onMain := item("i3", 3, "ON-MAIN 2", h(3, "2021-01-01T00:00:09Z", "me"), h(2, "2021-01-01T00:00:05Z", "me"))
	onTopic := item("i3", 2, "ON-TOPIC", h(2, "2021-01-01T00:00:00Z", "me"))
	want := `i3 u=3 "ON-MAIN 2" [3/00:00:09/me 2/00:00:05/me]
  conflict: i3 u=2 "ON-TOPIC" [2/00:00:00/me]`
	assertItem(t, mustMerge(t, onMain, onTopic), want)
	assertItem(t, mustMerge(t, onTopic, onMain), want)
	f := NewFold(onTopic)
	if err := f.Add(onMain); err != nil {
		t.Fatal(err)
	}
	assertItem(t, f.Result(), want)
}

// A resolution (§3.4, §4 step 3.3) folds both changes into its history,
// so that it subsumes each, also a stale copy of either branch.
func TestReusedSequenceResolvedSubsumesBothBranches(t *testing.T) {
	onMain := item("i3", 2, "ON-MAIN", h(2, "2021-01-01T00:00:05Z", "me"))
	onTopic := item("i3", 2, "ON-TOPIC", h(2, "2021-01-01T00:00:00Z", "me"))
	merged := mustMerge(t, onMain, onTopic)
	res, err := Resolve(merged, stamp("2021-01-02T00:00:00Z", "you"), Resolution{Change: PickWinner(merged)}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, stale := range []*Item{onMain, onTopic} {
		if !Subsumed(stale, res) {
			t.Errorf("the resolution %s does not subsume %s", show(res), show(stale))
		}
		assertItem(t, mustMerge(t, res, stale), show(res))
	}
}

// Two branches that reused a sequence and then both changed the item in
// the same second under the same by carry one topmost entry over two
// histories: still two changes, both kept. One history with different
// data is two changes too (issue 29 item 8, see TestTwoChangesUnderOneStamp).
func TestReusedSequenceInTheSameSecondKeepsBoth(t *testing.T) {
	onMain := item("i3", 3, "ON-MAIN 2", h(3, "2021-01-01T00:00:09Z", "me"), h(2, "2021-01-01T00:00:05Z", "me"))
	onTopic := item("i3", 3, "ON-TOPIC 2", h(3, "2021-01-01T00:00:09Z", "me"), h(2, "2021-01-01T00:00:00Z", "me"))
	ab, ba := mustMerge(t, onMain, onTopic), mustMerge(t, onTopic, onMain)
	if len(ab.Conflicts) != 1 || show(ab) != show(ba) {
		t.Errorf("merge a b:\n%s\nmerge b a:\n%s\nwant both kept, the same either way", show(ab), show(ba))
	}
	peer := item("i3", 3, "ON-MAIN by a peer", onMain.Sync.History...)
	ab, ba = mustMerge(t, onMain, peer), mustMerge(t, peer, onMain)
	if len(ab.Conflicts) != 1 || show(ab) != show(ba) {
		t.Errorf("merge a peer:\n%s\nmerge peer a:\n%s\nwant both kept, the same either way", show(ab), show(ba))
	}
}

// 1.0.2 §3.3 note 2 as read (issue 29 item 8): 'update --by me --when T'
// on two branches gives two versions with one by, sequence and when, and
// one history, but other data. They are two changes: Merge keeps both,
// the one Compare prefers as the winner and the other as its conflict,
// whichever side is local (the same winner, the same conflicts); merging
// the result with itself, or with either version again, changes nothing;
// a Fold of them in any order gives the same; and a resolution subsumes
// both. Versions that differ in nothing but the history below the top or
// the updates are not two changes: one is kept, Compare's choice.
func TestTwoChangesUnderOneStamp(t *testing.T) {
	base := []History{h(1, "2021-01-01T00:00:00Z", "me")}
	top := h(2, "2021-01-02T00:00:00Z", "me")
	title := func(data string) *Item { return item("i", 2, data, append([]History{top}, base...)...) }
	deleted := title("A")
	deleted.Sync.Deleted = true
	cases := []struct {
		name  string
		a, b  *Item
		kinds int // versions kept
	}{
		{"other titles", title("A"), title("B"), 2},
		{"a deletion against an edit", deleted, title("B"), 2},
		{"the same data", title("A"), title("A"), 1},
		{"the same data, updates differ", title("A"), item("i", 3, "A", append([]History{top}, base...)...), 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ab, ba := mustMerge(t, c.a, c.b), mustMerge(t, c.b, c.a)
			if show(ab) != show(ba) || 1+len(ab.Conflicts) != c.kinds {
				t.Fatalf("merge a b:\n%s\nmerge b a:\n%s\nwant %d versions kept, the same either way", show(ab), show(ba), c.kinds)
			}
			for _, again := range []*Item{ab, c.a, c.b} {
				assertItem(t, mustMerge(t, ab, again), show(ab))
				assertItem(t, mustMerge(t, again, ab), show(ab))
			}
			for _, order := range [][]*Item{{c.a, c.b}, {c.b, c.a}, {c.a, c.b, c.a}, {ab, c.b, c.a}} {
				f := NewFold(order[0])
				for _, it := range order[1:] {
					if err := f.Add(it); err != nil {
						t.Fatal(err)
					}
				}
				assertItem(t, f.Result(), show(ab))
			}
			if c.kinds == 1 {
				return
			}
			res, err := Resolve(ab, stamp("2021-01-03T00:00:00Z", "you"), Resolution{Change: PickWinner(ab)}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, stale := range []*Item{c.a, c.b} {
				assertItem(t, mustMerge(t, res, stale), show(res))
				assertItem(t, mustMerge(t, stale, res), show(res))
			}
		})
	}
}

// Reused compares short histories entry by entry and long ones through an
// index: the two ways find the same entries on every pair of random
// histories, repeated entries, entries without a by and histories of
// either length included.
func TestReusedScannedAgreesWithIndexed(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	bys := []string{"", "a", "b", "c"}
	whens := []string{"2021-01-01T00:00:00Z", "2021-01-01T00:00:05Z", "2022-06-01T12:00:00Z"}
	history := func() []History {
		hs := make([]History, rng.Intn(24))
		for i := range hs {
			hs[i] = h(1+rng.Intn(4), whens[rng.Intn(len(whens))], bys[rng.Intn(len(bys))])
		}
		return hs
	}
	found := 0
	for i := range 5000 {
		a, b := item("i", 1, "A", history()...), item("i", 1, "B", history()...)
		sa, sb, sok := reusedScanned(a, b)
		ia, ib, iok := reusedIndexed(a, b)
		if sok != iok || !sa.Equal(ia) || !sb.Equal(ib) {
			t.Fatalf("case %d: scanned (%v %v %v), indexed (%v %v %v)\na %s\nb %s", i, sa, sb, sok, ia, ib, iok, show(a), show(b))
		}
		if sok {
			found++
		}
	}
	if found == 0 {
		t.Fatal("no case had a reused sequence: the histories test nothing")
	}
}
