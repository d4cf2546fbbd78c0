package resolver

import "charm.land/bubbles/v2/key"

// MergeKeys are the merge view's bindings.
type MergeKeys struct {
	Next, Prev, Winner, Version, Both, BothRev key.Binding
	Type, Done, NextVersion, PrevVersion       key.Binding
	Apply, Leave, Quit, Undo, Redo             key.Binding
	Layout, Base, Help                         key.Binding
	ScrollKeys
}

// DefaultMergeKeys returns the merge view's bindings: vimdiff's ]c and [c
// become ] and [ (or n and p), and the side a hunk is taken from is the
// side it stands on, h or ← for the winner on the left, l or → for the
// version on the right.
func DefaultMergeKeys() MergeKeys {
	return MergeKeys{
		Next:        bind("]/n", "next hunk (then item)", "]", "n"),
		Prev:        bind("[/p", "previous hunk (then item)", "[", "p"),
		Winner:      bind("h/←", "take the winner's", "h", "left", "<"),
		Version:     bind("l/→", "take the version's", "l", "right", ">"),
		Both:        bind("b", "both, winner first", "b"),
		BothRev:     bind("B", "both, version first", "B"),
		Type:        bind("e/enter", "type in the result", "e", "i", "enter"),
		Done:        bind("esc", "stop typing", "esc", "ctrl+c"),
		NextVersion: bind("tab", "next version", "tab"),
		PrevVersion: bind("shift+tab", "previous version", "shift+tab"),
		Apply:       bind("ctrl+s/a", "apply as the resolution", "ctrl+s", "a"),
		Leave:       bind("esc/q", "leave (asks if changed)", "esc", "q"),
		Quit:        bind("ctrl+c", "quit (asks first if changed)", "ctrl+c"),
		Undo:        bind("u", "undo", "u"), // ctrl+z suspends, as on every screen (typing: it undoes typing)
		Redo:        bind("ctrl+r", "redo", "ctrl+r", "ctrl+y"),
		Layout:      bind("v", "columns/one version", "v"),
		Base:        bind("o", "the base: show it, sides against it", "o"),
		ScrollKeys:  DefaultScrollKeys(),
		Help:        bind("?", "help", "?"),
	}
}

// ShortHelp implements help.KeyMap.
func (k MergeKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Next, k.Prev, k.Winner, k.Version, k.Both, k.BothRev, k.Type, k.NextVersion, k.Layout, k.Apply, k.Undo, k.Leave, k.Help}
}

// FullHelp implements help.KeyMap.
func (k MergeKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Next, k.Prev, k.Winner, k.Version, k.Both, k.BothRev},
		{k.Type, k.Done, k.NextVersion, k.PrevVersion, k.Layout, k.Base, k.Apply, k.Leave, k.Quit, k.Undo, k.Redo},
		append(k.ScrollKeys.list(), k.Help),
	}
}

// typingKeys are the bindings shown while typing in the result.
type typingKeys struct{ k MergeKeys }

// ShortHelp implements help.KeyMap.
func (t typingKeys) ShortHelp() []key.Binding {
	e := DefaultEditorKeys()
	return []key.Binding{t.k.Done, e.Apply, e.Undo, e.Redo, e.LineEnds, e.TextEnds}
}

// FullHelp implements help.KeyMap.
func (t typingKeys) FullHelp() [][]key.Binding {
	e := DefaultEditorKeys()
	return [][]key.Binding{t.ShortHelp(), {e.Switch, e.Rows, e.Words}}
}
