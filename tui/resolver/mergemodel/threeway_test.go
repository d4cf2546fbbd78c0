package mergemodel

import (
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// base returns the shared fields of a base with a content.
func base(content string) []dialect.Field {
	return []dialect.Field{{Key: "content", Label: "Content", Value: content, Shared: true}}
}

// TestStartCombines: what one side changed against the base is taken and
// reads as combined ("Buy oat milk today" and "Buy milk tomorrow" from
// "Buy milk today" give "Buy oat milk tomorrow" with no key); the start
// is one undo step (issue 19 part 5).
func TestStartCombines(t *testing.T) {
	m := merge("Buy oat milk today", "Buy milk tomorrow")
	sum := m.Start(base("Buy milk today"))
	if sum != (Summary{Combined: 2}) || !sum.Clean() {
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
	if m.OpenIn(0) != 0 || !m.Changed() {
		t.Errorf("%d open, changed %v", m.OpenIn(0), m.Changed())
	}
	if got, ok := m.Started(); !ok || got != sum {
		t.Errorf("Started %+v %v", got, ok)
	}
	m.Take(0, 0, SideVersion)
	if m.States(0)[0] == Combined {
		t.Error("a hunk the person took again still reads combined")
	}
	if !m.Undo() || !m.Undo() || m.Result(0) != "Buy oat milk today" || m.OpenIn(0) != len(m.Hunks(0)) {
		t.Errorf("undone twice: %q, %d open", m.Result(0), m.OpenIn(0))
	}
}

// TestStartClash: different changes to the same words are a clash: the
// hunk keeps the winner's text and stays open, marked as a clash; the
// change elsewhere is combined.
func TestStartClash(t *testing.T) {
	m := merge("Meet in Lyon on Monday", "Meet in Paris on Tuesday")
	sum := m.Start(base("Meet in Annecy on Monday"))
	if sum != (Summary{Clashes: 1, Combined: 1}) {
		t.Errorf("summary %+v, want 1 clash, 1 combined", sum)
	}
	if got := m.Result(0); got != "Meet in Lyon on Tuesday" {
		t.Errorf("result %q", got)
	}
	want := []State{Clash, Combined}
	for k, s := range m.States(0) {
		if s != want[k] {
			t.Errorf("hunk %d (%q→%q): state %d, want %d", k+1, m.Hunks(0)[k].Left, m.Hunks(0)[k].Right, s, want[k])
		}
	}
	if m.OpenIn(0) != 1 {
		t.Errorf("%d open, want the clash", m.OpenIn(0))
	}
	m.Take(0, 0, SideVersion)
	if m.States(0)[0] != Version || m.Result(0) != "Meet in Paris on Tuesday" {
		t.Errorf("the clash taken: %q, state %d", m.Result(0), m.States(0)[0])
	}
}

// TestStartThreeSides: the winner's change that no version made is kept
// (the versions' hunks there read combined, the winner's side taken), and
// each version's own change is taken, with three sides.
func TestStartThreeSides(t *testing.T) {
	m := merge("Two days in Annecy, 14–15 May, ten people", "Two days in Lyon, 14–15 May, eight people", "Three days in Lyon, 14–15 May, eight people")
	m.fields[0].Winner = "Two days in Annecy, 14–15 May, eight people"
	m = FromFields(m.fields, 2)
	sum := m.Start(base("Two days in Annecy, 14–15 May, ten people"))
	if !sum.Clean() {
		t.Fatalf("summary %+v, want clean", sum)
	}
	if got := m.Result(0); got != "Three days in Lyon, 14–15 May, eight people" {
		t.Errorf("result %q", got)
	}
	for ver := range 2 {
		for k, s := range m.States(ver) {
			if s != Combined {
				t.Errorf("version %d hunk %d: state %d, want combined", ver+1, k+1, s)
			}
		}
	}
}

// TestStartMarkup: HTML content merges as markup: a change inside a tag
// and one in the text beside it combine, and no hunk splits the tag.
func TestStartMarkup(t *testing.T) {
	m := FromFields([]Field{{Key: "content", Type: "html", Winner: `<p class="b">Buy milk</p>`, Values: []string{`<p>Buy oat milk</p>`}}}, 1)
	if sum := m.Start(base(`<p>Buy milk</p>`)); !sum.Clean() {
		t.Fatalf("summary %+v", sum)
	}
	if got := m.Result(0); got != `<p class="b">Buy oat milk</p>` {
		t.Errorf("result %q", got)
	}
}

// TestStartNoBaseField: a field the base lacks was added by the sides:
// its base is empty, and two different additions clash.
func TestStartNoBaseField(t *testing.T) {
	m := FromFields([]Field{{Key: "summary", Label: "Summary", Winner: "one", Values: []string{"two"}}}, 1)
	if sum := m.Start(base("x")); sum.Clashes != 1 || m.Changed() {
		t.Errorf("summary %+v, changed %v; want a clash and the winner's text", sum, m.Changed())
	}
}

// TestStartWhole: a field other than a title, content or summary combines
// whole, as feeds/threeway does: one side's change is taken, two
// different changes clash whole however few words they share.
func TestStartWhole(t *testing.T) {
	f := func(w, v string) Model {
		return FromFields([]Field{{Key: "{urn:x}due", Label: "due", Winner: w, Values: []string{v}}}, 1)
	}
	due := []dialect.Field{{Key: "{urn:x}due", Value: "<due>1 May 2026</due>", Shared: true}}
	m := f("<due>1 May 2026</due>", "<due>2 May 2026</due>")
	if sum := m.Start(due); sum != (Summary{Combined: 1}) || m.Result(0) != "<due>2 May 2026</due>" {
		t.Errorf("one side: %+v %q", sum, m.Result(0))
	}
	m = f("<due>1 June 2026</due>", "<due>2 May 2026</due>")
	if sum := m.Start(due); sum != (Summary{Clashes: 1}) || m.Changed() || m.States(0)[0] != Clash {
		t.Errorf("both sides: %+v, changed %v, state %d", sum, m.Changed(), m.States(0)[0])
	}
}
