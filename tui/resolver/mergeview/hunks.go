package mergeview

import (
	"slices"

	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// Moving between hunks and versions, taking sides, undo and redo: the
// keys of the view itself, outside typing.

// move goes to the next (1) or previous (-1) hunk, and brings it into view.
func (v *Model) move(d int) {
	n := len(v.shown())
	if n == 0 {
		v.note = "this version has no hunk: its shared fields are the winner's"
		return
	}
	if v.pastEnd(d) { // a changed result: round this item, not off to the next
		v.note = "round to this item's other end: ] and [ go on to the next item from an unchanged result · ctrl+s applies this one"
	}
	v.cur = v.visibleFrom((v.cur+d+n)%n, d)
	v.layout()
	v.follow()
}

// GoRound goes round the item's own hunks, to the first after ] past the
// last (next) or to the last after [ past the first: the answer to MoveMsg
// when no other item is in conflict.
func (v Model) GoRound(next bool) Model {
	v.note = "no other item in conflict: back to this one's first hunk"
	dir := 1
	if !next {
		v.note, dir = "no other item in conflict: on to this one's last hunk", -1
	}
	v.wrap(dir)
	return v
}

// wrap goes round to the first hunk (dir 1) or the last (-1), when no
// other item is in conflict.
func (v *Model) wrap(dir int) {
	if n := len(v.shown()); n > 0 {
		v.cur = v.visibleFrom(0, 1)
		if dir < 0 {
			v.cur = v.visibleFrom(n-1, -1)
		}
		v.layout()
		v.follow()
	}
}

// takeSide puts a side of the hunk at hand into the result, then moves on
// to the next hunk still open, if any.
func (v *Model) takeSide(s mergemodel.Side) {
	hs := v.shown()
	if len(hs) == 0 {
		v.note = "no hunk to take: type in the result with e"
		return
	}
	field, rs, re, text, _ := v.mm.Take(v.version, v.cur, s)
	v.editor.areas[field].Replace(rs, re, text)
	for k := 1; k < len(hs); k++ {
		if i := (v.cur + k) % len(hs); v.stateOf(i).Undecided() && !v.hidden(v.version, i) {
			v.cur = i
			break
		}
	}
	v.layout()
	v.follow()
}

// cycle shows the next or previous version against the winner.
func (v *Model) cycle(d int) {
	if n := v.mm.Versions(); n > 1 {
		v.version = (v.version + d + n) % n
		if u := v.unseen(); v.guard.asked && u >= 0 {
			v.version = u // the one applying asked about
		}
		v.guard.seen[v.version] = true
		v.cur = 0
		v.layout()
		v.follow()
	}
}

// restore puts back the state undo or redo (put) keeps, saying none when
// there is none, and goes to the hunk it changed (issue 30 item 7): the
// first of the version shown whose state it changed, else the first in a
// field whose result it changed.
func (v *Model) restore(put func() bool, none string) {
	before, results := slices.Clone(v.mm.States(v.version)), make([]string, len(v.fields))
	for i := range v.fields {
		results[i] = v.mm.Result(i)
	}
	if !put() {
		v.note = none
		return
	}
	v.editor.SetValues(v.mm.Result)
	hs, after := v.shown(), v.mm.States(v.version)
	k := slices.IndexFunc(hs, func(h mergemodel.Hunk) bool { return results[h.Field] != v.mm.Result(h.Field) })
	for j := range after {
		if after[j] != before[j] {
			k = j
			break
		}
	}
	if k >= 0 {
		v.cur = k
		v.layout()
		v.follow()
	}
}

// pastEnd reports whether moving by d from the hunk at hand goes past the
// item's last hunk (d 1) or its first (d -1): ] and [ then go on to the
// next or previous item in conflict (issue 30 item 7, as VS Code's next
// conflict goes across files), unless the result changed, which leaving
// would drop: then they go round the item.
func (v Model) pastEnd(d int) bool {
	vis := v.visible()
	return len(vis) > 0 && (d > 0 && v.cur >= vis[len(vis)-1] || d < 0 && v.cur <= vis[0])
}

// follow scrolls so that the hunk at hand, or the cursor while typing,
// is in view, with its field's rule when it fits.
func (v *Model) follow() {
	row, last := -1, -1
	switch {
	case v.editor.typing:
		row, last = v.body.laid.cursorAt, v.body.laid.cursorAt
	case v.cur < len(v.body.laid.hunkRow):
		row, last = v.body.laid.hunkRow[v.cur], v.body.laid.hunkLast[v.cur]
	}
	v.body.SetSize(v.width, v.bodyHeight())
	v.body.Follow(row, last)
}
