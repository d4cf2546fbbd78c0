package mergeview

import (
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// applyGuard is what applying asks about or refuses, so that no version is
// settled that the person was not shown (1.0.2 §3.4).
type applyGuard struct {
	seen    []bool // each version shown at least once
	asked   bool   // applying with a version unseen has asked once
	fresh   []bool // each version a merge-in brought that the person had not set out to settle (rebase.go)
	rebased string // what a merge-in changed of the item, said once more when applying; "" when nothing
	openOK  bool   // applying with hunks open was confirmed (ApplyOpen)
}

// unseen returns the first version the result settles that was never
// shown and whose data differs from the result, or -1.
func (v Model) unseen() int {
	for i := range v.mm.Versions() {
		if v.guard.seen[i] || !v.settles(i) {
			continue
		}
		for j, f := range v.fields {
			if i < len(f.Values) && f.Values[i] != v.value(j) {
				return i
			}
		}
	}
	return -1
}

// settles reports whether the result settles version i.
func (v Model) settles(i int) bool {
	return v.item.whole || len(v.item.versions) == 0 || slices.Contains(v.item.versions, i)
}

// apply returns the command that records the result as the resolution,
// unless it empties the title or the content, which it refuses. With
// three or more versions one is shown at a time: applying while a version
// the result settles was never shown, and holds data the result does not,
// asks once (ctrl+s again applies, tab shows that version) rather than
// settling data the person never saw.
func (v *Model) apply() tea.Cmd {
	for i, f := range v.fields {
		if mergemodel.Emptied(f, v.value(i)) {
			v.note = "the " + f.Key + " is empty: write one, or take a side"
			v.startTyping(i)
			v.layout()
			v.follow()
			return nil
		}
	}
	if refused := v.refuseRebased(); refused {
		return nil
	}
	if u := v.unseen(); u >= 0 && !v.guard.asked {
		v.guard.asked = true
		v.note = fmt.Sprintf("version %d (%s) was not shown: ctrl+s again applies anyway, tab shows it", u+1, v.item.whos[u])
		return nil
	}
	if n := v.openHunks(); n > 0 && !v.guard.openOK {
		return func() tea.Msg { return OpenMsg{n} }
	}
	done := DoneMsg{v.item.pos, v.item.entry, v.item.versions, v.mm.Edit()}
	return func() tea.Msg { return done }
}

// ApplyOpen returns the view and the command that applies the result with
// hunks still open, for the answer "apply anyway" to the question apply
// asked.
func (v Model) ApplyOpen() (Model, tea.Cmd) {
	v.guard.openOK = true
	cmd := v.apply()
	v.guard.openOK = false
	return v, cmd
}

// openHunks counts the places where a version the result settles has a
// hunk no one decided (open, or a clash), each place once however many
// versions have a hunk there.
func (v Model) openHunks() int {
	seen := map[[3]int]bool{}
	for ver := range v.mm.Versions() {
		if !v.settles(ver) {
			continue
		}
		for k, s := range v.mm.States(ver) {
			if h := v.mm.Hunks(ver)[k]; s.Undecided() && !v.hidden(ver, k) {
				seen[[3]int{h.Field, h.Start, h.End}] = true
			}
		}
	}
	return len(seen)
}

// Applied returns the view and the command that applies the result, for
// the answer "apply" to leaving a changed merge.
func (v Model) Applied() (Model, tea.Cmd) {
	cmd := v.apply()
	return v, cmd
}
