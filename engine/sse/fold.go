package sse

import (
	"fmt"
	"slices"
)

// Fold merges the versions of one item that a feed holds under one id,
// which §2.3 forbids but real feeds contain: each later one, as incoming,
// into the result so far, exactly as Merge would, one after the other.
// Folding n versions with Merge costs time quadratic in n, since each merge
// joins every sx:conflict kept so far; a Fold keeps them in a map by by, so
// that each Add costs time in proportion to the added item's conflicts, and
// the whole fold is linear in its input.
type Fold struct {
	first    *Item
	n        int
	w        *Item // the winner so far; its own Conflict and Conflicts are not used
	conflict bool
	cs       map[string]*Conflict // one per by, as joinConflicts keeps them
}

// NewFold starts a fold with the first version met.
func NewFold(first *Item) *Fold {
	return &Fold{first: first, n: 1}
}

// Add merges it into the result so far, as Merge(result, it) would.
func (f *Fold) Add(it *Item) error {
	if f.n == 1 {
		f.w, f.conflict, f.cs = f.first, f.first.Conflict, map[string]*Conflict{}
		f.join(f.first.Conflicts, false)
	}
	if it.ID != f.w.ID {
		return fmt.Errorf("merging %q with %q: %w", f.w.ID, it.ID, ErrIDMismatch)
	}
	f.n++
	if Compare(it, f.w) > 0 { // it wins: Merge joins its conflicts first
		switch {
		case identical(it, f.w):
			f.conflict = it.Conflict || f.conflict
			f.join(it.Conflicts, true)
		case TwoChanges(it, f.w), Conflicting(it, f.w):
			f.conflict = true
			f.join(it.Conflicts, true)
			f.join([]*Conflict{f.w.asConflict()}, false)
		default: // it descends from the winner so far: its conflicts alone
			f.conflict, f.cs = it.Conflict, map[string]*Conflict{}
			f.join(it.Conflicts, false)
		}
		f.w = it
		return nil
	}
	switch {
	case identical(f.w, it):
		f.conflict = f.conflict || it.Conflict
		f.join(it.Conflicts, false)
	case TwoChanges(f.w, it), Conflicting(f.w, it):
		f.conflict = true
		f.join(it.Conflicts, false)
		f.join([]*Conflict{it.asConflict()}, false)
	}
	return nil
}

// join adds records to the map as joinConflicts would: the greatest per by
// by cmpConflict; of equal ones the first met, or, with first set, these,
// which joinConflicts would have met before those already in the map.
func (f *Fold) join(list []*Conflict, first bool) {
	batch := make(map[string]*Conflict, len(list))
	for _, c := range list {
		if b, ok := batch[c.By]; !ok || cmpConflict(c, b) > 0 {
			batch[c.By] = c
		}
	}
	for by, c := range batch {
		b, ok := f.cs[by]
		if !ok || cmpConflict(c, b) > 0 || (first && cmpConflict(c, b) == 0) {
			f.cs[by] = c
		}
	}
}

// Result returns the merged item: the winner, with the conflict flag and
// the sx:conflicts records Merge would give it.
func (f *Fold) Result() *Item {
	if f.n == 1 {
		return f.first
	}
	res := f.w.Clone()
	res.Conflict = f.conflict
	res.Conflicts = nil
	for _, c := range f.cs {
		cc := *c
		res.Conflicts = append(res.Conflicts, &cc)
	}
	slices.SortFunc(res.Conflicts, func(a, b *Conflict) int { return cmpConflict(b, a) })
	return res
}
