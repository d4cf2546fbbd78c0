package resolver

import (
	"fmt"

	"github.com/feedsync/feedsync/engine"
)

// decisionKind names the decisions of the key table.
type decisionKind uint8

const (
	keepWinner   decisionKind = iota // w: FeedSync §3.4 step 1.1, SSE §5
	takeVersion                      // t: FeedSync §3.4 step 1.2, SSE §5
	editData                         // e, E: FeedSync §3.4 step 1.3, SSE §5
	toggleDelete                     // d: an update that deletes or undeletes
)

// decision is one person's choice on one item. Versions lists the marked
// conflict versions (indexes into the entry's Versions); empty means all of
// them.
type decision struct {
	kind     decisionKind
	pos      int
	version  int
	versions []int
	title    string
	content  string
}

// decide computes the step a decision makes, through the document alone,
// which makes every decision a call into its dialect's engine.
func (s *store) decide(d decision, st engine.Stamp) (step, error) {
	e := s.items[d.pos]
	after, o, label, err := s.outcomeOf(d, e, st)
	if err != nil {
		return step{}, err
	}
	c := change{pos: d.pos, before: e, after: after, was: s.outcomes[d.pos], now: o}
	return step{label: label, changes: []change{c}}, nil
}

func (s *store) outcomeOf(d decision, e Entry, st engine.Stamp) (Entry, outcome, string, error) {
	title := s.title(d.pos)
	switch d.kind {
	case keepWinner:
		res, err := s.doc.KeepWinner(e, d.versions, st)
		return res, resolved, fmt.Sprintf("kept the winner of %q", title), err
	case takeVersion:
		res, err := s.doc.TakeVersion(e, d.version, d.versions, st)
		return res, resolved, fmt.Sprintf("took version %d of %q", d.version+1, title), err
	case editData:
		res, err := s.doc.Edit(e, d.versions, d.title, d.content, st)
		return res, edited, fmt.Sprintf("edited %q", title), err
	}
	verb := "deleted"
	if e.Winner().Deleted() {
		verb = "undeleted"
	}
	res, err := s.doc.ToggleDelete(e, st)
	label := fmt.Sprintf("%s %q", verb, title)
	if err == nil && e.InConflict() && !res.InConflict() {
		label += ", an update that also removed its conflicts"
	}
	return res, s.outcomes[d.pos], label, err
}

// keepAll keeps the winner of every unresolved item, as one step (A).
func (s *store) keepAll(st engine.Stamp) (step, error) {
	var cs []change
	for _, pos := range s.conflicted {
		e := s.items[pos]
		if !e.InConflict() {
			continue
		}
		res, err := s.doc.KeepWinner(e, nil, st)
		if err != nil {
			return step{}, err
		}
		cs = append(cs, change{pos: pos, before: e, after: res, was: s.outcomes[pos], now: resolved})
	}
	return step{label: fmt.Sprintf("kept the winner of %d items", len(cs)), changes: cs}, nil
}
