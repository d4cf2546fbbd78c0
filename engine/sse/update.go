package sse

import (
	"fmt"
	"slices"
)

// Options are the optional behaviours of §4.2. The zero value keeps the
// whole update history.
type Options struct {
	// Versions, when positive, is how many versions the history keeps,
	// counting sx:history itself: an update leaves at most Versions-1
	// sx:update elements, deleting from the bottom up (§4.2 step 2.3). The
	// second §4.2 example keeps 4; 1 keeps no sx:update at all.
	Versions int
}

// Change is the state an item has after a local operation: its data,
// whether it is deleted, and, for an outline, its position. A deletion sets
// Deleted and an un-deletion clears it (§4.2 step 3); a move changes the
// position (§3.2).
type Change struct {
	Data     Data
	Deleted  bool
	Position Position
}

// Edit returns the Change that gives the item new data and keeps the rest.
func Edit(it *Item, data Data) Change {
	return Change{Data: data, Deleted: it.Deleted, Position: it.Position}
}

// Delete returns the Change that deletes the item and keeps its data.
func Delete(it *Item) Change { return Change{Data: it.Data, Deleted: true, Position: it.Position} }

// Undelete returns the Change that brings a deleted item back with its data.
func Undelete(it *Item) Change { return Change{Data: it.Data, Position: it.Position} }

// Move returns the Change that puts an outline at a new position (§3.2);
// Tree.Place computes one.
func Move(it *Item, pos Position) Change {
	return Change{Data: it.Data, Deleted: it.Deleted, Position: pos}
}

// New creates an item as a local operation (§4.1): version 1 and an
// sx:history stamped st, with no sx:update. The change gives its data, its
// position, and whether it is born a tombstone.
func New(id string, st Stamp, ch Change) (*Item, error) {
	if !ValidID(id) {
		return nil, fmt.Errorf("creating %q: %w", id, ErrInvalidID)
	}
	if err := checkStamp(st); err != nil {
		return nil, fmt.Errorf("creating %q: %w", id, err)
	}
	st = st.Normal()
	return &Item{
		Sync: Sync{
			ID:      id,
			Version: 1,
			Deleted: ch.Deleted,
			History: History{When: st.When, By: st.By},
		},
		Data:     ch.Data,
		Position: ch.Position,
	}, nil
}

// Update applies a local update, deletion, un-deletion or move to an item
// (§4.2) and returns the updated copy; it is not modified:
//
//  1. the version goes up by one;
//  2. the sx:history's when and by become a new topmost sx:update, the
//     list is truncated from the bottom as opt says, and the sx:history
//     takes st's when and by;
//  3. deleted, the data and the position are those of ch;
//  4. the conflict flag and the sx:conflicts are removed.
func Update(it *Item, st Stamp, ch Change, opt Options) (*Item, error) {
	if err := checkStamp(st); err != nil {
		return nil, fmt.Errorf("updating %q: %w", it.ID, err)
	}
	if it.Version >= MaxVersion {
		return nil, fmt.Errorf("updating %q: %w", it.ID, ErrOverflow)
	}
	st = st.Normal()
	res := it.Clone()
	res.Version++                                                                   // step 1
	res.History.Updates = slices.Insert(res.History.Updates, 0, it.History.Stamp()) // steps 2.1, 2.2
	if keep := opt.Versions - 1; opt.Versions > 0 && len(res.History.Updates) > keep {
		res.History.Updates = res.History.Updates[:keep] // step 2.3
	}
	res.History.When, res.History.By = st.When, st.By // steps 2.4, 2.5
	res.Deleted = ch.Deleted                          // step 3
	res.Data, res.Position = ch.Data, ch.Position
	res.Conflict, res.Conflicts = false, nil // step 4
	return res, nil
}

// PickWinner returns the Change that keeps the winner's data, deleted
// state and position.
func PickWinner(it *Item) Change {
	return Change{Data: it.Data, Deleted: it.Deleted, Position: it.Position}
}

// PickConflict returns the Change that takes sx:conflict i's data,
// position and deleted state (0-based, in the order of it.Conflicts):
// picking the record of a losing deletion deletes the item.
func PickConflict(it *Item, i int) (Change, error) {
	if i < 0 || i >= len(it.Conflicts) {
		return Change{}, fmt.Errorf("resolving %q: conflict %d of %d: %w", it.ID, i+1, len(it.Conflicts), ErrNoSuchConflict)
	}
	c := it.Conflicts[i]
	return Change{Data: c.Data, Position: c.Position, Deleted: c.Deleted}, nil
}

// Resolve resolves an item in conflict (§5): "a further update
// incrementing the version and removing the conflict attribute", applied
// with Update, which also removes every sx:conflict (§4.2 step 4). The
// change is PickWinner's, PickConflict's, or new data combining them. An
// item is in conflict when its conflict flag is set or it holds sx:conflicts.
func Resolve(it *Item, st Stamp, ch Change, opt Options) (*Item, error) {
	if !it.Conflict && len(it.Conflicts) == 0 {
		return nil, fmt.Errorf("resolving %q: %w", it.ID, ErrNoConflict)
	}
	return Update(it, st, ch, opt)
}

func checkStamp(st Stamp) error {
	if !st.HasWhen() && !st.HasBy() {
		return ErrNoStamp
	}
	if st.HasBy() && !ValidID(st.By) {
		return ErrInvalidID
	}
	return nil
}
