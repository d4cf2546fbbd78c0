package resolver

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// The smallest terminal the layouts fit; below it the screen says so in one line.
const minWidth, minHeight = 30, 8

// View renders the screen in the alternate screen, with the mouse on.
func (m Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "feedsync · " + m.cfg.Title
	return v
}

// render draws the header line, the body and the status bar, every line
// cut to the width.
func (m Model) render() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	if m.width < minWidth || m.height < minHeight {
		return tooSmall(m.width, m.height)
	}
	sh := m.statusHeight()
	st := m.status
	st.SetSize(m.width, sh)
	st.SetKeys(m.screenKeys())
	return strings.Join([]string{
		m.header(),
		block(m.body(), m.width, m.height-1-sh),
		block(st.View(), m.width, sh),
	}, "\n")
}

// tooSmall says, in the longest form that fits one line, that the
// terminal is too small.
func tooSmall(w, h int) string {
	forms := []string{
		fmt.Sprintf("terminal too small (%d×%d): feedsync needs %d×%d", w, h, minWidth, minHeight),
		fmt.Sprintf("too small: need %d×%d", minWidth, minHeight),
		"too small",
	}
	for _, f := range forms {
		if draw.TextWidth(f) <= w {
			return f
		}
	}
	return draw.Fit("…", w)
}

// block cuts s to w columns and exactly h lines.
func block(s string, w, h int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		lines[i] = draw.Truncate(l, w, "")
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n")
}

// component is an overlay as the root model draws it and shows its keys.
type component interface {
	View() string
	KeyMap() help.KeyMap
}

// shown returns the overlay that covers the body, or nil.
func (m Model) shown() component {
	switch m.overlay {
	case helpOverlay:
		return m.help
	case confirmOverlay:
		return m.confirm
	case promptOverlay:
		return m.prompt
	case xmlOverlay:
		return m.xml
	}
	return nil
}

// body renders the overlay or the screen.
func (m Model) body() string {
	if o := m.shown(); o != nil {
		return o.View()
	}
	switch m.screen {
	case listScreen:
		return m.list.View()
	case itemScreen:
		return m.item.View()
	case mergeScreen:
		return m.merge.View()
	}
	return m.loadingView()
}

// header shows the session, the count of resolved items, whether work is
// unsaved and where saves go. Where the width is short it gives up, in
// turn, the session's name, the long form of the save target, the short
// one (cut to the room left, then whole), the program's name, "unsaved",
// and last the count: it is the one figure that changes as the person
// works.
func (m Model) header() string {
	app := m.styles.App.Render("feedsync")
	full := app + " · " + m.cfg.Title
	count, state := m.headerState()
	target := m.target()
	short := "saves to " + shortPath(target)
	forms := [][]string{
		{full, count, state, "saves to " + target},
		{app, count, state, "saves to " + target},
		{app, count, state, short},
		{app, count, state, "→ " + shortPath(target)},
	}
	if room := m.width - draw.TextWidth(app) - draw.TextWidth(strings.Join(nonEmpty([]string{count, state, "→ "}), " · ")) - 2; room >= minPath {
		forms = append(forms, []string{app, count, state, "→ " + draw.Truncate(shortPath(target), room, "…")})
	}
	forms = append(forms, []string{app, count, state}, []string{"", count, state}, []string{"", count})
	for _, f := range forms {
		left, right := f[0], strings.Join(nonEmpty(f[1:]), " · ")
		if gap := m.width - draw.TextWidth(left) - draw.TextWidth(right); gap >= 2 || left == "" && gap >= 0 {
			return m.styles.Header.Render(left + strings.Repeat(" ", gap) + right)
		}
	}
	return m.styles.Header.Render(draw.Fit(count, m.width))
}

// minPath is the fewest cells a cut save target is shown in: fewer tell
// nothing of the file.
const minPath = 10

// headerState returns the count of resolved items and whether work is
// unsaved or being saved.
func (m Model) headerState() (count, state string) {
	if m.st != nil {
		count = fmt.Sprintf("%d/%d resolved", m.st.resolvedCount(), len(m.st.conflicted))
		if n, ok := m.st.clashesLeft(); ok {
			count += " · " + draw.Counted(n, "clash left", "clashes left")
		}
	}
	switch {
	case m.saving:
		state = "saving…"
	case m.unsaved():
		state = "unsaved"
	}
	return count, state
}

// shortPath shortens a path to its last element: "…/out.xml".
func shortPath(p string) string {
	i := strings.LastIndexAny(p, `/\`)
	if i < 0 {
		return p
	}
	return "…/" + p[i+1:]
}

// loadingView shows the progress of loading and merging: what it works
// on, a bar of the bytes read and, once merging, one of the items merged,
// the step, the time it has taken, and a spinner that turns as long as
// the program is alive, so that a long step never looks hung.
func (m Model) loadingView() string {
	what := m.cfg.Title
	if m.cfg.LoadNote != "" {
		what = m.cfg.LoadNote
	}
	lines := []string{"", "  loading and merging " + what + "…"}
	p := m.loading
	var waiting string
	if p.Waiting > 0 {
		waiting = " (" + draw.Plural(p.Waiting, "feed") + " still being read)"
	}
	w := max(min(m.width-40-len(waiting), 50), 10) // room for the figures
	if p.Size > 0 {
		lines = append(lines, "  read    "+bar(p.Read, p.Size, w)+fmt.Sprintf("  %s of %s MB", mb(p.Read), mb(p.Size))+waiting)
	}
	if p.Merging && p.Items > 0 {
		lines = append(lines, "  merged  "+bar(int64(p.Merged), int64(p.Items), w)+fmt.Sprintf("  %s of %s items", thousands(p.Merged), thousands(p.Items)))
	}
	step := "reading"
	switch {
	case p.Merging && (p.Items == 0 || p.Merged < p.Items):
		step = "merging"
	case p.Merging || p.Waiting == 0 && p.Size > 0 && p.Read >= p.Size:
		step = "opening the list"
	}
	spin := spinner[m.ticks%len(spinner)]
	lines = append(lines, fmt.Sprintf("  %s %s · %.1f s", spin, step, m.elapsed.Seconds()))
	return strings.Join(lines, "\n")
}

// bar draws done of total in w cells.
func bar(done, total int64, w int) string {
	n := int(min(max(int64(w)*done/max(total, 1), 0), int64(w)))
	return strings.Repeat("█", n) + strings.Repeat("░", w-n)
}

// mb says a count of bytes in megabytes, to a tenth: "97.3".
func mb(n int64) string { return fmt.Sprintf("%.1f", float64(n)/1e6) }

// thousands writes n with a comma between thousands: "100,312".
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

var spinner = []string{"-", "\\", "|", "/"}

// screenKeys returns the bindings of what has the keyboard, for the status
// bar and the help overlay.
func (m Model) screenKeys() help.KeyMap {
	k := m.keys
	k.CombineAll.SetEnabled(m.st != nil && len(m.st.bases) > 0) // shown where a base is known: else nothing combines
	if o := m.shown(); o != nil {
		return o.KeyMap()
	}
	switch {
	case m.screen == mergeScreen:
		return m.merge.Bindings()
	case m.screen == listScreen && m.list.Filtering():
		return m.list.KeyMap()
	case m.screen == itemScreen:
		return itemScreenKeys(k, m.item.KeyMap())
	case m.screen == listScreen:
		return listScreenKeys(k, m.list.KeyMap())
	}
	return screenKeys{session: []key.Binding{k.Quit}, own: HelpKeys{}}
}

// navKeys is n and N as the list and item screens show them: one line
// for the two.
func navKeys() key.Binding { return draw.Bind("n/N", "next/previous unresolved", "n", "N") }

// itemScreenKeys are the item screen's bindings, own being the item
// view's; 'feedsync help resolver' lists them from here too.
func itemScreenKeys(k ActionKeys, own help.KeyMap) screenKeys {
	return screenKeys{actions: append(k.decisions(), navKeys()), session: k.session(true), own: own}
}

// listScreenKeys are the list screen's bindings, own being the list's.
func listScreenKeys(k ActionKeys, own help.KeyMap) screenKeys {
	acts := []key.Binding{k.Keep, k.CombineAll, k.Edit, k.ExtEdit, k.Delete, k.All, k.TakeAll, navKeys()} // C second: shown first where a base is known
	return screenKeys{actions: acts, session: k.session(false), own: own}
}
