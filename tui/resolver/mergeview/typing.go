package mergeview

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Typing in the result: the view gives the keyboard to its editor
// (editor.go), and writes what is typed into the merge model.

// typeAtHunk starts typing in the field of the hunk at hand, the cursor
// where the result holds it.
func (v *Model) typeAtHunk() {
	hs := v.shown()
	if len(hs) == 0 {
		v.startTyping(v.firstField())
		return
	}
	h := hs[v.cur]
	_, re := v.placeOf(v.cur)
	v.startTyping(h.Field)
	v.editor.areas[h.Field].MoveToByte(re)
}

// startTyping gives the keyboard to a field's result.
func (v *Model) startTyping(field int) {
	if field >= len(v.fields) {
		v.note = "the item has no shared field to type in"
		return
	}
	v.mm.Push()
	v.editor.Focus(field)
}

// updateTyping edits the field typed in; esc stops typing, tab moves to
// the next field, ctrl+s applies.
func (v Model) updateTyping(msg tea.Msg) (Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, DefaultEditorKeys().Apply):
			v.stopTyping()
			return v, v.apply()
		case key.Matches(k, v.keys.Done):
			v.stopTyping()
			v.layout()
			return v, nil
		}
	}
	v.note = ""
	v.editor, _ = v.editor.Update(msg)
	v.mm.SetResult(v.editor.field, v.editor.Value())
	v.layout()
	v.follow()
	return v, nil
}

// stopTyping takes the keyboard back; typing that changed nothing leaves
// no undo step.
func (v *Model) stopTyping() {
	v.editor.Blur()
	v.mm.Settle()
}
