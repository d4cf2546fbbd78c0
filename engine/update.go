package engine

import (
	"fmt"
	"slices"
)

// Options are the optional behaviours the spec allows but does not require.
// The zero value leaves them all off.
type Options struct {
	// CleanHistory discards, after an update or a resolution, every history
	// entry that has a by and is not the one with the highest sequence for
	// that by (§3.2 "MAY" 1, §4 "MAY" 1). The topmost entry is always kept,
	// since it is what makes the item subsume older versions of itself.
	CleanHistory bool
}

// New creates an item as a local operation (§3.1): updates 1, one history
// entry with sequence 1 (the RECOMMENDED value) stamped with st, and the
// given data. noconflicts is set now or never (§2.4); deleted creates a
// tombstone from birth (§3.1 step 1.4).
func New(id string, st Stamp, data Data, noconflicts, deleted bool) (*Item, error) {
	if !ValidNSS(id) {
		return nil, fmt.Errorf("creating %q: %w", id, ErrInvalidID)
	}
	if err := st.check(); err != nil {
		return nil, fmt.Errorf("creating %q: %w", id, err)
	}
	return &Item{
		Sync: Sync{
			ID:          id,
			Updates:     1,
			Deleted:     deleted,
			NoConflicts: noconflicts,
			History:     []History{st.entry(1)},
		},
		Data: data,
	}, nil
}

// Change is the state an item has after a local operation: its new data and
// whether it is deleted. A deletion sets Deleted (§3.2 step 5), an
// un-deletion clears it (§3.2 step 6), and an edit keeps it as it was.
type Change struct {
	Data    Data
	Deleted bool
}

// Edit returns the Change that gives the item new data and keeps its deleted state.
func Edit(it *Item, data Data) Change { return Change{Data: data, Deleted: it.Sync.Deleted} }

// Delete returns the Change that deletes the item and keeps its data.
func Delete(it *Item) Change { return Change{Data: it.Data, Deleted: true} }

// Undelete returns the Change that brings a deleted item back with its data.
func Undelete(it *Item) Change { return Change{Data: it.Data, Deleted: false} }

// Update applies a local update, deletion or un-deletion to an item (§3.2)
// and returns the updated copy; it is not modified.
//
// The new history entry's sequence S1 is the new updates value, unless the
// entry has a by and S1 <= S2, the greatest sequence among this item's
// history entries with that by; then it is S2+1 (step 2, with the
// RECOMMENDED choices). When the entry has a by, every conflict version whose
// topmost history has that same by is folded into the history and removed
// from the conflicts (step 4, using §4).
func Update(it *Item, st Stamp, ch Change, opt Options) (*Item, error) {
	res := it.Clone()
	if err := update(res, st, ch); err != nil {
		return nil, err
	}
	if opt.CleanHistory {
		res.Sync.History = CleanHistory(res.Sync.History)
	}
	return res, nil
}

// update is Update on an item the caller owns.
func update(it *Item, st Stamp, ch Change) error {
	if err := st.check(); err != nil {
		return fmt.Errorf("updating %q: %w", it.Sync.ID, err)
	}
	if it.Sync.Updates >= MaxCount {
		return fmt.Errorf("updating %q: %w", it.Sync.ID, ErrOverflow)
	}
	it.Sync.Updates++ // step 1
	s1 := it.Sync.Updates
	if st.By != "" { // step 2.3
		if s2 := maxSequence(it.Sync.History, st.By); s1 <= s2 {
			if s2 >= MaxCount {
				return fmt.Errorf("updating %q: %w", it.Sync.ID, ErrOverflow)
			}
			s1 = s2 + 1
		}
	}
	it.Sync.History = slices.Insert(it.Sync.History, 0, st.entry(s1)) // steps 2.4, 3
	if st.By != "" {                                                  // step 4
		it.Conflicts = slices.DeleteFunc(it.Conflicts, func(x *Item) bool {
			if x.Sync.Topmost().By != st.By {
				return false
			}
			fold(it, x)
			return true
		})
	}
	it.Sync.Deleted = ch.Deleted // steps 5, 6
	it.Data = ch.Data
	if len(it.Conflicts) == 0 {
		it.Conflicts = nil
	}
	return nil
}

// maxSequence returns the greatest sequence among entries with the given by, or 0.
func maxSequence(hs []History, by string) int {
	m := 0
	for _, h := range hs {
		if h.By == by && h.Sequence > m {
			m = h.Sequence
		}
	}
	return m
}

// fold merges conflict version x into the history of y (§4 step 3.3): each
// history entry of x that no entry of y subsumes is added to y immediately
// after y's topmost entry. Entries added from one version keep their order
// among themselves: §4 inserts each "immediately after the topmost", and
// inserting them one by one at that place would turn them upside down,
// leaving an older entry above a newer one. An entry is also checked against
// those already added from x, which are by then part of y's history.
//
// An entry with a by is added unless y holds that very entry, even when a
// later entry of its by subsumes it: it is the record that its by used its
// sequence, without which a change made elsewhere with the same by and
// sequence (an item edited on two git branches under one by) would look
// subsumed and be dropped (see HistorySubsumed). §4 says to add what is not
// subsumed; adding what is changes no subsumption but that one.
func fold(y, x *Item) {
	var add []History
	for _, hx := range x.Sync.History {
		if hx.HasBy() && !holdsEntry(hx, y.Sync.History, add) || !hx.HasBy() && !subsumedByAny(hx, y.Sync.History, add) {
			add = append(add, hx)
		}
	}
	if len(add) == 0 {
		return
	}
	y.Sync.History = slices.Insert(y.Sync.History, 1, add...)
}

// Resolution is a person's, or a program's, decision on an item in
// conflict (§3.4).
type Resolution struct {
	// Change is the resolved state: the winner's data (PickWinner), one
	// conflict version's (PickVersion), or new data combining them.
	Change Change
	// Versions lists, by index into the item's Conflicts, the versions the
	// decision factored in; they are folded into the history and removed.
	// Empty means all of them. The others stay for a later resolution.
	Versions []int
}

// PickWinner returns the Change that keeps the winner's data and deleted
// state (§3.4 step 1.1).
func PickWinner(it *Item) Change { return Change{Data: it.Data, Deleted: it.Sync.Deleted} }

// PickVersion returns the Change that takes conflict version i's data and
// deleted state (§3.4 step 1.2): picking a tombstone deletes the item, and
// picking a live version over a deleted winner brings it back.
func PickVersion(it *Item, i int) (Change, error) {
	if i < 0 || i >= len(it.Conflicts) {
		return Change{}, fmt.Errorf("resolving %q: version %d of %d: %w", it.Sync.ID, i+1, len(it.Conflicts), ErrNoSuchVersion)
	}
	v := it.Conflicts[i]
	return Change{Data: v.Data, Deleted: v.Sync.Deleted}, nil
}

// Resolve resolves an item's conflicts (§3.4): the resolved state is applied
// as a §3.2 update stamped st, and then each chosen conflict version that the
// update's step 4 did not already fold in is folded into the history (§4)
// and removed, in document order. Versions not chosen stay. The item is not
// modified; the resolved copy is returned.
func Resolve(it *Item, st Stamp, r Resolution, opt Options) (*Item, error) {
	if len(it.Conflicts) == 0 {
		return nil, fmt.Errorf("resolving %q: %w", it.Sync.ID, ErrNoConflicts)
	}
	res := it.Clone()
	chosen := make(map[*Item]bool, len(res.Conflicts))
	if len(r.Versions) == 0 {
		for _, v := range res.Conflicts {
			chosen[v] = true
		}
	}
	for _, i := range r.Versions {
		if i < 0 || i >= len(res.Conflicts) {
			return nil, fmt.Errorf("resolving %q: version %d of %d: %w", it.Sync.ID, i+1, len(res.Conflicts), ErrNoSuchVersion)
		}
		chosen[res.Conflicts[i]] = true
	}
	if err := update(res, st, r.Change); err != nil { // §3.4 step 2
		return nil, err
	}
	res.Conflicts = slices.DeleteFunc(res.Conflicts, func(x *Item) bool { // §3.4 step 3
		if !chosen[x] {
			return false
		}
		fold(res, x)
		return true
	})
	if len(res.Conflicts) == 0 { // §4 step 4
		res.Conflicts = nil
	}
	if opt.CleanHistory {
		res.Sync.History = CleanHistory(res.Sync.History)
	}
	return res, nil
}

// CleanHistory returns the history with, for each by, only the entry with the
// highest sequence kept (§3.2 and §4, "MAY" 1). Entries without a by are all
// kept, and so is the topmost entry whatever its sequence.
func CleanHistory(hs []History) []History {
	best := make(map[string]int)
	for _, h := range hs {
		if h.HasBy() && h.Sequence > best[h.By] {
			best[h.By] = h.Sequence
		}
	}
	out := make([]History, 0, len(hs))
	seen := make(map[string]bool)
	for i, h := range hs {
		switch {
		case i == 0, !h.HasBy():
		case h.Sequence != best[h.By] || seen[h.By]:
			continue
		}
		if h.HasBy() {
			seen[h.By] = seen[h.By] || h.Sequence == best[h.By]
		}
		out = append(out, h)
	}
	return out
}
