package ssefeed

import (
	"slices"
	"testing"
	"time"

	sse "github.com/feedsync/feedsync/engine/sse"
)

// outlinesUnder returns outlines of version 1, given as pairs of id and
// parent ("" for the root).
func outlinesUnder(parents ...string) []flatOutline {
	var os []flatOutline
	for i := 0; i < len(parents); i += 2 {
		os = append(os, flatOutline{id: parents[i], parent: parents[i+1], key: "V", text: parents[i], by: "ep0", version: 1, when: t0})
	}
	return os
}

// moved is o at its next version, under parent.
func moved(o flatOutline, parent string) flatOutline {
	o.version++
	o.when = o.when.Add(time.Hour)
	o.parent = parent
	return o
}

// 0.91 §4.4.2 in place: a POST that moves b under a, itself under c under
// b, makes the cycle a-c-b; cycle detection cuts its lowest id, a, which
// the POST does not carry: MergeIn flags it conflict="true" as Merge does
// and names it changed, after b. A POST that then moves c to the root
// breaks the cycle: a keeps its flag (the conflict is for a person to
// look at) and nothing else changes.
func TestMergeInOPMLFlagsACycleThroughOutlinesNotPosted(t *testing.T) {
	os := outlinesUnder("b", "", "c", "b", "a", "c")
	local := flatOPML(os...)
	model, ref := mustParse(t, "local.opml", local), mustParse(t, "local.opml", local)
	ref, untouched := checkOPMLMergeIn(t, model, ref, flatOPML(moved(os[0], "a")), "b under a")
	if !slices.Equal(untouched, []string{"a"}) || !model.Item("a").Conflict || model.Item("b").Conflict {
		t.Fatalf("b moved under a: MergeIn names %q not posted; a conflict %v, b %v; want a, flagged", untouched, model.Item("a").Conflict, model.Item("b").Conflict)
	}
	checkOPMLMergeIn(t, model, ref, flatOPML(moved(os[1], "")), "c to the root")
	if !model.Item("a").Conflict || model.outline.cycles.Cut("a") {
		t.Errorf("c moved to the root: a conflict %v, cut %v; want it flagged still and no longer cut", model.Item("a").Conflict, model.outline.cycles.Cut("a"))
	}
}

// 0.91 §4.4.2 flags what the merge "caused": a cycle that the feed and the
// POST both hold (another implementation's, unflagged) is not flagged by
// MergeIn, as by Merge; the first POST that lacks it flags its lowest id,
// though that POST carries none of its outlines.
func TestMergeInOPMLCycleBothFeedsHeld(t *testing.T) {
	os := outlinesUnder("x", "y", "y", "x", "z", "")
	model, ref := mustParse(t, "local.opml", flatOPML(os...)), mustParse(t, "local.opml", flatOPML(os...))
	ref, _ = checkOPMLMergeIn(t, model, ref, flatOPML(os[:2]...), "the cycle posted as held")
	if model.Item("x").Conflict {
		t.Fatalf("a cycle both feeds held was flagged")
	}
	_, untouched := checkOPMLMergeIn(t, model, ref, flatOPML(moved(os[2], "")), "an edit elsewhere")
	if !slices.Equal(untouched, []string{"x"}) || !model.Item("x").Conflict {
		t.Errorf("a POST without the cycle flagged %q (x conflict %v); want x", untouched, model.Item("x").Conflict)
	}
}

// 0.91 §4.4.2 with a new outline: outlines that name a parent the feed
// lacks hang at the root; the POST that brings that parent, under one of
// them, closes a cycle of outlines it does not carry but one.
func TestMergeInOPMLNewParentClosesACycle(t *testing.T) {
	os := outlinesUnder("b", "p", "c", "b")
	model, ref := mustParse(t, "local.opml", flatOPML(os...)), mustParse(t, "local.opml", flatOPML(os...))
	_, untouched := checkOPMLMergeIn(t, model, ref, flatOPML(outlinesUnder("p", "c")...), "p under c")
	if !slices.Equal(untouched, []string{"b"}) {
		t.Errorf("p added under c flagged %q it did not carry; want b, the lowest of b-p-c", untouched)
	}
}

// The depth limit in place: a POST that would nest the outline past
// MaxDepth is left to the whole merge (which refuses it naming the
// outline), d unchanged; one that moves a subtree deeper within the limit
// merges in place.
func TestMergeInOPMLNearTheDepthLimit(t *testing.T) {
	defer func(m int) { MaxDepth = m }(MaxDepth)
	MaxDepth = 16 // opml, body, 10 outlines, sx:sync, sx:history: 14
	var spec []string
	prev := ""
	for _, id := range []string{"c01", "c02", "c03", "c04", "c05", "c06", "c07", "c08", "c09", "c10"} {
		spec, prev = append(spec, id, prev), id
	}
	os := outlinesUnder(append(spec, "d1", "", "d2", "d1", "d3", "d2")...)
	local := flatOPML(os...)
	d := mustParse(t, "local.opml", local)
	deep := mustParse(t, "post.opml", flatOPML(moved(os[10], "c10")))
	if _, err := Merge(d, deep); err == nil {
		t.Fatal("Merge took d1 under c10, 3 outlines past a 10 deep chain")
	}
	before := string(d.Bytes())
	if changed, done, err := d.MergeIn(deep); done || err != nil || changed != nil || string(d.Bytes()) != before {
		t.Fatalf("MergeIn past the limit: %q, %v, %v; want it left to Merge, d unchanged", changed, done, err)
	}
	checkOPMLMergeIn(t, d, mustParse(t, "local.opml", local), flatOPML(moved(os[10], "c02")), "d1 under c02")
}

// A Doc that Subset made holds records Merge treats as absent: MergeIn
// leaves it to the whole merge.
func TestMergeInOPMLSubsetIsLeftToMerge(t *testing.T) {
	d := mustParse(t, "local.opml", flatOPML(outlinesUnder("a", "", "b", "a")...))
	sub := d.Subset(func(*sse.Item) bool { return true })
	if _, done, err := sub.MergeIn(mustParse(t, "post.opml", flatOPML(outlinesUnder("c", "b")...))); done || err != nil {
		t.Errorf("MergeIn into a Subset: done %v, %v; want it left to Merge", done, err)
	}
}
