// Package keypress turns the names of keys, as key.Binding names them,
// into the messages a terminal sends, for the tests of the resolver's
// views: they press keys as a person does.
package keypress

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Msgs turns key names into messages: "ctrl+home", "alt+left",
// "shift+tab" and other key.Binding names are pressed, "paste:TEXT" is a
// bracketed paste, and any other word is typed.
func Msgs(names ...string) []tea.Msg {
	var out []tea.Msg
	for _, n := range names {
		if k, ok := Press(n); ok {
			out = append(out, k)
			continue
		}
		if text, ok := strings.CutPrefix(n, "paste:"); ok {
			out = append(out, tea.PasteMsg{Content: text})
			continue
		}
		for _, r := range n {
			out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
		}
	}
	return out
}

var keyCodes = map[string]rune{
	"tab": tea.KeyTab, "esc": tea.KeyEscape, "enter": tea.KeyEnter, "space": tea.KeySpace,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"home": tea.KeyHome, "end": tea.KeyEnd, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
	"backspace": tea.KeyBackspace, "delete": tea.KeyDelete,
}

// Press returns the key press a key.Binding name stands for: a named
// key, or a key with modifiers ("ctrl+z", "alt+<"); ok is false for a word.
func Press(name string) (tea.KeyPressMsg, bool) {
	var mod tea.KeyMod
	rest := name
	for {
		m, k, ok := strings.Cut(rest, "+")
		if !ok || k == "" {
			break
		}
		switch m {
		case "ctrl":
			mod |= tea.ModCtrl
		case "alt":
			mod |= tea.ModAlt
		case "shift":
			mod |= tea.ModShift
		default:
			return tea.KeyPressMsg{}, false
		}
		rest = k
	}
	if c, ok := keyCodes[rest]; ok {
		k := tea.KeyPressMsg{Code: c, Mod: mod}
		if c == tea.KeySpace && mod == 0 {
			k.Text = " "
		}
		return k, true
	}
	if r := []rune(rest); len(r) == 1 && mod != 0 {
		return tea.KeyPressMsg{Code: r[0], Mod: mod}, true
	}
	return tea.KeyPressMsg{}, false
}
