package engine

import (
	"errors"
	"time"
)

// MaxCount is the largest valid updates or sequence value, 2^31-1 (§2.4, §2.5).
const MaxCount = 1<<31 - 1

// Errors returned by the operations of this package. Callers test for them
// with errors.Is; the returned errors wrap them with the item's id.
var (
	// ErrNoStamp: a new history entry needs a when, a by, or both (§2.5).
	ErrNoStamp = errors.New("engine: a change needs when or by")
	// ErrOverflow: updates or sequence would pass MaxCount.
	ErrOverflow = errors.New("engine: updates would exceed 2^31-1")
	// ErrInvalidID: a sync id or endpoint id is not an RFC 2141 NSS (§2.1.1, §2.4).
	ErrInvalidID = errors.New("engine: not a valid RFC 2141 namespace specific string")
	// ErrNoConflicts: resolving an item that has no conflicts.
	ErrNoConflicts = errors.New("engine: item is not in conflict")
	// ErrNoSuchVersion: a resolution names a conflict version that is not there.
	ErrNoSuchVersion = errors.New("engine: no such conflict version")
	// ErrIDMismatch: merging two items whose sync ids differ.
	ErrIDMismatch = errors.New("engine: items have different ids")
)

// History is one sx:history entry (§2.5): who changed an item, when, and
// the sequence number of that change.
type History struct {
	Sequence int
	When     time.Time // the zero time when the attribute is absent
	By       string    // empty when the attribute is absent
}

// HasWhen reports whether the entry carries a when attribute.
func (h History) HasWhen() bool { return !h.When.IsZero() }

// HasBy reports whether the entry carries a by attribute.
func (h History) HasBy() bool { return h.By != "" }

// Stamp returns the entry's when and by.
func (h History) Stamp() Stamp { return Stamp{When: h.When, By: h.By} }

// Equal reports whether two entries carry the same sequence, when and by.
func (h History) Equal(o History) bool {
	return h.Sequence == o.Sequence && h.By == o.By && h.When.Equal(o.When)
}

// Sync is an item's sx:sync metadata (§2.4), without its conflicts.
type Sync struct {
	ID          string
	Updates     int
	Deleted     bool
	NoConflicts bool
	History     []History // topmost (most recent) first; never empty in a valid item
}

// Topmost returns the topmost history entry, or the zero History if there is none.
func (s Sync) Topmost() History {
	if len(s.History) == 0 {
		return History{}
	}
	return s.History[0]
}

// Data is an item's content: everything in the item's element except its
// sx:sync. The engine never looks inside it, except that Compare uses the
// digest to break a tie that the spec leaves open, so that two endpoints
// holding the same versions always agree on the winner.
type Data interface {
	// Digest returns a canonical form of the item's shared data: two
	// values with equal shared data have equal digests.
	Digest() string
}

// Item is one version of a FeedSync item: its sync metadata, its data, and,
// for the item a feed holds, the conflicting versions of it kept in
// sx:conflicts (§2.6). A conflict version is itself an Item whose own
// Conflicts are always empty: the conflict list is flat (§3.3).
type Item struct {
	Sync      Sync
	Data      Data
	Conflicts []*Item
}

// ID returns the item's sync id.
func (it *Item) ID() string { return it.Sync.ID }

// Clone returns a copy of the item that shares no slices with it. Data
// values are shared: the engine never modifies them.
func (it *Item) Clone() *Item {
	c := &Item{Sync: it.Sync, Data: it.Data}
	c.Sync.History = append([]History(nil), it.Sync.History...)
	if len(it.Conflicts) > 0 {
		c.Conflicts = make([]*Item, len(it.Conflicts))
		for i, v := range it.Conflicts {
			c.Conflicts[i] = v.Clone()
		}
	}
	return c
}

// Stamp says who makes a change and when: the when and by attributes of
// the sx:history entry that the change adds (§3.1 step 2, §3.2 step 2).
// Either may be left out, not both. The zero time means no when, and the
// empty string no by. The engine reads no clock: the caller supplies the
// time, with whole seconds in UTC. Package engine/sse uses the same type
// for SSE 0.91's when and by (its sx:history, sx:update and sx:conflict).
type Stamp struct {
	When time.Time
	By   string
}

// HasWhen reports whether the stamp carries a when.
func (st Stamp) HasWhen() bool { return !st.When.IsZero() }

// HasBy reports whether the stamp carries a by.
func (st Stamp) HasBy() bool { return st.By != "" }

// Equal reports whether two stamps carry the same when and by.
func (st Stamp) Equal(o Stamp) bool { return st.By == o.By && st.When.Equal(o.When) }

// Normal returns the stamp with its time in UTC whole seconds (§2.1.5).
func (st Stamp) Normal() Stamp {
	if st.HasWhen() {
		st.When = st.When.UTC().Truncate(time.Second)
	}
	return st
}

func (st Stamp) check() error {
	if st.When.IsZero() && st.By == "" {
		return ErrNoStamp
	}
	if st.By != "" && !ValidNSS(st.By) {
		return ErrInvalidID
	}
	return nil
}

// entry returns the history entry for the stamp with the given sequence.
// The time is normalised to UTC whole seconds (§2.1.5).
func (st Stamp) entry(seq int) History {
	st = st.Normal()
	return History{Sequence: seq, When: st.When, By: st.By}
}
