package mergeview

import (
	"charm.land/bubbles/v2/key"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// Keys are the merge view's bindings.
type Keys struct {
	Next, Prev, Winner, Version, Both, BothRev key.Binding
	Type, Done, NextVersion, PrevVersion       key.Binding
	Apply, Leave, Quit, Undo, Redo             key.Binding
	Layout, Base, Space, Click, Help           key.Binding
	draw.ScrollKeys
}

// DefaultKeys returns the merge view's bindings: vimdiff's ]c and [c
// become ] and [ (or n and p), and the side a hunk is taken from is the
// side it stands on, h or ← for the winner on the left, l or → for the
// version on the right.
func DefaultKeys() Keys {
	return Keys{
		Next:        draw.Bind("]/n", "next hunk (then item)", "]", "n"),
		Prev:        draw.Bind("[/p", "previous hunk (then item)", "[", "p"),
		Winner:      draw.Bind("h/←", "take the winner's", "h", "left", "<"),
		Version:     draw.Bind("l/→", "take the version's", "l", "right", ">"),
		Both:        draw.Bind("b", "both, winner first", "b"),
		BothRev:     draw.Bind("B", "both, version first", "B"),
		Type:        draw.Bind("e/enter", "type in the result", "e", "i", "enter"),
		Done:        draw.Bind("esc", "stop typing", "esc", "ctrl+c"),
		NextVersion: draw.Bind("tab", "next version", "tab"),
		PrevVersion: draw.Bind("shift+tab", "previous version", "shift+tab"),
		Apply:       draw.Bind("ctrl+s/a", "apply as the resolution", "ctrl+s", "a"),
		Leave:       draw.Bind("esc/q", "leave (asks if changed)", "esc", "q"),
		Quit:        draw.Bind("ctrl+c", "quit (asks first if changed)", "ctrl+c"),
		Undo:        draw.Bind("u", "undo", "u"), // ctrl+z suspends, as on every screen (typing: it undoes typing)
		Redo:        draw.Bind("ctrl+r", "redo", "ctrl+r", "ctrl+y"),
		Layout:      draw.Bind("v", "columns/one version", "v"),
		Base:        draw.Bind("o", "the base: show it, sides against it", "o"),
		Space:       draw.Bind("W", "white-space-only changes: hide/show", "W"),
		Click:       draw.Bind("click", "on a side's hunk: take it; in the result: type there", "click"), // a mouse click (click.go), no key
		ScrollKeys:  draw.DefaultScrollKeys(),
		Help:        draw.Bind("?", "help", "?"),
	}
}

// ShortHelp implements help.KeyMap.
func (k Keys) ShortHelp() []key.Binding {
	return []key.Binding{k.Next, k.Prev, k.Winner, k.Version, k.Both, k.BothRev, k.Type, k.NextVersion, k.Layout, k.Apply, k.Undo, k.Leave, k.Help}
}

// FullHelp implements help.KeyMap.
func (k Keys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Next, k.Prev, k.Winner, k.Version, k.Both, k.BothRev, k.Click},
		{k.Type, k.Done, k.NextVersion, k.PrevVersion, k.Layout, k.Base, k.Space, k.Apply, k.Leave, k.Quit, k.Undo, k.Redo},
		append(k.ScrollKeys.Bindings(), k.Help),
	}
}

// TypingKeys are the bindings shown while typing in the result.
type TypingKeys struct{ Keys Keys }

// ShortHelp implements help.KeyMap.
func (t TypingKeys) ShortHelp() []key.Binding {
	e := DefaultEditorKeys()
	return []key.Binding{t.Keys.Done, e.Apply, e.Undo, e.Redo, e.LineEnds, e.TextEnds}
}

// FullHelp implements help.KeyMap.
func (t TypingKeys) FullHelp() [][]key.Binding {
	e := DefaultEditorKeys()
	return [][]key.Binding{t.ShortHelp(), {e.Switch, e.Rows, e.Words}}
}
