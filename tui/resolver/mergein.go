package resolver

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// Merging a file's new state in. When a save finds its file changed on
// disk, the person may merge the file as it is now into the session
// (1.0.2 §3.3, 0.91 §4.4: the session's document is LOCAL, the file
// REMOTE). The session goes on over the merged document M = merge(S, F),
// S being the session's document with its decisions and F the file's new
// state, and keeps what it had:
//
//   - The list and the count keep the items loaded in conflict, with the
//     outcome of the session's decisions, and take in the items in
//     conflict in M; each item the merge changed is marked "changed on
//     disk" (the other writer changed it, resolved it, added it, or its
//     change and the session's are now in conflict), and the message says
//     how many changed and how.
//   - The journal is rebased: every state an item has in it, before or
//     after a decision, is replaced by that state merged with F, which is
//     what the merge-in would have made of the item in that state. So u
//     after a merge-in puts the item as the merge-in would have left it had
//     the decision not been made: its conflicts as they were, with what F
//     brought to it (another version, a new conflict); ctrl+r puts back the
//     merged state with the decision.
//   - A decision that F already holds cannot be undone: one saved before
//     the file changed, whose update the other writer kept. Merged with F,
//     the item is the same with or without it, since a merge never drops an
//     update either side holds (1.0.2 §3.3, 0.91 §4.4). Such a decision
//     leaves the journal, and the message says how many did.
//
// A decision made while F merges in makes it merge again, from the session
// as it then is; a save waits.
//
// The item screen keeps the versions marked for a selective resolution
// (1.0.2 §3.4) and the version shown by their sync history (SetItem), so a
// version F brings is not marked and a marked one stays marked where it
// now stands.
//
// A merge view open while F merges in (opened before or meanwhile) is
// carried onto the item's merged state, never applied to a state the
// person did not see. The item is the same when its winner and versions
// hold the same sync data (sameState); then nothing changes. Otherwise the
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
// records the result as an update over it. A result whose apply was
// pressed before the merge-in and arrives after it is refused the same way
// (mergeDone): it was made from the old state. So is an edit made in
// $EDITOR of an item the merge-in changed while the editor ran
// (extResult): nothing is decided, and the file holding the person's text
// is kept and named, for E on the new state.
//
// The earlier states are merged with F in the command, one more merge
// per depth of the journal (the most states any one item has in it), of
// the items the journal touched with F's state of those items alone
// (Backend.MergeIn, which parses F once per merge-in); an outline's,
// whole, since cycle detection (0.91 §4.4.2) sees the outline whole.

// mergeInMsg reports the file's new state merged into the document, and
// into each earlier state the journal holds.
type mergeInMsg struct {
	doc     *dialect.Doc
	bases   map[dialect.Entry]baseInfo // of the merged document's conflicts
	earlier map[dialect.Entry]dialect.Entry
	mark    [2]int // the journal the earlier states are of
	err     error
}

// mergeIn is the Cmd that merges the file's new state into the document
// and into the earlier states, layer by layer (Backend.MergeIn): each
// layer holds at most one state of an item, set into a copy of the
// document that holds the items of the layer (whole, for an outline).
func mergeIn(b Backend, doc *dialect.Doc, layers [][]dialect.Entry, whole bool, mark [2]int, bases Bases) tea.Cmd {
	return func() tea.Msg {
		msg := mergeInMsg{earlier: map[dialect.Entry]dialect.Entry{}, mark: mark}
		docs := []*dialect.Doc{doc}
		for _, layer := range layers {
			ids := make(map[string]bool, len(layer))
			for _, e := range layer {
				ids[e.ID()] = true
			}
			sub := doc.Subset(func(e dialect.Entry) bool { return whole || ids[e.ID()] })
			for _, e := range layer {
				sub.Set(e)
			}
			docs = append(docs, sub)
		}
		merged, err := b.MergeIn(docs, whole)
		if err != nil {
			msg.err = err
			return msg
		}
		msg.doc = merged[0]
		msg.bases = basesOf(bases, msg.doc.Entries())
		for k, layer := range layers {
			for _, e := range layer {
				if msg.earlier[e], err = merged[k+1].Entry(e.ID()); err != nil {
					msg.err = err
					return msg
				}
			}
		}
		return msg
	}
}

// askedMergeIn acts on the answer to a file changed on disk.
func (m Model) askedMergeIn(a answer) (Model, tea.Cmd) {
	switch {
	case a == answerApply && m.changed != nil:
		return m.startMergeIn()
	case a == answerSave:
		return m.promptSaveAs(""), nil
	}
	m.status.Info("nothing saved; s tries again")
	return m, nil
}

// startMergeIn merges the file's new state into the session as it is now.
func (m Model) startMergeIn() (Model, tea.Cmd) {
	m.st.sync()
	m.merging = true
	m.status.Info("merging the new state of " + m.target() + "…")
	return m, mergeIn(m.cfg.Backend, m.st.doc, m.earlierStates(), m.st.ordered, m.journal.mark(), m.cfg.Bases)
}

// earlierStates returns the states of items the journal holds other than
// their current ones, in layers: an item's first such state in the first
// layer, its second in the second, and so on.
func (m Model) earlierStates() [][]dialect.Entry {
	seen := map[dialect.Entry]bool{}
	depth := map[int]int{}
	var layers [][]dialect.Entry
	for _, s := range m.journal.steps {
		for _, c := range s.changes {
			for _, e := range [2]dialect.Entry{c.before, c.after} {
				if seen[e] || e == m.st.entry(c.pos) {
					continue
				}
				seen[e] = true
				k := depth[c.pos]
				depth[c.pos]++
				if k == len(layers) {
					layers = append(layers, nil)
				}
				layers[k] = append(layers[k], e)
			}
		}
	}
	return layers
}

// mergedIn goes on over the merged document, keeping the session's
// decisions, count and undo (see the top of this file). A decision made or
// undone while it merged makes it merge again, from the session as it is.
func (m Model) mergedIn(msg mergeInMsg) (Model, tea.Cmd) {
	m.merging = false
	switch {
	case msg.err != nil:
		m.status.Error(fmt.Sprintf("merging the new state of %s: %v · nothing is lost", m.target(), msg.err))
		return m, nil
	case msg.mark != m.journal.mark():
		return m.startMergeIn()
	}
	old, st := m.st, newStore(msg.doc)
	var index tea.Cmd
	if old.indexing {
		index = st.startIndex() // the filter was used: index the new state
	}
	st.bases = msg.bases
	for e, b := range old.bases { // the states undo puts back
		if _, ok := st.bases[e]; !ok && st.bases != nil {
			st.bases[e] = b
		}
	}
	where := positions(old, st)
	d := carry(old, st, where)
	var dropped int
	m.journal, dropped = m.journal.rebased(func(c change) (change, bool) {
		merged := func(e dialect.Entry) dialect.Entry {
			if e == old.entry(c.pos) {
				return st.entry(where(c.pos))
			}
			return msg.earlier[e]
		}
		c.pos, c.before, c.after = where(c.pos), merged(c.before), merged(c.after)
		return c, !sameState(c.before, c.after)
	})
	m.savedSteps = max(m.savedSteps-dropped, 0)
	m.pending = true
	m = m.use(st)
	m.list.refresh()
	m = m.refresh()
	said := d.words(m.target(), old.unresolved, st.unresolved, m.journal.applied(), dropped)
	if m.screen == mergeScreen {
		p := where(m.merge.pos)
		var note string
		if m.merge, note = m.merge.Rebase(p, st.entry(p), fmt.Sprintf("%q", st.title(p))); note != "" {
			said += " · " + note
		}
	}
	m.status.Info(said)
	return m, index
}

// mergeDone records the merge view's result as the resolution of its item,
// unless the item is no longer the state the result was made from: a
// merge-in ran between the apply and now. The view already shows the new
// state (Rebase); nothing is applied.
func (m Model) mergeDone(msg mergeDoneMsg) (Model, tea.Cmd) {
	if msg.pos < m.st.len() && m.st.entry(msg.pos) == msg.entry {
		return m.edited(msg.pos, msg.versions, msg.edit)
	}
	m.screen = mergeScreen
	m.status.Error("nothing applied: the item changed on disk before the result was recorded; the merge view shows its new state with your result")
	return m, nil
}

// Rebase carries the merge onto the state e of its item after a merge-in,
// at pos, named name (see the top of this file). It returns what it tells
// the person, "" when the item did not change.
func (v MergeView) Rebase(pos int, e dialect.Entry, name string) (MergeView, string) {
	if sameState(v.entry, e) {
		v.pos, v.entry = pos, e
		return v, ""
	}
	old, ovs, vs := v, v.entry.Versions(), e.Versions()
	known := []dialect.Version{old.entry.Winner()} // the winner, and the versions the result was to settle
	seen := []dialect.Version{old.entry.Winner()}
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
		if slices.ContainsFunc(old.versions, func(j int) bool { return sameVersion(ovs[j], ver) }) {
			versions = append(versions, i)
		}
	}
	shown, was, fresh := -1, 0, make([]bool, len(vs)) // the first fresh version is shown, else the one shown before
	for i, ver := range vs {
		settled := v.whole || len(versions) == 0 || slices.Contains(versions, i)
		if fresh[i] = settled && !holds(known, ver); fresh[i] && shown < 0 {
			shown = i
		}
		if old.version < len(ovs) && sameVersion(ver, ovs[old.version]) {
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
	v.guard.rebased = name + " changed on disk as you combined it: " + rebaseWords(old.entry, e, fresh, v.whos) + "; your result is kept"
	v.note = v.guard.rebased
	return v, v.guard.rebased
}

// carryResult puts back into each field the text the person made of it in
// old, where they changed it, as a step u undoes; and the typing.
func (v *MergeView) carryResult(old MergeView) {
	if v.typing { // Open types in an item with no hunk: only the person's typing goes on
		v.stopTyping()
	}
	field := -1
	for i, j := range v.mm.Carry(old.mm) {
		if j < 0 {
			continue
		}
		if old.value(j) != old.fields[j].Winner {
			v.areas[i] = old.areas[j] // with its cursor and its typing's undo
		}
		if old.typing && j == old.field {
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
	return slices.ContainsFunc(set, func(o dialect.Version) bool { return sameVersion(o, ver) })
}

// rebaseWords says what a merge-in changed of an item combined: resolved
// there, another winner, versions come (by whom) and gone.
func rebaseWords(was, now dialect.Entry, fresh []bool, whos []string) string {
	var parts []string
	switch {
	case !now.InConflict():
		return "the other writer resolved it (" + entryWho(top(now.Winner())) + "), its resolution is the winner here now"
	case !sameVersion(was.Winner(), now.Winner()):
		parts = append(parts, "the winner is now "+entryWho(top(now.Winner())))
	}
	for i, f := range fresh {
		if f {
			parts = append(parts, fmt.Sprintf("version %d (%s) is new to you", i+1, whos[i]))
		}
	}
	gone := 0
	for _, ver := range was.Versions() {
		if !holds(now.Versions(), ver) && !sameVersion(ver, now.Winner()) {
			gone++
		}
	}
	if gone > 0 {
		parts = append(parts, counted(gone, "version is", "versions are")+" no longer in conflict")
	}
	if len(parts) == 0 {
		parts = append(parts, "its versions changed")
	}
	return strings.Join(parts, ", ")
}

// refuseRebased refuses to apply while a fresh version the result settles
// was never shown, and once after a merge-in changed the item (see the top
// of this file), saying why.
func (v *MergeView) refuseRebased() bool {
	for i, f := range v.guard.fresh {
		if f && !v.guard.seen[i] && v.settles(i) {
			v.note = fmt.Sprintf("not applied: version %d (%s) came with the file's new state and was not shown yet: tab shows it", i+1, v.whos[i])
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

// changedOnDisk reports whether a merge-in changed the item at pos.
func (s *store) changedOnDisk(pos int) bool { return s.onDisk[pos] }

// positions maps the positions of old's items to st's by id. The merge
// keeps LOCAL's order and adds the file's new items after it (dialect.Merge),
// so an item is where it was; the map by id is a safeguard.
func positions(old, st *store) func(int) int {
	var byID map[string]int
	return func(pos int) int {
		id := old.entry(pos).ID()
		if pos < st.len() && st.entry(pos).ID() == id {
			return pos
		}
		if byID == nil {
			byID = make(map[string]int, st.len())
			for p := range st.len() {
				byID[st.entry(p).ID()] = p
			}
		}
		return byID[id] // a merge never drops an item
	}
}

// diskChanges counts what a merge-in changed: the items it changed, those
// it brought into conflict, those it settled, and the titles of the first.
type diskChanges struct {
	changed, conflicts, settled int
	titles                      []string
}

// carry brings what old knew into st, the store of the merged document:
// the outcome of each item, the items loaded in conflict, and the marks
// of items changed on disk, with those this merge-in changed.
func carry(old, st *store, where func(int) int) diskChanges {
	var d diskChanges
	st.onDisk = map[int]bool{}
	seen := make([]bool, st.len())
	for pos := range old.len() {
		p := where(pos)
		seen[p] = true
		st.outcomes[p] = old.outcomes[pos]
		if old.onDisk[pos] {
			st.onDisk[p] = true
		}
		if e := st.entry(p); e != old.entry(pos) {
			d.note(st, p, old.entry(pos).InConflict())
		}
	}
	for p := range seen {
		if !seen[p] { // new in the file
			d.note(st, p, false)
		}
	}
	in := slices.Clone(st.conflicted)
	for _, pos := range old.conflicted {
		in = append(in, where(pos))
	}
	slices.Sort(in)
	st.conflicted = slices.Compact(in)
	st.unresolved = 0
	for _, p := range st.conflicted {
		st.unresolved += inConflict(st.entry(p))
	}
	return d
}

// note records that the merge-in changed the item at p, which was in
// conflict before when was is true.
func (d *diskChanges) note(st *store, p int, was bool) {
	st.onDisk[p] = true
	d.changed++
	switch now := st.entry(p).InConflict(); {
	case now && !was:
		d.conflicts++
	case was && !now:
		d.settled++
	}
	if len(d.titles) < 3 {
		d.titles = append(d.titles, "“"+st.title(p)+"”")
	}
}

// words says what the merge-in did: what changed on disk, the conflicts
// before and now, and what became of the session's decisions.
func (d diskChanges) words(target string, before, now, decisions, dropped int) string {
	parts := []string{"merged the new state of " + target}
	switch {
	case d.changed == 0:
		parts = append(parts, "no item differs there")
	default:
		what := counted(d.changed, "item", "items") + " changed there, marked “changed on disk”: " + strings.Join(d.titles, ", ")
		if d.changed > len(d.titles) {
			what += ", …"
		}
		var how []string
		if d.conflicts > 0 {
			how = append(how, fmt.Sprintf("%d newly in conflict", d.conflicts))
		}
		if d.settled > 0 {
			how = append(how, fmt.Sprintf("%d resolved there", d.settled))
		}
		if len(how) > 0 {
			what += " (" + strings.Join(how, ", ") + ")"
		}
		parts = append(parts, what)
	}
	parts = append(parts, fmt.Sprintf("%d in conflict now (%d before)", now, before))
	if decisions > 0 {
		parts = append(parts, "your "+counted(decisions, "decision is kept and u still undoes it", "decisions are kept and u still undoes them"))
	}
	if dropped > 0 {
		parts = append(parts, counted(dropped, "decision saved before the file changed is", "decisions saved before the file changed are")+
			" in its new state and can no longer be undone")
	}
	return strings.Join(append(parts, "s saves"), " · ")
}

// sameState reports whether two entries hold the same state of an item:
// the same sync data for the winner and each conflict version (a version's
// data changes only with its sync data).
func sameState(a, b dialect.Entry) bool {
	if a == b {
		return true
	}
	va, vb := a.Versions(), b.Versions()
	return a.InConflict() == b.InConflict() && sameVersion(a.Winner(), b.Winner()) &&
		slices.EqualFunc(va, vb, sameVersion)
}

func sameVersion(a, b dialect.Version) bool {
	return a.State() == b.State() && a.Position() == b.Position() && slices.EqualFunc(a.History(), b.History(), dialect.History.Equal)
}
