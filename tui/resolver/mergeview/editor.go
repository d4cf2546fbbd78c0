package mergeview

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
	"github.com/feedsync/feedsync/tui/resolver/textedit"
)

// Editor is the result editor: each field's result as the person types
// it, with its cursor and its typing's undo, and, while typing, the field
// that takes the keyboard. It moves between fields with its own keys
// (tab, shift+tab); the view stops typing (esc) and applies (ctrl+s), and
// writes what is typed into the merge's model.
type Editor struct {
	keys   EditorKeys
	areas  []textedit.Area
	typing bool
	field  int // the field typed in
}

// newEditor returns the editor of fields, each holding the winner's value.
func newEditor(s *draw.Styles, fields []mergemodel.Field) Editor {
	e := Editor{keys: DefaultEditorKeys(), areas: make([]textedit.Area, len(fields))}
	for i, f := range fields {
		e.areas[i] = textedit.NewArea(s)
		e.areas[i].Single = !f.List && f.Key == "title"
		e.areas[i].SetValue(f.Winner)
	}
	return e
}

// KeyMap returns the editor's bindings.
func (e Editor) KeyMap() EditorKeys { return e.keys }

// SetValues puts each field's result in, as value gives it.
func (e *Editor) SetValues(value func(i int) string) {
	for i := range e.areas {
		e.areas[i].SetValue(value(i))
	}
}

// Focus gives the keyboard to field i.
func (e *Editor) Focus(i int) {
	e.typing, e.field = true, i
	for k := range e.areas {
		e.areas[k].Blur()
	}
	e.areas[i].Focus()
}

// Blur takes the keyboard back.
func (e *Editor) Blur() {
	e.typing = false
	if e.field < len(e.areas) {
		e.areas[e.field].Blur()
	}
}

// SetSize sets the width of the field typed in, and its height to what
// its text takes at that width (at least h).
func (e *Editor) SetSize(w, h int) {
	ta := &e.areas[e.field]
	ta.SetSize(w, 1)
	ta.SetSize(w, max(ta.Rows(), h))
}

// Value returns the text of the field typed in.
func (e Editor) Value() string { return e.areas[e.field].Value() }

// Update moves between fields with tab and shift+tab, and hands every
// other message to the field typed in.
func (e Editor) Update(msg tea.Msg) (Editor, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, e.keys.Switch) {
		d := 1
		if k.String() == "shift+tab" {
			d = -1
		}
		e.Focus((e.field + d + len(e.areas)) % len(e.areas))
		return e, nil
	}
	var cmd tea.Cmd
	e.areas[e.field], cmd = e.areas[e.field].Update(msg)
	return e, cmd
}

// View renders the field typed in.
func (e Editor) View() string { return e.areas[e.field].View() }
