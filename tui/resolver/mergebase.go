package resolver

import (
	"github.com/feedsync/feedsync/diff"
)

// The base in the merge view (issue 19). With a base known, o shows it
// and the sides against it: each field's base above its rows, the
// winner's and the version's word diff against the base ("what this side
// changed") instead of against each other, and the result below them. o
// again goes back to the sides against each other, hunk by hunk, where
// the hunks are taken; in the base's view the keys still take the hunk at
// hand, named in the header.

// baseShown reports whether the view shows the base.
func (v MergeView) baseShown() bool { return v.showBase && v.base != nil }

// toggleBase shows or hides the base.
func (v *MergeView) toggleBase() {
	if v.base == nil {
		v.note = "no base is known for this item: the version store beside the feed holds none of the version its sides grew from"
		return
	}
	v.showBase = !v.showBase
	v.laid = layoutKey{}
	v.layout()
	v.follow()
}

// baseValue returns the base's value of field i.
func (v MergeView) baseValue(i int) string {
	return valueOf(v.base.fields, v.fields[i].Key)
}

// againstBase returns a side's value of field i as pieces against the
// base's: what it dropped marked deleted, what it brought inserted.
func (v MergeView) againstBase(i int, value string) []piece {
	s := v.styles
	var out []piece
	for _, c := range diff.Chunks(v.baseValue(i), value, v.fields[i].Granularity()) {
		if !c.Changed {
			out = append(out, v.plain(c.Old)...)
			continue
		}
		if c.Old != "" {
			out = append(out, piece{text: s.DelOpen + c.Old + s.DelClose, kind: diff.Delete})
		}
		if c.New != "" {
			out = append(out, piece{text: s.InsOpen + c.New + s.InsClose, kind: diff.Insert})
		}
	}
	return out
}

// renderBase appends field i's rows with the base: the base, then the
// winner and the version against it side by side (one above the other
// when narrow), then the result.
func (v *MergeView) renderBase(i int) {
	s := v.styles
	f := v.fields[i]
	v.laidOut.body = append(v.laidOut.body, drawn(s.Bold.Render(fit("base:", v.width))))
	sides := v.sidePainter()
	for _, row := range wrapLines(v.plain(v.baseValue(i)), v.width) {
		v.laidOut.body = append(v.laidOut.body, func() string { return sides.paint(row, v.width) })
	}
	left := v.againstBase(i, f.Winner)
	var right []piece
	if v.version < len(f.Values) {
		right = v.againstBase(i, f.Values[v.version])
	}
	lw, rw := (v.width-3)/2, v.width-3-(v.width-3)/2
	narrow := v.width < 70
	if narrow {
		lw, rw = v.width, v.width
	}
	lrows, rrows := wrapLines(left, lw), wrapLines(right, rw)
	sep := s.ink.rule.render(" │ ")
	wname, vname := "winner against the base:", v.versionName()+" against the base:"
	if narrow {
		v.laidOut.body = append(v.laidOut.body, drawn(s.Winner.Render(fit(wname, v.width))))
		for _, row := range lrows {
			v.laidOut.body = append(v.laidOut.body, func() string { return sides.paint(row, lw) })
		}
		v.laidOut.body = append(v.laidOut.body, drawn(s.Version.Render(fit(vname, v.width))))
		for _, row := range rrows {
			v.laidOut.body = append(v.laidOut.body, func() string { return sides.paint(row, rw) })
		}
	} else {
		v.laidOut.body = append(v.laidOut.body, drawn(s.Winner.Render(fit(wname, lw))+sep+s.Version.Render(fit(vname, rw))))
		for k := range max(len(lrows), len(rrows)) {
			l, r := at(lrows, k), at(rrows, k)
			v.laidOut.body = append(v.laidOut.body, func() string { return sides.paint(l, lw) + sep + sides.paint(r, rw) })
		}
	}
	v.renderResult(i)
}
