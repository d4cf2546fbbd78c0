package mergemodel

import (
	"testing"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/threeway"
)

// planOf is a plan whose combination holds content, with clashes.
func planOf(content string, clashes ...threeway.Clash) threeway.Plan {
	return threeway.Plan{Fields: []feeds.Field{{Key: "content", Value: content, Shared: true}}, Clashes: clashes}
}

// TestStartReadsThePlan: the start holds what the plan combined ("Buy oat
// milk today" and "Buy milk tomorrow" from "Buy milk today" give "Buy oat
// milk tomorrow"), and each hunk reads combined; the start is one undo
// step (issue 19 part 5, issue 29 item 2: the plan is feeds/threeway's).
func TestStartReadsThePlan(t *testing.T) {
	m := merge("Buy oat milk today", "Buy milk tomorrow")
	m.Start(planOf("Buy oat milk tomorrow"))
	if sum := m.Summary(); sum != (Summary{Combined: 2}) || !sum.Clean() {
		t.Errorf("summary %+v, want 2 combined and no clash", sum)
	}
	if got := m.Result(0); got != "Buy oat milk tomorrow" {
		t.Errorf("result %q", got)
	}
	for k, s := range m.States(0) {
		if s != Combined {
			t.Errorf("hunk %d: state %d, want combined", k+1, s)
		}
	}
	if m.OpenIn(0) != 0 || !m.Changed() || !m.Started() || !m.Combining() {
		t.Errorf("%d open, changed %v, started %v", m.OpenIn(0), m.Changed(), m.Started())
	}
	if !m.Undo() || m.Result(0) != "Buy oat milk today" || m.OpenIn(0) != len(m.Hunks(0)) {
		t.Errorf("undone: %q, %d open", m.Result(0), m.OpenIn(0))
	}
}

// TestStartClash: a clash of the plan's words is open, marked a clash,
// where the start keeps the winner's text; the change elsewhere reads
// combined.
func TestStartClash(t *testing.T) {
	m := merge("Meet in Lyon on Monday", "Meet in Paris on Tuesday")
	m.Start(planOf("Meet in Lyon on Tuesday", threeway.Clash{Key: "content", Why: threeway.Edits, Spans: [][2]int{{8, 12}}}))
	if sum := m.Summary(); sum != (Summary{Clashes: 1, Combined: 1}) {
		t.Errorf("summary %+v, want 1 clash, 1 combined", sum)
	}
	want := []State{Clash, Combined}
	for k, s := range m.States(0) {
		if s != want[k] {
			t.Errorf("hunk %d (%q→%q): state %d, want %d", k+1, m.Hunks(0)[k].Left, m.Hunks(0)[k].Right, s, want[k])
		}
	}
	m.Take(0, 0, SideVersion)
	if m.States(0)[0] != Version || m.Result(0) != "Meet in Paris on Tuesday" {
		t.Errorf("the clash taken: %q, state %d", m.Result(0), m.States(0)[0])
	}
}

// TestUndoneStartCountsNothingCombined (issue 30 item 8): after u undoes
// the start, the summary counts no hunk combined (it said "0 clashes, 4
// combined" with 4 hunks open), the clash is still marked, and a hunk the
// person then takes by hand reads as theirs, not "combined"; ctrl+r puts
// the combining back.
func TestUndoneStartCountsNothingCombined(t *testing.T) {
	m := merge("Meet in Lyon on Monday", "Meet in Paris on Tuesday")
	m.Start(planOf("Meet in Lyon on Tuesday", threeway.Clash{Key: "content", Why: threeway.Edits, Spans: [][2]int{{8, 12}}}))
	m.Undo()
	if sum := m.Summary(); sum != (Summary{Clashes: 1}) || m.Combining() || m.OpenIn(0) != 2 {
		t.Errorf("after u: summary %+v, combining %v, %d open; want 1 clash, none combined, 2 open", sum, m.Combining(), m.OpenIn(0))
	}
	if !m.Redo() || !m.Combining() || m.States(0)[1] != Combined {
		t.Errorf("redone: combining %v, states %v", m.Combining(), m.States(0))
	}
	m.Undo()
	m.Take(0, 1, SideVersion) // what the start had taken, now by hand
	if s := m.States(0)[1]; s != Version {
		t.Errorf("taken by hand after u: state %d, want the version's (%d)", s, Version)
	}
}

// TestTakenByHandIsNotCombined: a hunk the start combined and the person
// then takes, even the same side, reads as what the person took.
func TestTakenByHandIsNotCombined(t *testing.T) {
	m := merge("Buy oat milk today", "Buy milk tomorrow")
	m.Start(planOf("Buy oat milk tomorrow"))
	m.Take(0, 1, SideVersion)
	if s := m.States(0)[1]; s != Version {
		t.Errorf("state %d, want the version's (%d)", s, Version)
	}
	if sum := m.Summary(); sum.Combined != 1 {
		t.Errorf("summary %+v, want the other hunk alone combined", sum)
	}
}

// TestStartWholeItem: where the plan clashes on the item as a whole (a
// deletion against an edit), nothing is taken and every hunk is a clash.
func TestStartWholeItem(t *testing.T) {
	m := merge("Meet in Lyon on Monday", "Meet in Paris on Tuesday")
	m.Start(threeway.Plan{Fields: []feeds.Field{{Key: "content", Value: "Meet in Lyon on Monday", Shared: true}},
		Clashes: []threeway.Clash{{Why: threeway.Deleted}}})
	sum := m.Summary()
	if !sum.Item || sum.Why != threeway.Deleted || sum.Clean() || m.Changed() {
		t.Errorf("summary %+v, changed %v", sum, m.Changed())
	}
	for k, s := range m.States(0) {
		if s != Clash {
			t.Errorf("hunk %d: state %d, want a clash", k+1, s)
		}
	}
}

// TestStartWholeField: a field that clashes whole (two values) keeps the
// winner's value and every hunk of it is a clash; a list that clashes
// anywhere, the whole list.
func TestStartWholeField(t *testing.T) {
	m := FromFields([]Field{
		{Key: "{urn:x}due", Label: "due", Winner: "<due>1 June</due>", Values: []string{"<due>2 May</due>"}},
		{Key: "{urn:x}tag", Label: "tag", List: true, Numbered: true, Winner: "a\nb", Values: []string{"a\nc"}},
	}, 1)
	m.Start(threeway.Plan{
		Fields:  []feeds.Field{{Key: "{urn:x}due", Value: "<due>1 June</due>"}, {Key: "{urn:x}tag[1]", Value: "a"}, {Key: "{urn:x}tag[2]", Value: "b"}},
		Clashes: []threeway.Clash{{Key: "{urn:x}due", Why: threeway.Values}, {Key: "{urn:x}tag[2]", Why: threeway.Values}}})
	if sum := m.Summary(); sum.Clashes != 2 || m.Changed() {
		t.Errorf("summary %+v, changed %v", sum, m.Changed())
	}
}

// TestStartHiddenField: the plan's clash of a field the view cannot show
// is counted, and its combination of such a field is applied with the
// result.
func TestStartHiddenField(t *testing.T) {
	m := merge("Buy oat milk today", "Buy milk tomorrow")
	p := planOf("Buy oat milk tomorrow", threeway.Clash{Key: "{urn:x}note[1]", Why: threeway.Values})
	p.Resolution.Fields = []feeds.FieldEdit{{Key: "{urn:x}when[1]", Value: "<when>now</when>"}}
	m.Start(p)
	if sum := m.Summary(); sum.Hidden != 1 || sum.Clean() {
		t.Errorf("summary %+v, want a hidden clash", sum)
	}
	if e := m.Edit(); len(e.Fields) != 1 || e.Fields[0].Key != "{urn:x}when[1]" {
		t.Errorf("edit %+v, want the plan's edit of the hidden field", e)
	}
}

// TestTookSaysWhoseChange (issue 30 item 3): where the start combined, it
// says whose change it took: the winner's "oat ", which the version did
// not make, and the version's "tomorrow", where the winner kept the base;
// a hunk the start did not decide took nothing.
func TestTookSaysWhoseChange(t *testing.T) {
	m := merge("Buy oat milk today", "Buy milk tomorrow")
	m.Start(planOf("Buy oat milk tomorrow"))
	for k, want := range []State{Winner, Version} {
		if got := m.Took(0, k); got != want {
			t.Errorf("hunk %d (%q→%q): took %d, want %d", k+1, m.Hunks(0)[k].Left, m.Hunks(0)[k].Right, got, want)
		}
	}
	m.Take(0, 0, SideVersion)
	if got := m.Took(0, 0); got != Open {
		t.Errorf("a hunk taken by hand: took %d, want none", got)
	}
}
