package resolver

import (
	"fmt"
	"strings"

	"github.com/feedsync/feedsync/feeds"
)

// compactBelow is the item screen height under which the provenance header
// drops to two lines.
const compactBelow = 18

// header renders the item line, the provenance header of each side, where
// the histories diverge, a banner when the shared data is the same, and a rule.
func (v ItemView) header(a, b []feeds.Field) []string {
	lines := []string{v.itemLine()}
	switch v.mode() {
	case single:
		state, who, when := provenance(v.item.Winner(), v.now)
		lines = append(lines, fit(join(state, who, when), v.width), v.styles.Dim.Render(fit(v.singleNote(), v.width)))
	case sideBySide:
		lines = append(lines, v.sideHeader()...)
	default:
		lines = append(lines, v.stackHeader()...)
	}
	if v.mode() != single && v.height >= compactBelow {
		lines = append(lines, fit(divergence(v.item, v.version, v.now), v.width))
	}
	if s := v.banner(a, b); s != "" {
		for _, row := range wrap([]piece{{text: s}}, v.width) {
			lines = append(lines, v.styles.Banner.Render(paint(row, v.width, v.styles)))
		}
	}
	return append(lines, v.styles.ink.rule.render(strings.Repeat("─", v.width)))
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
	s := fmt.Sprintf("“%s” · id %s · the winner and %s", v.title, v.item.ID(), plural(len(v.versions), "other version"))
	if n := len(v.Marked()); n > 0 {
		s += fmt.Sprintf(" · %d marked: w, t and e settle only those", n)
	}
	return v.styles.Bold.Render(fit(s, v.width))
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
	ls, lwho, lwhen := provenance(v.item.Winner(), v.now)
	rs, rwho, rwhen := provenance(v.right(), v.now)
	left := []string{v.styles.Winner.Render("WINNER") + "  " + ls, lwho, "    " + lwhen}
	right := []string{v.styles.Version.Render(strings.ToUpper(v.versionName())) + "  " + rs, rwho, "    " + rwhen}
	if v.height < compactBelow {
		left, right = []string{left[0], join(lwho, lwhen)}, []string{right[0], join(rwho, rwhen)}
	}
	sep := v.styles.ink.rule.render(" │ ")
	out := make([]string, len(left))
	for i := range left {
		out[i] = fit(left[i], lw) + sep + fit(right[i], rw)
	}
	return out
}

// stackHeader renders the provenance headers one above the other.
func (v ItemView) stackHeader() []string {
	ls, lwho, lwhen := provenance(v.item.Winner(), v.now)
	rs, rwho, rwhen := provenance(v.right(), v.now)
	lt, rt := join(lwho, lwhen), join(rwho, rwhen)
	w, r := v.styles.Winner.Render("winner"), v.styles.Version.Render(v.versionName())
	if v.height < compactBelow {
		return []string{fit(w+" · "+ls+" · "+lt, v.width), fit(r+" · "+rs+" · "+rt, v.width)}
	}
	return []string{fit(w+" · "+ls, v.width), fit("  "+lt, v.width), fit(r+" · "+rs, v.width), fit("  "+rt, v.width)}
}

// plural counts things: "1 version", "3 versions".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// join joins the non-empty parts with " · ".
func join(parts ...string) string { return strings.Join(nonEmpty(parts), " · ") }

// banner explains a pair of versions whose shared data is the same: their
// conflict is not one of shared data.
func (v ItemView) banner(a, b []feeds.Field) string {
	if v.mode() == single {
		return ""
	}
	r, w := v.right().Deleted(), v.item.Winner().Deleted()
	switch {
	case r && !w:
		return "This version deletes the item: t takes the deletion, w keeps the item."
	case w && !r:
		return "The winner is a deletion: w keeps the item deleted, t brings it back with this version."
	case !sameShared(a, b):
		return ""
	case !sameFields(a, b):
		return "Not a conflict of shared data: only publisher-specific data differs (p shows it)."
	}
	return "Not a conflict of shared data: the versions differ only in their sync history."
}

// sameFields reports whether two versions carry the same fields, publisher-specific ones included.
func sameFields(a, b []feeds.Field) bool {
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
