package resolver

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// ActionKeys are the decisions and session keys, which the root model
// handles on the list and item screens alike.
type ActionKeys struct {
	Keep, Take, Edit, ExtEdit, Mark, Delete, All key.Binding
	TakeAll, CombineAll                          key.Binding
	Undo, Redo, Save, SaveAs, Quit, Back, Help   key.Binding
	Suspend                                      key.Binding
	NextUnresolved, PrevUnresolved               key.Binding
}

// DefaultActionKeys returns the key table of the resolver.
func DefaultActionKeys() ActionKeys {
	return ActionKeys{
		Keep:           draw.Bind("w", "keep winner", "w"),
		Take:           draw.Bind("t", "take this version", "t"),
		Edit:           draw.Bind("e", "edit", "e"),
		ExtEdit:        draw.Bind("E", "edit in $EDITOR", "E"),
		Mark:           draw.Bind("m", "mark version", "m"),
		Delete:         draw.Bind("d", "delete/undelete", "d"),
		All:            draw.Bind("A", "keep all winners", "A"),
		TakeAll:        draw.Bind("T", "take this endpoint's version for all", "T"),
		CombineAll:     draw.Bind("C", "combine all that combine", "C"),
		Undo:           draw.Bind("u", "undo", "u"),
		Redo:           draw.Bind("ctrl+r", "redo", "ctrl+r"),
		Save:           draw.Bind("s", "save", "s"),
		SaveAs:         draw.Bind("S", "save to another file", "S"),
		Quit:           draw.Bind("q", "quit", "q", "ctrl+c"),
		Back:           draw.Bind("esc", "back", "esc"),
		Suspend:        draw.Bind("ctrl+z", "suspend", "ctrl+z"),
		Help:           draw.Bind("?", "help", "?"),
		NextUnresolved: draw.Bind("n", "next unresolved", "n"),
		PrevUnresolved: draw.Bind("N", "previous unresolved", "N"),
	}
}

// decisions are the bindings that decide on the shown item.
func (k ActionKeys) decisions() []key.Binding {
	return []key.Binding{k.Keep, k.Take, k.Edit, k.ExtEdit, k.Mark, k.Delete, k.All, k.TakeAll, k.CombineAll}
}

// session are the bindings that act on the whole session. The rule for q
// is that of less, tig and the help overlay: q closes what is on top. On
// an item it goes back to the list; on the list it quits, asking first
// when work is unsaved. ctrl+c quits from anywhere, asking about unsaved
// work as q does; in the merge view it asks first when the result changed,
// and ctrl+c in that question goes on to quitting.
func (k ActionKeys) session(onItem bool) []key.Binding {
	back, quit := k.Back, k.Quit
	if onItem {
		back = draw.Bind("q/esc", "back to the list", "q", "esc")
		quit = draw.Bind("ctrl+c", "quit", "ctrl+c")
	}
	return []key.Binding{k.Undo, k.Redo, k.Save, k.SaveAs, back, quit, k.Suspend, k.Help}
}

// ListKeys are the list component's own bindings.
type ListKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	Open, Filter, Scope                     key.Binding
	// ApplyFilter and ClearFilter act while the filter is typed.
	ApplyFilter, ClearFilter key.Binding
}

// DefaultListKeys returns the list's bindings.
func DefaultListKeys() ListKeys {
	return ListKeys{
		Up:       draw.Bind("↑/k", "up", "up", "k"),
		Down:     draw.Bind("↓/j", "down", "down", "j"),
		PageUp:   draw.Bind("pgup", "page up", "pgup"),
		PageDown: draw.Bind("pgdn", "page down", "pgdown"),
		Top:      draw.Bind("home/g", "first", "home", "g"),
		Bottom:   draw.Bind("end/G", "last", "end", "G"),
		Open:     draw.Bind("enter", "open", "enter"),
		Filter:   draw.Bind("/", "filter", "/"),
		Scope:    draw.Bind("c", "conflicts/all", "c"),

		ApplyFilter: draw.Bind("enter", "keep the filter", "enter"),
		ClearFilter: draw.Bind("esc", "clear the filter", "esc"),
	}
}

// filterKeys are the bindings shown while the filter is typed.
type filterKeys struct{ k ListKeys }

// ShortHelp implements help.KeyMap.
func (f filterKeys) ShortHelp() []key.Binding { return []key.Binding{f.k.ApplyFilter, f.k.ClearFilter} }

// FullHelp implements help.KeyMap.
func (f filterKeys) FullHelp() [][]key.Binding { return [][]key.Binding{f.ShortHelp()} }

// ShortHelp implements help.KeyMap.
func (k ListKeys) ShortHelp() []key.Binding { return []key.Binding{k.Open, k.Filter, k.Scope} }

// FullHelp implements help.KeyMap.
func (k ListKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.Open, k.Filter, k.Scope}}
}

// ItemKeys are the item component's own bindings.
type ItemKeys struct {
	NextVersion, PrevVersion key.Binding
	// Compare puts another side on the left: each other version, then
	// the base when one is known, then the winner again (itemcompare.go).
	Compare key.Binding
	draw.ScrollKeys
	Layout, Publisher, History, Unfold     key.Binding
	NextChange, PrevChange, Markup, RawXML key.Binding
	// Space hides or shows the changes of white space alone, here and in
	// the merge view alike (itemspace.go).
	Space                        key.Binding
	Search, NextMatch, PrevMatch key.Binding
	ClearSearch                  key.Binding
}

// DefaultItemKeys returns the item screen's bindings.
func DefaultItemKeys() ItemKeys {
	return ItemKeys{
		NextVersion: draw.Bind("tab/]", "next version", "tab", "]"),
		PrevVersion: draw.Bind("shift+tab/[", "previous version", "shift+tab", "["),
		Compare:     draw.Bind("c", "compare: another version or the base on the left", "c"),
		ScrollKeys:  draw.DefaultScrollKeys(),
		Layout:      draw.Bind("v", "side by side/unified", "v"),
		Publisher:   draw.Bind("p", "publisher-specific fields", "p"),
		History:     draw.Bind("h", "history pane", "h"),
		Unfold:      draw.Bind("z", "fold/unfold", "z"),
		NextChange:  draw.Bind("}", "next change", "}"),
		Markup:      draw.Bind("r", "markup as written/rendered", "r"),
		RawXML:      draw.Bind("x", "the item's XML", "x"),
		Space:       draw.Bind("W", "white-space-only changes: hide/show (here and in the merge view)", "W"),
		PrevChange:  draw.Bind("{", "previous change", "{"),
		Search:      draw.Bind("/", "search in the item", "/"),
		NextMatch:   draw.Bind("n/N", "next/previous match (while searching)", "n"),
		PrevMatch:   draw.Bind("N", "previous match", "N"),
		ClearSearch: draw.Bind("esc", "end the search", "esc"),
	}
}

// ShortHelp implements help.KeyMap.
func (k ItemKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.NextVersion, k.NextChange, k.Search, k.Layout, k.History}
}

// FullHelp implements help.KeyMap.
func (k ItemKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.NextVersion, k.PrevVersion, k.Compare, k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Layout, k.Publisher, k.History, k.Unfold, k.Space},
		{k.NextChange, k.PrevChange, k.Search, k.NextMatch, k.Markup, k.RawXML},
	}
}

// screenKeys combines a component's bindings with the action keys for the
// status bar and the help overlay.
type screenKeys struct {
	actions []key.Binding
	session []key.Binding
	own     help.KeyMap
}

// ShortHelp implements help.KeyMap: every action, then the component's main keys.
func (k screenKeys) ShortHelp() []key.Binding {
	out := append([]key.Binding{}, k.actions...)
	out = append(out, k.own.ShortHelp()...)
	return append(out, k.session...)
}

// FullHelp implements help.KeyMap.
func (k screenKeys) FullHelp() [][]key.Binding {
	return append([][]key.Binding{k.actions, k.session}, k.own.FullHelp()...)
}
