package resolver

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// question says what a confirmation is about.
type question uint8

const (
	askKeepAll    question = iota // A: keep every winner
	askQuit                       // q with unsaved work
	askLeaveMerge                 // esc, q or ctrl+c in the merge view with a changed result
	askMergeIn                    // a save found the file changed on disk
	askTakeAll                    // T: take one endpoint's versions
	askCombineAll                 // C: combine every item that combines
	askApplyOpen                  // applying a merge with hunks still open
)

// answer is the choice made in a confirmation.
type answer uint8

const (
	answerNo      answer = iota
	answerYes            // keep all, quit without saving
	answerSave           // save, then quit
	answerDiscard        // leave the merge view, dropping the result
	answerApply          // apply the edit as the resolution
	answerQuit           // drop the merge's result and quit, as ctrl+c does
)

// confirmMsg reports the answer to a confirmation.
type confirmMsg struct {
	q question
	a answer
}

// choice is one answer and the keys that give it.
type choice struct {
	key key.Binding
	a   answer
}

// ConfirmKeys are the confirmation dialog's bindings: its choices.
type ConfirmKeys struct{ Choices []key.Binding }

// ShortHelp implements help.KeyMap.
func (k ConfirmKeys) ShortHelp() []key.Binding { return k.Choices }

// FullHelp implements help.KeyMap.
func (k ConfirmKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.Choices} }

// Confirm is a dialog that asks a question and offers two or three choices;
// the first is the safe one.
type Confirm struct {
	styles  *draw.Styles
	choices []choice
	q       question
	text    string
	width   int
	height  int
}

// choicesFor lists the answers to a question, the safe one first.
func choicesFor(q question) []choice {
	switch q {
	case askQuit:
		return []choice{
			{draw.Bind("n/esc", "stay", "n", "N", "esc"), answerNo},
			{draw.Bind("s", "save and quit", "s"), answerSave},
			{draw.Bind("y", "quit without saving", "y", "Y"), answerYes},
		}
	case askMergeIn:
		return []choice{
			{draw.Bind("n/esc", "not now", "n", "esc"), answerNo},
			{draw.Bind("m/enter", "merge it in", "m", "enter"), answerApply},
			{draw.Bind("a", "save elsewhere", "a"), answerSave},
		}
	case askApplyOpen:
		return []choice{
			{draw.Bind("k/esc", "keep combining", "k", "esc"), answerNo},
			{draw.Bind("a/ctrl+s", "apply anyway", "a", "ctrl+s"), answerApply},
		}
	case askLeaveMerge:
		return []choice{
			{draw.Bind("k/esc", "keep combining", "k", "esc"), answerNo},
			{draw.Bind("a/ctrl+s", "apply", "a", "ctrl+s"), answerApply},
			{draw.Bind("d", "discard the result", "d"), answerDiscard},
			{draw.Bind("ctrl+c", "quit", "ctrl+c"), answerQuit},
		}
	}
	return []choice{
		{draw.Bind("n/esc", "no", "n", "N", "esc"), answerNo},
		{draw.Bind("y", "yes", "y", "Y"), answerYes},
	}
}

// NewConfirm returns a dialog that asks q in text.
func NewConfirm(s *draw.Styles, q question, text string) Confirm {
	return Confirm{styles: s, q: q, text: text, choices: choicesFor(q)}
}

// KeyMap returns the dialog's bindings.
func (c Confirm) KeyMap() help.KeyMap {
	var k ConfirmKeys
	for _, ch := range c.choices {
		k.Choices = append(k.Choices, ch.key)
	}
	return k
}

// SetSize sets the room the dialog is centred in.
func (c *Confirm) SetSize(w, h int) { c.width, c.height = w, h }

// Update answers when a key gives a choice, and ignores other keys.
func (c Confirm) Update(msg tea.Msg) (Confirm, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return c, nil
	}
	for _, ch := range c.choices {
		if key.Matches(k, ch.key) {
			answer := confirmMsg{c.q, ch.a}
			return c, func() tea.Msg { return answer }
		}
	}
	return c, nil
}

// View renders the dialog centred in its room.
func (c Confirm) View() string {
	inner := max(min(c.width-4, 60), 1)
	var choices []string
	for _, ch := range c.choices {
		choices = append(choices, ch.key.Help().Key+" "+ch.key.Help().Desc)
	}
	body := lipgloss.NewStyle().Width(inner).Render(c.text + "\n\n" + strings.Join(choices, " · "))
	return lipgloss.Place(c.width, c.height, lipgloss.Center, lipgloss.Center, c.styles.Dialog.Render(body))
}
