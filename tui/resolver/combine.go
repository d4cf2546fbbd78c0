package resolver

import (
	"fmt"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// Combining every item that combines (C), as IntelliJ's "resolve simple
// conflicts" does: each unresolved item whose base is known and whose
// three-way merge against it has no clash (threeway.Combine, the rule of
// `feedsync resolve --auto`; the list marks it "combines") is resolved
// with the combination, a 1.0.2 §3.4 step 1.3 resolution
// ("combine or otherwise create new data", 0.91 §5) that settles every
// conflicting version. It acts on the items the filter shows when one is
// on, as A does, asks first naming the count, and is one step u undoes.

// combines reports whether the item at pos is unresolved and its conflict
// combines against its base.
func (m Model) combines(pos int) bool {
	e := m.st.entry(pos)
	return e.InConflict() && m.st.combines(e)
}

// combines reports whether a base of e is known and its conflict
// combines against it.
func (s *store) combines(e dialect.Entry) bool {
	b, ok := s.bases[e]
	return ok && b.Combines()
}

// askCombineAll asks before combining every item that combines.
func (m Model) askCombineAll() (Model, tea.Cmd) {
	ps, scope := m.bulkScope()
	var in []int
	for _, p := range ps {
		if m.combines(p) {
			in = append(in, p)
		}
	}
	if len(in) == 0 {
		why := "no unresolved item combines by itself" + filterNote(m)
		if len(m.st.bases) == 0 {
			why = "no base is known for any conflict: nothing combines by itself (the version store beside the feed holds the bases)"
		}
		m.status.Info(why)
		return m, nil
	}
	m.bulk = bulk{positions: in}
	return m.ask(askCombineAll, fmt.Sprintf("Combine %s, of %s? What one side changed against the base is taken, "+
		"what several changed alike once; none of them clashes. %s recorded as a change by %s that settles every "+
		"conflicting version. u undoes it.", draw.Counted(len(in), "item that combines", "items that combine"), scope, eachIs(len(in)), m.cfg.By)), nil
}

// combineAll resolves every item asked about with its combination, as one
// step.
func (m Model) combineAll() (Model, tea.Cmd) {
	var cs []change
	st := m.stamp()
	for _, pos := range m.bulk.positions {
		e := m.st.entry(pos)
		if !e.InConflict() || !m.st.combines(e) {
			continue
		}
		b := m.st.bases[e]
		res, err := m.st.doc.Resolve(e, st, b.Plan.Resolution, dialect.Options{})
		if err != nil {
			m.status.Error(fmt.Sprintf("combining %q: %v · nothing decided", m.st.title(pos), err))
			return m, nil
		}
		cs = append(cs, change{pos: pos, before: e, after: res, was: m.st.outcomes[pos], now: edited})
	}
	if len(cs) == 0 {
		m.status.Info("nothing combined: no item asked about combines any more")
		return m, nil
	}
	m = m.commit(step{label: fmt.Sprintf("combined %s against the base", draw.Counted(len(cs), "item", "items")), changes: cs})
	if m.screen == itemScreen {
		m.screen = listScreen
	}
	return m, nil
}
