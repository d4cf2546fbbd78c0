package draw

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// ScrollKeys are the bindings that scroll a screen's body, the same on the
// item screen, the merge view and the XML view.
type ScrollKeys struct{ Up, Down, PageUp, PageDown, Top, Bottom key.Binding }

// DefaultScrollKeys returns the scrolling bindings.
func DefaultScrollKeys() ScrollKeys {
	return ScrollKeys{
		Up:       Bind("↑/k", "scroll up", "up", "k"),
		Down:     Bind("↓/j", "scroll down", "down", "j"),
		PageUp:   Bind("pgup", "page up", "pgup"),
		PageDown: Bind("pgdn/space", "page down", "pgdown", "space"),
		Top:      Bind("home/g", "top", "home", "g"),
		Bottom:   Bind("end/G", "bottom", "end", "G"),
	}
}

// Bindings returns the bindings, for help.
func (k ScrollKeys) Bindings() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}
}

// Delta returns the rows a key scrolls a body of n rows by, a page being
// page rows; ok is false for a key that does not scroll.
func (k ScrollKeys) Delta(msg tea.KeyPressMsg, page, n int) (int, bool) {
	switch {
	case key.Matches(msg, k.Up):
		return -1, true
	case key.Matches(msg, k.Down):
		return 1, true
	case key.Matches(msg, k.PageUp):
		return -page, true
	case key.Matches(msg, k.PageDown):
		return page, true
	case key.Matches(msg, k.Top):
		return -n, true
	case key.Matches(msg, k.Bottom):
		return n, true
	}
	return 0, false
}

// Position says how far down a body of n rows the view is, showing rows
// scroll to scroll+height: "40% · more below", or "" when all of it fits.
func Position(scroll, height, n int) string {
	if n <= height {
		return ""
	}
	end := min(scroll+height, n)
	where := "more below"
	switch {
	case end >= n:
		where = "end"
	case scroll == 0:
		where = "top · more below"
	}
	return fmt.Sprintf("%d%% · %s", 100*end/n, where)
}

// WheelDelta turns a wheel button into rows to scroll.
func WheelDelta(b tea.MouseButton) int {
	switch b {
	case tea.MouseWheelUp:
		return -3
	case tea.MouseWheelDown:
		return 3
	}
	return 0
}
