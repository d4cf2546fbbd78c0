package gitmerge

import (
	"slices"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// Versions are the versions of a feed git hands the driver; Base is nil
// when there is no usable common ancestor.
type Versions struct {
	Ours, Theirs *dialect.Doc
	Base         *Base
}

// Base is the common ancestor as Merge reads it: the feed, whose items
// are compared with the sides' and give the bases of those both sides
// changed, and its feed-level data.
type Base struct {
	doc   *dialect.Doc
	level []feeds.Part
}

// NewBase keeps what Merge needs of the ancestor f.
func NewBase(f *dialect.Doc) *Base {
	return &Base{f, f.FeedLevel()}
}

// Side is a side of a git merge, an index of Outcome.Changed and
// Outcome.Removed.
type Side int

// The sides of a git merge.
const (
	Ours Side = iota
	Theirs
)

var sideName = [2]string{"ours", "theirs"}

// String is the side's name, as git's messages and conflict markers say
// it: "ours" or "theirs".
func (s Side) String() string { return sideName[s] }

// Outcome is the merged feed and what the merge did, for the report.
type Outcome struct {
	Doc         *dialect.Doc
	HostTheirs  bool         // the feed-level data is theirs'
	Changed     [2][]string  // ids of the items each side changed alone, or added
	Both        []string     // ids of the items both sides changed: merged by the spec
	Removed     [2][]string  // ids of the items a side removed by hand, kept from the other
	LevelBoth   []string     // feed-level parts both sides changed: ours kept
	LevelLost   []string     // feed-level parts only theirs changed, not taken
	LevelTheirs []feeds.Part // theirs' parts named in LevelBoth
	LevelDates  []string     // feed dates both sides changed: the later kept
	// Combined are the ids of the items both sides changed whose changes
	// combined three-way (Combine), each resolved as one new version;
	// Plans says how each item Combine looked at combines, or why not.
	Combined []string
	Plans    map[string]Plan
	// Cut are the ids of outlines one side changed that cycle detection
	// cut (0.91 §4.4.2): in conflict, as the spec's merge leaves them.
	Cut         []string
	datesTheirs []string // of LevelDates, the ones where theirs' is later
}

// Merge merges the versions. It fails only where the spec's merge does
// (feeds of different dialects, an item whose noconflicts differs).
func Merge(v Versions) (*Outcome, error) {
	out := &Outcome{}
	host, guest := v.Ours, v.Theirs
	out.HostTheirs, out.LevelBoth, out.LevelLost = levelHost(v)
	out.splitDates(v)
	if out.HostTheirs {
		host, guest = guest, host
	}
	doc, err := dialect.Merge(host, guest)
	if err != nil {
		return nil, err
	}
	out.Doc = doc
	out.items(v)
	if len(out.LevelLost) > 0 {
		taken := doc.TakeFeedLevel(v.Theirs, out.LevelLost)
		out.LevelLost = slices.DeleteFunc(out.LevelLost, func(n string) bool { return slices.Contains(taken, n) })
	}
	if len(out.datesTheirs) > 0 {
		taken := doc.TakeFeedLevel(v.Theirs, out.datesTheirs)
		out.LevelBoth = append(out.LevelBoth, slices.DeleteFunc(out.datesTheirs, func(n string) bool { return slices.Contains(taken, n) })...)
	}
	for _, p := range v.Theirs.FeedLevel() {
		if slices.Contains(out.LevelBoth, p.Name) {
			out.LevelTheirs = append(out.LevelTheirs, p)
		}
	}
	return out, nil
}

// levelHost decides whose feed-level data the result has, and lists the
// parts both sides changed and those of theirs that are not taken.
func levelHost(v Versions) (hostTheirs bool, both, lost []string) {
	o, t := v.Ours.FeedLevel(), v.Theirs.FeedLevel()
	if v.Base == nil {
		return false, levelChanges(o, t), nil
	}
	b := v.Base.level
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
func (out *Outcome) items(v Versions) {
	var base *dialect.Doc
	if v.Base != nil {
		base = v.Base.doc
	}
	side := [2]*dialect.Doc{v.Ours, v.Theirs}
	var merged map[string]dialect.Entry // the spec's merge of the outlines taken whole
	if out.Doc.Format() == dialect.OPML {
		merged = map[string]dialect.Entry{}
	}
	take := func(s Side, id string) {
		if merged != nil {
			if e, err := out.Doc.Entry(id); err == nil {
				merged[id] = e
			}
		}
		takeItem(out.Doc, side[s], id)
		out.Changed[s] = append(out.Changed[s], id)
	}
	c := comparer{}
	seen := map[string]bool{}
	for _, id := range slices.Concat(ids(v.Ours), ids(v.Theirs)) {
		if seen[id] {
			continue
		}
		seen[id] = true
		inBase := base != nil && has(base, id)
		inO, inT := has(v.Ours, id), has(v.Theirs, id)
		switch {
		case inO && inT:
			switch c.changed(v.Ours, v.Theirs, base, id, inBase) {
			case none:
			case theirsOnly:
				take(Theirs, id)
			case oursOnly:
				take(Ours, id)
			default:
				out.Both = append(out.Both, id)
			}
		case inBase: // one side removed it; the other has it
			gone := Ours
			if inO {
				gone = Theirs
			}
			out.Removed[gone] = append(out.Removed[gone], id)
		case inO:
			out.Changed[Ours] = append(out.Changed[Ours], id)
		default:
			out.Changed[Theirs] = append(out.Changed[Theirs], id)
		}
	}
	out.Cut = keepCuts(out.Doc, merged)
}

// keepCuts puts back the spec's merge of each outline taken whole that
// cycle detection cuts (0.91 §4.4.2) and that is not flagged as it is:
// each branch moved one outline under the other, each side changed one of
// them and none is in conflict there, and taking them whole would drop
// the conflict flag the merge set on the one it cut, leaving outlines
// that are their own ancestors unflagged. The merge's version is the
// side's with the flag (an outline keeps the position its winner
// carries), so nothing else changes. It returns the ids put back.
func keepCuts(doc *dialect.Doc, merged map[string]dialect.Entry) []string {
	if len(merged) == 0 {
		return nil
	}
	es := doc.Entries()
	o := doc.Outline(es)
	if o == nil {
		return nil
	}
	var cut []string
	for _, r := range o.Rows() {
		if e := es[r.Pos]; r.Cut && !e.InConflict() {
			if m, ok := merged[e.ID()]; ok {
				doc.Set(m)
				cut = append(cut, e.ID())
			}
		}
	}
	return cut
}

// Title returns the title of item id in the merged feed, for messages.
func (out *Outcome) Title(id string) string {
	if e, err := out.Doc.Entry(id); err == nil {
		return e.Title()
	}
	return ""
}

// ids returns the ids of a feed's items in document order.
func ids(f *dialect.Doc) []string {
	es := f.Entries()
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.ID()
	}
	return out
}

func has(f *dialect.Doc, id string) bool {
	_, err := f.Entry(id)
	return err == nil
}
