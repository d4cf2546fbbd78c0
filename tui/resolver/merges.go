package resolver

import (
	"fmt"

	tea "charm.land/bubbletea/v2"
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
	m.editFrom, m.screen = m.screen, mergeScreen
	m.layout()
	return m, nil
}

// leaveMerge goes back from the merge view, asking first when the result
// has changed.
func (m Model) leaveMerge(changed bool) Model {
	if changed {
		return m.ask(askLeaveMerge, "The result differs from the winner. Keep combining, apply it as the resolution, or discard it?")
	}
	return m.leaveMergeView("merge closed: nothing changed")
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
	}
	return m, nil
}
