package resolver

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// question says what a confirmation is about.
type question uint8

const (
	askKeepAll question = iota // A: keep every winner
	askQuit                    // q with unsaved decisions
)

// answer is the choice made in a confirmation.
type answer uint8

const (
	answerNo answer = iota
	answerYes
	answerSave // save, then go on (only for askQuit)
)

// confirmMsg reports the answer to a confirmation.
type confirmMsg struct {
	q question
	a answer
}

// ConfirmKeys are the confirmation dialog's bindings.
type ConfirmKeys struct{ Yes, No, Save key.Binding }

// ShortHelp implements help.KeyMap.
func (k ConfirmKeys) ShortHelp() []key.Binding { return []key.Binding{k.Yes, k.Save, k.No} }

// FullHelp implements help.KeyMap.
func (k ConfirmKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// Confirm is a yes/no dialog, with a third choice to save for quitting.
type Confirm struct {
	styles *Styles
	keys   ConfirmKeys
	q      question
	text   string
	width  int
	height int
}

// NewConfirm returns a dialog that asks q in text.
func NewConfirm(s *Styles, q question, text string) Confirm {
	k := ConfirmKeys{
		Yes:  bind("y", "yes", "y", "Y"),
		No:   bind("n/esc", "no", "n", "N", "esc"),
		Save: bind("s", "save and quit", "s"),
	}
	if q == askQuit {
		k.Yes.SetHelp("y", "quit without saving")
	} else {
		k.Save.SetEnabled(false)
	}
	return Confirm{styles: s, keys: k, q: q, text: text}
}

// KeyMap returns the dialog's bindings.
func (c Confirm) KeyMap() ConfirmKeys { return c.keys }

// SetSize sets the room the dialog is centred in.
func (c *Confirm) SetSize(w, h int) { c.width, c.height = w, h }

// Update answers on y, n, esc or s.
func (c Confirm) Update(msg tea.Msg) (Confirm, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return c, nil
	}
	a, ok := answerNo, true
	switch {
	case key.Matches(k, c.keys.Yes):
		a = answerYes
	case key.Matches(k, c.keys.Save):
		a = answerSave
	case key.Matches(k, c.keys.No):
	default:
		ok = false
	}
	if !ok {
		return c, nil
	}
	return c, func() tea.Msg { return confirmMsg{c.q, a} }
}

// View renders the dialog centred in its room.
func (c Confirm) View() string {
	inner := max(min(c.width-4, 60), 1)
	var choices []string
	for _, b := range c.keys.ShortHelp() {
		if b.Enabled() {
			choices = append(choices, b.Help().Key+" "+b.Help().Desc)
		}
	}
	body := lipgloss.NewStyle().Width(inner).Render(c.text + "\n\n" + strings.Join(choices, " · "))
	return lipgloss.Place(c.width, c.height, lipgloss.Center, lipgloss.Center, c.styles.Dialog.Render(body))
}
