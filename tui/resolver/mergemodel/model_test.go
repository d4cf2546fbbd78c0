package mergemodel

import (
	"slices"
	"testing"
)

// merge returns the model of a content field with a winner and versions.
func merge(winner string, versions ...string) Model {
	return FromFields([]Field{{Key: "content", Label: "Content", Winner: winner, Values: versions}}, len(versions))
}

// TestStates reads what the result holds at a hunk (QA Q1): the other
// version's text exactly is another version's; anything more, or text that
// merely contains it, was typed.
func TestStates(t *testing.T) {
	for _, c := range []struct {
		name           string
		winner, result string
		shown, other   string
		want           State
	}{
		{"untouched", "in Annecy now", "in Annecy now", "in Lyon now", "in Paris now", Open},
		{"the version's word", "in Annecy now", "in Lyon now", "in Lyon now", "in Paris now", Version},
		{"both, the diff placing the version's after the space (issue 20 item 15)", "in Annecy now", "in Annecy Lyon now", "in Lyon now", "in Paris now", Both},
		{"both reversed (issue 20 item 15)", "in Annecy now", "in Lyon Annecy now", "in Lyon now", "in Paris now", BothRev},
		{"a word typed after the space is not a side's", "in Annecy now", "in Annecy NEW now", "in Lyon now", "in Paris now", Open},
		{"the other's word", "in Annecy now", "in Paris now", "in Lyon now", "in Paris now", Other},
		{"the other's deletion", "in Annecy now", "in now", "in Lyon now", "in now", Other},
		{"the other's change spans the hunk", "in Annecy, 14 May", "in Paris, 15 May", "in Lyon, 14 May", "in Paris, 15 May", Other},
		{"the other's word and more", "in Annecy now", "in Paris EXTRA now", "in Lyon now", "in Paris now", Hand},
		{"the other's word in typing", "in Annecy now", "in Parisian now", "in Lyon now", "in Paris now", Hand},
		{"the shown version's word and more", "in Annecy now", "in Lyon Paris now", "in Lyon now", "in Paris now", Hand},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := merge(c.winner, c.shown, c.other)
			if len(m.Hunks(0)) != 1 {
				t.Fatalf("hunks %+v, want one", m.Hunks(0))
			}
			m.SetResult(0, c.result)
			if got := m.States(0)[0]; got != c.want {
				t.Errorf("state %d, want %d", got, c.want)
			}
		})
	}
}

// TestTakeUndoRedo takes each side of a hunk, undoes and redoes, without a
// screen (1.0.2 §3.4 step 1.3: combine): a take is one undo step, a take
// of what the result holds already is none, and a new take forgets what
// could be redone.
func TestTakeUndoRedo(t *testing.T) {
	m := merge("Buy milk today", "Buy oat milk today")
	if hs := m.Hunks(0); len(hs) != 1 || hs[0].Right == "" {
		t.Fatalf("hunks %+v", hs)
	}
	rev := m.Rev()
	field, rs, re, text, changed := m.Take(0, 0, SideVersion)
	if !changed || field != 0 || m.Result(0) != "Buy oat milk today" || m.Rev() == rev {
		t.Fatalf("take: %q changed %v rev %d→%d", m.Result(0), changed, rev, m.Rev())
	}
	if got := "Buy milk today"[:rs] + text + "Buy milk today"[re:]; got != m.Result(0) {
		t.Errorf("the replacement reported gives %q, the result is %q", got, m.Result(0))
	}
	if _, _, _, _, again := m.Take(0, 0, SideVersion); again || m.Steps() != 1 {
		t.Errorf("a take of what the result holds changed %v, %d steps; want none, 1", again, m.Steps())
	}
	if m.States(0)[0] != Version || !m.Changed() {
		t.Errorf("state %d, changed %v", m.States(0)[0], m.Changed())
	}
	m.Take(0, 0, SideWinner)
	if m.States(0)[0] != Winner || m.Changed() {
		t.Errorf("the winner's side taken: state %d, changed %v", m.States(0)[0], m.Changed())
	}
	if !m.Undo() || m.Result(0) != "Buy oat milk today" {
		t.Errorf("undo: %q", m.Result(0))
	}
	if !m.Undo() || m.Result(0) != "Buy milk today" || m.States(0)[0] != Open || m.Undo() {
		t.Errorf("undo to the start: %q, state %d", m.Result(0), m.States(0)[0])
	}
	if !m.Redo() || m.Result(0) != "Buy oat milk today" {
		t.Errorf("redo: %q", m.Result(0))
	}
	if got := m.Edit(); got.Content == nil || *got.Content != m.Result(0) {
		t.Errorf("edit %+v, want the content %q", got, m.Result(0))
	}
	m.Take(0, 0, SideWinner)
	if m.Redo() {
		t.Error("a new take kept what could be redone")
	}
}

// TestTypingStep: Push and Settle bracket typing as one undo step, none
// when it changed nothing.
func TestTypingStep(t *testing.T) {
	m := merge("a b c", "a x c")
	m.Push()
	if m.Settle() || m.Steps() != 0 {
		t.Error("typing nothing left an undo step")
	}
	m.Push()
	m.SetResult(0, "a b c d")
	if !m.Settle() || m.Steps() != 1 {
		t.Error("typing left no undo step")
	}
	typed, theirs := m.Strays(0, 0)
	if len(typed) != 1 || len(theirs) != 0 || m.Result(0)[typed[0][0]:typed[0][1]] != " d" {
		t.Errorf("typed %v theirs %v", typed, theirs)
	}
	if !m.Undo() || m.Result(0) != "a b c" {
		t.Errorf("undo: %q", m.Result(0))
	}
}

// TestTextAt: what each version holds over a hunk of another.
func TestTextAt(t *testing.T) {
	m := merge("in Annecy now", "in Lyon now", "in Paris now", "in Annecy later")
	got := []string{m.TextAt(0, 0, 1), m.TextAt(0, 0, 2)}
	if want := []string{"Paris", "Annecy"}; !slices.Equal(got, want) {
		t.Errorf("texts %q, want %q", got, want)
	}
}

// TestBothIsNoStray: both sides taken at a hunk is the hunk's text, not
// typing outside the hunks, and a take after it replaces it whole (issue
// 20 item 15: after b or B the hunk read "typed outside the hunks" and
// stayed open).
func TestBothIsNoStray(t *testing.T) {
	for s, want := range map[Side]State{SideBoth: Both, SideBothRev: BothRev} {
		m := merge("in Annecy now", "in Lyon now", "in Paris now")
		m.Take(0, 0, s)
		typed, theirs := m.Strays(0, 0)
		if st := m.States(0)[0]; st != want || len(typed)+len(theirs) != 0 {
			t.Errorf("side %d: %q reads as state %d, typed %v, theirs %v", s, m.Result(0), st, typed, theirs)
		}
		m.Take(0, 0, SideVersion)
		if m.Result(0) != "in Lyon now" || m.States(0)[0] != Version {
			t.Errorf("side %d, then the version's: %q, state %d", s, m.Result(0), m.States(0)[0])
		}
	}
}

// TestCarry: a merge-in's new state of the item keeps the text the person
// made of each field (by key) as one undo step; a field they left as the
// winner's starts as the new winner's.
func TestCarry(t *testing.T) {
	old := FromFields([]Field{{Key: "title", Winner: "a"}, {Key: "content", Winner: "b c", Values: []string{"b d"}}}, 1)
	old.Take(0, 0, SideVersion)
	m := FromFields([]Field{{Key: "content", Winner: "b e", Values: []string{"b d", "f"}}, {Key: "title", Winner: "A"}}, 2)
	from := m.Carry(old)
	if !slices.Equal(from, []int{1, 0}) || m.Result(0) != "b d" || m.Result(1) != "A" {
		t.Errorf("carried %v: %q, %q; want the content typed and the new title", from, m.Result(0), m.Result(1))
	}
	if !m.Undo() || m.Result(0) != "b e" {
		t.Errorf("undo: %q, want the new winner's", m.Result(0))
	}
}
