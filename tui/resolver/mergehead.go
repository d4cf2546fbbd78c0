package resolver

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/feedsync/feedsync/feeds/threeway"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// The merge view's header: what the result settles, the two sides, the
// three-way start, the hunk at hand and what the other versions hold there,
// and the columns' names.

// stateMark is the gutter mark of a hunk's state in the result column.
var stateMark = [...]string{
	mergemodel.Open: "?", mergemodel.Winner: "<", mergemodel.Version: ">", mergemodel.Both: "+", mergemodel.BothRev: "+", mergemodel.Other: "o", mergemodel.Hand: "~",
	mergemodel.Combined: "=", mergemodel.Clash: "!",
}

// stateWords says a hunk's state in words, for the version named.
func stateWords(s mergemodel.State, version string) string {
	switch s {
	case mergemodel.Winner:
		return "the winner's, taken"
	case mergemodel.Version:
		return version + "'s"
	case mergemodel.Both:
		return "both, the winner's first"
	case mergemodel.BothRev:
		return "both, " + version + "'s first"
	case mergemodel.Other:
		return "another version's"
	case mergemodel.Hand:
		return "typed by hand"
	case mergemodel.Combined:
		return "combined against the base (u undoes the combining)"
	case mergemodel.Clash:
		return "a clash: the sides changed the base differently; the winner's until you choose"
	}
	return "open: the winner's until you choose"
}

// head returns the fixed header above the body; its last rule says how
// far down the body is.
func (v MergeView) head() []string {
	lines := v.headLines()
	return append(slices.Clip(lines), v.positionRule(len(lines)+1))
}

// headLines returns the header but its last rule, built again only when
// what it shows changed (see headKey): not for each frame, nor for each
// key that counts the rows left under it.
func (v MergeView) headLines() []string {
	m := v.memo
	if m == nil {
		return v.buildHead() // a view never opened: nothing is kept
	}
	if k := (headKey{v.layoutNow(), v.note}); m.head == nil || m.headFor != k {
		m.head, m.headFor = v.buildHead(), k
		m.heads++
	}
	return m.head
}

// buildHead builds the header but its last rule.
func (v MergeView) buildHead() []string {
	s := v.styles
	lines := []string{s.Bold.Render(fit(fmt.Sprintf("combine %s — the result %s", v.name, v.scope()), v.width))}
	lines = append(lines, fit(v.pairLine(), v.width))
	if line := v.baseLine(); line != "" {
		lines = append(lines, s.Info.Render(fit(line, v.width)))
	}
	if note := v.placeNote(); note != "" {
		for _, row := range wrap([]piece{{text: note}}, v.width) {
			lines = append(lines, s.Info.Render(paint(row, v.width, s)))
		}
	}
	switch {
	case v.note != "":
		lines = append(lines, v.wrapped(v.note, 3, s.Error.Render)...) // so that a question is read whole
	case v.typing:
		lines = append(lines, s.Info.Render(fit("typing in "+v.fields[v.field].Label+" · esc stops · tab next field · ctrl+s applies", v.width)))
	case v.mm.Versions() > 1: // other versions: what they hold is read whole
		lines = append(lines, v.wrapped(v.hunkLine(), 2, s.Info.Render)...)
		for _, r := range v.otherRows() {
			lines = append(lines, v.wrapped(r, 2, s.Version.Render)...)
		}
	default:
		lines = append(lines, s.Info.Render(fit(v.hunkLine(), v.width)))
	}
	switch {
	case v.baseShown():
	case v.columnar():
		lines = append(lines, v.versionHeads())
	case v.width >= threeColumnsFrom:
		lines = append(lines, v.columnHeads())
	}
	return lines
}

// baseLine says what the three-way start left, as the result stands,
// when the result started from a base: "three-way from the base (#1 by
// alice-laptop): 2 clashes, 5 combined · u undoes the combining".
func (v MergeView) baseLine() string {
	if !v.mm.Started() || v.base == nil {
		return ""
	}
	sum, h := v.mm.Summary(), v.base.from
	from := fmt.Sprintf("three-way from the base (#%d by %s): ", h.Number, h.By)
	if sum.Item {
		return from + "the item clashes whole (" + wholeClash(sum.Why) + "): nothing is combined, every hunk is yours to decide"
	}
	line := from + counted(sum.Clashes, "clash", "clashes") + fmt.Sprintf(", %d combined", sum.Combined)
	if sum.Hidden > 0 {
		line += fmt.Sprintf(" (and %s in a field shown only on the item screen)", counted(sum.Hidden, "clash", "clashes"))
	}
	if !v.mm.Combining() {
		return line + " · the combining is undone: ctrl+r redoes it"
	}
	return line + " · u undoes the combining"
}

// wholeClash says why an item clashes whole (threeway.Why).
func wholeClash(w threeway.Why) string {
	switch w {
	case threeway.Deleted:
		return "a deletion against an edit"
	case threeway.Moved:
		return "the versions put the outline in different places"
	case threeway.Nested:
		return "two versions share a later edit than the base"
	}
	return w.String()
}

// wrapped renders text wrapped at words on up to n rows (see cutRows).
func (v MergeView) wrapped(text string, n int, render func(...string) string) []string {
	return renderRows(cutRows(text, v.width, n, v.styles), render)
}

// placeNote says, where the version shown puts an outline's item elsewhere
// than the winner, which place the result keeps: the position is no field
// of the merge view, and applying the result keeps the winner's place.
func (v MergeView) placeNote() string {
	if v.version+1 >= len(v.places) {
		return ""
	}
	w, o := v.places[0], v.places[v.version+1]
	if w == o {
		return ""
	}
	return fmt.Sprintf("position: the result keeps the winner's (%s); %s's is %s: t on the item screen takes that version whole", w, v.versionName(), o)
}

// scope says which conflicting versions the result settles: every one,
// unless some are marked and others are not (FeedSync 1.0.2 only).
func (v MergeView) scope() string {
	n := len(v.labels)
	if v.whole || len(v.versions) == 0 || len(v.versions) >= n {
		return "settles every conflicting version"
	}
	var rest []int
	for i := range n {
		if !slices.Contains(v.versions, i) {
			rest = append(rest, i)
		}
	}
	stay := " stay in conflict"
	if len(rest) == 1 {
		stay = " stays in conflict"
	}
	return "settles " + versionList(v.versions) + "; " + versionList(rest) + stay
}

// versionList names 0-based versions: "version 2", "versions 1 and 3",
// "versions 1, 2 and 4".
func versionList(is []int) string {
	s := make([]string, len(is))
	for i, v := range is {
		s[i] = strconv.Itoa(v + 1)
	}
	if len(s) == 1 {
		return "version " + s[0]
	}
	return "versions " + strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// positionRule is the header's last rule, with how far down the body is
// when it does not fit in the rows left under a header of headRows.
func (v MergeView) positionRule(headRows int) string {
	p := position(v.scroll, max(v.height-headRows, 1), len(v.laidOut.body))
	if p == "" {
		return v.styles.ink.rule.render(strings.Repeat("─", v.width))
	}
	text := " " + p + " "
	return v.styles.ink.rule.render(fit(strings.Repeat("─", max(v.width-textWidth(text)-2, 0))+text+"──", v.width))
}

// pairLine names the two sides compared.
func (v MergeView) pairLine() string {
	if len(v.labels) == 0 {
		return "no other version: the result is the winner's fields, to edit"
	}
	return refLabel("winner", v.entry.Winner()) + "  ⇄  " + v.labels[v.version]
}

// hunkLine says where the person is and what the hunk holds.
func (v MergeView) hunkLine() string {
	hs := v.shown()
	if len(hs) == 0 {
		return "no hunk: this version's shared fields are the winner's · tab shows another · e types"
	}
	h := hs[v.cur]
	return fmt.Sprintf("hunk %d of %d (%d open%s) · %s: %s", v.cur+1, len(hs), v.openIn(v.version), v.elsewhere(),
		v.fields[h.Field].Label, stateWords(v.stateOf(v.cur), v.versionName()))
}

// elsewhere counts the open hunks of the other versions, for the hunk
// line: " here · 2 in version 2 — tab", or nothing with one version.
func (v MergeView) elsewhere() string {
	var parts []string
	for i := range v.mm.Versions() {
		if i == v.version {
			continue
		}
		if n := v.openIn(i); n > 0 {
			parts = append(parts, fmt.Sprintf("%d in version %d", n, i+1))
		}
	}
	if len(parts) == 0 {
		if v.mm.Versions() > 1 {
			return " here, none elsewhere"
		}
		return ""
	}
	return " here · " + strings.Join(parts, ", ") + " — tab"
}

// maxOtherRows is how many other versions the header names at a hunk
// before it sums up the rest.
const maxOtherRows = 2

// otherRows say, for the hunk at hand, what each other version holds
// there when it differs from the version shown: "version 2 (carol-tablet)
// has: Lyon". So with three or more versions every one is in view while
// combining, though one is shown beside the winner.
func (v MergeView) otherRows() []string {
	hs := v.shown()
	if len(hs) == 0 || v.mm.Versions() < 2 || v.columnar() { // in columns each version is in view
		return nil
	}
	h := hs[v.cur]
	var rows []string
	more := 0
	for i := range v.mm.Versions() {
		if i == v.version {
			continue
		}
		t := v.mm.TextAt(v.version, v.cur, i)
		if t == h.Right {
			continue
		}
		if len(rows) == maxOtherRows {
			more++
			continue
		}
		shown := "“" + strings.Join(strings.Fields(t), " ") + "”"
		switch {
		case strings.TrimSpace(t) == "":
			shown = "nothing"
		case t == h.Left:
			shown = "the winner's " + shown
		}
		rows = append(rows, fmt.Sprintf("version %d (%s) has %s here", i+1, v.whos[i], shown))
	}
	if more > 0 {
		rows = append(rows, "and "+counted(more, "more version differs", "more versions differ")+" here — tab shows each")
	}
	return rows
}

func (v MergeView) versionName() string { return fmt.Sprintf("version %d", v.version+1) }

// columns returns the widths of the winner, result and version columns
// side by side, and of the result's gutter.
func (v MergeView) columns() (left, mid, right int) {
	mid = (v.width - 6) / 3
	left = (v.width - 6 - mid) / 2
	return left, mid, v.width - 6 - mid - left
}

func (v MergeView) columnHeads() string {
	l, m, r := v.columns()
	s := v.styles
	sep := s.ink.rule.render(" │ ")
	return s.Winner.Render(fit("WINNER", l)) + sep + s.Bold.Render(fit("  RESULT", m)) + sep +
		s.Version.Render(fit(strings.ToUpper(v.versionName()), r))
}
