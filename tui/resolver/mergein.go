package resolver

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergeview"
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
// carried onto the item's merged state by the view itself
// (mergeview.Model.Rebase, whose file says how), never applied to a state
// the person did not see. A result whose apply was pressed before the
// merge-in and arrives after it is refused (mergeDone): it was made from
// the old state. So is an edit made in $EDITOR of an item the merge-in
// changed while the editor ran (extResult): nothing is decided, and the
// file holding the person's text is kept and named, for E on the new
// state.
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
	bases   map[dialect.Entry]mergeview.Base // of the merged document's conflicts
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
		return c, !mergeview.SameState(c.before, c.after)
	})
	m.savedSteps = max(m.savedSteps-dropped, 0)
	m.pending = true
	m = m.use(st)
	m.list.refresh()
	m = m.refresh()
	said := d.words(m.target(), old.unresolved, st.unresolved, m.journal.applied(), dropped)
	if m.screen == mergeScreen {
		p := where(m.merge.Pos())
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
func (m Model) mergeDone(msg mergeview.DoneMsg) (Model, tea.Cmd) {
	if msg.Pos < m.st.len() && m.st.entry(msg.Pos) == msg.Entry {
		return m.edited(msg.Pos, msg.Versions, msg.Edit)
	}
	m.screen = mergeScreen
	m.status.Error("nothing applied: the item changed on disk before the result was recorded; the merge view shows its new state with your result")
	return m, nil
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
		what := draw.Counted(d.changed, "item", "items") + " changed there, marked “changed on disk”: " + strings.Join(d.titles, ", ")
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
		parts = append(parts, "your "+draw.Counted(decisions, "decision is kept and u still undoes it", "decisions are kept and u still undoes them"))
	}
	if dropped > 0 {
		parts = append(parts, draw.Counted(dropped, "decision saved before the file changed is", "decisions saved before the file changed are")+
			" in its new state and can no longer be undone")
	}
	return strings.Join(append(parts, "s saves"), " · ")
}
