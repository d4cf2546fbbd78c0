package resolver

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// editDoneMsg carries an edit to record as the resolution of an item.
type editDoneMsg struct {
	pos            int
	versions       []int
	title, content string
}

// editCancelMsg reports that the editor was left without changes.
type editCancelMsg struct{}

// editLeaveMsg asks whether to leave the editor, whose text has changed:
// keep editing, discard the changes, or apply them.
type editLeaveMsg struct{}

// EditorKeys are the in-app editor's bindings. The keys that move and edit
// inside a field are listed for help only: the text area handles them.
type EditorKeys struct {
	Apply, Switch, Cancel, Undo, Redo key.Binding
	Rows, LineEnds, TextEnds, Words   key.Binding
}

// ShortHelp implements help.KeyMap.
func (k EditorKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Apply, k.Switch, k.Cancel, k.Undo, k.Redo}
}

// FullHelp implements help.KeyMap.
func (k EditorKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{k.ShortHelp(), {k.Rows, k.LineEnds, k.TextEnds, k.Words}}
}

// DefaultEditorKeys returns the editor's bindings.
func DefaultEditorKeys() EditorKeys {
	return EditorKeys{
		Apply:    bind("ctrl+s", "apply as resolution", "ctrl+s"),
		Switch:   bind("tab", "title/content", "tab", "shift+tab"),
		Cancel:   bind("esc", "close (asks if changed)", "esc", "ctrl+c"),
		Undo:     bind("ctrl+z", "undo typing", "ctrl+z", "ctrl+_", "ctrl+/"),
		Redo:     bind("ctrl+y", "redo typing", "ctrl+y", "ctrl+r", "ctrl+shift+z"),
		Rows:     bind("↑/↓", "screen rows", "up", "down"),
		LineEnds: bind("home/end", "row ends, again: line ends", "home", "end"),
		TextEnds: bind("ctrl+home/end", "start/end of the text", "ctrl+home", "ctrl+end"),
		Words:    bind("alt+←/→", "words", "alt+left", "alt+right"),
	}
}

// Editor combines versions into new data: the title and the content, each
// in a text area, prefilled with the winner's fields.
type Editor struct {
	styles      *Styles
	keys        EditorKeys
	pos         int
	versions    []int
	name        string
	title       textArea
	content     textArea
	onTitle     bool
	whole       bool // a resolution removes every conflict version (SSE 0.91 §5)
	origTitle   string
	origContent string
	needContent bool   // the item has content, which an edit must keep
	note        string // why the last ctrl+s was refused
	width       int
	height      int
}

// NewEditor returns a closed editor.
func NewEditor(s *Styles) Editor {
	e := Editor{styles: s, keys: DefaultEditorKeys(), title: newTextArea(s), content: newTextArea(s)}
	e.title.single = true
	return e
}

// KeyMap returns the editor's bindings.
func (e Editor) KeyMap() EditorKeys { return e.keys }

// SetSelective says whether a resolution folds in only the versions marked
// (FeedSync 1.0.2) or is one update that removes them all (SSE 0.91).
func (e *Editor) SetSelective(selective bool) { e.whole = !selective }

// Open starts editing the item at pos; versions are the marked ones.
// needContent says that some version of the item has content, so that
// the edit may not leave it empty.
func (e Editor) Open(pos int, versions []int, name, title, content string, needContent bool) (Editor, tea.Cmd) {
	e.pos, e.versions, e.name = pos, versions, name
	e.origTitle, e.origContent, e.needContent, e.note = title, content, needContent, ""
	e.title.SetValue(title)
	e.content.SetValue(content)
	e.title.move("ctrl+end") // the cursors at the ends, where text is added
	e.content.move("ctrl+end")
	e.onTitle = false
	e.focus()
	e.layout()
	return e, nil
}

// Changed reports whether the title or the content differ from what the
// editor opened with.
func (e Editor) Changed() bool {
	return e.title.Value() != e.origTitle || e.content.Value() != e.origContent
}

// SetSize sets the editor's size in cells.
func (e *Editor) SetSize(w, h int) {
	e.width, e.height = w, h
	e.layout()
}

// layout gives the title the rows it needs, up to three, and the content
// the rest: a header line, the note if any, and two labels.
func (e *Editor) layout() {
	e.title.SetSize(e.width-2, 1)
	th := min(max(e.title.Rows(), 1), 3)
	e.title.SetSize(e.width-2, th)
	e.content.SetSize(e.width-2, e.height-3-th-e.noteRows())
}

func (e Editor) noteRows() int {
	if e.note == "" {
		return 0
	}
	return 1
}

// Update edits, switches fields, applies or asks to leave.
func (e Editor) Update(msg tea.Msg) (Editor, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, e.keys.Apply):
			return e.apply()
		case key.Matches(k, e.keys.Cancel):
			return e, e.leave()
		case key.Matches(k, e.keys.Switch):
			e.onTitle = !e.onTitle
			e.focus()
			return e, nil
		}
	}
	if e.onTitle {
		e.title, _ = e.title.Update(msg)
	} else {
		e.content, _ = e.content.Update(msg)
	}
	if _, ok := msg.(tea.KeyPressMsg); ok && e.note != "" {
		e.note = ""
	}
	e.layout()
	return e, nil
}

// Apply returns the command that records the edit, unless it empties the
// title or the content, which the editor refuses with a note.
func (e Editor) apply() (Editor, tea.Cmd) {
	title, content := e.title.Value(), e.content.Value()
	switch {
	case strings.TrimSpace(title) == "":
		e.note = "the title is empty: write one, or esc to leave without a decision"
		e.onTitle = true
	case e.needContent && strings.TrimSpace(content) == "":
		e.note = "the content is empty: write some, or esc to leave without a decision"
		e.onTitle = false
	default:
		done := editDoneMsg{e.pos, e.versions, title, content}
		return e, func() tea.Msg { return done }
	}
	e.focus()
	e.layout()
	return e, nil
}

// leave closes the editor, or asks first when the text has changed.
func (e Editor) leave() tea.Cmd {
	if e.Changed() {
		return func() tea.Msg { return editLeaveMsg{} }
	}
	return func() tea.Msg { return editCancelMsg{} }
}

// Applied returns the message that applies the edit as it stands, for the
// answer "apply" to the question editLeaveMsg asks.
func (e Editor) Applied() (Editor, tea.Cmd) { return e.apply() }

func (e *Editor) focus() {
	if e.onTitle {
		e.content.Blur()
		e.title.Focus()
	} else {
		e.title.Blur()
		e.content.Focus()
	}
}

// View renders the two fields under a line that says what is edited; the
// field being typed in has a bar beside it and its label stands out.
func (e Editor) View() string {
	scope := "settles every conflicting version"
	if len(e.versions) > 0 && !e.whole {
		scope = "settles versions " + joinInts(e.versions) + "; the others stay in conflict"
	}
	lines := []string{e.styles.Bold.Render(fit(fmt.Sprintf("edit %s — the result %s", e.name, scope), e.width))}
	if e.note != "" {
		lines = append(lines, e.styles.Error.Render(fit(e.note, e.width)))
	}
	lines = append(lines, e.label("title", e.onTitle))
	lines = append(lines, e.field(e.title.View(), e.onTitle)...)
	lines = append(lines, e.label("content", !e.onTitle))
	lines = append(lines, e.field(e.content.View(), !e.onTitle)...)
	return strings.Join(lines, "\n")
}

// label names a field; the focused one is marked and says so.
func (e Editor) label(name string, focused bool) string {
	if focused {
		return e.styles.Selected.Render(fit("▌ "+name+" · typing here", e.width))
	}
	return e.styles.Label.Render(fit("  "+name, e.width))
}

// field indents a field's rows behind a bar when it has the keyboard.
func (e Editor) field(view string, focused bool) []string {
	bar := "  "
	if focused {
		bar = e.styles.Marked.Render("▌") + " "
	}
	var out []string
	for l := range strings.SplitSeq(view, "\n") {
		out = append(out, pad(bar+l, e.width))
	}
	return out
}

// joinInts lists 0-based indexes as 1-based numbers: "1, 3".
func joinInts(is []int) string {
	s := make([]string, len(is))
	for i, v := range is {
		s[i] = fmt.Sprint(v + 1)
	}
	return strings.Join(s, ", ")
}
