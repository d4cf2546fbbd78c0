package feeds

import (
	"fmt"
	"slices"

	"github.com/feedsync/feedsync/engine"
)

// MergeIn is Merge(d, remote) done in place: d becomes what Merge would
// return, byte for byte, and MergeIn returns the ids of the items the
// merge changed or added, in remote's order. Its cost is in remote's
// items, not d's: a publisher that keeps its feed in memory takes in a
// small POST without copying the feed. On an error d does not change.
func (d *Doc) MergeIn(remote *Doc) ([]string, error) {
	if found := d.disagreements(remote); len(found) > 0 {
		return nil, report(found)
	}
	undo := d.mark()
	m := merger{out: d}
	var changed []string
	for i := range remote.recs {
		if remote.isHidden(i) {
			continue
		}
		r := &remote.recs[i]
		before := d.Item(r.item.Sync.ID)
		m.merge(remote, r, d)
		if after := d.Item(r.item.Sync.ID); after != before {
			changed = append(changed, r.item.Sync.ID)
			undo.note(d, r.item.Sync.ID, before)
		}
	}
	if err := d.checkDepthOf(changed); err != nil {
		undo.apply(d)
		return nil, fmt.Errorf("merging %s into %s: %w", remote.name, d.name, err)
	}
	d.notes = nil
	if len(m.notes) > 0 {
		d.notes = report(m.notes)
	}
	return changed, nil
}

// disagreements are the findings Merge(d, remote) would fail with: items
// whose noconflicts differs between the feeds (1.0.2 §2.4).
func (d *Doc) disagreements(remote *Doc) []finding {
	m := merger{out: d}
	for i := range remote.recs {
		r := remote.recs[i].item
		if remote.isHidden(i) {
			continue
		}
		if l := d.Item(r.Sync.ID); l != nil && l.Sync.NoConflicts != r.Sync.NoConflicts {
			m.disagree(d, l, remote, r)
		}
	}
	return m.found
}

// checkDepthOf is checkDepth for the records of the given ids.
func (d *Doc) checkDepthOf(ids []string) error {
	for _, id := range ids {
		if err := d.checkDepthAt(d.index[id]); err != nil {
			return err
		}
	}
	return nil
}

// undoLog restores a Doc that MergeIn changed: the items it replaced,
// and the length of recs before it added any.
type undoLog struct {
	n     int
	saved map[int]*engine.Item
}

func (d *Doc) mark() *undoLog { return &undoLog{n: len(d.recs), saved: map[int]*engine.Item{}} }

// note remembers the item id held before a merge changed it (nil: the
// merge added it).
func (u *undoLog) note(d *Doc, id string, before *engine.Item) {
	if i := d.index[id]; i < u.n {
		u.saved[i] = before
	}
}

func (u *undoLog) apply(d *Doc) {
	for _, r := range d.recs[u.n:] {
		delete(d.index, r.item.Sync.ID)
	}
	d.recs = slices.Delete(d.recs, u.n, len(d.recs))
	for i, it := range u.saved {
		d.recs[i].item = it
	}
}
