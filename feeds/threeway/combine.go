package threeway

import (
	"errors"
	"fmt"
	"slices"

	"github.com/feedsync/feedsync/diff/merge3"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// ErrNoBase is an item whose conflict has no base: its versions share no
// history entry, or the base version's data is not known.
var ErrNoBase = errors.New("threeway: no base version known")

// Why says why a field, or the item, does not combine.
type Why int

const (
	// Edits: the sides' word changes of a text field clash (Clash.Hunks).
	Edits Why = iota
	// Values: sides changed a value that is combined whole (a foreign
	// element, an attribute, a text field whose type changed) differently.
	Values
	// Removed: one side removed the field, another changed it.
	Removed
	// Deleted: a version is a tombstone and another is not; a deletion
	// against an edit is a person's call. A deletion on every side is
	// no clash: it is taken.
	Deleted
	// Moved: the versions put an OPML outline in different places (Key
	// "position"; the whole item where the base's place is not known).
	Moved
	// Nested: two versions share a later version than the base, and
	// against it they combine otherwise, or its data is not known: a
	// change one of them undid would come back (FeedSync 1.0.2).
	Nested
	// Cycle: the place a version moved an OPML outline to is under the
	// outline itself, through the other outlines' versions: taking it
	// could make the outline its own ancestor (0.91 §4.4.2).
	Cycle
)

var whyNames = [...]string{Edits: "edits", Values: "values", Removed: "removed", Deleted: "deleted", Moved: "moved", Nested: "nested", Cycle: "cycle"}

// String returns a word for the reason: "edits", "values", "removed", "deleted", "moved", "nested", "cycle".
func (w Why) String() string {
	if w < 0 || int(w) >= len(whyNames) {
		return fmt.Sprintf("Why(%d)", int(w))
	}
	return whyNames[w]
}

// A Clash is a field, or with Key "" the item, that does not combine.
type Clash struct {
	Key, Label string
	Why        Why
	// Hunks are the text merge's hunks, for Why Edits.
	Hunks []merge3.Hunk
	// Spans are, for Why Edits, the byte ranges of the clashes in the
	// winner's value, where Plan.Fields keeps the winner's text.
	Spans [][2]int
}

// A Plan is how an item's conflict combines against its base.
type Plan struct {
	// Base is the topmost history entry of the base version.
	Base dialect.History
	// Resolution keeps the winner (Pick 0) and edits it into the
	// combination (1.0.2 §3.4 step 1.3); it folds in every version. It is
	// meant for an item whose plan has no clashes.
	Resolution dialect.Resolution
	// Changed lists the keys of the fields the resolution edits, whose
	// combination differs from the winner's ("position" for an outline's
	// place, Resolution.Place).
	Changed []string
	// Touched lists the keys of the shared fields that some version
	// changed against the base, in the order of the fields ("category"
	// for the categories, which combine as a set; "position", first, for
	// an outline's place where CombineIn knows the base's), whether they
	// combine or clash.
	Touched []string
	// Clashes lists what does not combine; empty when all does.
	Clashes []Clash
	// Fields are the winner's shared fields as the combination leaves
	// them, for a person to finish (start.go): the combination where it
	// combines, the winner's data where it clashes. Where the plan is
	// clean they are the resolution's data.
	Fields []feeds.Field
}

// Clean reports whether everything combines.
func (p Plan) Clean() bool { return len(p.Clashes) == 0 }

// Options change the three-way rule. The zero value is the rule every
// front end applies unless a person asks otherwise: `resolve --auto`,
// `conflicts --json`, the git driver and the resolver.
type Options struct {
	// ExactSpace makes white space count as any other change: a side's
	// change of white space alone then clashes with another side's change
	// where they meet. By default runs of white space compare equal where
	// the text's type lets them (see the package doc, White space), and
	// such a change is never a clash.
	ExactSpace bool
}

// Combine works out how e's conflict combines three-way: per shared field,
// each version's change against the base version (BaseOf, from bases) is
// taken when one side made it or all made it alike, and word changes of a
// text field made apart are combined (package merge3); the rest are
// clashes. The error wraps ErrNoBase when there is no base. It is
// CombineWith with the zero Options.
func Combine(e dialect.Entry, bases Bases) (Plan, error) {
	return CombineWith(e, bases, Options{})
}

// CombineWith is Combine under the options o.
func CombineWith(e dialect.Entry, bases Bases, o Options) (Plan, error) {
	return combine(nil, e, bases, o)
}

// CombineIn is CombineWith for an entry e of feed d, where the place of
// an SSE 0.91 OPML outline combines as a field (see the package doc, The
// place of an outline): when bases are Places that know where the base
// version put it, a move one version made is taken with the others'
// edits, unless the versions moved it to different places (Moved). And
// an outline whose place could make it its own ancestor in d is left in
// conflict (Cycle), whether a version moved it or not. In RSS and Atom
// it is CombineWith.
func CombineIn(d *dialect.Doc, e dialect.Entry, bases Bases, o Options) (Plan, error) {
	return combine(d, e, bases, o)
}

// combine is CombineIn; d is nil where the feed is not given.
func combine(d *dialect.Doc, e dialect.Entry, bases Bases, o Options) (Plan, error) {
	h, ok := BaseOf(e)
	switch {
	case !ok && len(e.Versions()) == 0:
		return Plan{}, fmt.Errorf("item %s: in conflict with no other version to combine: %w", e.ID(), ErrNoBase)
	case !ok && e.Winner().State().Dialect == dialect.SSE091:
		_, why := sseBase(e)
		return Plan{}, fmt.Errorf("item %s: %s: %w", e.ID(), why, ErrNoBase)
	case !ok:
		return Plan{}, fmt.Errorf("item %s: versions share no history entry: %w", e.ID(), ErrNoBase)
	}
	var base []feeds.Field
	known := false
	if bases != nil {
		base, known = bases.Base(e.ID(), h)
	}
	if !known {
		return Plan{}, fmt.Errorf("item %s: no data for the base version #%d by %s: %w", e.ID(), h.Number, h.By, ErrNoBase)
	}
	vs := versions(e)
	if namesTwo(vs, h, shared(base)) {
		return Plan{}, fmt.Errorf("item %s: the base version #%d by %s names two changes (one by, sequence and second): %w", e.ID(), h.Number, h.By, ErrNoBase)
	}
	sides := make([][]feeds.Field, len(vs))
	for i, v := range vs {
		sides[i] = shared(v.Fields())
	}
	p := Plan{Base: h, Clashes: itemClashes(vs), Fields: sides[0]}
	if len(p.Clashes) > 0 || allDeleted(vs) {
		return p, nil // a deletion every side made is taken: the winner
	}
	at, placed := basePlace(d, e, h, bases)
	if apart(vs) && !placed {
		p.Clashes = []Clash{placeClash(Moved)}
		return p, nil // the base holds no place to combine them with
	}
	if c := nestedClash(e, vs, h, shared(base), sides, bases, o); c != nil {
		p.Clashes = []Clash{*c}
		return p, nil
	}
	if d != nil && d.Format() == dialect.OPML {
		combinePlace(&p, d, e, vs, at, placed)
	}
	combineFields(&p, shared(base), sides, o)
	p.Fields = startFields(&p, sides[0], fieldsByKey(sides))
	return p, nil
}

// namesTwo reports whether a version whose topmost entry is the base's,
// h, holds other shared data than the base: h was given to two changes
// (issue 29 item 8), and the data known for it may be the other one's.
func namesTwo(vs []dialect.Version, h dialect.History, base []feeds.Field) bool {
	for _, v := range vs {
		if top, ok := v.Top(); ok && top.Equal(h) && !sameFields(shared(v.Fields()), base) {
			return true
		}
	}
	return false
}

// sameFields reports whether two lists of shared fields hold the same
// values under the same keys, in any order.
func sameFields(a, b []feeds.Field) bool {
	if len(a) != len(b) {
		return false
	}
	m := index(a)
	for _, f := range b {
		if g, ok := m[f.Key]; !ok || g.Value != f.Value {
			return false
		}
	}
	return true
}

// itemClashes returns the clash of the item as a whole: a tombstone among
// live versions. Versions that are all tombstones made one change alike,
// the deletion, and do not clash (whatever their data or places: the
// item is gone on every side).
func itemClashes(vs []dialect.Version) []Clash {
	if allDeleted(vs) {
		return nil
	}
	for _, v := range vs {
		if v.Deleted() {
			return []Clash{{Why: Deleted}}
		}
	}
	return nil
}

// basePlace returns where the base version h of OPML outline e sat, when
// the feed d is given and bases know it (Places); false otherwise, and in
// RSS and Atom.
func basePlace(d *dialect.Doc, e dialect.Entry, h dialect.History, bases Bases) (dialect.Position, bool) {
	pl, ok := bases.(Places)
	if d == nil || !ok || d.Format() != dialect.OPML {
		return dialect.Position{}, false
	}
	return pl.Place(e.ID(), h)
}

// allDeleted reports whether every version is a tombstone.
func allDeleted(vs []dialect.Version) bool {
	return !slices.ContainsFunc(vs, func(v dialect.Version) bool { return !v.Deleted() })
}

func shared(fs []feeds.Field) []feeds.Field {
	return slices.DeleteFunc(slices.Clone(fs), func(f feeds.Field) bool { return !f.Shared })
}
