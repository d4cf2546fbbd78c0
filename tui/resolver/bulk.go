package resolver

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// Decisions on many items at once: A keeps every winner, T takes for
// every item the version one endpoint made. Both act on the items the
// list shows when a filter is on, and say so; each is one step that u
// undoes.

// bulkScope returns the unresolved items a bulk decision acts on, and how
// the question names them.
func (m Model) bulkScope() ([]int, string) {
	var out []int
	rows, query := m.list.Filtered()
	if query == "" {
		rows = m.st.conflicted
	}
	for _, pos := range rows {
		if m.st.entry(pos).InConflict() {
			out = append(out, pos)
		}
	}
	what := fmt.Sprintf("all %d unresolved items", len(out))
	if len(out) == 1 {
		what = "the one unresolved item"
	}
	if query != "" {
		what = strings.Replace(what, "all", "the", 1) + " that the filter “" + query + "” shows"
	}
	if query != "" && m.st.searching() {
		what += " so far (it is still searching)"
	}
	return out, what
}

// haveOne says how many of the total items in scope have a version by the
// endpoint, and how many stay in conflict.
func haveOne(n, total int) string {
	switch {
	case n == total && n == 1:
		return "it has one"
	case n == total:
		return fmt.Sprintf("all %d have one", n)
	}
	has := draw.Counted(n, "has one", "have one")
	switch rest := total - n; rest {
	case 1:
		return has + "; the other stays in conflict"
	default:
		return fmt.Sprintf("%s; the other %d stay in conflict", has, rest)
	}
}

// askKeepAll asks before keeping every winner.
func (m Model) askKeepAll() (Model, tea.Cmd) {
	ps, scope := m.bulkScope()
	if len(ps) == 0 {
		m.status.Info("no unresolved item left" + filterNote(m))
		return m, nil
	}
	m.bulk = bulk{positions: ps}
	return m.ask(askKeepAll, fmt.Sprintf("Keep the winner for %s? %s recorded as a change by %s that settles "+
		"every conflicting version. u undoes it.", scope, eachIs(len(ps)), m.cfg.By)), nil
}

// askTakeAll asks before taking, for every unresolved item, the version
// that the endpoint of the version at hand made.
func (m Model) askTakeAll() (Model, tea.Cmd) {
	pos, ok := m.current()
	if !ok || len(m.st.entry(pos).Versions()) == 0 {
		m.status.Info("open an item with another version: T takes the version its endpoint made, for every item")
		return m, nil
	}
	v := 0
	if m.screen == itemScreen {
		v = m.item.Version()
	}
	by := draw.Top(m.st.entry(pos).Versions()[v]).By
	if by == "" {
		m.status.Info("this version names no endpoint: nothing to take for the others")
		return m, nil
	}
	ps, scope := m.bulkScope()
	n := 0
	for _, p := range ps {
		if _, ok := versionBy(m.st.entry(p), by); ok {
			n++
		}
	}
	m.bulk = bulk{positions: ps, by: by}
	return m.ask(askTakeAll, fmt.Sprintf("For %s, take the version %s made (%s)? "+
		"%s recorded as a change by %s. u undoes it.", scope, by, haveOne(n, len(ps)), eachIs(len(ps)), m.cfg.By)), nil
}

// eachIs begins the sentence about how the n items are recorded.
func eachIs(n int) string {
	if n == 1 {
		return "It is"
	}
	return "Each is"
}

func filterNote(m Model) string {
	if _, q := m.list.Filtered(); q != "" {
		return " among those the filter shows"
	}
	return ""
}

// bulk is what a bulk decision waits on while its question is asked.
type bulk struct {
	positions []int
	by        string // the endpoint whose versions T takes
}

// versionBy returns the version of an entry that endpoint by made last:
// 0 for the winner, N for conflict version N; ok is false when none did.
func versionBy(e dialect.Entry, by string) (int, bool) {
	if draw.Top(e.Winner()).By == by {
		return 0, true
	}
	for i, v := range e.Versions() {
		if draw.Top(v).By == by {
			return i + 1, true
		}
	}
	return 0, false
}

// keepAll keeps every winner asked about, as one step.
func (m Model) keepAll() (Model, tea.Cmd) {
	return m.bulkStep(func(e dialect.Entry) (dialect.Resolution, bool) { return dialect.Resolution{}, true },
		"kept the winner of %d items")
}

// takeAll takes, for every item asked about, the version the endpoint made.
func (m Model) takeAll() (Model, tea.Cmd) {
	by := m.bulk.by
	return m.bulkStep(func(e dialect.Entry) (dialect.Resolution, bool) {
		pick, ok := versionBy(e, by)
		return dialect.Resolution{Pick: pick}, ok
	}, "took "+by+"'s version of %d items")
}

// bulkStep resolves each item asked about as pick says, as one step.
func (m Model) bulkStep(pick func(dialect.Entry) (dialect.Resolution, bool), label string) (Model, tea.Cmd) {
	s, err := m.st.resolveAll(m.bulk.positions, m.stamp(), pick, label)
	if err != nil {
		m.status.Error(err.Error())
		return m, nil
	}
	if len(s.changes) == 0 {
		m.status.Info("nothing to take: no item has such a version")
		return m, nil
	}
	m = m.commit(s)
	if m.screen == itemScreen {
		m.screen = listScreen
	}
	return m, nil
}

// resolveAll resolves the items at the positions as pick says, skipping
// those it declines, as one step.
func (s *store) resolveAll(ps []int, st dialect.Stamp, pick func(dialect.Entry) (dialect.Resolution, bool), label string) (step, error) {
	var cs []change
	for _, pos := range ps {
		e := s.items[pos]
		r, ok := pick(e)
		if !ok || !e.InConflict() {
			continue
		}
		res, err := s.doc.Resolve(e, st, r, dialect.Options{})
		if err != nil {
			return step{}, err
		}
		cs = append(cs, change{pos: pos, before: e, after: res, was: s.outcomes[pos], now: resolved})
	}
	return step{label: fmt.Sprintf(label, len(cs)), changes: cs}, nil
}
