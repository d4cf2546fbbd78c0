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
//   - the two feeds carry the same sync data with different shared data
//     (one endpoint changed the item twice in one second under one
//     sequence, on two git branches; or a peer changed the data without a
//     new version, which implementation note 1 forbids, as mesh4x does):
//     the two are two changes, and the merge keeps both as a conflict
//     (engine.TwoChanges), the version whose data's digest is greater
//     (engine.Compare, key 7) as the winner; the warning names both
//     digests and whose is the winner.
func (d *Doc) MergeWarnings() Problems { return d.notes }

// note records what merging remote's r into local's l must say (see
// MergeWarnings); kept is the merge's result.
func (m *merger) note(local *Doc, l *engine.Item, remote *Doc, r *engine.Item, rec *record) {
	if ha, hb, ok := engine.Reused(l, r); ok {
		m.notes = append(m.notes, finding{remote.src, syncEl(r, rec), reusedMsg(l.Sync.ID, ha, hb), l.Sync.ID})
		return
	}
	if !syncEqual(l.Sync, r.Sync) || sharedEqual(l.Data, r.Data, &m.sc) || m.holds(l, r) {
		return
	}
	kept := local.name
	if engine.Compare(r, l) > 0 {
		kept = remote.name
	}
	m.notes = append(m.notes, finding{remote.src, syncEl(r, rec), SameSyncMsg(l.Sync.ID, local.name, l.Data.Digest(), remote.name, r.Data.Digest(), kept, "implementation note 1"), l.Sync.ID})
}

// holds reports whether l already holds r as one of its conflicts: an
// earlier merge kept both, and this one changes nothing to say.
func (m *merger) holds(l, r *engine.Item) bool {
	for _, c := range l.Conflicts {
		if syncEqual(c.Sync, r.Sync) && sharedEqual(c.Data, r.Data, &m.sc) {
			return true
		}
	}
	return false
}

// reusedMsg words a sequence used twice by one endpoint.
func reusedMsg(id string, a, b engine.History) string {
	return fmt.Sprintf("item %q: %s made two changes with sequence %d (%s and %s), as when the item is edited on two git branches "+
		"under one endpoint id; both are kept as a conflict. To avoid it, give each clone its own endpoint id (feedsync git setup --by EP, or --by)",
		id, a.By, a.Sequence, whenText(a), whenText(b))
}

// SameSyncMsg words an item that two feeds hold with the same sync data
// and different shared data, both kept as a conflict, and whose copy won
// (kept); rule cites what forbids a change without a new version
// ("implementation note 1", "0.91 §4.2"). Both bindings say it alike.
func SameSyncMsg(id, local, localDigest, remote, remoteDigest, kept, rule string) string {
	return fmt.Sprintf("item %q has the same sync data in %s and %s but different data (digests %s and %s): "+
		"two changes under one version, made in the same second on two git branches, or by a peer that changed it without a new version (%s); "+
		"both are kept as a conflict, %s's as the winner, the one whose digest is greater (winner picking's last tie-breaker)",
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
