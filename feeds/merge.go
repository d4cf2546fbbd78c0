package feeds

import (
	"fmt"
	"maps"
	"slices"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// Merge incorporates remote's items into local's (§3.3) and returns the
// result as a new Doc; neither input changes.
//
// The result is local's feed: its feed-level elements, its sx:sharing (never
// remote's, §2.2), its items without sx:sync, its sync items in their order
// and then remote's new ones. Remote's items without sx:sync are not brought
// in. Each item in both feeds is merged by engine.Merge; when a version
// other than the local item's wins, the result takes the winner's shared
// data and sync metadata and keeps the local item's publisher-specific
// elements (implementation note 1). Items of the other format cross into
// local's (see Doc.Set). An item that the merge leaves as it was is written
// as it was read.
//
// An item whose noconflicts differs between the feeds cannot be merged (§2.4
// fixes it at the first update): Merge reports every such item, in both
// files, as Problems.
func Merge(local, remote *Doc) (*Doc, error) {
	return merge(local, remote, nil)
}

// merge is Merge, telling progress how many of remote's items it has
// merged (MergeWithProgress).
func merge(local, remote *Doc, progress Progress) (*Doc, error) {
	rep := xmlutil.NewReporter(progress, len(remote.recs), ReportItems)
	out := *local
	out.recs = slices.Grow(slices.Clone(local.recs), len(remote.recs)/8)
	out.index = maps.Clone(local.index)
	out.notes = nil
	m := merger{out: &out}
	for i := range remote.recs {
		rep.At(i)
		if !remote.isHidden(i) {
			m.merge(remote, &remote.recs[i], local)
		}
	}
	if len(m.found) > 0 {
		return nil, report(m.found)
	}
	if len(m.notes) > 0 {
		out.notes = report(m.notes)
	}
	rep.Done()
	if err := out.checkDepth(); err != nil {
		return nil, fmt.Errorf("merging %s into %s: %w", remote.name, local.name, err)
	}
	return &out, nil
}

type merger struct {
	out   *Doc
	found []finding
	notes []finding // MergeWarnings
	sc    scratch
}

// merge merges one remote record into the result.
func (m *merger) merge(remote *Doc, r *record, local *Doc) {
	out := m.out
	it := r.item
	j, added := xmlutil.Put(&out.recs, out.index, it.Sync.ID)
	if added { // §3.3 step 1
		n := &out.recs[j]
		n.item = out.adopt(it)
		if n.item == it {
			n.orig, n.lz, n.dups = r.orig, r.lz, r.dups
		}
		return
	}
	l := out.recs[j].item
	if l.Sync.NoConflicts != it.Sync.NoConflicts {
		m.disagree(local, l, remote, it)
		return
	}
	m.note(local, l, remote, it, r)
	if m.same(l, it) {
		return
	}
	res, err := engine.Merge(l, it)
	if err != nil { // the ids are equal: this does not happen
		m.found = append(m.found, finding{src: remote.src, at: syncEl(it, r), msg: err.Error()})
		return
	}
	if m.same(res, l) {
		return
	}
	if res == it { // engine.Merge returns the remote item itself when it subsumes; settle must not change remote's
		c := *it
		res = &c
	}
	out.recs[j].item = m.settle(res, l)
}

// settle brings a merge result into the local feed: data crosses into its
// format, and a winner other than the local item gives its shared data to
// the local item's publisher-specific data (implementation note 1). res is
// fresh from engine.Merge and is changed in place.
func (m *merger) settle(res, local *engine.Item) *engine.Item {
	out := m.out
	switch {
	case res.Data == local.Data:
	case sharedEqual(res.Data, local.Data, &m.sc):
		res.Data = local.Data
	default:
		res.Data = compose(out.own(local.Data), out.own(res.Data))
	}
	for _, c := range res.Conflicts {
		if x := dataOf(c.Data); x == nil || x.format != out.format {
			c.Data = out.own(c.Data)
		}
	}
	return res
}

// same reports whether two items carry the same sync metadata, the same
// shared data and the same conflicts in the same order: whether merging
// them would leave a as it is.
func (m *merger) same(a, b *engine.Item) bool {
	if !syncEqual(a.Sync, b.Sync) || len(a.Conflicts) != len(b.Conflicts) || !sharedEqual(a.Data, b.Data, &m.sc) {
		return false
	}
	for i, c := range a.Conflicts {
		if !syncEqual(c.Sync, b.Conflicts[i].Sync) || !sharedEqual(c.Data, b.Conflicts[i].Data, &m.sc) {
			return false
		}
	}
	return true
}

func syncEqual(a, b engine.Sync) bool {
	return a.ID == b.ID && a.Updates == b.Updates && a.Deleted == b.Deleted && a.NoConflicts == b.NoConflicts &&
		slices.EqualFunc(a.History, b.History, engine.History.Equal)
}

// disagree reports an item whose noconflicts differs between the feeds, in
// both files.
func (m *merger) disagree(local *Doc, l *engine.Item, remote *Doc, r *engine.Item) {
	msg := func(here bool, other string) string {
		return "noconflicts is " + quoteBool(here) + " here but " + quoteBool(!here) + " in " + other +
			"; it never changes after the first update (1.0.2 §2.4)"
	}
	m.found = append(m.found,
		finding{src: srcOf(l, local), at: syncEl(l, nil), msg: msg(l.Sync.NoConflicts, remote.name)},
		finding{src: srcOf(r, remote), at: syncEl(r, nil), msg: msg(r.Sync.NoConflicts, local.name)})
}

func quoteBool(b bool) string {
	if b {
		return `"true"`
	}
	return `"false"`
}

// syncEl returns where the sx:sync an item was read from is, or its
// record's element, or the document.
func syncEl(it *engine.Item, r *record) place {
	if x := dataOf(it.Data); x != nil && x.lz != nil && x.lz.syncAt >= 0 {
		return syncPlace(x.lz)
	}
	if r != nil && r.lz != nil {
		return placeAt(r.lz.start, nameAt(r.lz.src.data, r.lz.start))
	}
	return elPlace(nil)
}

// srcOf returns the source an item's data was read from, or the Doc's.
func srcOf(it *engine.Item, d *Doc) *source {
	if x := dataOf(it.Data); x != nil && x.lz != nil {
		return x.lz.src
	}
	return d.src
}
