package resolver

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// compactBelow is the item screen height under which the provenance header
// drops to two lines.
const compactBelow = 18

// header renders the item line, the provenance header of each side, where
// the histories diverge, a banner when the shared data is the same, and a rule.
func (v ItemView) header(a, b []dialect.Field) []string {
	lines := []string{v.itemLine()}
	switch v.mode() {
	case single:
		state, who, when := provenance(v.item.Winner(), v.now)
		lines = append(lines, draw.Fit(join(state, who, when), v.width), v.styles.Dim.Render(draw.Fit(v.singleNote(), v.width)))
	case sideBySide:
		lines = append(lines, v.sideHeader()...)
	default:
		lines = append(lines, v.stackHeader()...)
	}
	switch {
	case v.mode() != single && v.left != leftWinner:
		lines = append(lines, v.styles.Bold.Render(draw.Fit(v.comparing(), v.width)))
	case v.mode() != single && v.height >= compactBelow:
		lines = append(lines, v.fitWhen(divergence(v.item, v.version, v.now)))
	}
	if s := v.banner(a, b); s != "" {
		for _, row := range draw.Wrap([]draw.Piece{{Text: s}}, v.width) {
			lines = append(lines, v.styles.Banner.Render(draw.Paint(row, v.width, v.styles)))
		}
	}
	return append(lines, v.styles.Ink.Rule.Render(strings.Repeat("─", v.width)))
}

// singleNote says why an item shows one version: it has no conflicts, or
// only a conflict flag (SSE 0.91 cycle detection sets one without
// sx:conflict records, 0.91 §4.4.2).
func (v ItemView) singleNote() string {
	if v.item.InConflict() {
		return "conflict flag set, with no other version to show: w keeps this one and clears the flag"
	}
	return "no conflicts: nothing to decide for this item"
}

// itemLine names the item: title, id, versions, marks.
func (v ItemView) itemLine() string {
	s := fmt.Sprintf("“%s” · id %s · the winner and %s", v.title, v.item.ID(), draw.Plural(len(v.versions), "other version"))
	if v.onDisk != nil && v.onDisk(v.pos) {
		s += " · changed on disk"
	}
	if n := len(v.Marked()); n > 0 {
		s += fmt.Sprintf(" · %d marked: w, t and e settle only those", n)
	}
	return v.styles.Bold.Render(draw.Fit(s, v.width))
}

// versionName is the right-hand side's name, with its mark.
func (v ItemView) versionName() string {
	s := fmt.Sprintf("version %d of %d", v.version+1, len(v.versions))
	if v.marked[v.version] {
		s += " [marked]"
	}
	return s
}

// sideHeader renders the two provenance headers in columns.
func (v ItemView) sideHeader() []string {
	lw := (v.width - 3) / 2
	rw := v.width - 3 - lw
	ls, lwho, lwhen := v.leftProvenance()
	rs, rwho, rwhen := provenance(v.right(), v.now)
	left := []string{v.leftLabel(true) + "  " + ls, lwho, "    " + lwhen}
	right := []string{v.styles.Version.Render(strings.ToUpper(v.versionName())) + "  " + rs, rwho, "    " + rwhen}
	if v.height < compactBelow {
		left, right = []string{left[0], join(lwho, lwhen)}, []string{right[0], join(rwho, rwhen)}
	}
	sep := v.styles.Ink.Rule.Render(" │ ")
	out := make([]string, len(left))
	for i := range left {
		out[i] = draw.Fit(left[i], lw) + sep + draw.Fit(right[i], rw)
	}
	return out
}

// stackHeader renders the provenance headers one above the other.
func (v ItemView) stackHeader() []string {
	ls, lwho, lwhen := v.leftProvenance()
	rs, rwho, rwhen := provenance(v.right(), v.now)
	w, r := v.leftLabel(false), v.styles.Version.Render(v.versionName())
	if v.height < compactBelow {
		if l, r := v.oneLine(w, ls, lwho, lwhen), v.oneLine(r, rs, rwho, rwhen); l != "" && r != "" {
			return []string{l, r}
		}
	}
	return []string{draw.Fit(w+" · "+ls, v.width), v.whoWhen(lwho, lwhen), draw.Fit(r+" · "+rs, v.width), v.whoWhen(rwho, rwhen)}
}

// oneLine joins a side's name, state, who and when on one line, without
// the state where that is too wide, or returns "" when even that is.
func (v ItemView) oneLine(name, state, who, when string) string {
	for _, f := range []string{join(name, state, who, when), join(name, who, when)} {
		if draw.TextWidth(f) <= v.width {
			return f
		}
	}
	return ""
}

// whoWhen is a side's second line: who made its latest change and when,
// the date given up for how long ago where the width is short, since who
// and when are what a person decides by.
func (v ItemView) whoWhen(who, when string) string { return v.fitWhen("  " + join(who, when)) }

// fitWhen fits s to the width, giving up its dates for how long ago they
// were ("2026-03-02 11:30:00Z (6 days ago)" becomes "6 days ago") first.
func (v ItemView) fitWhen(s string) string {
	if draw.TextWidth(s) > v.width {
		s = dateAgo().ReplaceAllString(s, "$1")
	}
	return draw.Fit(s, v.width)
}

var dateAgo = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ \(([^)]*)\)`)
})

// join joins the non-empty parts with " · ".
func join(parts ...string) string { return strings.Join(nonEmpty(parts), " · ") }

// banner explains a pair of versions whose shared data is the same: their
// conflict is not one of shared data.
func (v ItemView) banner(a, b []dialect.Field) string {
	switch {
	case v.mode() == single:
		return ""
	case v.left != leftWinner:
		return v.sameBanner(a, b)
	}
	r, w := v.right().Deleted(), v.item.Winner().Deleted()
	switch {
	case r && !w:
		return "This version deletes the item: t takes the deletion, w keeps the item."
	case w && !r:
		return "The winner is a deletion: w keeps the item deleted, t brings it back with this version."
	case v.onlySpace():
		return "Not a conflict of shared data but for white space, hidden (W shows it)."
	case !sameShared(a, b):
		return ""
	case !sameFields(a, b):
		return "Not a conflict of shared data: only publisher-specific data differs (p shows it)."
	}
	return "Not a conflict of shared data: the versions differ only in their sync history."
}

// sameFields reports whether two versions carry the same fields, publisher-specific ones included.
func sameFields(a, b []dialect.Field) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
