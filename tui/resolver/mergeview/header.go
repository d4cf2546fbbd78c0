package mergeview

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/feedsync/feedsync/feeds/threeway"
	"github.com/feedsync/feedsync/tui/resolver/draw"
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

// hunkWords says what the result holds at hunk k of the version shown,
// and where the three-way start combined it, whose change it took.
func (v Model) hunkWords(k int) string {
	if s := v.stateOf(k); s != mergemodel.Combined {
		return stateWords(s, v.versionName())
	}
	return "combined against the base: " + v.tookWords(v.mm.Took(v.version, k)) + " (u undoes the combining)"
}

// tookWords says whose change the three-way start took (mergemodel.Took),
// naming who made it.
func (v Model) tookWords(s mergemodel.State) string {
	switch s {
	case mergemodel.Winner:
		return "the winner's change (" + draw.Top(v.item.entry.Winner()).By + "), " + v.versionName() + " kept the base"
	case mergemodel.Version:
		return v.versionName() + "'s change (" + v.item.whos[v.version] + "), the winner kept the base"
	case mergemodel.Both, mergemodel.BothRev:
		return "both sides' additions"
	case mergemodel.Hand:
		return "both sides' changes, word by word"
	}
	return "another version's change"
}

// tookShort names whose change the start took, for a field's rule.
func (v Model) tookShort(s mergemodel.State) string {
	switch s {
	case mergemodel.Winner:
		return "the winner's"
	case mergemodel.Version:
		return v.item.whos[v.version] + "'s"
	case mergemodel.Both, mergemodel.BothRev, mergemodel.Hand:
		return "both sides'"
	}
	return "another version's"
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
		return "combined against the base (u undoes the combining)" // tookWords says whose change
	case mergemodel.Clash:
		return "a clash: the sides changed the base differently; the winner's until you choose"
	}
	return "open: the winner's until you choose"
}

// Header is the merge view's header: the lines above the body, which say
// what the result settles, the sides, the three-way start, the hunk at
// hand and what the other versions hold there (buildHead), and the rule
// under them, which says how far down the body is. It takes no keys. Its
// lines are built again only when what they show changed (headKey): not
// for each frame, nor for each key that counts the rows left under it.
type Header struct {
	styles *draw.Styles
	width  int
	memo   *headMemo // shared by the copies of the view: kept across frames
}

// headMemo is the header's lines as last built.
type headMemo struct {
	lines []string // the header but its last rule
	key   headKey  // what they were built for
	built int      // how many times they were built, which a test counts
}

// newHeader returns an empty header.
func newHeader(s *draw.Styles) Header { return Header{styles: s, memo: &headMemo{}} }

// SetSize sets the header's width; its height is its lines'.
func (h *Header) SetSize(w int) { h.width = w }

// restyle forgets the lines built with the old styles.
func (h Header) restyle() { h.memo.lines = nil }

// lines returns the lines for k, building them only when k changed.
func (h Header) lines(k headKey, build func() []string) []string {
	if h.memo.lines == nil || h.memo.key != k {
		h.memo.lines, h.memo.key = build(), k
		h.memo.built++
	}
	return h.memo.lines
}

// View renders lines and the rule under them, which says where the body
// of n rows, height in view, is scrolled to.
func (h Header) View(lines []string, scroll, height, n int) string {
	return strings.Join(append(slices.Clip(lines), h.rule(scroll, height, n)), "\n")
}

// rule is the header's last rule, with how far down the body is when it
// does not fit in the rows left under the header.
func (h Header) rule(scroll, height, n int) string {
	p := draw.Position(scroll, max(height, 1), n)
	if p == "" {
		return h.styles.Ink.Rule.Render(strings.Repeat("─", h.width))
	}
	text := " " + p + " "
	return h.styles.Ink.Rule.Render(draw.Fit(strings.Repeat("─", max(h.width-draw.TextWidth(text)-2, 0))+text+"──", h.width))
}

// headLines returns the header but its last rule (Header.lines).
func (v Model) headLines() []string {
	return v.header.lines(headKey{v.layoutNow(), v.note}, v.buildHead)
}

// buildHead builds the header but its last rule.
func (v Model) buildHead() []string {
	s := v.styles
	lines := []string{s.Bold.Render(draw.Fit(fmt.Sprintf("combine %s — the result %s", v.item.name, v.scope()), v.width))}
	lines = append(lines, draw.Fit(v.pairLine(), v.width))
	if line := v.baseLine(); line != "" {
		lines = append(lines, s.Info.Render(draw.Fit(line, v.width)))
	}
	if note := v.placeNote(); note != "" {
		for _, row := range draw.Wrap([]draw.Piece{{Text: note}}, v.width) {
			lines = append(lines, s.Info.Render(draw.Paint(row, v.width, s)))
		}
	}
	switch {
	case v.note != "":
		lines = append(lines, v.wrapped(v.note, 3, s.Error.Render)...) // so that a question is read whole
	case v.editor.typing:
		lines = append(lines, s.Info.Render(draw.Fit("typing in "+v.fields[v.editor.field].Label+" · esc stops · tab next field · ctrl+s applies", v.width)))
	case v.mm.Versions() > 1: // other versions: what they hold is read whole
		lines = append(lines, v.wrapped(v.hunkLine(), 2, s.Info.Render)...)
		for _, r := range v.otherRows() {
			lines = append(lines, v.wrapped(r, 2, s.Version.Render)...)
		}
	default:
		lines = append(lines, s.Info.Render(draw.Fit(v.hunkLine(), v.width)))
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
func (v Model) baseLine() string {
	if !v.mm.Started() || v.base == nil {
		return ""
	}
	sum, h := v.mm.Summary(), v.base.From
	from := fmt.Sprintf("three-way from the base (#%d by %s): ", h.Number, h.By)
	if sum.Item {
		return from + "the item clashes whole (" + wholeClash(sum.Why) + "): nothing is combined, every hunk is yours to decide"
	}
	line := from + draw.Counted(sum.Clashes, "clash", "clashes") + fmt.Sprintf(", %d combined", sum.Combined)
	if sum.Hidden > 0 {
		line += fmt.Sprintf(" (and %s in a field shown only on the item screen)", draw.Counted(sum.Hidden, "clash", "clashes"))
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
	case threeway.Cycle:
		return "a move would put the outline under itself"
	case threeway.Nested:
		return "two versions share a later edit than the base"
	}
	return w.String()
}

// wrapped renders text wrapped at words on up to n rows (see CutRows).
func (v Model) wrapped(text string, n int, render func(...string) string) []string {
	return draw.RenderRows(draw.CutRows(text, v.width, n, v.styles), render)
}

// placeNote says, where the version shown puts an outline's item elsewhere
// than the winner, which place the result keeps: the position is no field
// of the merge view, and applying the result keeps the winner's place.
func (v Model) placeNote() string {
	if v.version+1 >= len(v.item.places) {
		return ""
	}
	w, o := v.item.places[0], v.item.places[v.version+1]
	if w == o {
		return ""
	}
	return fmt.Sprintf("position: the result keeps the winner's (%s); %s's is %s: t on the item screen takes that version whole", w, v.versionName(), o)
}

// scope says which conflicting versions the result settles: every one,
// unless some are marked and others are not (FeedSync 1.0.2 only).
func (v Model) scope() string {
	n := len(v.item.labels)
	if v.item.whole || len(v.item.versions) == 0 || len(v.item.versions) >= n {
		return "settles every conflicting version"
	}
	var rest []int
	for i := range n {
		if !slices.Contains(v.item.versions, i) {
			rest = append(rest, i)
		}
	}
	stay := " stay in conflict"
	if len(rest) == 1 {
		stay = " stays in conflict"
	}
	return "settles " + versionList(v.item.versions) + "; " + versionList(rest) + stay
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

// pairLine names the two sides compared.
func (v Model) pairLine() string {
	if len(v.item.labels) == 0 {
		return "no other version: the result is the winner's fields, to edit"
	}
	return draw.RefLabel("winner", v.item.entry.Winner()) + "  ⇄  " + v.item.labels[v.version]
}

// hunkLine says where the person is and what the hunk holds.
func (v Model) hunkLine() string {
	hs := v.shown()
	if len(hs) == 0 {
		return "no hunk: this version's shared fields are the winner's · tab shows another · e types"
	}
	h, vis := hs[v.cur], v.visible()
	at, of, hidden := slices.Index(vis, v.cur)+1, len(vis), ""
	if n := len(hs) - len(vis); n > 0 {
		hidden = fmt.Sprintf(", %d white space hidden", n)
	}
	if at == 0 { // every hunk hidden: the one at hand is shown anyway
		at, of = v.cur+1, len(hs)
	}
	return fmt.Sprintf("hunk %d of %d (%d open%s%s) · %s: %s", at, of, v.openVisible(v.version), v.elsewhere(), hidden,
		v.fields[h.Field].Label, v.hunkWords(v.cur))
}

// elsewhere counts the open hunks of the other versions, for the hunk
// line: " here · 2 in version 2 — tab", or nothing with one version.
func (v Model) elsewhere() string {
	var parts []string
	for i := range v.mm.Versions() {
		if i == v.version {
			continue
		}
		if n := v.openVisible(i); n > 0 {
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
func (v Model) otherRows() []string {
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
		rows = append(rows, fmt.Sprintf("version %d (%s) has %s here", i+1, v.item.whos[i], shown))
	}
	if more > 0 {
		rows = append(rows, "and "+draw.Counted(more, "more version differs", "more versions differ")+" here — tab shows each")
	}
	return rows
}

func (v Model) versionName() string { return fmt.Sprintf("version %d", v.version+1) }

// columns returns the widths of the winner, result and version columns
// side by side, and of the result's gutter.
func (v Model) columns() (left, mid, right int) {
	mid = (v.width - 6) / 3
	left = (v.width - 6 - mid) / 2
	return left, mid, v.width - 6 - mid - left
}

func (v Model) columnHeads() string {
	l, m, r := v.columns()
	s := v.styles
	sep := s.Ink.Rule.Render(" │ ")
	return s.Winner.Render(draw.Fit("WINNER", l)) + sep + s.Bold.Render(draw.Fit("  RESULT", m)) + sep +
		s.Version.Render(draw.Fit(strings.ToUpper(v.versionName()), r))
}
