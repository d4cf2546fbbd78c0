package threeway

import (
	"slices"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// Versions that share a later version than the base: in FeedSync 1.0.2 one
// endpoint may merge another's edit and then change the item again,
// undoing part of that edit, while a third endpoint changed it apart. The
// base every version shares is older than the edit the two share, so
// against it the undone change looks like one only the first side made,
// and a combination against the base alone would bring it back. For
// every two versions whose newest shared entry is later than the base,
// the two are therefore combined against that entry too; where its data
// is not known, or the two combinations differ, the item is a clash
// (Nested), left to a person, never combined into a change one side had
// undone.

// nestedClash returns the clash of e's versions vs (winner first, with
// shared fields sides) against base g (data base), or nil when every two
// versions that share a later entry combine alike against it.
func nestedClash(e dialect.Entry, vs []dialect.Version, g dialect.History, base []feeds.Field, sides [][]feeds.Field, bases Bases, o Options) *Clash {
	if e.Winner().State().Dialect == dialect.SSE091 {
		return nil
	}
	for i := range vs {
		for j := i + 1; j < len(vs); j++ {
			h, ok := newestShared(vs[i], vs[j])
			if !ok || h.Equal(g) {
				continue
			}
			near, known := bases.Base(e.ID(), h)
			if !known || !sameCombination(base, shared(near), sides[i], sides[j], o) {
				return &Clash{Why: Nested}
			}
		}
	}
	return nil
}

// newestShared returns the newest entry of a's history that b's holds,
// but for one that is the topmost of both while they are two changes
// (twoAt): it names no version they share.
func newestShared(a, b dialect.Version) (dialect.History, bool) {
	for _, h := range a.History() {
		if allHold([]dialect.Version{b}, h) && !twoAt([]dialect.Version{a, b}, h) {
			return h, true
		}
	}
	return dialect.History{}, false
}

// sameCombination reports whether two sides combine cleanly and alike
// against the base and against a nearer base.
func sameCombination(base, near, a, b []feeds.Field, o Options) bool {
	var pb, pn Plan
	combineFields(&pb, base, [][]feeds.Field{a, b}, o)
	combineFields(&pn, near, [][]feeds.Field{a, b}, o)
	return pb.Clean() && pn.Clean() && slices.Equal(editKeys(pb), editKeys(pn))
}

// editKeys lists a plan's edits as comparable strings, in order.
func editKeys(p Plan) []string {
	out := make([]string, 0, len(p.Resolution.Fields))
	for _, f := range p.Resolution.Fields {
		s := f.Key + "=" + f.Value
		if f.Remove {
			s = f.Key + " removed"
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}
