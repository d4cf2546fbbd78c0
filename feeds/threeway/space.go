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
	m, ok := textMode(value{a, true}, []value{{b, true}})
	if !ok || a.Preserve || b.Preserve {
		return false
	}
	return merge3.SpaceOnly(a.Value, b.Value, m)
}
