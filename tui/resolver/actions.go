package resolver

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// decideOn makes a decision on the current item through the engine, then
// moves on to the next unresolved item. Deleting stays on the item: it is a
// 1.0.2 §3.2 or 0.91 §4.2 update, not a resolution.
func (m Model) decideOn(kind decisionKind) (Model, tea.Cmd) {
	pos, ok := m.current()
	if !ok {
		return m, nil
	}
	if kind != toggleDelete && !m.hasConflicts(pos) || kind == takeVersion && !m.hasVersions(pos) {
		return m, nil
	}
	d := decision{kind: kind, pos: pos}
	if m.screen == itemScreen {
		d.version, d.versions = m.item.Version(), m.item.Marked()
	}
	s, err := m.st.decide(d, m.stamp())
	if err != nil {
		m.status.Error(err.Error())
		return m, nil
	}
	m = m.commit(s)
	if kind == toggleDelete {
		return m, nil
	}
	return m.advance(pos), nil
}

// hasConflicts says so, or tells the person there is nothing to resolve.
func (m *Model) hasConflicts(pos int) bool {
	if m.st.entry(pos).InConflict() {
		return true
	}
	m.status.Info(fmt.Sprintf("%q has no conflicts to resolve", m.st.title(pos)))
	return false
}

// hasVersions says so, or tells the person there is no version to take: an
// SSE 0.91 item can be in conflict by its flag alone (0.91 §4.4.2).
func (m *Model) hasVersions(pos int) bool {
	if len(m.st.entry(pos).Versions()) > 0 {
		return true
	}
	m.status.Info(fmt.Sprintf("%q has no other version to take: w keeps the winner and clears the conflict flag", m.st.title(pos)))
	return false
}

// commit records a step in the journal and applies it.
func (m Model) commit(s step) Model {
	m.journal.push(s)
	m.st.apply(s, true)
	m.status.Info(s.label + " · u undoes")
	return m.refresh()
}

// refresh shows the current state of the items: the one on the item
// screen, and an outline's rows, which a decision can move.
func (m Model) refresh() Model {
	m.list.Relayout()
	if p := m.item.Pos(); p >= 0 {
		m.item.SetItem(p, m.st.entry(p), m.st.title(p), m.now())
	}
	return m
}

// advance moves on to the next unresolved item after from, or back to the
// list when none is left.
func (m Model) advance(from int) Model {
	next, ok := m.st.nextUnresolved(from, 1)
	if ok {
		return m.show(next)
	}
	m.status.Info(m.status.Message() + " · every conflict is resolved: s saves to " + m.target())
	if m.screen == itemScreen {
		m.screen = listScreen
	}
	m.list.Select(from)
	return m
}

// undo reverts the last step.
func (m Model) undo() (Model, tea.Cmd) { return m.replay(false) }

// redo applies again the last step undone.
func (m Model) redo() (Model, tea.Cmd) { return m.replay(true) }

// replay moves along the journal: back, reverting the last step, or
// forward, applying again the last one undone; it shows the item the step
// changed first.
func (m Model) replay(forward bool) (Model, tea.Cmd) {
	move, verb, done, next := m.journal.undo, "undo", "undone: ", " · ctrl+r redoes"
	if forward {
		move, verb, done, next = m.journal.redo, "redo", "redone: ", ""
	}
	s, ok := move()
	if !ok {
		m.status.Info("nothing to " + verb)
		return m, nil
	}
	m.st.apply(s, forward)
	m.status.Info(done + s.label + next)
	return m.refresh().show(s.changes[0].pos), nil
}

// marked returns the marked versions on the item screen.
func (m Model) marked() []int {
	if m.screen == itemScreen {
		return m.item.Marked()
	}
	return nil
}

// edited records new data as the resolution of an item.
func (m Model) edited(pos int, versions []int, edit dialect.Edit) (Model, tea.Cmd) {
	d := decision{kind: editData, pos: pos, versions: versions, edit: edit}
	s, err := m.st.decide(d, m.stamp())
	if err != nil { // the merge view, if that is where the data was made, stays open with it
		m.status.Error(err.Error())
		return m, nil
	}
	if m.screen == mergeScreen {
		m.screen = m.editFrom
	}
	return m.commit(s).advance(pos), nil
}

// leaveMergeView goes back to where the merge view was opened from.
func (m Model) leaveMergeView(msg string) Model {
	m.screen = m.editFrom
	m.status.Info(msg)
	return m
}

// startExtEdit writes the temp file for $EDITOR, in a Cmd.
func (m Model) startExtEdit() (Model, tea.Cmd) {
	pos, ok := m.current()
	if !ok || !m.hasConflicts(pos) {
		return m, nil
	}
	return m, writeEditFile(pos, m.st.entry(pos), m.marked(), editSheetOf(m.st.entry(pos), m.st.basePtr(m.st.entry(pos))))
}

// extReady leaves the UI for the editor.
func (m Model) extReady(msg extReadyMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		m.status.Error("writing the file for $EDITOR: " + msg.err.Error())
		return m, nil
	}
	return m, runEditor(m.cfg.Editor, msg)
}

// extResult records what the editor left, if it changed the file and
// exited cleanly; otherwise nothing changes. An edit of an item that a
// merge-in changed while the editor ran (mergein.go) is not applied to a
// state the person did not see: its file is kept, and the message names it.
func (m Model) extResult(msg extResultMsg) (Model, tea.Cmd) {
	switch {
	case msg.err != nil && msg.kept:
		m.status.Error(fmt.Sprintf("nothing applied: %v; your text is kept in %s · E starts again", msg.err, msg.path))
	case msg.err != nil:
		m.status.Error(fmt.Sprintf("%s: %v · nothing changed", m.editorName(), msg.err))
	case !msg.changed:
		m.status.Info("the file is unchanged: nothing decided")
	case msg.pos >= m.st.len() || m.st.entry(msg.pos) != msg.entry:
		m.status.Error(fmt.Sprintf("nothing applied: the item changed on disk while you edited it; your text is kept in %s · E edits its new state", msg.path))
	case emptiedInSheet(m.st.entry(msg.pos), msg.result) != "":
		k := emptiedInSheet(m.st.entry(msg.pos), msg.result)
		m.status.Error(fmt.Sprintf("nothing applied: the %s is empty, and a version has one; your text is kept in %s · E starts again", k, msg.path))
	default:
		before := m.st.entry(msg.pos)
		m, cmd := m.edited(msg.pos, msg.versions, sheetEdit(before, m.st.basePtr(before), msg.result))
		if m.st.entry(msg.pos) == before { // refused (XHTML that is not well-formed): the text stays
			m.status.Error(fmt.Sprintf("nothing applied: %s; your text is kept in %s · E starts again", m.status.Message(), msg.path))
			return m, cmd
		}
		return m, tea.Batch(cmd, removeEditFile(msg.path))
	}
	return m, nil
}

// editorName names the editor E runs as the person set it.
func (m Model) editorName() string {
	if m.cfg.EditorName != "" {
		return m.cfg.EditorName
	}
	return "$EDITOR (" + strings.Join(m.cfg.Editor, " ") + ")"
}
