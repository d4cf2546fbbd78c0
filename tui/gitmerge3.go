package tui

import (
	"slices"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// The three-way merge the git driver does: git hands it three versions of
// one feed, the common ancestor (BASE), ours (CURRENT) and theirs (OTHER).
// FeedSync needs no ancestor: 1.0.2 §3.3 and 0.91 §4.4 merge two feeds
// item by item, and their result for the items does not depend on which
// feed is local. The ancestor serves where git's history says more than
// the sync metadata:
//
//   - An item that one side left as the ancestor has it is taken from the
//     other side whole, as git would take it: its publisher-specific data
//     (an Atom entry's updated, an RSS item's pubDate), which §3.3 would
//     take from the local feed, an edit made without a new sx:history, and
//     a revert to an older version are kept. Items both sides changed are
//     merged by §3.3 (§4.4), and where their changes clash the result
//     holds sx:conflicts.
//   - The feed-level data (feeds.Doc.FeedLevel: the channel's title and
//     lastBuildDate, Atom's updated, sx:sharing, items without sx:sync...)
//     is not merged by the spec; it is merged part by part as git would:
//     the result is theirs' when ours did not change any, otherwise ours',
//     with the elements that only theirs changed taken from theirs
//     (Doc.TakeFeedLevel: the children of the channel, the Atom feed or the
//     OPML head). A part both sides changed, each differently, is ours' in
//     the file, and the path is left conflicted (exit 1), as git's text
//     merge would leave it: the report quotes theirs', which git keeps as
//     stage 3, for the person to choose (issue 20). A part only
//     theirs changed that cannot be taken so (an attribute, a comment,
//     items without sx:sync in different numbers) is reported, and the
//     path left conflicted.
//   - An item one side removed by hand (rather than deleting it, which
//     keeps a tombstone) comes back from the other side: FeedSync cannot
//     tell a removed item from one never synced, and keeping it loses
//     nothing. The driver names it.
//
// Without an ancestor (both branches added the file, or it did not load)
// the items are merged by the spec alone and the feed-level data is ours.

// gitVersions are the versions of a feed git hands the driver; base is
// nil when there is no usable common ancestor.
type gitVersions struct {
	ours, theirs *dialect.Doc
	base         *gitBase
}

// gitBase is what the driver keeps of the common ancestor: its items and
// its feed-level data, not the feed, which can go before the merge.
type gitBase struct {
	items map[string]gitItem
	level []feeds.Part
}

func newGitBase(f *dialect.Doc) *gitBase {
	items, _ := gitItems(f)
	return &gitBase{items, feedLevel(f)}
}

// Sides of a git merge, as indexes.
const (
	ours = iota
	theirs
)

var sideName = [2]string{"ours", "theirs"}

// gitOutcome is the merged feed and what the merge did, for the report.
type gitOutcome struct {
	doc         *dialect.Doc
	hostTheirs  bool         // the feed-level data is theirs'
	changed     [2][]string  // ids of the items each side changed alone, or added
	both        []string     // ids of the items both sides changed: merged by the spec
	removed     [2][]string  // ids of the items a side removed by hand, kept from the other
	levelBoth   []string     // feed-level parts both sides changed: ours kept
	levelLost   []string     // feed-level parts only theirs changed, not taken
	levelTheirs []feeds.Part // theirs' parts named in levelBoth
	levelDates  []string     // feed dates both sides changed: the later kept
	datesTheirs []string     // of those, the ones where theirs' is later
	titles      map[string]string
}

// mergeForGit merges the versions. It fails only where the spec's merge
// does (feeds of different dialects, an item whose noconflicts differs).
func mergeForGit(v gitVersions) (*gitOutcome, error) {
	out := &gitOutcome{titles: map[string]string{}}
	host, guest := v.ours, v.theirs
	out.hostTheirs, out.levelBoth, out.levelLost = levelHost(v)
	out.splitDates(v)
	if out.hostTheirs {
		host, guest = guest, host
	}
	doc, err := dialect.Merge(host, guest)
	if err != nil {
		return nil, err
	}
	out.doc = doc
	out.items(v)
	if len(out.levelLost) > 0 {
		taken := doc.TakeFeedLevel(v.theirs, out.levelLost)
		out.levelLost = slices.DeleteFunc(out.levelLost, func(n string) bool { return slices.Contains(taken, n) })
	}
	if len(out.datesTheirs) > 0 {
		taken := doc.TakeFeedLevel(v.theirs, out.datesTheirs)
		out.levelBoth = append(out.levelBoth, slices.DeleteFunc(out.datesTheirs, func(n string) bool { return slices.Contains(taken, n) })...)
	}
	for _, p := range feedLevel(v.theirs) {
		if slices.Contains(out.levelBoth, p.Name) {
			out.levelTheirs = append(out.levelTheirs, p)
		}
	}
	return out, nil
}

// levelHost decides whose feed-level data the result has, and lists the
// parts both sides changed and those of theirs that are not taken.
func levelHost(v gitVersions) (hostTheirs bool, both, lost []string) {
	o, t := feedLevel(v.ours), feedLevel(v.theirs)
	if v.base == nil {
		return false, levelChanges(o, t), nil
	}
	b := v.base.level
	oc, tc := levelChanges(b, o), levelChanges(b, t)
	if len(oc) == 0 {
		return len(tc) > 0, nil, nil
	}
	differ := levelChanges(o, t)
	for _, name := range tc {
		switch {
		case !slices.Contains(differ, name):
		case slices.Contains(oc, name):
			both = append(both, name)
		default:
			lost = append(lost, name)
		}
	}
	return false, both, lost
}

// levelChanges returns the names of the parts that differ between a and b,
// in order of first appearance: a name differs when its parts, in order,
// are not the same.
func levelChanges(a, b []feeds.Part) []string {
	ga, gb := map[string][]string{}, map[string][]string{}
	var names []string
	for _, side := range []struct {
		parts []feeds.Part
		into  map[string][]string
	}{{a, ga}, {b, gb}} {
		for _, p := range side.parts {
			if _, ok := ga[p.Name]; !ok {
				if _, ok := gb[p.Name]; !ok {
					names = append(names, p.Name)
				}
			}
			side.into[p.Name] = append(side.into[p.Name], p.XML)
		}
	}
	var out []string
	for _, n := range names {
		if !slices.Equal(ga[n], gb[n]) {
			out = append(out, n)
		}
	}
	return out
}

// items applies the ancestor to the items of the spec's merge and sorts
// them for the report.
func (out *gitOutcome) items(v gitVersions) {
	var base map[string]gitItem
	if v.base != nil {
		base = v.base.items
	}
	side := [2]*dialect.Doc{v.ours, v.theirs}
	var items [2]map[string]gitItem
	var order [2][]string
	items[ours], order[ours] = gitItems(v.ours)
	items[theirs], order[theirs] = gitItems(v.theirs)
	seen := map[string]bool{}
	for _, id := range slices.Concat(order[ours], order[theirs]) {
		if seen[id] {
			continue
		}
		seen[id] = true
		b, inBase := base[id]
		o, inO := items[ours][id]
		t, inT := items[theirs][id]
		out.titles[id] = o.title
		if !inO {
			out.titles[id] = t.title
		}
		switch {
		case inO && inT:
			switch {
			case o.digest == t.digest:
			case inBase && o.digest == b.digest:
				takeItem(out.doc, side[theirs], id)
				out.changed[theirs] = append(out.changed[theirs], id)
			case inBase && t.digest == b.digest:
				takeItem(out.doc, side[ours], id)
				out.changed[ours] = append(out.changed[ours], id)
			default:
				out.both = append(out.both, id)
			}
		case inBase: // one side removed it; the other has it
			gone := ours
			if inO {
				gone = theirs
			}
			out.removed[gone] = append(out.removed[gone], id)
		case inO:
			out.changed[ours] = append(out.changed[ours], id)
		default:
			out.changed[theirs] = append(out.changed[theirs], id)
		}
	}
}
