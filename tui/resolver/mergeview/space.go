package mergeview

import (
	"fmt"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// White space (issue 30 item 5). W hides the hunks that change white space
// alone by the rule of package feeds/threeway (threeway.SpaceOnly: runs of
// white space compare equal where the field's type lets them, not inside
// pre nor under xml:space="preserve"; values combined whole compare
// exactly), as diff tools ignore white space: ] and [
// pass them, the counts and the question on applying leave them out, the
// sides show their text unmarked, and the result keeps the winner's there
// unless one is taken (a click still takes it). W again shows them. The
// choice holds from item to item, as a diff tool's option does, and the
// item screen shares it: W reports it (SpaceMsg) for the root to keep the
// item screen alike, and the root sets it here with HideSpace.

// SpaceMsg reports that W hid (or showed) the changes of white space alone.
type SpaceMsg struct{ Hide bool }

// spaceState is which hunks change white space alone (worked out when W
// first hides them), and whether they are hidden.
type spaceState struct {
	hide bool
	only [][]bool
}

// spaceOnlyOf marks, for each version of e, which of its hunks change
// white space alone: the winner's field against the same field with that
// hunk alone taken, read whole, so that the rule sees where the hunk
// stands (inside pre or not).
func spaceOnlyOf(e dialect.Entry, mm mergemodel.Model, fields []mergemodel.Field) [][]bool {
	own := map[string]dialect.Field{}
	for _, f := range e.Winner().Fields() {
		own[f.Key] = f
	}
	out := make([][]bool, mm.Versions())
	for ver := range out {
		hs := mm.Hunks(ver)
		out[ver] = make([]bool, len(hs))
		for k, h := range hs {
			w, ok := own[fields[h.Field].Key]
			if !ok || fields[h.Field].List {
				continue // a list's values compare whole, exactly
			}
			taken := w
			taken.Value = w.Value[:h.Start] + h.Right + w.Value[h.End:]
			out[ver][k] = w.Value == fields[h.Field].Winner && threeway.SpaceOnly(w, taken)
		}
	}
	return out
}

// hidden reports whether hunk k of version ver is hidden: white space
// alone, while W hides such hunks.
func (v Model) hidden(ver, k int) bool {
	return v.space.hide && ver < len(v.space.only) && k < len(v.space.only[ver]) && v.space.only[ver][k]
}

// spaceHidden counts the hunks of version ver that W hides.
func (v Model) spaceHidden(ver int) int {
	n := 0
	for k := range v.mm.Hunks(ver) {
		if v.hidden(ver, k) {
			n++
		}
	}
	return n
}

// SpaceHidden reports whether the hunks that change white space alone are
// hidden.
func (v Model) SpaceHidden() bool { return v.space.hide }

// HideSpace hides (or shows) the hunks that change white space alone, as
// W does, without a word in the header: the setting the item screen
// shares.
func (v *Model) HideSpace(hide bool) {
	if v.space.hide == hide {
		return
	}
	v.space.hide = hide
	if v.item.entry.IsZero() {
		return // closed: Open works them out
	}
	if v.space.hide && v.space.only == nil {
		v.space.only = spaceOnlyOf(v.item.entry, v.mm, v.fields)
	}
	v.memo, v.cols.memo = newMergeMemo(), nil // the sides are drawn otherwise
	if v.hidden(v.version, v.cur) {
		v.cur = v.visibleFrom(v.cur, 1)
	}
	v.layout()
	v.follow()
}

// toggleSpace shows or hides the hunks that change white space alone,
// and says so.
func (v *Model) toggleSpace() {
	v.HideSpace(!v.space.hide)
	n := 0
	for ver := range v.mm.Versions() {
		n += v.spaceHidden(ver)
	}
	switch {
	case !v.space.hide:
		v.note = "white-space-only changes shown: W hides them"
	case n == 0:
		v.note = "no hunk changes white space alone · W shows them again when there are"
	default:
		v.note = fmt.Sprintf("%s hidden: white space alone · W shows them", draw.Plural(n, "hunk"))
	}
	v.layout()
}

// visibleFrom returns the first hunk of the version shown from k on, going
// by d and round, that is not hidden; k when none is.
func (v Model) visibleFrom(k, d int) int {
	n := len(v.shown())
	for i := range n {
		if j := ((k+d*i)%n + n) % n; !v.hidden(v.version, j) {
			return j
		}
	}
	return k
}

// visible lists the hunks of the version shown that are not hidden.
func (v Model) visible() []int {
	var out []int
	for k := range v.shown() {
		if !v.hidden(v.version, k) {
			out = append(out, k)
		}
	}
	return out
}

// openVisible counts the hunks of version ver still open and not hidden.
func (v Model) openVisible(ver int) int {
	n := 0
	for k, s := range v.mm.States(ver) {
		if s.Undecided() && !v.hidden(ver, k) {
			n++
		}
	}
	return n
}

// inlineAt reports, for the k-th hunk of version ver in field i, whether a
// column shows it inline, both sides (see inline): every hunk but those W
// hides.
func (v Model) inlineAt(ver, i int) func(k int) bool {
	first := 0
	for _, h := range v.mm.Hunks(ver) {
		if h.Field < i {
			first++
		}
	}
	return func(k int) bool { return !v.hidden(ver, first+k) }
}
