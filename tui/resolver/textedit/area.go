package textedit

import (
	"slices"
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// Area is the resolver's text editor: one field of an item, wrapped at
// word boundaries, edited with the keys of readline and of most editors.
//
// It was kept over bubbles/v2/textarea, which was weighed again: that one
// has no undo, caps a text at 10,000 lines (a longer item would be cut),
// and reaches the clipboard through a library that needs xclip or xsel on
// Linux. This one undoes and redoes and keeps any length; pasting is the
// terminal's bracketed paste, and the merge view takes whole hunks from
// either side, which is what copying between versions was for.
//
// Moving up and down goes by screen row, keeping the column; home and end
// go to the start and end of the screen row, and pressed again to those of
// the line; ctrl+home and ctrl+end go to the start and end of the text.
type Area struct {
	styles   *draw.Styles
	lines    [][]rune
	row, col int // the cursor: a line, and a rune within it
	goal     int // the screen column that up and down keep; -1 for none
	focused  bool
	Single   bool // one line: enter and pasted newlines become spaces
	width    int
	height   int
	top      int         // first screen row shown
	rows     []VisualRow // the wrapped rows; nil when stale
	undo     undoStack
}

// VisualRow is one screen row: runes [start, end) of a line.
type VisualRow struct{ Line, start, end int }

// NewArea returns an empty area, one cell wide and one row high.
func NewArea(s *draw.Styles) Area {
	return Area{styles: s, lines: [][]rune{nil}, goal: -1, width: 1, height: 1}
}

// SetValue replaces the text, puts the cursor at its start and forgets
// what could be undone.
func (ta *Area) SetValue(s string) {
	ta.setText(s)
	ta.row, ta.col, ta.top, ta.goal = 0, 0, 0, -1
	ta.undo = undoStack{}
}

func (ta *Area) setText(s string) {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	if ta.Single {
		s = strings.ReplaceAll(s, "\n", " ")
	}
	ta.lines = ta.lines[:0]
	for l := range strings.SplitSeq(s, "\n") {
		ta.lines = append(ta.lines, []rune(l)) // as it is: control characters show as placeholders
	}
	ta.rows = nil
}

// Value returns the text, lines joined with "\n".
func (ta Area) Value() string {
	var b strings.Builder
	for i, l := range ta.lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(string(l))
	}
	return b.String()
}

// Focus gives the area the keyboard.
func (ta *Area) Focus() { ta.focused = true }

// Blur takes the keyboard away.
func (ta *Area) Blur() { ta.focused = false }

// SetSize sets the size in cells.
func (ta *Area) SetSize(w, h int) {
	if w := max(w, 2); w != ta.width {
		ta.width, ta.rows = w, nil
	}
	ta.height = max(h, 1)
	ta.follow()
}

// Rows returns how many screen rows the text takes at the current width.
func (ta *Area) Rows() int { return len(ta.Visual()) }

// Update edits the text.
func (ta Area) Update(msg tea.Msg) (Area, tea.Cmd) {
	if !ta.focused {
		return ta, nil
	}
	switch msg := msg.(type) {
	case tea.PasteMsg:
		ta.change(editOther, func() { ta.insert(msg.Content) })
	case tea.KeyPressMsg:
		ta.key(msg)
	}
	ta.follow()
	return ta, nil
}

// key moves, undoes, or edits.
func (ta *Area) key(k tea.KeyPressMsg) {
	name := k.String()
	if ta.move(name) {
		ta.undo.group = editNone
		return
	}
	switch name {
	case "ctrl+z", "ctrl+_", "ctrl+/":
		ta.restore(&ta.undo.done, &ta.undo.undone)
	case "ctrl+y", "ctrl+r", "ctrl+shift+z":
		ta.restore(&ta.undo.undone, &ta.undo.done)
	case "enter", "ctrl+m", "ctrl+j":
		if !ta.Single {
			ta.change(editOther, func() { ta.insert("\n") })
		}
	case "backspace", "ctrl+h":
		ta.change(editDelete, func() {
			if ta.col == 0 && ta.row > 0 {
				ta.join(ta.row - 1)
			} else {
				ta.edit(k)
			}
		})
	case "delete", "ctrl+d":
		ta.change(editDelete, func() {
			if ta.col == len(ta.lines[ta.row]) && ta.row < len(ta.lines)-1 {
				ta.join(ta.row)
			} else {
				ta.edit(k)
			}
		})
	default:
		kind := editOther
		if typing(k) {
			kind = editType
			if strings.HasPrefix(k.Text, " ") && ta.col > 0 && ta.lines[ta.row][ta.col-1] != ' ' {
				ta.undo.group = editNone // each word typed is a step of its own
			}
		}
		ta.change(kind, func() { ta.edit(k) })
	}
}

// typing reports a key that types text.
func typing(k tea.KeyPressMsg) bool { return k.Text != "" && k.Mod&(tea.ModCtrl|tea.ModAlt) == 0 }

// change makes an edit that undo can revert; an edit that changed nothing
// leaves no step.
func (ta *Area) change(kind editKind, do func()) {
	size := func() [2]int { return [2]int{len(ta.lines), len(ta.lines[ta.row])} }
	before := size()
	pushed := ta.record(kind)
	do()
	if pushed && size() == before {
		ta.undo.drop()
	}
}

func (ta *Area) edit(k tea.KeyPressMsg) {
	ta.lines[ta.row], ta.col = editLine(ta.lines[ta.row], ta.col, k)
	ta.rows, ta.goal = nil, -1
}

// move handles the keys that only move the cursor.
func (ta *Area) move(k string) bool {
	switch k {
	case "up", "ctrl+p":
		ta.moveRows(-1)
	case "down", "ctrl+n":
		ta.moveRows(1)
	case "pgup":
		ta.moveRows(-ta.height)
	case "pgdown":
		ta.moveRows(ta.height)
	case "home":
		ta.home()
	case "end":
		ta.end()
	case "ctrl+home", "alt+<":
		ta.row, ta.col, ta.goal = 0, 0, -1
	case "ctrl+end", "alt+>":
		ta.row = len(ta.lines) - 1
		ta.col, ta.goal = len(ta.lines[ta.row]), -1
	case "left", "ctrl+b", "right", "ctrl+f", "ctrl+a", "ctrl+e",
		"alt+left", "ctrl+left", "alt+b", "alt+right", "ctrl+right", "alt+f":
		ta.moveAcross(k)
	default:
		return false
	}
	return true
}

// moveInLine moves by character or word, crossing to the next or previous
// line at either end.
func (ta *Area) moveAcross(k string) {
	ta.goal = -1
	switch {
	case (k == "left" || k == "ctrl+b") && ta.col == 0 && ta.row > 0:
		ta.row--
		ta.col = len(ta.lines[ta.row])
	case (k == "right" || k == "ctrl+f") && ta.col == len(ta.lines[ta.row]) && ta.row < len(ta.lines)-1:
		ta.row, ta.col = ta.row+1, 0
	default:
		ta.col, _ = moveInLine(ta.lines[ta.row], ta.col, k)
	}
}

// home goes to the start of the screen row, or of the line when the
// cursor is there already.
func (ta *Area) home() {
	rows := ta.Visual()
	r := rows[ta.CursorRow(rows)]
	if ta.col == r.start {
		r.start = 0
	}
	ta.col, ta.goal = r.start, -1
}

// end goes to the end of the screen row, or of the line when the cursor is
// there already.
func (ta *Area) end() {
	rows := ta.Visual()
	i := ta.CursorRow(rows)
	end := rowEnd(rows, i)
	if ta.col == end {
		end = len(ta.lines[ta.row])
	}
	ta.col, ta.goal = end, -1
}

// rowEnd is the last cursor position on screen row i: before the first
// rune of the next row of the same line, or the line's end.
func rowEnd(rows []VisualRow, i int) int {
	r := rows[i]
	if i+1 < len(rows) && rows[i+1].Line == r.Line && r.end > r.start {
		return r.end - 1
	}
	return r.end
}

// moveRows moves the cursor d screen rows, keeping its screen column.
func (ta *Area) moveRows(d int) {
	rows := ta.Visual()
	i := ta.CursorRow(rows)
	if ta.goal < 0 {
		r := rows[i]
		ta.goal = runesWidth(ta.lines[r.Line][r.start:ta.col])
	}
	j := max(min(i+d, len(rows)-1), 0)
	if j == i {
		if d < 0 {
			ta.col = rows[i].start // on the first row, up goes to its start
		} else {
			ta.col = rowEnd(rows, i)
		}
		return
	}
	r := rows[j]
	ta.row, ta.col = r.Line, min(r.start+runesIn(ta.lines[r.Line][r.start:r.end], ta.goal), rowEnd(rows, j))
}

// runesIn counts the runes that fit in w cells.
func runesIn(rs []rune, w int) int {
	n, used := 0, 0
	for _, r := range rs {
		used += runeWidth(r)
		if used > w {
			break
		}
		n++
	}
	return n
}

// join appends line i+1 to line i.
func (ta *Area) join(i int) {
	ta.row, ta.col = i, len(ta.lines[i])
	ta.lines[i] = append(ta.lines[i], ta.lines[i+1]...)
	ta.lines = slices.Delete(ta.lines, i+1, i+2)
	ta.rows, ta.goal = nil, -1
}

// insert types text at the cursor, splitting lines at each "\n".
func (ta *Area) insert(s string) {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	if ta.Single {
		s = strings.ReplaceAll(s, "\n", " ")
	}
	parts := strings.Split(s, "\n")
	line := ta.lines[ta.row]
	tail := slices.Clone(line[ta.col:])
	line = append(line[:ta.col], []rune(draw.Clean(parts[0]))...)
	ta.lines[ta.row], ta.col = line, len(line)
	for _, p := range parts[1:] {
		ta.row++
		ta.lines = slices.Insert(ta.lines, ta.row, []rune(draw.Clean(p)))
		ta.col = len(ta.lines[ta.row])
	}
	ta.lines[ta.row] = append(ta.lines[ta.row], tail...)
	ta.rows, ta.goal = nil, -1
}

// follow scrolls so that the cursor's row is shown.
func (ta *Area) follow() {
	rows := ta.Visual()
	cur := ta.CursorRow(rows)
	// Never past the last screenful: a box grown to hold the whole text
	// shows it whole, not the caret's row over filler.
	ta.top = max(min(ta.top, cur, len(rows)-ta.height), cur-ta.height+1, 0)
}

// Visual wraps the lines to the width, at word boundaries: a row breaks
// before the word that does not fit, and inside a word only when the word
// alone is wider than a row. One cell is kept for the cursor at a row's end.
func (ta *Area) Visual() []VisualRow {
	if ta.rows != nil {
		return ta.rows
	}
	room := max(ta.width-1, 1)
	rows := make([]VisualRow, 0, len(ta.lines))
	for i, l := range ta.lines {
		start, used, brk := 0, 0, -1
		for j, r := range l {
			if j > start && r != ' ' && l[j-1] == ' ' {
				brk = j // a word starts here: a row may break before it
			}
			w := runeWidth(r)
			if used+w > room && j > start {
				if r == ' ' {
					brk = -1 // spaces past the edge hang on the row
					used += w
					continue
				}
				if brk <= start {
					brk = j
				}
				rows = append(rows, VisualRow{i, start, brk})
				start, brk = brk, -1
				used = runesWidth(l[start:j])
			}
			used += w
		}
		rows = append(rows, VisualRow{i, start, len(l)})
	}
	ta.rows = rows
	return rows
}

// CursorRow finds the screen row that holds the cursor.
func (ta *Area) CursorRow(rows []VisualRow) int {
	i, _ := slices.BinarySearchFunc(rows, ta.row, func(r VisualRow, line int) int { return r.Line - line })
	for ; i < len(rows) && rows[i].Line == ta.row; i++ {
		last := i+1 == len(rows) || rows[i+1].Line != ta.row
		if ta.col < rows[i].end || last {
			return i
		}
	}
	return max(min(i, len(rows)-1), 0)
}

// View renders the visible rows, scrolled so that the cursor shows.
func (ta Area) View() string {
	rows := ta.Visual()
	cur := ta.CursorRow(rows)
	top := min(ta.top, max(len(rows)-1, 0))
	out := make([]string, 0, ta.height)
	for i := top; i < len(rows) && i < top+ta.height; i++ {
		r := rows[i]
		text := shown(ta.lines[r.Line][r.start:r.end])
		s := string(text)
		if ta.focused && i == cur {
			s = withCursor(text, ta.col-r.start, ta.styles)
		}
		out = append(out, draw.Truncate(s, ta.width, ""))
	}
	for len(out) < ta.height && !ta.Single {
		out = append(out, ta.styles.Ink.Dim.Render("~"))
	}
	return strings.Join(out, "\n")
}

// runeWidth is the cells a rune takes, with a fast path for ASCII; a
// control character takes one, for its placeholder.
func runeWidth(r rune) int {
	switch {
	case r < utf8.RuneSelf || draw.IsControl(r):
		return 1
	}
	return ansi.StringWidth(string(r))
}

// shown returns runes as the area draws them: a tab as a space, other
// control characters as a middle dot, so that each takes one cell.
func shown(rs []rune) []rune {
	if !slices.ContainsFunc(rs, draw.IsControl) {
		return rs
	}
	out := slices.Clone(rs)
	for i, r := range out {
		switch {
		case r == '\t':
			out[i] = ' '
		case draw.IsControl(r):
			out[i] = '·'
		}
	}
	return out
}

func runesWidth(rs []rune) int {
	n := 0
	for _, r := range rs {
		n += runeWidth(r)
	}
	return n
}

// editKind groups edits into undo steps: a run of typing, or of deleting,
// is one step; anything else is a step of its own.
type editKind uint8

const (
	editNone editKind = iota
	editType
	editDelete
	editOther
)

// undoMax bounds what the undo stack keeps, in bytes of text.
const undoMax = 16 << 20

// snapshot is a text and its cursor, as undo puts them back.
type snapshot struct {
	text     string
	row, col int
}

// undoStack keeps the states before each step (done) and those undone.
type undoStack struct {
	done, undone []snapshot
	group        editKind // the kind of the step being made, if it goes on
}

// record keeps the state before an edit of the given kind, unless the edit
// continues the step being made; it reports whether it kept one.
func (ta *Area) record(kind editKind) bool {
	u := &ta.undo
	if kind != editOther && kind == u.group {
		return false
	}
	u.group = kind
	if kind == editOther {
		u.group = editNone
	}
	u.done = append(u.done, ta.snapshot())
	u.undone = nil
	size := 0
	for i := len(u.done) - 1; i >= 0; i-- {
		if size += len(u.done[i].text); size > undoMax {
			u.done = slices.Delete(u.done, 0, i+1)
			break
		}
	}
	return true
}

// drop forgets the last state kept: the edit changed nothing.
func (u *undoStack) drop() {
	u.done = u.done[:len(u.done)-1]
	u.group = editNone
}

func (ta *Area) snapshot() snapshot { return snapshot{ta.Value(), ta.row, ta.col} }

// restore moves the current state onto to and puts back the last of from:
// undo with (done, undone), redo with (undone, done).
func (ta *Area) restore(from, to *[]snapshot) {
	if len(*from) == 0 {
		return
	}
	*to = append(*to, ta.snapshot())
	s := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	ta.setText(s.text)
	ta.row = min(s.row, len(ta.lines)-1)
	ta.col = min(s.col, len(ta.lines[ta.row]))
	ta.goal, ta.undo.group = -1, editNone
}

// Replace replaces the bytes [start, end) of the text's value with s, as
// one step that undo reverts, and puts the cursor after s.
func (ta *Area) Replace(start, end int, s string) {
	v := ta.Value()
	start, end = max(min(start, len(v)), 0), max(min(end, len(v)), 0)
	ta.record(editOther)
	ta.setText(v[:start] + s + v[end:])
	ta.undo.group = editNone
	ta.MoveToByte(start + len(s))
}

// MoveToByte puts the cursor at a byte offset of the value.
func (ta *Area) MoveToByte(off int) {
	for i, l := range ta.lines {
		n := len(string(l))
		if off <= n {
			ta.row, ta.col = i, len([]rune(string(l)[:off]))
			ta.goal = -1
			return
		}
		off -= n + 1
	}
	ta.row = len(ta.lines) - 1
	ta.col, ta.goal = len(ta.lines[ta.row]), -1
}

// Caret returns the cursor: its line, and its rune within the line.
func (ta Area) Caret() (line, col int) { return ta.row, ta.col }
