package resolver

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Status is the status bar: the last message, an error in its own style,
// and the bindings of the screen, wrapped over as many lines as it is given.
type Status struct {
	styles *Styles
	msg    string
	isErr  bool
	keys   help.KeyMap
	width  int
	height int
}

// NewStatus returns an empty status bar.
func NewStatus(s *Styles) Status { return Status{styles: s, height: 1} }

// SetSize sets the width and the number of lines the bar may use.
func (s *Status) SetSize(w, h int) { s.width, s.height = w, max(h, 1) }

// SetKeys sets the bindings the bar shows.
func (s *Status) SetKeys(km help.KeyMap) { s.keys = km }

// Info shows a message.
func (s *Status) Info(msg string) { s.msg, s.isErr = msg, false }

// Error shows an error; it stays until the next key press.
func (s *Status) Error(msg string) { s.msg, s.isErr = msg, true }

// Message returns the message shown, if any.
func (s Status) Message() string { return s.msg }

// KeyMap returns the bindings the bar shows.
func (s Status) KeyMap() help.KeyMap { return s.keys }

// Update clears the message when a key is pressed: it has been read.
func (s Status) Update(msg tea.Msg) (Status, tea.Cmd) {
	if _, ok := msg.(tea.KeyPressMsg); ok {
		s.msg, s.isErr = "", false
	}
	return s, nil
}

// View renders the message line, if any, and the bindings.
func (s Status) View() string {
	var lines []string
	if s.msg != "" {
		style := s.styles.Info
		if s.isErr {
			style = s.styles.Error
		}
		text := s.msg
		if s.isErr {
			text = "error: " + text
		}
		lines = append(lines, style.Render(fit(text, s.width)))
	}
	if room := s.height - len(lines); room > 0 && s.keys != nil {
		lines = append(lines, s.bindings(room)...)
	}
	return strings.Join(lines, "\n")
}

// bindings lays the short help out over at most n lines, ending with an
// ellipsis when it does not fit.
func (s Status) bindings(n int) []string {
	var lines []string
	cur, curW := "", 0
	sep := s.styles.ink.sep.render(" · ")
	for _, b := range s.keys.ShortHelp() {
		if !b.Enabled() {
			continue
		}
		item := s.item(b)
		w := textWidth(item)
		if curW > 0 && curW+3+w > s.width {
			if len(lines) == n-1 {
				return append(lines, pad(cur+s.styles.Help.Ellipsis.Render(" …"), s.width))
			}
			lines, cur, curW = append(lines, pad(cur, s.width)), "", 0
		}
		if curW > 0 {
			cur, curW = cur+sep, curW+3
		}
		cur, curW = cur+item, curW+w
	}
	return append(lines, pad(cur, s.width))
}

func (s Status) item(b key.Binding) string {
	h := b.Help()
	return s.styles.ink.key.render(h.Key) + " " + s.styles.ink.desc.render(h.Desc)
}
