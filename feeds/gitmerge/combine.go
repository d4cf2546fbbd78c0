package gitmerge

import (
	"errors"
	"slices"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
)

// CombineOptions are how Combine resolves what combines.
type CombineOptions struct {
	// Stamp is the endpoint and time of the versions Combine makes.
	Stamp engine.Stamp
	// Bases are bases besides the ancestor's (the version store beside
	// the feed), looked up when the ancestor lacks one; nil for none.
	Bases threeway.Bases
	// Rule are the three-way rule's options (white space).
	Rule threeway.Options
}

// Plan is how an item both sides changed combines against its base
// (threeway.Plan), or Err why it was not looked at or not resolved:
// threeway.ErrNoBase, ErrHeld, or the resolution's error.
type Plan struct {
	threeway.Plan
	Err error
}

// Combined reports whether the item was resolved with the combination.
func (p Plan) Combined() bool { return p.Err == nil && p.Clean() }

// ErrHeld is an item that ours or theirs held in conflict already: a
// conflict someone committed is a person's to resolve, not the merge's.
var ErrHeld = errors.New("gitmerge: the item was in conflict on a side already")

// Combinable reports whether an item both sides changed is in conflict
// in the merged feed: Combine has something to look at.
func (out *Outcome) Combinable() bool {
	return slices.ContainsFunc(out.Both, func(id string) bool {
		e, err := out.Doc.Entry(id)
		return err == nil && e.InConflict()
	})
}

// Combine resolves each item both sides changed that the spec's merge
// left in conflict and whose versions combine three-way (package
// feeds/threeway: each side's changes against the base, taken where they
// are apart): with one new version, stamped o.Stamp, that holds the
// combination and folds in every version (1.0.2 §3.4 step 1.3 and §4:
// merging either side's feed into the result changes nothing; 0.91 §5).
// The base comes from git's ancestor, the item's version there whose
// topmost history entry is the one BaseOf names, else from o.Bases. An
// item that either side held in conflict already is left as it is
// (ErrHeld); so is one that does not combine, which stays in conflict
// for a person. Plans records what Combine found for each item it looked
// at, Combined the ids it resolved, in document order.
func (out *Outcome) Combine(v Versions, o CombineOptions) {
	if out.Plans == nil {
		out.Plans = map[string]Plan{}
	}
	bases := ancestorBases{v.Base, o.Bases}
	// Every plan is made against the spec's merge before any item is
	// resolved: an outline's plan reads the other outlines' versions
	// (threeway.CombineIn), and so reads the same whichever side is ours.
	var todo []dialect.Entry
	for _, id := range out.Both {
		e, err := out.Doc.Entry(id)
		if err != nil || !e.InConflict() {
			continue
		}
		if heldInConflict(v.Ours, id) || heldInConflict(v.Theirs, id) {
			out.Plans[id] = Plan{Err: ErrHeld}
			continue
		}
		var p Plan
		p.Plan, p.Err = threeway.CombineIn(out.Doc, e, bases, o.Rule)
		out.Plans[id] = p
		todo = append(todo, e)
	}
	for _, e := range todo {
		p := out.Plans[e.ID()]
		if !p.Combined() {
			continue
		}
		res, err := out.Doc.Resolve(e, o.Stamp, p.Resolution, dialect.Options{})
		if err != nil {
			p.Err = err
			out.Plans[e.ID()] = p
			continue
		}
		out.Doc.Set(res)
		out.Combined = append(out.Combined, e.ID())
	}
}

func heldInConflict(f *dialect.Doc, id string) bool {
	e, err := f.Entry(id)
	return err == nil && e.InConflict()
}

// ancestorBases are the bases of a git merge: the ancestor's version of
// an item whose topmost history entry is the one asked for
// (threeway.FeedBases), else what more holds. The ancestor knows where
// each outline sat (threeway.Places); the version store does not.
type ancestorBases struct {
	base *Base
	more threeway.Bases
}

// Base implements threeway.Bases.
func (b ancestorBases) Base(id string, h dialect.History) ([]feeds.Field, bool) {
	if b.base != nil {
		if fs, ok := (threeway.FeedBases{Doc: b.base.doc}).Base(id, h); ok {
			return fs, true
		}
	}
	if b.more != nil {
		return b.more.Base(id, h)
	}
	return nil, false
}

// Place implements threeway.Places, from the ancestor alone.
func (b ancestorBases) Place(id string, h dialect.History) (dialect.Position, bool) {
	if b.base == nil {
		return dialect.Position{}, false
	}
	return threeway.FeedBases{Doc: b.base.doc}.Place(id, h)
}
