package mergeview

import (
	"slices"

	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/threeway"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// The base in the merge view (issue 19). With a base known, o shows it
// and the sides against it: each field's base above its rows, the
// winner's and the version's word diff against the base ("what this side
// changed") instead of against each other, and the result below them. o
// again goes back to the sides against each other, hunk by hunk, where
// the hunks are taken; in the base's view the keys still take the hunk at
// hand, named in the header.

// baseShown reports whether the view shows the base.
func (v Model) baseShown() bool { return v.showBase && v.base != nil }

// toggleBase shows or hides the base.
func (v *Model) toggleBase() {
	if v.base == nil {
		v.note = "no base is known for this item: the version store beside the feed holds none of the version its sides grew from"
		return
	}
	v.showBase = !v.showBase
	v.body.key = layoutKey{}
	v.layout()
	v.follow()
}

// baseValue returns the base's value of field i.
func (v Model) baseValue(i int) string {
	return baseValueOf(v.base.Fields, v.fields[i].Key)
}

// againstBase returns a side's value of field i as pieces against the
// base's: what it dropped marked deleted, what it brought inserted.
func (v Model) againstBase(i int, value string) []draw.Piece {
	s := v.styles
	var out []draw.Piece
	for _, c := range diff.Chunks(v.baseValue(i), value, v.fields[i].Granularity()) {
		if !c.Changed {
			out = append(out, v.plain(c.Old)...)
			continue
		}
		if c.Old != "" {
			out = append(out, draw.Piece{Text: s.DelOpen + c.Old + s.DelClose, Kind: diff.Delete})
		}
		if c.New != "" {
			out = append(out, draw.Piece{Text: s.InsOpen + c.New + s.InsClose, Kind: diff.Insert})
		}
	}
	return out
}

// renderBase appends field i's rows with the base: the base, then the
// winner and the version against it side by side (one above the other
// when narrow), then the result.
func (v *Model) renderBase(i int) {
	s := v.styles
	f := v.fields[i]
	v.body.laid.body = append(v.body.laid.body, drawn(s.Bold.Render(draw.Fit("base:", v.width))))
	sides := v.sidePainter()
	for _, row := range draw.WrapLines(v.plain(v.baseValue(i)), v.width) {
		v.body.laid.body = append(v.body.laid.body, func() string { return sides.paint(row, v.width) })
	}
	left := v.againstBase(i, f.Winner)
	var right []draw.Piece
	if v.version < len(f.Values) {
		right = v.againstBase(i, f.Values[v.version])
	}
	lw, rw := (v.width-3)/2, v.width-3-(v.width-3)/2
	narrow := v.width < 70
	if narrow {
		lw, rw = v.width, v.width
	}
	lrows, rrows := draw.WrapLines(left, lw), draw.WrapLines(right, rw)
	sep := s.Ink.Rule.Render(" │ ")
	wname, vname := "winner against the base:", v.versionName()+" against the base:"
	if narrow {
		v.body.laid.body = append(v.body.laid.body, drawn(s.Winner.Render(draw.Fit(wname, v.width))))
		for _, row := range lrows {
			v.body.laid.body = append(v.body.laid.body, func() string { return sides.paint(row, lw) })
		}
		v.body.laid.body = append(v.body.laid.body, drawn(s.Version.Render(draw.Fit(vname, v.width))))
		for _, row := range rrows {
			v.body.laid.body = append(v.body.laid.body, func() string { return sides.paint(row, rw) })
		}
	} else {
		v.body.laid.body = append(v.body.laid.body, drawn(s.Winner.Render(draw.Fit(wname, lw))+sep+s.Version.Render(draw.Fit(vname, rw))))
		for k := range max(len(lrows), len(rrows)) {
			l, r := draw.At(lrows, k), draw.At(rrows, k)
			v.body.laid.body = append(v.body.laid.body, func() string { return sides.paint(l, lw) + sep + sides.paint(r, rw) })
		}
	}
	v.renderResult(i)
}

// Base is the base of an item's conflict, as the session knows it:
// its shared fields, the base's topmost history entry, which the merge
// view names, and how the item combines against it (threeway.Combine,
// the rule `feedsync resolve --auto` follows): the list marks the items
// whose plan is clean, and C resolves them with the plan's resolution.
type Base struct {
	Fields []dialect.Field // the base's shared fields
	From   dialect.History // the base's topmost history entry
	Plan   threeway.Plan   // how the item combines against it
}

// Combines reports whether every change of the item combines: no clash.
func (b Base) Combines() bool { return b.Plan.Clean() }

// baseValueOf returns the value of the base's field with the key, or "".
func baseValueOf(fs []dialect.Field, key string) string {
	if i := slices.IndexFunc(fs, func(f dialect.Field) bool { return f.Key == key }); i >= 0 {
		return fs[i].Value
	}
	return ""
}
