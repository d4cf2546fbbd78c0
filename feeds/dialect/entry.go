package dialect

import (
	"slices"

	"github.com/feedsync/feedsync/engine"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// Entry is one item of a feed: its winning version, the item's own state,
// and its conflict versions. Entries are values: Update and Resolve return
// a new Entry and leave the one they were given as it was, so a caller can
// keep both (the resolver's undo does). Two Entry values are equal when
// they hold the same state of the same item. The zero Entry is no item.
//
// Nothing is computed up front: an Entry is a reference to the item, and
// its title, fields and history are read when asked for.
type Entry struct {
	fs  *engine.Item
	sse *sse.Item
}

// IsZero reports whether e is the zero Entry, no item.
func (e Entry) IsZero() bool { return e.fs == nil && e.sse == nil }

// ID returns the item's sync id.
func (e Entry) ID() string {
	if e.sse != nil {
		return e.sse.ID
	}
	return e.fs.Sync.ID
}

// Title returns the winner's title as written: an Atom or RSS title, or
// an OPML outline's text attribute.
func (e Entry) Title() string {
	if e.sse != nil {
		return ssefeed.Title(e.sse.Data)
	}
	return feeds.Title(e.fs.Data)
}

// InConflict reports whether the item awaits a resolution: it has
// conflict versions or, in SSE 0.91, its conflict flag is set (0.91 §4.4.2
// cycle detection sets the flag alone).
func (e Entry) InConflict() bool {
	if e.sse != nil {
		return e.sse.Conflict || len(e.sse.Conflicts) > 0
	}
	return len(e.fs.Conflicts) > 0
}

// Same reports whether e and o hold the same state of the same item, as
// far as syncing sees it: the same sync data (each version's state and
// history, the conflict versions in order) and the same data (each
// version's shared data, by digest, and its place in an outline). Two
// Entry values that are equal are the same; a merge that wrote an item
// anew without changing either gives one that is not equal but the same.
func (e Entry) Same(o Entry) bool {
	if e == o {
		return true
	}
	if e.IsZero() || o.IsZero() || e.ID() != o.ID() || e.InConflict() != o.InConflict() {
		return false
	}
	vs, ws := append([]Version{e.Winner()}, e.Versions()...), append([]Version{o.Winner()}, o.Versions()...)
	return slices.EqualFunc(vs, ws, Version.same)
}

// same is Same for one version of each.
func (v Version) same(o Version) bool {
	return v.State() == o.State() && v.Position() == o.Position() &&
		slices.EqualFunc(v.History(), o.History(), History.Equal) && v.SameDigest(o)
}

// Winner returns the winning version, the item's own state.
func (e Entry) Winner() Version { return Version{fs: e.fs, sse: e.sse, conflict: -1} }

// Versions returns the conflict versions in document order: 1.0.2
// sx:conflicts' items, 0.91 sx:conflict records. Version i is
// Resolution.Pick i+1.
func (e Entry) Versions() []Version {
	if e.sse != nil {
		out := make([]Version, len(e.sse.Conflicts))
		for i := range out {
			out[i] = Version{sse: e.sse, conflict: i}
		}
		return out
	}
	out := make([]Version, len(e.fs.Conflicts))
	for i, c := range e.fs.Conflicts {
		out[i] = Version{fs: c, conflict: i}
	}
	return out
}

// Version is one version of an item: the winner or a conflict version.
// Two Version values are equal when they are the same version of the same
// item state.
type Version struct {
	fs       *engine.Item
	sse      *sse.Item
	conflict int // -1 for the winner, else the index among the conflict versions
}

// State is a version's sync state, as its dialect records it.
type State struct {
	Dialect Dialect
	// Deleted: the version is a tombstone. An SSE 0.91 sx:conflict record
	// has no deleted attribute (0.91 §5.2); feedsync marks the record of a
	// losing deletion with fso:deleted="true" (package feeds/sse), and such
	// a record is deleted.
	Deleted bool
	// Updates and NoConflicts are FeedSync 1.0.2's sx:sync attributes (1.0.2 §2.4).
	Updates     int
	NoConflicts bool
	// Version is SSE 0.91's version (0.91 §2.3, §5.2); Conflict its sx:sync
	// conflict flag; Record is true for an sx:conflict record, which has
	// neither deleted nor conflict.
	Version  int
	Conflict bool
	Record   bool
}

// State returns the version's sync state.
func (v Version) State() State {
	switch {
	case v.sse == nil:
		s := v.fs.Sync
		return State{Dialect: FeedSync102, Deleted: s.Deleted, Updates: s.Updates, NoConflicts: s.NoConflicts}
	case v.conflict >= 0:
		c := v.sse.Conflicts[v.conflict]
		return State{Dialect: SSE091, Deleted: c.Deleted, Version: c.Version, Record: true}
	}
	return State{Dialect: SSE091, Deleted: v.sse.Deleted, Version: v.sse.Version, Conflict: v.sse.Conflict}
}

// Deleted reports whether the version is a tombstone.
func (v Version) Deleted() bool {
	if v.sse != nil && v.conflict >= 0 {
		return v.sse.Conflicts[v.conflict].Deleted
	}
	if v.sse != nil {
		return v.sse.Deleted
	}
	return v.fs.Sync.Deleted
}

// History is one change in a version's history: who made it and when, and
// its number, which is the sequence of a 1.0.2 sx:history (1.0.2 §2.5) or
// the version a 0.91 change made (0.91 §2.4, §2.5).
type History struct {
	Number int
	engine.Stamp
}

// Equal reports whether two entries record the same change.
func (h History) Equal(o History) bool { return h.Number == o.Number && h.Stamp.Equal(o.Stamp) }

// History returns the version's changes, newest first: a 1.0.2 version's
// sx:history entries; a 0.91 winner's sx:history and then its sx:update
// elements, each numbered with the version it made; a 0.91 sx:conflict
// record's own when and by.
func (v Version) History() []History {
	if v.sse == nil {
		out := make([]History, len(v.fs.Sync.History))
		for i, h := range v.fs.Sync.History {
			out[i] = History{Number: h.Sequence, Stamp: h.Stamp()}
		}
		return out
	}
	it := v.sse
	if v.conflict >= 0 {
		c := it.Conflicts[v.conflict]
		return []History{{Number: c.Version, Stamp: c.Stamp()}}
	}
	out := make([]History, 0, 1+len(it.History.Updates))
	out = append(out, History{Number: it.Version, Stamp: it.History.Stamp()})
	for i, u := range it.History.Updates {
		out = append(out, History{Number: it.Version - 1 - i, Stamp: u})
	}
	return out
}

// Top returns the version's newest change, History()[0], without making
// the whole history; false when the version has none.
func (v Version) Top() (History, bool) {
	switch {
	case v.sse == nil:
		if len(v.fs.Sync.History) == 0 {
			return History{}, false
		}
		h := v.fs.Sync.History[0]
		return History{Number: h.Sequence, Stamp: h.Stamp()}, true
	case v.conflict >= 0:
		c := v.sse.Conflicts[v.conflict]
		return History{Number: c.Version, Stamp: c.Stamp()}, true
	}
	return History{Number: v.sse.Version, Stamp: v.sse.History.Stamp()}, true
}

// Fields returns the version's data as fields, publisher-specific ones
// included (feeds.Fields, ssefeed.Fields). They are computed on each call.
func (v Version) Fields() []feeds.Field {
	switch {
	case v.sse == nil:
		return feeds.Fields(v.fs.Data)
	case v.conflict >= 0:
		return ssefeed.Fields(v.sse.Conflicts[v.conflict].Data)
	}
	return ssefeed.Fields(v.sse.Data)
}

// Digest returns the digest of the version's shared data (1.0.2 §3.3
// step 7's digest, 0.91's alike): equal shared data, equal digests, in
// either format. It is read as the feed was parsed, so it costs nothing
// for most versions.
func (v Version) Digest() string {
	var d interface{ Digest() string }
	switch {
	case v.sse == nil:
		if v.fs.Data != nil {
			d = v.fs.Data
		}
	case v.conflict >= 0:
		if c := v.sse.Conflicts[v.conflict]; c.Data != nil {
			d = c.Data
		}
	case v.sse.Data != nil:
		d = v.sse.Data
	}
	if d == nil {
		return ""
	}
	return d.Digest()
}

// SameDigest reports whether v and o have equal digests (Digest), which
// it tells for FeedSync versions without writing their digests in hex
// (feeds.SameDigest).
func (v Version) SameDigest(o Version) bool {
	if v.sse == nil && o.sse == nil {
		return feeds.SameDigest(v.fs.Data, o.fs.Data)
	}
	return v.Digest() == o.Digest()
}

// Position is where an OPML outline sits: its parent's id ("" for the top
// level) and its key among its siblings, which sort by key and then by id
// (0.91 §3.2; see engine/sse).
type Position struct{ Parent, Key string }

// Position returns where the version puts an OPML outline; it is zero in
// RSS and Atom feeds.
func (v Version) Position() Position {
	switch {
	case v.sse == nil:
		return Position{}
	case v.conflict >= 0:
		p := v.sse.Conflicts[v.conflict].Position
		return Position{p.Parent, p.Key}
	}
	return Position{v.sse.Position.Parent, v.sse.Position.Key}
}

// Divergence is where conflict version i and the winner parted, as data
// for a front end to word.
type Divergence struct {
	// Common, in FeedSync 1.0.2, is the newest history entry both versions
	// hold, where they went their own ways (1.0.2 §3.3 subsumption works
	// on the same entries); nil when they share none and were created
	// apart.
	Common *History
	// Version, in SSE 0.91, is the version both sides made, which the
	// sx:conflict record names (0.91 §4.4.1). Made is the winner's history
	// entry for that version, nil when its history no longer holds it;
	// Before is the winner's entry for the version before, nil when absent.
	// From is the record's word on what its losing version was made from,
	// the loser's entry for the version before (fso:fromWhen and
	// fso:fromBy, package feeds/sse), nil when the record does not say.
	Version            int
	Made, Before, From *History
}

// Divergence returns where conflict version i (0-based) and the winner parted.
func (e Entry) Divergence(i int) Divergence {
	if e.sse == nil {
		h, ok := engine.Divergence(e.fs, e.fs.Conflicts[i])
		if !ok {
			return Divergence{}
		}
		return Divergence{Common: &History{Number: h.Sequence, Stamp: h.Stamp()}}
	}
	c := e.sse.Conflicts[i]
	v := c.Version
	hs := e.Winner().History()
	at := func(v int) *History {
		n := e.sse.Version - v
		if v < 1 || n < 0 || n >= len(hs) {
			return nil
		}
		return &hs[n]
	}
	d := Divergence{Version: v, Made: at(v), Before: at(v - 1)}
	if c.HasFrom {
		d.From = &History{Number: v - 1, Stamp: c.From}
	}
	return d
}
