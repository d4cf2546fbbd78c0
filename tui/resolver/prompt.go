package resolver

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/textedit"
)

// promptMsg reports the text given to a prompt, or that it was cancelled.
type promptMsg struct {
	value     string
	cancelled bool
}

// PromptKeys are the prompt's bindings.
type PromptKeys struct{ Done, Cancel key.Binding }

// ShortHelp implements help.KeyMap.
func (k PromptKeys) ShortHelp() []key.Binding { return []key.Binding{k.Done, k.Cancel} }

// FullHelp implements help.KeyMap.
func (k PromptKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// DefaultPromptKeys returns the prompt's bindings.
func DefaultPromptKeys() PromptKeys {
	return PromptKeys{Done: draw.Bind("enter", "save there", "enter"), Cancel: draw.Bind("esc", "cancel", "esc")}
}

// Prompt asks for one line of text, in a dialog: the path to save to.
type Prompt struct {
	styles *draw.Styles
	keys   PromptKeys
	text   string
	input  textedit.Input
	width  int
	height int
}

// NewPrompt returns a prompt that asks text.
func NewPrompt(s *draw.Styles, text string) Prompt {
	p := Prompt{styles: s, text: text, input: textedit.NewInput(s, "› "), keys: DefaultPromptKeys()}
	p.input.Focus()
	return p
}

// KeyMap returns the prompt's bindings.
func (p Prompt) KeyMap() help.KeyMap { return p.keys }

// SetSize sets the room the dialog is centred in.
func (p *Prompt) SetSize(w, h int) {
	p.width, p.height = w, h
	p.input.SetWidth(max(min(w-4, 60), 1))
}

// Update edits the line; enter gives it, esc cancels.
func (p Prompt) Update(msg tea.Msg) (Prompt, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, p.keys.Done):
			v := strings.TrimSpace(p.input.Value())
			return p, func() tea.Msg { return promptMsg{value: v} }
		case key.Matches(k, p.keys.Cancel):
			return p, func() tea.Msg { return promptMsg{cancelled: true} }
		}
	}
	p.input, _ = p.input.Update(msg)
	return p, nil
}

// View renders the dialog centred in its room.
func (p Prompt) View() string {
	inner := max(min(p.width-4, 60), 1)
	body := lipgloss.NewStyle().Width(inner).Render(p.text) + "\n\n" + p.input.View() + "\n\n" +
		"enter save there · esc cancel"
	return lipgloss.Place(p.width, p.height, lipgloss.Center, lipgloss.Center, p.styles.Dialog.Render(body))
}
