package dialect

import "github.com/feedsync/feedsync/feeds"

// Edit is new data for an item, field by field: a nil field is left as it
// is. Title and Content are the title and the content of the item's format
// (Atom title and content, RSS title and description, an OPML outline's
// text and _note).
type Edit struct {
	Title, Content *string
	// Fields sets, adds or removes other fields by key (feeds.Field.Key),
	// in order, after Title and Content: in FeedSync 1.0.2 the shared ones
	// (summary, categories, foreign elements; implementation note 1), in
	// SSE 0.91 any, since it shares an item's data whole. A value that one
	// of the item's versions holds in a field of the same name is taken
	// from it whole. An edit that cannot be made is a *feeds.FieldError.
	Fields []feeds.FieldEdit
}

// IsZero reports whether the edit changes nothing.
func (e Edit) IsZero() bool { return e.Title == nil && e.Content == nil && len(e.Fields) == 0 }

// Change is what Create and Update do to an item. Nil fields and zero
// values leave the item as it is.
type Change struct {
	Edit
	// Deleted deletes (true) or undeletes (false) the item (1.0.2 §3.2,
	// 0.91 §4.2 step 3).
	Deleted *bool
	// Parent and Place move an OPML outline, which 0.91 §3.2 makes an
	// update: Parent is the id of the new parent ("" for the top level; nil
	// keeps the parent), Place its 1-based place among the siblings (0 for
	// after them). A move that would make the outline its own ancestor is
	// ErrCycle.
	Parent *string
	Place  int
	// NoConflicts, for Create in FeedSync 1.0.2 only, sets noconflicts,
	// which never changes after (1.0.2 §2.4).
	NoConflicts bool
}

// moves reports whether the change places the item somewhere.
func (c Change) moves() bool { return c.Parent != nil || c.Place != 0 }

// Resolution is how Resolve settles an item's conflicts (1.0.2 §3.4, §4;
// 0.91 §5).
type Resolution struct {
	// Pick is the version whose data is kept: 0 for the winner's, N for
	// conflict version N (1-based, Entry.Versions()[N-1]). Picking a 1.0.2
	// tombstone deletes the item; a 0.91 record is never a deletion.
	Pick int
	// Only lists the conflict versions (1-based) that the resolution folds
	// in, leaving the others in conflict (1.0.2 §4); empty means all of
	// them. A picked version is always among those folded in. SSE 0.91 has
	// no such selective resolution: ErrNotSelective.
	Only []int
	// Edit overrides the picked data, which is how a combination of the
	// versions is recorded (1.0.2 §3.4 step 1.3).
	Edit
	// Place, in an SSE 0.91 OPML outline, puts the resolved version at
	// this position instead of the picked version's: how a combination
	// that takes one version's move with another's edit is recorded
	// (package feeds/threeway). nil keeps the picked version's position.
	// The position is taken as given (a parent and a sibling key, as
	// Version.Position returns them): the caller makes sure it makes no
	// cycle. Asked of an RSS or Atom feed it is an OPMLOnlyError.
	Place *Position
}

// Options are the optional history trimming of each dialect, off by
// default. Asking one of a feed of the other dialect is an OptionError.
type Options struct {
	// CleanHistory, FeedSync 1.0.2: after the update, keep only the newest
	// history entry of each endpoint (1.0.2 §3.2 and §4, "MAY").
	CleanHistory bool
	// KeepVersions, SSE 0.91: keep at most this many versions, sx:history
	// included, dropping sx:update from the bottom (0.91 §4.2 step 2.3); 0
	// keeps them all.
	KeepVersions int
}
