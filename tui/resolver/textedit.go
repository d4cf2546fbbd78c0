package resolver

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// The resolver edits text in two small widgets of its own: lineInput for
// one line (the list's filter, the title) and textArea for the content. They
// keep the keys of readline and of the bubbles text inputs, and know nothing
// of clipboards: pasting is the terminal's bracketed paste.

// lineInput is a one-line text input.
type lineInput struct {
	styles  *Styles
	prompt  string
	value   []rune
	pos     int
	focused bool
	width   int
}

func newLineInput(s *Styles, prompt string) lineInput { return lineInput{styles: s, prompt: prompt} }

// SetValue replaces the text and puts the cursor at its end.
func (in *lineInput) SetValue(s string) {
	in.value = []rune(strings.ReplaceAll(s, "\n", " "))
	in.pos = len(in.value)
}

// Value returns the text.
func (in lineInput) Value() string { return string(in.value) }

// Focus gives the input the keyboard.
func (in *lineInput) Focus() { in.focused = true }

// Blur takes the keyboard away.
func (in *lineInput) Blur() { in.focused = false }

// SetWidth sets the width in cells, prompt included.
func (in *lineInput) SetWidth(w int) { in.width = w }

// Update edits the text.
func (in lineInput) Update(msg tea.Msg) (lineInput, tea.Cmd) {
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

func (in *lineInput) insert(s string) {
	r := []rune(clean(s))
	in.value = slices.Insert(in.value, in.pos, r...)
	in.pos += len(r)
}

// View renders the prompt and the part of the text around the cursor.
func (in lineInput) View() string {
	room := max(in.width-textWidth(in.prompt)-1, 1)
	start := 0
	for start < in.pos && textWidth(string(in.value[start:in.pos])) > room {
		start++
	}
	text := string(in.value[start:])
	if in.focused {
		text = withCursor(in.value[start:], in.pos-start, in.styles)
	}
	return truncate(in.prompt+text, in.width, "")
}

// editLine applies a key to one line of runes: moving, deleting or typing.
// It returns the line unchanged for keys it does not know.
func editLine(line []rune, pos int, k tea.KeyPressMsg) ([]rune, int) {
	switch k.String() {
	case "left", "ctrl+b":
		return line, max(pos-1, 0)
	case "right", "ctrl+f":
		return line, min(pos+1, len(line))
	case "home", "ctrl+a":
		return line, 0
	case "end", "ctrl+e":
		return line, len(line)
	case "alt+left", "ctrl+left", "alt+b":
		return line, wordStart(line, pos)
	case "alt+right", "ctrl+right", "alt+f":
		return line, wordEnd(line, pos)
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
	case "ctrl+w", "alt+backspace":
		s := wordStart(line, pos)
		return slices.Delete(line, s, pos), s
	}
	if k.Text == "" || k.Mod&(tea.ModCtrl|tea.ModAlt) != 0 {
		return line, pos
	}
	r := []rune(clean(k.Text))
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
func withCursor(rs []rune, pos int, s *Styles) string {
	cur := " "
	rest := ""
	if pos < len(rs) {
		cur, rest = string(rs[pos]), string(rs[pos+1:])
	}
	return string(rs[:min(pos, len(rs))]) + s.ink.cursor.render(cur) + rest
}

// textArea is a multi-line text input with soft wrapping and scrolling.
type textArea struct {
	styles   *Styles
	lines    [][]rune
	row, col int
	focused  bool
	width    int
	height   int
	top      int // first visual row shown
}

func newTextArea(s *Styles) textArea { return textArea{styles: s, lines: [][]rune{nil}} }

// SetValue replaces the text and puts the cursor at its start.
func (ta *textArea) SetValue(s string) {
	ta.lines = ta.lines[:0]
	for _, l := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		ta.lines = append(ta.lines, []rune(clean(l)))
	}
	ta.row, ta.col, ta.top = 0, 0, 0
}

// Value returns the text, lines joined with "\n".
func (ta textArea) Value() string {
	s := make([]string, len(ta.lines))
	for i, l := range ta.lines {
		s[i] = string(l)
	}
	return strings.Join(s, "\n")
}

// Focus gives the area the keyboard.
func (ta *textArea) Focus() { ta.focused = true }

// Blur takes the keyboard away.
func (ta *textArea) Blur() { ta.focused = false }

// SetSize sets the size in cells.
func (ta *textArea) SetSize(w, h int) {
	ta.width, ta.height = max(w, 1), max(h, 1)
	ta.follow()
}

// Update edits the text.
func (ta textArea) Update(msg tea.Msg) (textArea, tea.Cmd) {
	if !ta.focused {
		return ta, nil
	}
	switch msg := msg.(type) {
	case tea.PasteMsg:
		ta.insert(msg.Content)
	case tea.KeyPressMsg:
		ta.key(msg)
	}
	ta.follow()
	return ta, nil
}

// follow scrolls so that the cursor's row is shown.
func (ta *textArea) follow() {
	cur := ta.cursorRow(ta.visual())
	ta.top = max(min(ta.top, cur), cur-ta.height+1, 0)
}

// key moves across lines, splits and joins them, or edits within one.
func (ta *textArea) key(k tea.KeyPressMsg) {
	switch k.String() {
	case "up", "ctrl+p":
		ta.moveRow(-1)
	case "down", "ctrl+n":
		ta.moveRow(1)
	case "pgup":
		ta.moveRow(-ta.height)
	case "pgdown":
		ta.moveRow(ta.height)
	case "enter", "ctrl+m", "ctrl+j":
		ta.insert("\n")
	case "backspace", "ctrl+h":
		if ta.col == 0 && ta.row > 0 {
			ta.join(ta.row - 1)
			return
		}
		ta.edit(k)
	case "delete", "ctrl+d":
		if ta.col == len(ta.lines[ta.row]) && ta.row < len(ta.lines)-1 {
			ta.join(ta.row)
			return
		}
		ta.edit(k)
	default:
		ta.edit(k)
	}
}

func (ta *textArea) edit(k tea.KeyPressMsg) {
	ta.lines[ta.row], ta.col = editLine(ta.lines[ta.row], ta.col, k)
}

func (ta *textArea) moveRow(d int) {
	ta.row = max(min(ta.row+d, len(ta.lines)-1), 0)
	ta.col = min(ta.col, len(ta.lines[ta.row]))
}

// join appends line i+1 to line i.
func (ta *textArea) join(i int) {
	ta.row, ta.col = i, len(ta.lines[i])
	ta.lines[i] = append(ta.lines[i], ta.lines[i+1]...)
	ta.lines = slices.Delete(ta.lines, i+1, i+2)
}

// insert types text at the cursor, splitting lines at each "\n".
func (ta *textArea) insert(s string) {
	parts := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	line := ta.lines[ta.row]
	tail := slices.Clone(line[ta.col:])
	line = append(line[:ta.col], []rune(clean(parts[0]))...)
	ta.lines[ta.row], ta.col = line, len(line)
	for _, p := range parts[1:] {
		ta.row++
		ta.lines = slices.Insert(ta.lines, ta.row, []rune(clean(p)))
		ta.col = len(ta.lines[ta.row])
	}
	ta.lines[ta.row] = append(ta.lines[ta.row], tail...)
}

// visual wraps the lines to the width: each visual row is a line index and
// a range of runes.
type visualRow struct{ line, start, end int }

func (ta textArea) visual() []visualRow {
	var rows []visualRow
	for i, l := range ta.lines {
		start, w := 0, 0
		for j, r := range l {
			rw := ansi.StringWidth(string(r))
			if w+rw > ta.width-1 && j > start {
				rows = append(rows, visualRow{i, start, j})
				start, w = j, 0
			}
			w += rw
		}
		rows = append(rows, visualRow{i, start, len(l)})
	}
	return rows
}

// cursorRow finds the visual row that holds the cursor.
func (ta textArea) cursorRow(rows []visualRow) int {
	for i, r := range rows {
		last := i == len(rows)-1 || rows[i+1].line != r.line
		if r.line == ta.row && ta.col >= r.start && (ta.col < r.end || last) {
			return i
		}
	}
	return 0
}

// View renders the visible rows, scrolled so that the cursor shows.
func (ta textArea) View() string {
	rows := ta.visual()
	cur := ta.cursorRow(rows)
	top := min(ta.top, max(len(rows)-1, 0))
	out := make([]string, 0, ta.height)
	for i := top; i < len(rows) && i < top+ta.height; i++ {
		r := rows[i]
		text := ta.lines[r.line][r.start:r.end]
		s := string(text)
		if ta.focused && i == cur {
			s = withCursor(text, ta.col-r.start, ta.styles)
		}
		out = append(out, s)
	}
	for len(out) < ta.height {
		out = append(out, ta.styles.ink.dim.render("~"))
	}
	return strings.Join(out, "\n")
}
