package mergeview

import (
	"charm.land/bubbles/v2/key"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// EditorKeys are the keys of typing in a field of the merge view's result,
// which the merge view's key map and help show. The keys that move and
// edit inside a field are listed for help only: the text area handles them.
type EditorKeys struct {
	Apply, Switch, Undo, Redo       key.Binding
	Rows, LineEnds, TextEnds, Words key.Binding
}

// DefaultEditorKeys returns the editor's bindings. esc stops typing, as
// Keys' Done says; of the merge view's apply keys only ctrl+s
// applies, since a types an a.
func DefaultEditorKeys() EditorKeys {
	return EditorKeys{
		Apply:    draw.Bind("ctrl+s", "apply as the resolution", "ctrl+s"),
		Switch:   draw.Bind("tab/shift+tab", "next/previous field", "tab", "shift+tab"),
		Undo:     draw.Bind("ctrl+z", "undo typing", "ctrl+z", "ctrl+_", "ctrl+/"),
		Redo:     draw.Bind("ctrl+y", "redo typing", "ctrl+y", "ctrl+r", "ctrl+shift+z"),
		Rows:     draw.Bind("↑/↓", "screen rows", "up", "down"),
		LineEnds: draw.Bind("home/end", "row ends, again: line ends", "home", "end"),
		TextEnds: draw.Bind("ctrl+home/end", "start/end of the text", "ctrl+home", "ctrl+end"),
		Words:    draw.Bind("alt+←/→", "words", "alt+left", "alt+right"),
	}
}
