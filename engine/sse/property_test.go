package sse

import (
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"
)

// outlineSim is a mesh of endpoints sharing one OPML outline, making random
// creations, edits, moves, deletions, un-deletions, resolutions and syncs.
type outlineSim struct {
	t       testing.TB
	rng     *rand.Rand
	es      []*endpoint
	created []string
	log     []string // printed on failure
}

func newOutlineSim(t testing.TB, seed int64, endpoints int) *outlineSim {
	return &outlineSim{t: t, rng: rand.New(rand.NewSource(seed)), es: newEndpoints(t, endpoints)}
}

func (s *outlineSim) logf(format string, args ...any) {
	s.log = append(s.log, fmt.Sprintf(format, args...))
}

func (s *outlineSim) fatalf(format string, args ...any) {
	s.t.Helper()
	s.t.Fatalf("%s\nafter:\n%s", fmt.Sprintf(format, args...), strings.Join(s.log, "\n"))
}

// pick returns a random element, or the zero value of an empty slice.
func pick[T any](rng *rand.Rand, xs []T) (x T) {
	if len(xs) > 0 {
		x = xs[rng.Intn(len(xs))]
	}
	return x
}

func (s *outlineSim) live(e *endpoint) []string {
	var ids []string
	for _, it := range e.items {
		if !it.Deleted {
			ids = append(ids, it.ID)
		}
	}
	return ids
}

// step performs one random operation at a random endpoint.
func (s *outlineSim) step() {
	e := pick(s.rng, s.es)
	*e.clock = e.clock.Add(time.Duration(s.rng.Intn(3)-1) * time.Second) // ties and skew
	e.opt = Options{Versions: pick(s.rng, []int{0, 0, 0, 1, 2, 3})}
	live := s.live(e)
	switch op := s.rng.Intn(12); {
	case op < 2 || len(live) == 0:
		id := fmt.Sprintf("%c%d", 'a'+s.rng.Intn(26), len(s.created))
		parent := pick(s.rng, append(live, "", ""))
		if err := e.create(id, parent, s.rng.Intn(4)); err != nil {
			s.fatalf("%s creates %s: %v", e.by, id, err)
		}
		s.created = append(s.created, id)
		s.logf("%s creates %s under %q", e.by, id, parent)
	case op < 4:
		id := pick(s.rng, live)
		e.change(id, func(it *Item) Change { return Edit(it, text(fmt.Sprintf("%s by %s", id, e.by))) })
		s.logf("%s edits %s", e.by, id)
	case op < 6:
		id, parent := pick(s.rng, live), pick(s.rng, append(live, ""))
		err := e.move(id, parent, s.rng.Intn(4))
		if err != nil && !errors.Is(err, ErrCycle) {
			s.fatalf("%s moves %s under %q: %v", e.by, id, parent, err)
		}
		s.logf("%s moves %s under %q: %v", e.by, id, parent, err)
	case op == 6:
		id := pick(s.rng, live)
		e.change(id, Delete)
		s.logf("%s deletes %s", e.by, id)
	case op == 7:
		s.undelete(e)
	case op == 8:
		s.resolve(e)
	default:
		from := pick(s.rng, s.es)
		e.pull(from)
		s.logf("%s pulls %s", e.by, from.by)
	}
}

func (s *outlineSim) undelete(e *endpoint) {
	var gone []string
	for _, it := range e.items {
		if it.Deleted {
			gone = append(gone, it.ID)
		}
	}
	if id := pick(s.rng, gone); id != "" {
		e.change(id, Undelete)
		s.logf("%s undeletes %s", e.by, id)
	}
}

// resolve resolves a random item in conflict: keeps the winner, picks a
// record, or moves the item to the root where cycle detection showed it.
func (s *outlineSim) resolve(e *endpoint) {
	var flagged []*Item
	for _, it := range e.items {
		if it.Conflict || len(it.Conflicts) > 0 {
			flagged = append(flagged, it)
		}
	}
	it := pick(s.rng, flagged)
	if it == nil {
		return
	}
	ch := PickWinner(it)
	switch n := s.rng.Intn(len(it.Conflicts) + 2); {
	case n < len(it.Conflicts):
		ch, _ = PickConflict(it, n)
	case n == len(it.Conflicts) && !it.Deleted:
		pos, err := Build(e.items).Place(it.ID, "", 0)
		if err != nil {
			s.fatalf("placing %s at the root: %v", it.ID, err)
		}
		ch = Move(it, pos)
	}
	res, err := Resolve(it, e.stamp(), ch, e.opt)
	if err != nil {
		s.fatalf("%s resolves %s: %v", e.by, it.ID, err)
	}
	e.items[e.find(it.ID)] = res
	s.logf("%s resolves %s", e.by, it.ID)
}

// settle makes every endpoint pull from every other until nothing changes.
func (s *outlineSim) settle() {
	for range 2*len(s.es) + 2 {
		before := s.state(s.es[0])
		for _, to := range s.es {
			for _, from := range s.es {
				to.pull(from)
			}
		}
		if s.converged() && s.state(s.es[0]) == before {
			return
		}
	}
}

// state renders an endpoint's items, sorted by id, and its tree.
func (s *outlineSim) state(e *endpoint) string {
	var lines []string
	for _, it := range e.items {
		lines = append(lines, show(it))
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n") + "\n--- tree\n" + e.tree()
}

func (s *outlineSim) converged() bool {
	for _, e := range s.es {
		if s.state(e) != s.state(s.es[0]) {
			return false
		}
	}
	return true
}

// checkTree verifies that the tree holds every live item exactly once, each
// under a live parent, without a cycle, and that no created outline is gone.
func (s *outlineSim) checkTree(e *endpoint) {
	tree := Build(e.items)
	seen := make(map[string]bool)
	var walk func(ns []*Node, parent string, depth int)
	walk = func(ns []*Node, parent string, depth int) {
		for _, n := range ns {
			if seen[n.Item.ID] || depth > len(e.items) {
				s.fatalf("%s is in the tree twice, or in a cycle", n.Item.ID)
			}
			seen[n.Item.ID] = true
			if n.Item.Deleted || tree.Parent(n.Item.ID) != parent {
				s.fatalf("%s: deleted or misplaced in the tree", n.Item.ID)
			}
			walk(n.Children, n.Item.ID, depth+1)
		}
	}
	walk(tree.Roots, "", 0)
	for _, id := range s.created {
		i := e.find(id)
		if i < 0 {
			s.fatalf("%s: outline %s is lost", e.by, id)
		}
		if !e.items[i].Deleted && !seen[id] {
			s.fatalf("%s: live outline %s is not in the tree", e.by, id)
		}
	}
}

// Endpoints that edit, move, create, delete, resolve and sync an outline in
// random orders hold one identical tree once all have synced with all, with
// no cycle and no lost outline (§3.2, §4.4.2); merging it again changes
// nothing.
func TestPropertyOutlineConvergence(t *testing.T) {
	for seed := int64(1); seed <= 300; seed++ {
		s := newOutlineSim(t, seed, 2+int(seed%3))
		for range 120 {
			s.step()
		}
		s.settle()
		if !s.converged() {
			for _, e := range s.es {
				t.Logf("%s:\n%s", e.by, s.state(e))
			}
			s.fatalf("seed %d: endpoints did not converge", seed)
		}
		for _, e := range s.es {
			s.checkTree(e)
		}
		before := s.state(s.es[0])
		s.es[0].pull(s.es[0])
		if s.state(s.es[0]) != before {
			s.fatalf("seed %d: merging an outline with itself changed it", seed)
		}
	}
}
