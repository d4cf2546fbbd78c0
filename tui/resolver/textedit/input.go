package textedit

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// The resolver edits text in two small widgets of its own: Input for the
// list's filter and Area (area.go) for the fields of an item.
// They keep the keys of readline and of the bubbles text inputs; pasting is
// the terminal's bracketed paste.

// Input is a one-line text input.
type Input struct {
	styles  *draw.Styles
	prompt  string
	value   []rune
	pos     int
	focused bool
	width   int
}

// NewInput returns an empty input that shows prompt before its text.
func NewInput(s *draw.Styles, prompt string) Input {
	return Input{styles: s, prompt: prompt}
}

// SetValue replaces the text and puts the cursor at its end.
func (in *Input) SetValue(s string) {
	in.value = []rune(strings.ReplaceAll(s, "\n", " "))
	in.pos = len(in.value)
}

// Value returns the text.
func (in Input) Value() string { return string(in.value) }

// Focus gives the input the keyboard.
func (in *Input) Focus() { in.focused = true }

// Blur takes the keyboard away.
func (in *Input) Blur() { in.focused = false }

// SetWidth sets the width in cells, prompt included.
func (in *Input) SetWidth(w int) { in.width = w }

// Update edits the text.
func (in Input) Update(msg tea.Msg) (Input, tea.Cmd) {
	if !in.focused {
		return in, nil
	}
	switch msg := msg.(type) {
	case tea.PasteMsg:
		in.insert(strings.ReplaceAll(msg.Content, "\n", " "))
	case tea.KeyPressMsg:
		in.value, in.pos = editLine(in.value, in.pos, msg)
	}
	return in, nil
}

func (in *Input) insert(s string) {
	r := []rune(draw.Clean(s))
	in.value = slices.Insert(in.value, in.pos, r...)
	in.pos += len(r)
}

// View renders the prompt and the part of the text around the cursor.
func (in Input) View() string {
	room := max(in.width-draw.TextWidth(in.prompt)-1, 1)
	start := 0
	for start < in.pos && draw.TextWidth(string(in.value[start:in.pos])) > room {
		start++
	}
	text := string(in.value[start:])
	if in.focused {
		text = withCursor(in.value[start:], in.pos-start, in.styles)
	}
	return draw.Truncate(in.prompt+text, in.width, "")
}

// moveInLine moves within one line of runes for the keys that only move;
// ok is false for any other key.
func moveInLine(line []rune, pos int, name string) (int, bool) {
	switch name {
	case "left", "ctrl+b":
		return max(pos-1, 0), true
	case "right", "ctrl+f":
		return min(pos+1, len(line)), true
	case "home", "ctrl+a":
		return 0, true
	case "end", "ctrl+e":
		return len(line), true
	case "alt+left", "ctrl+left", "alt+b":
		return wordStart(line, pos), true
	case "alt+right", "ctrl+right", "alt+f":
		return wordEnd(line, pos), true
	}
	return pos, false
}

// editLine applies a key to one line of runes: moving, deleting or typing.
// It returns the line unchanged for keys it does not know.
func editLine(line []rune, pos int, k tea.KeyPressMsg) ([]rune, int) {
	name := k.String()
	if p, ok := moveInLine(line, pos, name); ok {
		return line, p
	}
	switch name {
	case "backspace", "ctrl+h":
		if pos == 0 {
			return line, pos
		}
		return slices.Delete(line, pos-1, pos), pos - 1
	case "delete", "ctrl+d":
		if pos == len(line) {
			return line, pos
		}
		return slices.Delete(line, pos, pos+1), pos
	case "ctrl+u":
		return slices.Delete(line, 0, pos), 0
	case "ctrl+k":
		return line[:pos], pos
	case "ctrl+w", "alt+backspace", "ctrl+backspace":
		s := wordStart(line, pos)
		return slices.Delete(line, s, pos), s
	case "alt+d", "alt+delete", "ctrl+delete":
		return slices.Delete(line, pos, wordEnd(line, pos)), pos
	}
	if !typing(k) {
		return line, pos
	}
	r := []rune(draw.Clean(k.Text))
	return slices.Insert(line, pos, r...), pos + len(r)
}

func wordStart(line []rune, pos int) int {
	for pos > 0 && line[pos-1] == ' ' {
		pos--
	}
	for pos > 0 && line[pos-1] != ' ' {
		pos--
	}
	return pos
}

func wordEnd(line []rune, pos int) int {
	for pos < len(line) && line[pos] == ' ' {
		pos++
	}
	for pos < len(line) && line[pos] != ' ' {
		pos++
	}
	return pos
}

// withCursor renders runes with the cell at pos in reverse video, or a
// reversed space past the end.
func withCursor(rs []rune, pos int, s *draw.Styles) string {
	cur := " "
	rest := ""
	if pos < len(rs) {
		cur, rest = string(rs[pos]), string(rs[pos+1:])
	}
	return string(rs[:min(pos, len(rs))]) + s.Ink.Cursor.Render(cur) + rest
}
