package resolver

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// closeHelpMsg asks the root model to close the help overlay.
type closeHelpMsg struct{}

// HelpKeys are the help overlay's bindings.
type HelpKeys struct{ Close, Up, Down key.Binding }

// ShortHelp implements help.KeyMap.
func (k HelpKeys) ShortHelp() []key.Binding { return []key.Binding{k.Close, k.Up, k.Down} }

// FullHelp implements help.KeyMap.
func (k HelpKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// HelpView is the ? overlay: every binding of the screen, in as many
// columns as fit, scrolling when they do not.
type HelpView struct {
	styles *Styles
	keys   HelpKeys
	shown  help.KeyMap
	scroll int
	width  int
	height int
}

// NewHelpView returns the overlay for a screen's key map.
func NewHelpView(s *Styles, km help.KeyMap) HelpView {
	return HelpView{styles: s, shown: km, keys: HelpKeys{
		Close: bind("esc/?", "close help", "esc", "?", "q"),
		Up:    bind("↑/k", "scroll up", "up", "k"),
		Down:  bind("↓/j", "scroll down", "down", "j"),
	}}
}

// KeyMap returns the overlay's own bindings.
func (h HelpView) KeyMap() HelpKeys { return h.keys }

// SetSize sets the overlay's size in cells.
func (h *HelpView) SetSize(w, hgt int) { h.width, h.height = w, hgt }

// Update scrolls, or closes the overlay.
func (h HelpView) Update(msg tea.Msg) (HelpView, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
	case key.Matches(k, h.keys.Close):
		return h, func() tea.Msg { return closeHelpMsg{} }
	case key.Matches(k, h.keys.Up):
		h.scroll = max(h.scroll-1, 0)
	case key.Matches(k, h.keys.Down):
		h.scroll = min(h.scroll+1, max(len(h.lines())-h.height+1, 0))
	}
	return h, nil
}

// lines lays the bindings out in columns.
func (h HelpView) lines() []string {
	var cells []string
	kw := 0
	for _, g := range h.shown.FullHelp() {
		for _, b := range g {
			kw = max(kw, textWidth(b.Help().Key))
		}
	}
	cw := 0
	for _, g := range h.shown.FullHelp() {
		for _, b := range g {
			if b.Enabled() {
				c := h.styles.Help.FullKey.Render(fit(b.Help().Key, kw)) + "  " + b.Help().Desc
				cells, cw = append(cells, c), max(cw, textWidth(c))
			}
		}
	}
	cols := max(h.width/(cw+3), 1)
	rows := (len(cells) + cols - 1) / cols
	out := make([]string, rows)
	for i, c := range cells {
		out[i%rows] += fit(c, min(cw+3, h.width))
	}
	return out
}

// View renders the title line and the visible bindings.
func (h HelpView) View() string {
	title := h.styles.Header.Render(fit("keys — esc or ? closes, ↑/↓ scroll", h.width))
	ls := h.lines()
	ls = ls[min(h.scroll, len(ls)):]
	if len(ls) > h.height-1 {
		ls = ls[:max(h.height-1, 0)]
	}
	for i := range ls {
		ls[i] = pad(ls[i], h.width)
	}
	return strings.Join(append([]string{title}, ls...), "\n")
}
