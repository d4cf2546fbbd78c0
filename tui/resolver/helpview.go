package resolver

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// closeHelpMsg asks the root model to close the help overlay.
type closeHelpMsg struct{}

// HelpKeys are the help overlay's bindings: it closes, and scrolls with the
// keys that scroll the screens under it.
type HelpKeys struct {
	Close key.Binding
	draw.ScrollKeys
}

// ShortHelp implements help.KeyMap.
func (k HelpKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Close, k.Up, k.Down, k.PageDown}
}

// FullHelp implements help.KeyMap.
func (k HelpKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{append([]key.Binding{k.Close}, k.ScrollKeys.Bindings()...)}
}

// HelpView is the ? overlay: every binding of the screen, in as many
// columns as fit, then where the rules behind the keys come from in the
// spec, scrolling when they do not fit. Where one column is too narrow for
// a binding, its description wraps under itself: nothing is cut.
type HelpView struct {
	styles *draw.Styles
	keys   HelpKeys
	shown  help.KeyMap
	rules  []string
	scroll int
	width  int
	height int
}

// NewHelpView returns the overlay for a screen's key map, and the rules
// behind the keys (see rulesFor).
func NewHelpView(s *draw.Styles, km help.KeyMap, rules ...string) HelpView {
	return HelpView{styles: s, shown: km, rules: rules, keys: DefaultHelpKeys()}
}

// DefaultHelpKeys returns the help overlay's bindings.
func DefaultHelpKeys() HelpKeys {
	return HelpKeys{Close: draw.Bind("esc/?", "close help", "esc", "?", "q"), ScrollKeys: draw.DefaultScrollKeys()}
}

// KeyMap returns the overlay's own bindings.
func (h HelpView) KeyMap() help.KeyMap { return h.keys }

// SetSize sets the overlay's size in cells.
func (h *HelpView) SetSize(w, hgt int) { h.width, h.height = w, hgt }

// Update scrolls, or closes the overlay.
func (h HelpView) Update(msg tea.Msg) (HelpView, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
	case key.Matches(k, h.keys.Close):
		return h, func() tea.Msg { return closeHelpMsg{} }
	default:
		n, shown := len(h.lines()), max(h.height-1, 1) // the title takes a row
		if d, ok := h.keys.Delta(k, max(shown-1, 1), n); ok {
			h.scroll = max(min(h.scroll+d, n-shown), 0)
		}
	}
	return h, nil
}

// lines lays the bindings out in columns.
func (h HelpView) lines() []string {
	var cells []string
	kw := 0
	for _, g := range h.shown.FullHelp() {
		for _, b := range g {
			kw = max(kw, draw.TextWidth(b.Help().Key))
		}
	}
	cw := 0
	for _, g := range h.shown.FullHelp() {
		for _, b := range g {
			if b.Enabled() {
				c := h.styles.Help.FullKey.Render(draw.Fit(b.Help().Key, kw)) + "  " + b.Help().Desc
				cells, cw = append(cells, c), max(cw, draw.TextWidth(c))
			}
		}
	}
	cols := max(h.width/(cw+3), 1)
	rows := (len(cells) + cols - 1) / cols
	out := make([]string, rows)
	if cols == 1 && cw > h.width {
		out = h.wrapped(kw)
	}
	for i, c := range cells {
		if cols > 1 || cw <= h.width {
			out[i%rows] += draw.Fit(c, min(cw+3, h.width))
		}
	}
	if len(h.rules) > 0 {
		out = append(out, "", h.styles.Bold.Render("where the rules come from"))
	}
	for _, r := range h.rules {
		r = strings.ReplaceAll(r, " §", "\u00a0§") // a section stays with its dialect
		out = append(out, strings.Split(ansi.Wordwrap(r, max(h.width, 10), ""), "\n")...)
	}
	return out
}

// wrapped lays the bindings out in one column too narrow for some: a
// description wraps under itself, after the keys' column of kw cells.
func (h HelpView) wrapped(kw int) []string {
	var out []string
	indent := strings.Repeat(" ", kw+2)
	for _, g := range h.shown.FullHelp() {
		for _, b := range g {
			if !b.Enabled() {
				continue
			}
			desc := ansi.Wordwrap(b.Help().Desc, max(h.width-kw-2, 10), "")
			for i, l := range strings.Split(desc, "\n") {
				lead := indent
				if i == 0 {
					lead = h.styles.Help.FullKey.Render(draw.Fit(b.Help().Key, kw)) + "  "
				}
				out = append(out, lead+l)
			}
		}
	}
	return out
}

// rulesFor says, for the help, where the rules behind the keys come from:
// the screens speak plain words, and the help names the sections, each
// with its dialect, since FeedSync 1.0.2 and SSE 0.91 number theirs
// differently. A feed with no sync data yet takes FeedSync 1.0.2's. The
// merge view has one rule: what applying does.
func rulesFor(d dialect.Dialect, outline, merging bool) []string {
	switch {
	case merging && d == dialect.SSE091:
		return []string{"ctrl+s or a applies the result as a resolution (0.91 §5): one update stamped by this endpoint, which settles every conflicting version at once."}
	case merging:
		return []string{"ctrl+s or a applies the result as a resolution that combines versions (1.0.2 §3.4): one update stamped by this endpoint, which settles the conflicting versions, every one or those marked with m on the item screen."}
	case d != dialect.SSE091:
		return []string{
			"w, t, e, E, A and T resolve a conflict (1.0.2 §3.4): one update stamped by this endpoint, which settles the conflicting versions it factors in, every one or those marked with m, and keeps them in the history.",
			"d deletes or undeletes: an update (1.0.2 §3.2) that settles nothing.",
			"The conflicts come from merging the two feeds (1.0.2 §3.3).",
		}
	}
	rules := []string{
		"w, t, e, E, A and T resolve a conflict (0.91 §5): one update stamped by this endpoint, which settles every conflicting version at once, so m marks nothing.",
		"d deletes or undeletes: an update (0.91 §4.2), which settles the conflicts too.",
		"“both sides made a version N”: each side changed that version, which the merge found (0.91 §4.4.1).",
	}
	if outline {
		rules = append(rules, "“cut from a cycle”: an outline that two moves put under itself, shown at the top level (0.91 §4.4.2).")
	}
	return rules
}

// View renders the title line and the visible bindings.
func (h HelpView) View() string {
	t := "keys — esc or ? closes · ↑/↓ pgup/pgdn scroll"
	if draw.TextWidth(t) > h.width {
		t = "esc/? closes · ↑/↓ pgup/pgdn scroll"
	}
	title := h.styles.Header.Render(draw.Fit(t, h.width))
	ls := h.lines()
	ls = ls[min(h.scroll, len(ls)):]
	if len(ls) > h.height-1 {
		ls = ls[:max(h.height-1, 0)]
	}
	for i := range ls {
		ls[i] = draw.Pad(ls[i], h.width)
	}
	return strings.Join(append([]string{title}, ls...), "\n")
}
