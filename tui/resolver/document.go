package resolver

import (
	"io"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
)

// Document is a merged feed under review, in one of the dialects the
// resolver knows: FeedSync 1.0.2 (see FeedSync) or SSE 0.91 (see SSE). The
// resolver sees items only through it, so that one code path serves both.
//
// Entries are values: a decision returns a new Entry and leaves the one it
// was given as it was, which is what undo puts back. The document itself
// changes only through Set, which the resolver calls when a save starts.
type Document interface {
	// Entries returns the items in document order; an item's index is its
	// position for the whole session.
	Entries() []Entry
	// KeepWinner resolves an entry's conflicts with the winner's data,
	// folding in only the listed conflict versions (all when empty).
	KeepWinner(e Entry, versions []int, st engine.Stamp) (Entry, error)
	// TakeVersion resolves with the data of conflict version i (0-based).
	TakeVersion(e Entry, i int, versions []int, st engine.Stamp) (Entry, error)
	// Edit resolves with the winner's data given a new title and content.
	Edit(e Entry, versions []int, title, content string, st engine.Stamp) (Entry, error)
	// ToggleDelete deletes a live entry, or brings a deleted one back, as
	// an update.
	ToggleDelete(e Entry, st engine.Stamp) (Entry, error)
	// Selective reports whether a resolution can fold in some conflict
	// versions and leave the others (FeedSync 1.0.2 §4). SSE 0.91
	// resolves all of an item's conflicts at once (§5).
	Selective() bool
	// Outline returns the hierarchy that the entries, in their current
	// states, describe in an ordered feed (OPML); nil for other feeds.
	Outline(entries []Entry) Outline
	// Set writes an entry into the document.
	Set(e Entry)
	// WriteTo writes the document.
	WriteTo(w io.Writer) (int64, error)
	// Conflicted counts the document's items in conflict.
	Conflicted() int
}

// Entry is one item under review: its winning version and its conflict
// versions.
type Entry interface {
	// ID returns the item's sync id.
	ID() string
	// Title returns the winner's title, as written.
	Title() string
	// InConflict reports whether the item awaits a resolution: it has
	// conflict versions or, in SSE 0.91, its conflict flag is set.
	InConflict() bool
	// Winner returns the winning version, the item's own state.
	Winner() Version
	// Versions returns the conflict versions, in document order.
	Versions() []Version
	// Divergence describes where conflict version i and the winner parted.
	Divergence(i int, now time.Time) string
}

// Version is one version of an item. Two Version values are equal when
// they show the same version of the same item state.
type Version interface {
	// Fields returns the version's data as fields, publisher-specific
	// ones included.
	Fields() []feeds.Field
	// Deleted reports a deletion.
	Deleted() bool
	// Provenance describes the version's sync state ("updates 2 · live")
	// and the author of its latest change ("top #2 by bob-phone").
	Provenance() (state, who string)
	// History returns the version's changes, newest first.
	History() []HistoryEntry
}

// HistoryEntry is one change in a version's history.
type HistoryEntry struct {
	// Label places the change in the history: "#4" for a FeedSync 1.0.2
	// sequence, "v4" for an SSE 0.91 version.
	Label string
	// When is the time of the change; zero when absent.
	When time.Time
	// By is the endpoint that made it; empty when absent.
	By string
}

// Equal reports whether two entries record the same change.
func (h HistoryEntry) Equal(o HistoryEntry) bool {
	return h.Label == o.Label && h.By == o.By && h.When.Equal(o.When)
}

// HasWhen reports whether the entry carries a when.
func (h HistoryEntry) HasWhen() bool { return !h.When.IsZero() }

// HasBy reports whether the entry carries a by.
func (h HistoryEntry) HasBy() bool { return h.By != "" }

// Outline is the hierarchy of an ordered feed, built from entries.
type Outline interface {
	// Rows lists the entries depth first, in the order a writer lays them out.
	Rows() []OutlineRow
	// Place describes where a version of the entry at pos puts it: its
	// parent and its place among the parent's children.
	Place(pos int, v Version) string
}

// OutlineRow is one entry of an Outline.
type OutlineRow struct {
	Pos   int  // the entry's position
	Depth int  // 0 for the top level
	Cut   bool // cycle detection moved it to the top level (SSE 0.91 §4.4.2)
}

// top returns a version's latest change, or the zero entry.
func top(v Version) HistoryEntry {
	if h := v.History(); len(h) > 0 {
		return h[0]
	}
	return HistoryEntry{}
}
