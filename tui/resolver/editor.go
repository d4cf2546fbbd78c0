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

// editCancelMsg reports that the editor was left without applying.
type editCancelMsg struct{}

// EditorKeys are the in-app editor's bindings.
type EditorKeys struct{ Apply, Switch, Cancel key.Binding }

// ShortHelp implements help.KeyMap.
func (k EditorKeys) ShortHelp() []key.Binding { return []key.Binding{k.Apply, k.Switch, k.Cancel} }

// FullHelp implements help.KeyMap.
func (k EditorKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// Editor combines versions into new data: the title in a one-line input and
// the content in a text area, prefilled with the winner's fields.
type Editor struct {
	styles   *Styles
	keys     EditorKeys
	pos      int
	versions []int
	name     string
	title    lineInput
	content  textArea
	onTitle  bool
	whole    bool // a resolution removes every conflict version (SSE 0.91 §5)
	width    int
	height   int
}

// NewEditor returns a closed editor.
func NewEditor(s *Styles) Editor {
	return Editor{styles: s, title: newLineInput(s, "› "), content: newTextArea(s), keys: EditorKeys{
		Apply:  bind("ctrl+s", "apply as resolution", "ctrl+s"),
		Switch: bind("tab", "title/content", "tab", "shift+tab"),
		Cancel: bind("esc", "cancel", "esc"),
	}}
}

// KeyMap returns the editor's bindings.
func (e Editor) KeyMap() EditorKeys { return e.keys }

// SetSelective says whether a resolution folds in only the versions marked
// (FeedSync 1.0.2) or is one update that removes them all (SSE 0.91).
func (e *Editor) SetSelective(selective bool) { e.whole = !selective }

// Open starts editing the item at pos; versions are the marked ones.
func (e Editor) Open(pos int, versions []int, name, title, content string) (Editor, tea.Cmd) {
	e.pos, e.versions, e.name = pos, versions, name
	e.title.SetValue(title)
	e.content.SetValue(content)
	e.onTitle = false
	e.title.Blur()
	e.content.Focus()
	return e, nil
}

// SetSize sets the editor's size in cells.
func (e *Editor) SetSize(w, h int) {
	e.width, e.height = w, h
	e.title.SetWidth(w)
	e.content.SetSize(w, h-4)
}

// Update edits, switches fields, applies or cancels.
func (e Editor) Update(msg tea.Msg) (Editor, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, e.keys.Apply):
			done := editDoneMsg{e.pos, e.versions, e.title.Value(), e.content.Value()}
			return e, func() tea.Msg { return done }
		case key.Matches(k, e.keys.Cancel):
			return e, func() tea.Msg { return editCancelMsg{} }
		case key.Matches(k, e.keys.Switch):
			return e.switchField()
		}
	}
	var cmd tea.Cmd
	if e.onTitle {
		e.title, cmd = e.title.Update(msg)
	} else {
		e.content, cmd = e.content.Update(msg)
	}
	return e, cmd
}

func (e Editor) switchField() (Editor, tea.Cmd) {
	e.onTitle = !e.onTitle
	if e.onTitle {
		e.content.Blur()
		e.title.Focus()
	} else {
		e.title.Blur()
		e.content.Focus()
	}
	return e, nil
}

// View renders the two fields under a line that says what is edited.
func (e Editor) View() string {
	scope := "folds in every version"
	switch {
	case e.whole:
		scope = "removes every sx:conflict (§5)"
	case len(e.versions) > 0:
		scope = "folds in versions " + joinInts(e.versions)
	}
	lines := []string{
		e.styles.Bold.Render(fit(fmt.Sprintf("edit %s — the result %s", e.name, scope), e.width)),
		e.styles.Label.Render(fit("title", e.width)),
		pad(e.title.View(), e.width),
		e.styles.Label.Render(fit("content", e.width)),
	}
	for _, l := range strings.Split(e.content.View(), "\n") {
		lines = append(lines, pad(l, e.width))
	}
	return strings.Join(lines, "\n")
}

// joinInts lists 0-based indexes as 1-based numbers: "1, 3".
func joinInts(is []int) string {
	s := make([]string, len(is))
	for i, v := range is {
		s[i] = fmt.Sprint(v + 1)
	}
	return strings.Join(s, ", ")
}
