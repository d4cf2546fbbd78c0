package feeds

import (
	"fmt"

	"github.com/feedsync/feedsync/engine"
)

// MergeWarnings returns what a merge that made this Doc kept but must say,
// in file order, each with its Item: nil for a Doc that no merge made. Two
// kinds of item are named, once each:
//
//   - one endpoint made two changes with one sequence (the item edited on
//     two git branches under one by): both are kept as a conflict
//     (engine.HistorySubsumed), and the warning says how to avoid it;
//   - the two feeds carry the same sync data with different shared data (a
//     peer changed the data without a new version, which implementation
//     note 1 forbids; mesh4x does it): the merge keeps the version whose
//     data's digest is greater (engine.Compare, key 7), and the warning
//     names both digests and the side kept, so that a person can tell the
//     other copy was dropped.
func (d *Doc) MergeWarnings() Problems { return d.notes }

// note records what merging remote's r into local's l must say (see
// MergeWarnings); kept is the merge's result.
func (m *merger) note(local *Doc, l *engine.Item, remote *Doc, r *engine.Item, rec *record) {
	if ha, hb, ok := engine.Reused(l, r); ok {
		m.notes = append(m.notes, finding{remote.src, syncEl(r, rec), reusedMsg(l.Sync.ID, ha, hb), l.Sync.ID})
		return
	}
	if !syncEqual(l.Sync, r.Sync) || sharedEqual(l.Data, r.Data, &m.sc) {
		return
	}
	kept := local.name
	if engine.Compare(r, l) > 0 {
		kept = remote.name
	}
	m.notes = append(m.notes, finding{remote.src, syncEl(r, rec), SameSyncMsg(l.Sync.ID, local.name, l.Data.Digest(), remote.name, r.Data.Digest(), kept, "implementation note 1"), l.Sync.ID})
}

// reusedMsg words a sequence used twice by one endpoint.
func reusedMsg(id string, a, b engine.History) string {
	return fmt.Sprintf("item %q: %s made two changes with sequence %d (%s and %s), as when the item is edited on two git branches "+
		"under one endpoint id; both are kept as a conflict. To avoid it, give each clone its own endpoint id (feedsync git setup --by EP, or --by)",
		id, a.By, a.Sequence, whenText(a), whenText(b))
}

// SameSyncMsg words an item that two feeds hold with the same sync data
// and different shared data, and which copy was kept; rule cites what
// forbids it ("implementation note 1", "0.91 §4.2"). Both bindings say it
// alike.
func SameSyncMsg(id, local, localDigest, remote, remoteDigest, kept, rule string) string {
	return fmt.Sprintf("item %q has the same sync data in %s and %s but different data (digests %s and %s): "+
		"a peer changed it without a new version (%s); kept %s's, the one whose digest is greater (winner picking's last tie-breaker)",
		id, local, remote, short(localDigest), short(remoteDigest), rule, kept)
}

func whenText(h engine.History) string {
	if !h.HasWhen() {
		return "no when"
	}
	return h.When.UTC().Format("2006-01-02T15:04:05Z")
}

// short is a digest's first 12 hex digits, enough to tell two apart.
func short(digest string) string {
	if len(digest) > 12 {
		return digest[:12]
	}
	return digest
}
