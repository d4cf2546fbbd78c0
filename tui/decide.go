package tui

import (
	"fmt"
	"slices"

	"github.com/feedsync/feedsync/engine"
)

// decisionKind names the decisions of the key table.
type decisionKind uint8

const (
	keepWinner   decisionKind = iota // w: §3.4 step 1.1
	takeVersion                      // t: §3.4 step 1.2
	editData                         // e, E: §3.4 step 1.3
	toggleDelete                     // d: a §3.2 deletion or un-deletion
)

// decision is one person's choice on one item. Versions lists the marked
// conflict versions (indexes into Conflicts); empty means all of them.
type decision struct {
	kind     decisionKind
	pos      int
	version  int
	versions []int
	title    string
	content  string
}

// decide computes the step a decision makes, through the engine alone: every
// resolution is engine.Resolve (a §3.2 update, then the §4 fold of the chosen
// versions) and a deletion is engine.Update.
func (s *store) decide(d decision, st engine.Stamp) (step, error) {
	it := s.items[d.pos]
	after, o, label, err := s.outcomeOf(d, it, st)
	if err != nil {
		return step{}, err
	}
	c := change{pos: d.pos, before: it, after: after, was: s.outcomes[d.pos], now: o}
	return step{label: label, changes: []change{c}}, nil
}

func (s *store) outcomeOf(d decision, it *engine.Item, st engine.Stamp) (*engine.Item, outcome, string, error) {
	title := s.title(d.pos)
	switch d.kind {
	case keepWinner:
		res, err := resolve(it, st, engine.PickWinner(it), d.versions)
		return res, resolved, fmt.Sprintf("kept the winner of %q", title), err
	case takeVersion:
		ch, err := engine.PickVersion(it, d.version)
		if err != nil {
			return nil, 0, "", err
		}
		res, err := resolve(it, st, ch, withVersion(d.versions, d.version))
		return res, resolved, fmt.Sprintf("took version %d of %q", d.version+1, title), err
	case editData:
		ch := engine.Change{Data: s.doc.NewData(it.Data, &d.title, &d.content), Deleted: it.Sync.Deleted}
		res, err := resolve(it, st, ch, d.versions)
		return res, edited, fmt.Sprintf("edited %q", title), err
	default:
		ch, verb := engine.Delete(it), "deleted"
		if it.Sync.Deleted {
			ch, verb = engine.Undelete(it), "undeleted"
		}
		res, err := engine.Update(it, st, ch, engine.Options{})
		return res, s.outcomes[d.pos], fmt.Sprintf("%s %q", verb, title), err
	}
}

// resolve is engine.Resolve with the default options.
func resolve(it *engine.Item, st engine.Stamp, ch engine.Change, versions []int) (*engine.Item, error) {
	return engine.Resolve(it, st, engine.Resolution{Change: ch, Versions: versions}, engine.Options{})
}

// withVersion adds the taken version to a selection: taking a version's data
// factors it in. An empty selection already means every version.
func withVersion(versions []int, v int) []int {
	if len(versions) == 0 || slices.Contains(versions, v) {
		return versions
	}
	versions = append(slices.Clone(versions), v)
	slices.Sort(versions)
	return versions
}

// keepAll keeps the winner of every unresolved item, as one step (A).
func (s *store) keepAll(st engine.Stamp) (step, error) {
	var cs []change
	for _, pos := range s.conflicted {
		it := s.items[pos]
		if len(it.Conflicts) == 0 {
			continue
		}
		res, err := resolve(it, st, engine.PickWinner(it), nil)
		if err != nil {
			return step{}, err
		}
		cs = append(cs, change{pos: pos, before: it, after: res, was: s.outcomes[pos], now: resolved})
	}
	return step{label: fmt.Sprintf("kept the winner of %d items", len(cs)), changes: cs}, nil
}
