package dialect

import (
	"errors"
	"fmt"

	sse "github.com/feedsync/feedsync/engine/sse"
)

// Errors that callers test with errors.Is.
var (
	// ErrNotSelective: a resolution that folds in some conflict versions
	// and leaves the others, which SSE 0.91 does not have: its resolution
	// removes every sx:conflict (0.91 §5).
	ErrNotSelective = errors.New("dialect: SSE 0.91 resolves all of an item's conflicts at once (0.91 §5)")
	// ErrCycle: an OPML move that would make an outline its own ancestor
	// (0.91 §3.2); only merges make cycles, which 0.91 §4.4.2 breaks.
	ErrCycle = sse.ErrCycle
)

// NoItemError reports an id that no item of the feed has.
type NoItemError struct{ Feed, ID string }

func (e *NoItemError) Error() string { return fmt.Sprintf("%s: no item with id %q", e.Feed, e.ID) }

// NoConflictsError reports a resolution of an item that has nothing to
// resolve.
type NoConflictsError struct{ Feed, ID string }

func (e *NoConflictsError) Error() string {
	return fmt.Sprintf("%s: item %q has no conflicts to resolve", e.Feed, e.ID)
}

// ExistsError reports a creation with an id that an item already has.
type ExistsError struct{ Feed, ID string }

func (e *ExistsError) Error() string {
	return fmt.Sprintf("%s: an item with id %q already exists", e.Feed, e.ID)
}

// IncompleteError reports an item that would lack what its format
// requires of its text: an Atom entry a title (RFC 4287 §4.1.2), an RSS
// item a title or a description (RSS 2.0), an OPML outline a text
// attribute (OPML 2.0). A created item must have it, and an update must
// not take it away.
type IncompleteError struct {
	Feed, ID string
	Format   Format
}

func (e *IncompleteError) Error() string {
	return fmt.Sprintf("%s: item %q: %s", e.Feed, e.ID, e.Format.needs())
}

// needs says what an item of format f needs of its text.
func (f Format) needs() string {
	switch f {
	case Atom:
		return "an Atom entry needs a title (RFC 4287 §4.1.2)"
	case OPML:
		return "an outline needs a text attribute (OPML 2.0)"
	}
	return "an RSS item needs a title or a description (RSS 2.0)"
}

// PickError reports a conflict version that the item does not have: Pick
// (1-based) out of 1 to Count, in Resolution.Pick or, when Only is set, in
// Resolution.Only.
type PickError struct {
	Pick, Count int
	Only        bool
}

func (e *PickError) Error() string {
	what := "pick"
	if e.Only {
		what = "only"
	}
	return fmt.Sprintf("%s %d: the item has %d conflict version(s)", what, e.Pick, e.Count)
}

// Option names an option that belongs to one dialect.
type Option int

// The options of one dialect.
const (
	CleanHistory Option = iota + 1 // FeedSync 1.0.2: Options.CleanHistory
	KeepVersions                   // SSE 0.91: Options.KeepVersions
	NoConflicts                    // FeedSync 1.0.2: Change.NoConflicts
)

// String names the option: "clean-history", "keep-versions", "noconflicts".
func (o Option) String() string {
	if names := [...]string{"unknown option", "clean-history", "keep-versions", "noconflicts"}; o > 0 && int(o) < len(names) {
		return names[o]
	}
	return "unknown option"
}

// Dialect returns the dialect the option belongs to.
func (o Option) Dialect() Dialect {
	if o == KeepVersions {
		return SSE091
	}
	return FeedSync102
}

// OptionError reports an option of the other dialect: Feed is Dialect's.
type OptionError struct {
	Feed    string
	Dialect Dialect
	Option  Option
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("%s: %s is an option of %s, and this is %s", e.Feed, e.Option, e.Option.Dialect().title(), e.Dialect.article())
}

// OPMLOnlyError reports an operation that only OPML outlines have, a
// position (Change.Parent, Change.Place), asked of an RSS or Atom feed.
type OPMLOnlyError struct {
	Feed    string
	Dialect Dialect
	Format  Format
}

func (e *OPMLOnlyError) Error() string {
	return fmt.Sprintf("%s: only OPML outlines have a position, and this is %s", e.Feed, e.Format.article())
}

// MixedError refuses to merge two feeds that both hold sync data, of
// different dialects: their sync metadata mean different things. From
// Doc.As, Remote is empty: the feed's sync data cannot become
// RemoteDialect.
type MixedError struct {
	Local, Remote               string
	LocalDialect, RemoteDialect Dialect
}

func (e *MixedError) Error() string {
	if e.Remote == "" {
		return fmt.Sprintf("%s is %s: its sync data cannot become %s", e.Local, e.LocalDialect.article(), e.RemoteDialect.title())
	}
	return fmt.Sprintf("%s is %s and %s is %s: feeds of different dialects cannot be merged",
		e.Local, e.LocalDialect.article(), e.Remote, e.RemoteDialect.article())
}

// AdoptError reports a feed with no sync data yet (Feed, of Format) that
// cannot take the dialect of the feed merged with it (Other, of Dialect;
// empty from Doc.As):
// the dialect does not bind that format, or Feed uses that dialect's or
// the other dialect's namespace outside sync data (InUse).
type AdoptError struct {
	Feed    string
	Format  Format
	Other   string
	Dialect Dialect
	InUse   string // the namespace Feed uses, when that is the reason
}

func (e *AdoptError) Error() string {
	if e.InUse != "" {
		return fmt.Sprintf("%s has no sync data but uses the namespace %s, so it cannot take %s",
			e.Feed, e.InUse, e.Dialect.title())
	}
	of := "the dialect of " + e.Other + ", "
	if e.Other == "" {
		of = ""
	}
	return fmt.Sprintf("%s is %s with no sync data: it cannot take %s%s, which binds only %s feeds",
		e.Feed, e.Format.article(), of, e.Dialect.title(), e.Dialect.formats())
}
