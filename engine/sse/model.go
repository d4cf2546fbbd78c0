package sse

import (
	"errors"
	"slices"
	"time"

	"github.com/feedsync/feedsync/engine"
)

// MaxVersion is the largest version an item may reach, 2^31-1: the spec
// says only "integer", and other implementations read it as a 32-bit one.
const MaxVersion = 1<<31 - 1

// Errors returned by the operations of this package. Callers test for them
// with errors.Is; the returned errors wrap them with the item's id.
//
// A rule that both dialects share has one sentinel, engine's, under the
// name this package has always used: errors.Is(err, sse.ErrNoStamp) and
// errors.Is(err, engine.ErrNoStamp) are the same test, whichever dialect
// the error came from.
var (
	// ErrNoStamp: sx:history, sx:update and sx:conflict need when, by or
	// both (§2.4, §2.5, §5.2), and so does a change (§4.1 step 2.2).
	ErrNoStamp = engine.ErrNoStamp
	// ErrInvalidID: a sync id or endpoint id is not an RFC 2141 NSS (§1.2, §2.3).
	ErrInvalidID = engine.ErrInvalidID
	// ErrIDMismatch: merging two items whose sync ids differ.
	ErrIDMismatch = engine.ErrIDMismatch
	// ErrNoConflict: resolving an item that is not in conflict.
	ErrNoConflict = engine.ErrNoConflicts
	// ErrNoSuchConflict: a resolution names an sx:conflict that is not there.
	ErrNoSuchConflict = engine.ErrNoSuchVersion
)

// Errors of rules that only this dialect has.
var (
	// ErrVersion: a version below 1 (§2.3, §5.2).
	ErrVersion = errors.New("sse: version below 1")
	// ErrOverflow: an update would take the version past MaxVersion.
	ErrOverflow = errors.New("sse: version would exceed 2^31-1")
	// ErrFlag: a deleted or conflict attribute that is not "true", "false"
	// or empty (§2.3).
	ErrFlag = errors.New(`sse: boolean attribute is not "true", "false" or empty`)
	// ErrNoParent: placing an outline under one that is not in the tree.
	ErrNoParent = errors.New("sse: no such parent outline")
	// ErrCycle: placing an outline under itself or one of its descendants.
	ErrCycle = errors.New("sse: an outline cannot be its own ancestor")
)

// Stamp is a when and a by: who made a change and when. It is the content
// of an sx:update element (§2.5), the pair that sx:history carries for the
// latest change (§2.4), and what a caller passes for a new change. Either
// part may be absent, not both. The zero time means no when, which collates
// as the earliest time (§2.4); the empty string means no by, which collates
// below every other by (§2.4).
//
// It is engine.Stamp, shared by both dialects. The package reads no clock:
// the caller supplies the time. RFC 822 has whole seconds, so changes made
// here keep whole seconds in UTC (Stamp.Normal).
type Stamp = engine.Stamp

// History is sx:history (§2.4): the latest change in When and By, and the
// earlier ones as sx:update elements (§2.5), newest first. A history may
// keep fewer updates than the version implies (§4.2 step 2.3).
type History struct {
	When    time.Time
	By      string
	Updates []Stamp // sx:update children, topmost (newest) first
}

// Stamp returns the when and by of the latest change.
func (h History) Stamp() Stamp { return Stamp{When: h.When, By: h.By} }

// Conflict is one sx:conflict (§5.2): a losing version's version, when and
// by, copied from its sx:sync and sx:history, and the loser's item data,
// position and deleted state, which the application keeps as the
// element's children and attributes (§5.2, "any relevant conflict data").
// Deleted records that the losing version was a tombstone: §5.2's
// attributes have no deleted, so that a deletion that lost would
// otherwise come back as an edit (issue 29 item 1).
//
// From is the losing version's stamp for the version before it (its
// newest sx:update, §2.5), when it was known as the record was made
// (HasFrom): the version the loser was made from. §5.2's attributes keep
// none of the loser's sx:update list, so that a three-way combination of
// the record could otherwise not tell whether the loser and the winner
// share the winner's version before it, or parted earlier (each side made
// its own versions 2 and 3): a base the loser never held would undo the
// winner's earlier change.
type Conflict struct {
	Version  int
	When     time.Time
	By       string
	Data     Data
	Position Position
	Deleted  bool
	From     Stamp
	HasFrom  bool
}

// Stamp returns the conflict's when and by.
func (c *Conflict) Stamp() Stamp { return Stamp{When: c.When, By: c.By} }

// Sync is an item's sx:sync element (§2.3) with its sx:history and its
// sx:conflicts (§5.1).
type Sync struct {
	ID        string
	Version   int
	Deleted   bool
	Conflict  bool
	History   History
	Conflicts []*Conflict // flat; Merge keeps them in Compare order, most winning first
}

// Data is an item's content: everything in its RSS item or OPML outline
// element except sx:sync and, for an outline, its child outlines. The
// package never looks inside it, except that Compare uses the digest to
// break a tie that the spec leaves open, so that two endpoints holding the
// same versions always agree.
type Data interface {
	// Digest returns a canonical form of the item's shared data: two
	// values with equal shared data have equal digests.
	Digest() string
}

// Position is where an outline sits in its tree (§3.2). It is part of the
// item's synced state: set when the item is created or moved (a move is an
// update, §3.2), carried with its version, and taken by every subscriber
// along with the winning version. Items of an unordered feed leave it zero.
//
// Parent is the sync id of the parent outline; empty means the root (the
// OPML body). Key places the item among its siblings: siblings sort by Key
// and then by id, both by code point. Two endpoints that place items at the
// same spot between the same neighbours compute the same Key (see Between),
// so such items end up ordered by id, as §3.2 asks.
type Position struct {
	Parent string
	Key    string
}

// Item is one version of an RSS item or OPML outline: its sx:sync, its
// data, and, for an outline, its position.
type Item struct {
	Sync
	Data     Data
	Position Position
}

// Clone returns a copy of the item that shares no slices with it. Data
// values are shared: the package never modifies them.
func (it *Item) Clone() *Item {
	c := *it
	c.History.Updates = slices.Clone(it.History.Updates)
	c.Conflicts = make([]*Conflict, len(it.Conflicts))
	for i, x := range it.Conflicts {
		cx := *x
		c.Conflicts[i] = &cx
	}
	if len(c.Conflicts) == 0 {
		c.Conflicts = nil
	}
	return &c
}

// asConflict returns the sx:conflict that records it as a losing version (§5.2).
func (it *Item) asConflict() *Conflict {
	c := &Conflict{Version: it.Version, When: it.History.When, By: it.History.By, Data: it.Data, Position: it.Position, Deleted: it.Deleted}
	if it.Version > 1 && len(it.History.Updates) > 0 {
		if u := it.History.Updates[0]; u.HasWhen() || u.HasBy() {
			c.From, c.HasFrom = u, true
		}
	}
	return c
}
