package resolver

import (
	"fmt"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// decisionKind names the decisions of the key table.
type decisionKind uint8

const (
	keepWinner   decisionKind = iota // w: 1.0.2 §3.4 step 1.1, 0.91 §5
	takeVersion                      // t: 1.0.2 §3.4 step 1.2, 0.91 §5
	editData                         // e, E: 1.0.2 §3.4 step 1.3, 0.91 §5
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
	edit     dialect.Edit // the new data of editData
}

// decide computes the step a decision makes, through the document alone,
// which makes every decision a call into its dialect's engine.
func (s *store) decide(d decision, st dialect.Stamp) (step, error) {
	e := s.items[d.pos]
	after, o, label, err := s.outcomeOf(d, e, st)
	if err != nil {
		return step{}, err
	}
	c := change{pos: d.pos, before: e, after: after, was: s.outcomes[d.pos], now: o}
	return step{label: label, changes: []change{c}}, nil
}

func (s *store) outcomeOf(d decision, e dialect.Entry, st dialect.Stamp) (dialect.Entry, outcome, string, error) {
	title := s.title(d.pos)
	only := make([]int, len(d.versions))
	for i, v := range d.versions {
		only[i] = v + 1
	}
	switch d.kind {
	case keepWinner:
		res, err := s.doc.Resolve(e, st, dialect.Resolution{Only: only}, dialect.Options{})
		return res, resolved, fmt.Sprintf("kept the winner of %q", title), err
	case takeVersion:
		res, err := s.doc.Resolve(e, st, dialect.Resolution{Pick: d.version + 1, Only: only}, dialect.Options{})
		return res, resolved, fmt.Sprintf("took version %d of %q", d.version+1, title), err
	case editData:
		if !e.InConflict() { // resolved by another writer while combined (mergein.go): an update over the resolution
			res, err := s.doc.Update(e, st, dialect.Change{Edit: d.edit}, dialect.Options{})
			return res, edited, fmt.Sprintf("edited %q", title), err
		}
		r := dialect.Resolution{Only: only, Edit: d.edit}
		res, err := s.doc.Resolve(e, st, r, dialect.Options{})
		return res, edited, fmt.Sprintf("edited %q", title), err
	}
	verb, deleted := "deleted", !e.Winner().Deleted()
	if !deleted {
		verb = "undeleted"
	}
	res, err := s.doc.Update(e, st, dialect.Change{Deleted: &deleted}, dialect.Options{})
	label := fmt.Sprintf("%s %q", verb, title)
	if err == nil && e.InConflict() && !res.InConflict() {
		label += ", an update that also removed its conflicts"
	}
	return res, s.outcomes[d.pos], label, err
}
