package mergeview

import (
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// What the view holds, read by the root model and by tests that press keys
// on the whole resolver and check where the view stands.

// Entry returns the state of the item merged.
func (v Model) Entry() dialect.Entry { return v.item.entry }

// Selection returns the marked versions the result settles; empty for all.
func (v Model) Selection() []int { return v.item.versions }

// Merge returns the merge the view shows: the fields, hunks and results.
func (v Model) Merge() mergemodel.Model { return v.mm }

// Fields returns the fields merged.
func (v Model) Fields() []mergemodel.Field { return v.fields }

// Result returns the result of the field with the key, and whether the
// item has that field.
func (v Model) Result(key string) (string, bool) {
	for i, f := range v.fields {
		if f.Key == key {
			return v.value(i), true
		}
	}
	return "", false
}

// Version returns the version shown against the winner.
func (v Model) Version() int { return v.version }

// Hunks returns the hunks of the version shown.
func (v Model) Hunks() []mergemodel.Hunk { return v.shown() }

// Hunk returns the hunk at hand, among those of the version shown.
func (v Model) Hunk() int { return v.cur }

// State says what the result holds at hunk k of the version shown.
func (v Model) State(k int) mergemodel.State { return v.stateOf(k) }

// OpenIn counts the hunks of version ver still open.
func (v Model) OpenIn(ver int) int { return v.openIn(ver) }

// Columnar reports whether every version is shown in columns.
func (v Model) Columnar() bool { return v.columnar() }

// Scroll returns the first row of the body shown.
func (v Model) Scroll() int { return v.body.scroll }
