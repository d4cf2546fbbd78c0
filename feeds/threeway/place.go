package threeway

import (
	"cmp"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// Where an SSE 0.91 OPML outline sits is a field of the rule like any
// other (see the package doc, The place of an outline): its place, a
// parent and a sibling key (dialect.Position), compared with the base
// version's. Only a caller that knows the base's place (Places) and gives
// the feed (CombineIn) combines it; elsewhere outlines placed apart clash
// whole, as before.

// Places are Bases that also know where base versions put an OPML
// outline: the position (parent and sibling key) of the version of item
// id whose topmost history entry is h; ok is false when it is not known.
// A feed that holds the base versions knows (FeedBases: git's merge base);
// the version store beside a feed keeps data, not places, and does not.
type Places interface {
	Place(id string, h dialect.History) (dialect.Position, bool)
}

// placeKey is the key of the place in Plan.Touched, Plan.Changed and a
// clash of it.
const placeKey = "position"

// placeClash is a clash of the place for the reason why.
func placeClash(why Why) Clash { return Clash{Key: placeKey, Label: "Position", Why: why} }

// apart reports whether the versions put the outline in more than one
// place.
func apart(vs []dialect.Version) bool {
	for _, v := range vs[1:] {
		if v.Position() != vs[0].Position() {
			return true
		}
	}
	return false
}

// combinePlace combines the place of outline e of feed d, whose versions
// are vs (the winner first), against the base's b when it is known
// (placed; else the versions hold one place): into p's resolution
// (Resolution.Place) or its clashes.
func combinePlace(p *Plan, d *dialect.Doc, e dialect.Entry, vs []dialect.Version, b dialect.Position, placed bool) {
	taken := vs[0].Position()
	var moved []dialect.Position
	for _, v := range vs {
		if at := v.Position(); placed && at != b {
			moved = append(moved, at)
		}
	}
	if len(moved) > 0 {
		p.Touched = append(p.Touched, placeKey)
		taken = moved[0]
	}
	for i := 1; i < len(moved); i++ {
		at := moved[i]
		if !samePlace(d, e.ID(), taken, at) {
			p.Clashes = append(p.Clashes, placeClash(Moved))
			return
		}
		taken = minPlace(taken, at)
	}
	// The place the resolution leaves is checked, the winner's too: the
	// spec's merge may have cut the outline from a cycle and flagged it
	// (0.91 §4.4.2), and resolving it would drop the flag.
	if under(d, e.ID(), taken.Parent) {
		p.Clashes = append(p.Clashes, placeClash(Cycle))
		return
	}
	if taken != vs[0].Position() {
		p.Resolution.Place = &taken
		p.Changed = append(p.Changed, placeKey)
	}
}

// samePlace reports whether two positions of outline id put it in the
// same place of feed d: under one parent, with the same key or with keys
// between which no other outline under that parent sorts, in any of its
// versions, tombstones too (siblings sort by key, then id: 0.91 §3.2).
// Either puts the outline after the same siblings and before the same
// others, whatever the merge or a combination makes of those.
func samePlace(d *dialect.Doc, id string, a, b dialect.Position) bool {
	if a.Parent != b.Parent {
		return false
	}
	if a.Key == b.Key {
		return true
	}
	lo, hi := minPlace(a, b).Key, max(a.Key, b.Key)
	for _, o := range d.Entries() {
		if o.ID() == id {
			continue
		}
		for _, v := range versions(o) {
			at := v.Position()
			if at.Parent == a.Parent && siblingOrder(lo, id, at.Key, o.ID()) < 0 && siblingOrder(at.Key, o.ID(), hi, id) < 0 {
				return false
			}
		}
	}
	return true
}

// siblingOrder orders two siblings by key, then id (0.91 §3.2).
func siblingOrder(aKey, aID, bKey, bID string) int {
	return cmp.Or(cmp.Compare(aKey, bKey), cmp.Compare(aID, bID))
}

// minPlace returns the position with the lesser key: of two that put an
// outline in the same place, the one every endpoint takes.
func minPlace(a, b dialect.Position) dialect.Position {
	if b.Key < a.Key {
		return b
	}
	return a
}

// under reports whether placing outline id under parent could make it its
// own ancestor in feed d: whether id is met walking up from parent through
// the parent of any version (the winner's or a conflict version's) of
// each outline on the way. Every version is walked since the merge or a
// combination may leave any of them: a cycle that one of the outcomes of
// the other items would close is a clash, never cut after the fact.
func under(d *dialect.Doc, id, parent string) bool {
	seen := map[string]bool{}
	todo := []string{parent}
	for len(todo) > 0 {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if p == "" || seen[p] {
			continue
		}
		if p == id {
			return true
		}
		seen[p] = true
		o, err := d.Entry(p)
		if err != nil {
			continue // no outline has the id: the writer hangs it at the root
		}
		for _, v := range versions(o) {
			todo = append(todo, v.Position().Parent)
		}
	}
	return false
}

// versions returns the winner and the conflict versions of e.
func versions(e dialect.Entry) []dialect.Version {
	return append([]dialect.Version{e.Winner()}, e.Versions()...)
}

// FeedBases are the bases a feed holds, as Bases and Places: the version of
// an item (its winner or a conflict version) whose topmost history entry
// is the one asked for, its shared fields and its position. For a caller
// that has the base versions in a feed: git's merge base.
type FeedBases struct{ Doc *dialect.Doc }

// Base implements Bases.
func (f FeedBases) Base(id string, h dialect.History) ([]feeds.Field, bool) {
	v, ok := f.version(id, h)
	if !ok {
		return nil, false
	}
	return shared(v.Fields()), true
}

// Place implements Places.
func (f FeedBases) Place(id string, h dialect.History) (dialect.Position, bool) {
	v, ok := f.version(id, h)
	if !ok {
		return dialect.Position{}, false
	}
	return v.Position(), true
}

func (f FeedBases) version(id string, h dialect.History) (dialect.Version, bool) {
	if f.Doc == nil {
		return dialect.Version{}, false
	}
	e, err := f.Doc.Entry(id)
	if err != nil {
		return dialect.Version{}, false
	}
	for _, v := range versions(e) {
		if top, ok := v.Top(); ok && top.Equal(h) {
			return v, true
		}
	}
	return dialect.Version{}, false
}
