package threeway

import (
	"slices"

	"github.com/feedsync/feedsync/diff/merge3"
	"github.com/feedsync/feedsync/feeds"
)

// spaceEqual reports whether runs of white space compare equal when the
// text of a field, base b, merges the versions vals.
func spaceEqual(o Options, b value, vals []value) bool {
	if o.ExactSpace || b.ok && b.Preserve {
		return false
	}
	return !slices.ContainsFunc(vals, func(v value) bool { return v.ok && v.Preserve })
}

// SpaceOnly reports whether two values of one text field differ in white
// space alone where the rule lets white space compare equal (see the
// package doc): what a front end that shows or hides changes of white
// space alone hides. Fields without a text type (Type ""), of two types,
// or under xml:space="preserve" compare exactly, as the rule does.
func SpaceOnly(a, b feeds.Field) bool {
	spaces, words := SpaceEdits(a, b)
	return !words && len(spaces) > 0
}

// SpaceEdits returns the changes from value a to value b of one text
// field that change white space alone where the rule lets white space
// compare equal (merge3.SpaceEdits, by the field's type: not inside pre,
// nor where xml:space="preserve" holds), and whether b changes anything
// else: what a front end that hides changes of white space alone leaves
// unmarked, the rest marked. A field the rule compares exactly (see
// SpaceOnly) has none, and changes something else when the values differ.
func SpaceEdits(a, b feeds.Field) (spaces []merge3.SpaceEdit, words bool) {
	m, ok := textMode(value{a, true}, []value{{b, true}})
	if !ok || a.Preserve || b.Preserve {
		return nil, a.Value != b.Value
	}
	return merge3.SpaceEdits(a.Value, b.Value, m)
}
