package engine

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"
)

// sim is a mesh of endpoints, each holding a feed, that edit and sync at
// random. Every version any operation produces is remembered, to check
// later that none was lost.
type sim struct {
	t         testing.TB
	rng       *rand.Rand
	feeds     [][]*Item
	clock     time.Time
	nextID    int
	versions  []*Item
	operation []string // a log, printed on failure
	// shared makes endpoints 0 and 1 one person on two git branches: one
	// by, so that both give changes the same sequences.
	shared bool
}

func newSim(t testing.TB, seed int64, endpoints int) *sim {
	return &sim{t: t, rng: rand.New(rand.NewSource(seed)), feeds: make([][]*Item, endpoints),
		clock: at("2020-01-01T00:00:00Z")}
}

func (s *sim) by(e int) string {
	if s.shared && e == 1 {
		e = 0
	}
	return fmt.Sprintf("EP%d", e)
}

// stamp moves the clock by 0 to 2 seconds, so that ties on when happen, and
// leaves out the when now and then.
func (s *sim) stamp(e int) Stamp {
	s.clock = s.clock.Add(time.Duration(s.rng.Intn(3)) * time.Second)
	st := Stamp{When: s.clock, By: s.by(e)}
	if s.rng.Intn(10) == 0 {
		st.When = time.Time{}
	}
	return st
}

// opts asks for the history clean-up now and then, but never with a shared
// by: it drops the entries that tell a reused sequence (see HistorySubsumed).
func (s *sim) opts() Options { return Options{CleanHistory: !s.shared && s.rng.Intn(5) == 0} }

func (s *sim) remember(it *Item) {
	s.versions = append(s.versions, strip(it))
}

// step performs one random operation.
func (s *sim) step() {
	e := s.rng.Intn(len(s.feeds))
	feed := s.feeds[e]
	switch op := s.rng.Intn(10); {
	case op == 0 || len(feed) == 0:
		s.nextID++
		it, err := New(fmt.Sprintf("item%d", s.nextID), s.stamp(e), text(fmt.Sprintf("v%d", s.nextID)), s.rng.Intn(8) == 0, false)
		s.check(err)
		s.feeds[e] = append(feed, it)
		s.remember(it)
		s.log("EP%d creates %s", e, it.ID())
	case op <= 4:
		i := s.rng.Intn(len(feed))
		it := feed[i]
		var ch Change
		switch s.rng.Intn(6) {
		case 0:
			ch = Delete(it)
		case 1:
			ch = Undelete(it)
		default:
			ch = Edit(it, text(fmt.Sprintf("%s by EP%d #%d", it.ID(), e, s.rng.Intn(1000))))
		}
		up, err := Update(it, s.stamp(e), ch, s.opts())
		s.check(err)
		feed[i] = up
		s.remember(up)
		s.log("EP%d updates %s", e, it.ID())
	case op == 5:
		s.resolve(e)
	default:
		from := s.rng.Intn(len(s.feeds))
		s.sync(from, e)
	}
}

// resolve resolves some conflicts of a random conflicted item of endpoint e.
func (s *sim) resolve(e int) {
	feed := s.feeds[e]
	var idx []int
	for i, it := range feed {
		if len(it.Conflicts) > 0 {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return
	}
	i := idx[s.rng.Intn(len(idx))]
	it := feed[i]
	r := Resolution{Change: PickWinner(it)}
	if n := s.rng.Intn(len(it.Conflicts) + 2); n < len(it.Conflicts) {
		r.Change, _ = PickVersion(it, n)
	} else if n == len(it.Conflicts) {
		r.Change = Edit(it, text("combined"))
	}
	if s.rng.Intn(2) == 0 {
		for v := range it.Conflicts {
			if s.rng.Intn(2) == 0 {
				r.Versions = append(r.Versions, v)
			}
		}
	}
	res, err := Resolve(it, s.stamp(e), r, s.opts())
	s.check(err)
	feed[i] = res
	s.remember(res)
	s.log("EP%d resolves %s (%v)", e, it.ID(), r.Versions)
}

func (s *sim) sync(from, to int) {
	merged, err := MergeFeed(s.feeds[to], s.feeds[from])
	s.check(err)
	s.feeds[to] = merged
	s.log("EP%d merges EP%d", to, from)
}

func (s *sim) log(format string, args ...any) {
	s.operation = append(s.operation, fmt.Sprintf(format, args...))
}

func (s *sim) check(err error) {
	if err != nil {
		s.t.Helper()
		s.t.Fatalf("%v\nafter:\n%s", err, strings.Join(s.operation, "\n"))
	}
}

// settle syncs every endpoint with every other until nothing changes.
func (s *sim) settle() {
	for round := 0; round < 2*len(s.feeds)+2; round++ {
		before := s.snapshot(0)
		for to := range s.feeds {
			for from := range s.feeds {
				if from != to {
					s.sync(from, to)
				}
			}
		}
		if s.converged() && s.snapshot(0) == before {
			return
		}
	}
}

// snapshot renders endpoint e's items, sorted by id: the item set.
func (s *sim) snapshot(e int) string {
	var lines []string
	for _, it := range s.feeds[e] {
		lines = append(lines, show(it))
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

func (s *sim) converged() bool {
	for e := range s.feeds {
		if s.snapshot(e) != s.snapshot(0) {
			return false
		}
	}
	return true
}

// lost returns the remembered versions that are neither subsumed by the
// final item of their id nor by one of its conflicts.
func (s *sim) lost() []string {
	final := make(map[string]*Item)
	for _, it := range s.feeds[0] {
		final[it.ID()] = it
	}
	var lost []string
	for _, v := range s.versions {
		f := final[v.ID()]
		if f == nil {
			lost = append(lost, show(v)+" (item gone)")
			continue
		}
		if f.Sync.NoConflicts { // §3.3 step 10: conflicts are not preserved
			continue
		}
		if Subsumed(v, f) || slices.ContainsFunc(f.Conflicts, func(c *Item) bool { return Subsumed(v, c) }) {
			continue
		}
		lost = append(lost, show(v))
	}
	return lost
}

// Endpoints that edit, delete, resolve and sync in random orders converge
// to identical item sets once everyone has synced with everyone, and no
// version is ever lost: each stays a conflict or is subsumed in history.
func TestPropertyConvergence(t *testing.T) {
	for seed := int64(1); seed <= 200; seed++ {
		s := newSim(t, seed, 2+int(seed%3))
		for i := 0; i < 150; i++ {
			s.step()
		}
		s.settle()
		if !s.converged() {
			for e := range s.feeds {
				t.Logf("EP%d:\n%s", e, s.snapshot(e))
			}
			t.Fatalf("seed %d: endpoints did not converge", seed)
		}
		if lost := s.lost(); len(lost) > 0 {
			t.Fatalf("seed %d: %d versions lost, e.g.\n%s", seed, len(lost), lost[0])
		}
		// A converged feed merged with itself is unchanged.
		before := s.snapshot(0)
		s.sync(0, 0)
		if s.snapshot(0) != before {
			t.Fatalf("seed %d: merging a feed with itself changed it", seed)
		}
	}
}

// 1.0.2 §3.3 note 2 as read: endpoints 0 and 1 share one by, as one person
// editing on two git branches does, and so give changes the same
// sequences. The endpoints still converge, and no change is lost: each
// version ever made is held by the final item or one of its conflicts,
// which hold its topmost entry, or a later one of its by and none that
// reused its sequence. (Under note 2 read literally two changes with one
// sequence subsumed each other, and one was dropped: 194 of these 200 runs
// lost a change.)
func TestPropertyConvergenceWithASharedEndpointID(t *testing.T) {
	for seed := int64(1); seed <= 200; seed++ {
		s := newSim(t, seed, 2+int(seed%3))
		s.shared = true
		for i := 0; i < 150; i++ {
			s.step()
		}
		s.settle()
		if !s.converged() {
			t.Fatalf("seed %d: endpoints did not converge", seed)
		}
		if lost := s.lostChanges(); len(lost) > 0 {
			t.Fatalf("seed %d: %d changes lost, e.g.\n%s\nafter:\n%s", seed, len(lost), lost[0], strings.Join(s.operation, "\n"))
		}
	}
}

// lostChanges returns the remembered versions that neither the final item
// of their id nor its conflicts hold (see holds).
func (s *sim) lostChanges() []string {
	final := make(map[string]*Item)
	for _, it := range s.feeds[0] {
		final[it.ID()] = it
	}
	var lost []string
	for _, v := range s.versions {
		f := final[v.ID()]
		if f == nil || f.Sync.NoConflicts {
			continue
		}
		top := v.Sync.Topmost()
		held := func(c *Item) bool { return holds(c.Sync.History, top) }
		if !held(f) && !slices.ContainsFunc(f.Conflicts, held) {
			lost = append(lost, show(v))
		}
	}
	return lost
}

// holds is the test's own statement of when a history holds a change:
// it has the change's entry, or (for an entry with by) a later entry of
// that by and no other change with that by and sequence.
func holds(hs []History, h History) bool {
	later, reused := false, false
	for _, e := range hs {
		switch {
		case e.Equal(h):
			return true
		case !h.HasBy() || e.By != h.By:
		case e.Sequence > h.Sequence:
			later = true
		case e.Sequence == h.Sequence:
			reused = true
		}
	}
	return later && !reused
}

// FuzzMerge checks, on versions grown by a random simulation, that merge
// is symmetric (same winner and conflict set whichever side is local),
// idempotent, and that a result merged again with either input is unchanged.
//
// $ go test -fuzz=FuzzMerge ./engine
func FuzzMerge(f *testing.F) {
	f.Add(int64(1), uint8(40))
	f.Add(int64(7), uint8(200))
	f.Fuzz(func(t *testing.T, seed int64, steps uint8) {
		s := newSim(t, seed, 3)
		for i := 0; i < int(steps); i++ {
			s.step()
		}
		a, b := s.feeds[0], s.feeds[1]
		ab, err := MergeFeed(a, b)
		s.check(err)
		ba, err := MergeFeed(b, a)
		s.check(err)
		if x, y := setOf(ab), setOf(ba); x != y {
			t.Fatalf("merge is not symmetric:\n%s\n---\n%s", x, y)
		}
		for _, other := range [][]*Item{ab, a, b} {
			again, err := MergeFeed(ab, other)
			s.check(err)
			if x, y := setOf(again), setOf(ab); x != y {
				t.Fatalf("merging the result again changed it:\n%s\n---\n%s", x, y)
			}
		}
	})
}

func setOf(items []*Item) string {
	var lines []string
	for _, it := range items {
		lines = append(lines, show(it))
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}
