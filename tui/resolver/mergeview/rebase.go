package mergeview

import (
	"fmt"
	"slices"
	"strings"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// Carrying a merge onto a merge-in. When a save finds its file changed
// on disk, the person may merge the file's new state F into the session
// (package resolver, mergein.go). A merge view open while F merges in
// (opened before or meanwhile) is carried onto the item's merged state,
// never applied to a state the person did not see. The item is the same
// when its winner and versions hold the same sync data (SameState); then
// nothing changes. Otherwise the
// view opens again on the merged item (Rebase), and what the person did is
// carried by each version's identity, its sync history (by, when and
// sequence or updates), never by its index:
//
//   - the result: each field the person changed keeps their text (and
//     its cursor and typing undo); a field they left as the winner's
//     starts as the new winner's; u in the view goes back to the new
//     winner's fields;
//   - the selection ("only these versions", 1.0.2 §3.4): the marked
//     versions still in the item, by identity; one gone is not settled,
//     since the merged state no longer holds it. When none is left the
//     result settles every version;
//   - the versions seen: the old winner and each version shown before
//     count as seen.
//
// A version the result settles that is not the old winner and that the
// person had not set out to settle (one the file brought, or, when the
// selection emptied, one left out of it) is fresh: the view shows the
// first at once, and applying is refused while one is unshown (tab shows
// it). The first apply after a carry is refused too, saying what changed
// on disk (a version came or went, the winner is another, the other writer
// resolved the item), so that no key pressed as the view changed settles
// anything; the next applies. An item the other writer resolved has no
// version left: the view shows its resolution as the winner, and applying
// records the result as an update over it.

// Rebase carries the merge onto the state e of its item after a merge-in,
// at pos, named name (see above). It returns what it tells the person,
// "" when the item did not change.
func (v Model) Rebase(pos int, e dialect.Entry, name string) (Model, string) {
	if SameState(v.item.entry, e) {
		v.item.pos, v.item.entry = pos, e
		return v, ""
	}
	old, ovs, vs := v, v.item.entry.Versions(), e.Versions()
	known := []dialect.Version{old.item.entry.Winner()} // the winner, and the versions the result was to settle
	seen := []dialect.Version{old.item.entry.Winner()}
	for i, ver := range ovs {
		if old.settles(i) {
			known = append(known, ver)
		}
		if old.guard.seen[i] {
			seen = append(seen, ver)
		}
	}
	var versions []int // the selection, by identity
	for i, ver := range vs {
		if slices.ContainsFunc(old.item.versions, func(j int) bool { return SameVersion(ovs[j], ver) }) {
			versions = append(versions, i)
		}
	}
	shown, was, fresh := -1, 0, make([]bool, len(vs)) // the first fresh version is shown, else the one shown before
	for i, ver := range vs {
		settled := v.item.whole || len(versions) == 0 || slices.Contains(versions, i)
		if fresh[i] = settled && !holds(known, ver); fresh[i] && shown < 0 {
			shown = i
		}
		if old.version < len(ovs) && SameVersion(ver, ovs[old.version]) {
			was = i
		}
	}
	if shown < 0 {
		shown = was
	}
	v = v.Open(pos, e, name, versions, shown)
	for i, ver := range vs {
		v.guard.seen[i] = v.guard.seen[i] || holds(seen, ver)
	}
	v.guard.fresh = fresh
	v.carryResult(old)
	v.guard.rebased = name + " changed on disk as you combined it: " + rebaseWords(old.item.entry, e, fresh, v.item.whos) + "; your result is kept"
	v.note = v.guard.rebased
	return v, v.guard.rebased
}

// carryResult puts back into each field the text the person made of it in
// old, where they changed it, as a step u undoes; and the typing.
func (v *Model) carryResult(old Model) {
	if v.editor.typing { // Open types in an item with no hunk: only the person's typing goes on
		v.stopTyping()
	}
	field := -1
	for i, j := range v.mm.Carry(old.mm) {
		if j < 0 {
			continue
		}
		if old.value(j) != old.fields[j].Winner {
			v.editor.areas[i] = old.editor.areas[j] // with its cursor and its typing's undo
		}
		if old.editor.typing && j == old.editor.field {
			field = i
		}
	}
	if field >= 0 {
		v.startTyping(field)
	}
	v.layout()
	v.follow()
}

// holds reports whether set holds a version with ver's sync data.
func holds(set []dialect.Version, ver dialect.Version) bool {
	return slices.ContainsFunc(set, func(o dialect.Version) bool { return SameVersion(o, ver) })
}

// rebaseWords says what a merge-in changed of an item combined: resolved
// there, another winner, versions come (by whom) and gone.
func rebaseWords(was, now dialect.Entry, fresh []bool, whos []string) string {
	var parts []string
	switch {
	case !now.InConflict():
		return "the other writer resolved it (" + draw.EntryWho(draw.Top(now.Winner())) + "), its resolution is the winner here now"
	case !SameVersion(was.Winner(), now.Winner()):
		parts = append(parts, "the winner is now "+draw.EntryWho(draw.Top(now.Winner())))
	}
	for i, f := range fresh {
		if f {
			parts = append(parts, fmt.Sprintf("version %d (%s) is new to you", i+1, whos[i]))
		}
	}
	gone := 0
	for _, ver := range was.Versions() {
		if !holds(now.Versions(), ver) && !SameVersion(ver, now.Winner()) {
			gone++
		}
	}
	if gone > 0 {
		parts = append(parts, draw.Counted(gone, "version is", "versions are")+" no longer in conflict")
	}
	if len(parts) == 0 {
		parts = append(parts, "its versions changed")
	}
	return strings.Join(parts, ", ")
}

// refuseRebased refuses to apply while a fresh version the result settles
// was never shown, and once after a merge-in changed the item (see the top
// of this file), saying why.
func (v *Model) refuseRebased() bool {
	for i, f := range v.guard.fresh {
		if f && !v.guard.seen[i] && v.settles(i) {
			v.note = fmt.Sprintf("not applied: version %d (%s) came with the file's new state and was not shown yet: tab shows it", i+1, v.item.whos[i])
			return true
		}
	}
	if v.guard.rebased != "" {
		v.note = "not applied: " + v.guard.rebased + " · apply again to apply it to the state shown"
		v.guard.rebased = ""
		return true
	}
	return false
}

// SameState reports whether two entries hold the same state of an item:
// the same sync data for the winner and each conflict version (a version's
// data changes only with its sync data).
func SameState(a, b dialect.Entry) bool {
	if a == b {
		return true
	}
	va, vb := a.Versions(), b.Versions()
	return a.InConflict() == b.InConflict() && SameVersion(a.Winner(), b.Winner()) &&
		slices.EqualFunc(va, vb, SameVersion)
}

func SameVersion(a, b dialect.Version) bool {
	return a.State() == b.State() && a.Position() == b.Position() && slices.EqualFunc(a.History(), b.History(), dialect.History.Equal)
}
