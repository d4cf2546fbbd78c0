package resolver

import (
	"fmt"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/tui/resolver/mergeview"
)

// openMerge opens the merge view on the current item: the result between
// the winner and the version shown on the item screen. An item with no
// other version to merge (an SSE 0.91 item in conflict by its flag alone)
// opens with the content being typed in.
func (m Model) openMerge() (Model, tea.Cmd) {
	pos, ok := m.current()
	if !ok || !m.hasConflicts(pos) {
		return m, nil
	}
	e := m.st.entry(pos)
	shown := 0
	if m.screen == itemScreen {
		shown = m.item.Version()
	}
	m.merge = m.merge.Open(pos, e, fmt.Sprintf("%q", m.st.title(pos)), m.marked(), shown)
	if b, ok := m.st.bases[e]; ok {
		m.merge = m.merge.Combine(b)
	}
	m.editFrom, m.screen = m.screen, mergeScreen
	m.layout()
	return m, nil
}

// mergeMove opens the merge view on the next or previous item in conflict
// (] past the last hunk, [ past the first), at its first clash; with no
// other item in conflict, the view goes round its own hunks.
func (m Model) mergeMove(msg mergeview.MoveMsg) (Model, tea.Cmd) {
	dir := 1
	if !msg.Next {
		dir = -1
	}
	next, ok := m.st.nextUnresolved(msg.Pos, dir)
	if !ok || next == msg.Pos {
		m.merge = m.merge.GoRound(msg.Next)
		return m, nil
	}
	from := m.editFrom
	if m.screen = from; from == itemScreen {
		m = m.open(next)
	} else {
		m.list.Select(next)
	}
	m, cmd := m.openMerge()
	m.editFrom = from
	m.status.Info(fmt.Sprintf("%q: the next item in conflict", m.st.title(next)))
	return m, cmd
}

// leaveMerge goes back from the merge view, or quits on ctrl+c, asking
// first when the result has changed; ctrl+c in that question quits. A
// quit takes the path of every quit, which asks about unsaved decisions;
// "stay" there goes back to combining, the result as it was.
func (m Model) leaveMerge(msg mergeview.LeaveMsg) (Model, tea.Cmd) {
	switch {
	case msg.Changed:
		return m.ask(askLeaveMerge, "The result differs from the winner. Keep combining, apply it as the resolution, or discard it?"), nil
	case msg.Quit:
		return m.quit()
	}
	return m.leaveMergeView("merge closed: nothing changed"), nil
}

// mergeAnswered acts on the answer to leaving a changed merge.
func (m Model) mergeAnswered(a answer) (Model, tea.Cmd) {
	switch a {
	case answerApply:
		var cmd tea.Cmd
		m.merge, cmd = m.merge.Applied()
		return m, cmd
	case answerDiscard:
		return m.leaveMergeView("merge discarded: nothing decided"), nil
	case answerQuit:
		return m.quit()
	}
	return m, nil
}
