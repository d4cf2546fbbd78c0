package resolver

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/textedit"
)

// openMsg asks the root model to show an item.
type openMsg struct{ pos int }

// List is the list screen: the items in conflict (or all items), one row
// each, with a filter. It renders only the rows that fit.
type List struct {
	st        *store
	styles    *draw.Styles
	keys      ListKeys
	all       bool                 // every item, not only those loaded with conflicts
	query     string               // lower-cased filter
	rows      []int                // positions shown, after scope and filter
	tree      []dialect.OutlineRow // in an outline, each row's place in it
	cursor    int
	offset    int
	filter    textedit.Input
	filtering bool
	width     int
	height    int
}

// NewList returns a list over the store's items in conflict.
func NewList(st *store, s *draw.Styles) List {
	l := List{st: st, styles: s, keys: DefaultListKeys(), filter: textedit.NewInput(s, "/")}
	l.refresh()
	return l
}

// KeyMap returns the list's bindings, or the filter's while it is typed.
func (l List) KeyMap() help.KeyMap {
	if l.filtering {
		return filterKeys{l.keys}
	}
	return l.keys
}

// Filtered returns the items the list shows and the filter, when one is
// on; the rows are nil and the query "" otherwise.
func (l List) Filtered() ([]int, string) {
	if l.query == "" {
		return nil, ""
	}
	return l.rows, l.query
}

// Filtering reports whether the filter input has the keyboard.
func (l List) Filtering() bool { return l.filtering }

// Selected returns the position of the item under the cursor.
func (l List) Selected() (int, bool) {
	if l.cursor < len(l.rows) {
		return l.rows[l.cursor], true
	}
	return 0, false
}

// SetSize sets the list's size in cells.
func (l *List) SetSize(w, h int) {
	l.width, l.height = w, h
	l.filter.SetWidth(w)
	l.clamp()
}

// Select moves the cursor to the item at pos, if the list shows it.
func (l *List) Select(pos int) {
	for i, p := range l.rows {
		if p == pos {
			l.cursor = i
			l.clamp()
			return
		}
	}
}

// ClearFilter drops the filter.
func (l *List) ClearFilter() {
	l.filtering = false
	l.filter.Blur()
	l.filter.SetValue("")
	l.query = ""
	l.refresh()
}

// refresh recomputes the rows after a change of scope or filter and keeps
// the cursor on the same item when it is still shown.
func (l *List) refresh() {
	cur, ok := l.Selected()
	l.rows, l.tree = l.rows[:0], l.tree[:0]
	add := func(pos int) {
		if l.query == "" || l.st.matches(pos, l.query) {
			l.rows = append(l.rows, pos)
		}
	}
	switch o := l.st.tree(); {
	case o != nil:
		l.addOutline(o.Rows())
	case l.all:
		for pos := range l.st.len() {
			add(pos)
		}
	default:
		for _, pos := range l.st.conflicted {
			add(pos)
		}
	}
	l.cursor = 0
	if ok {
		l.Select(cur)
	}
	l.clamp()
}

// Update handles the list's keys and mouse.
func (l List) Update(msg tea.Msg) (List, tea.Cmd) {
	if l.filtering {
		return l.updateFilter(msg)
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return l.updateKey(msg)
	case tea.MouseWheelMsg:
		l.scroll(draw.WheelDelta(msg.Button))
	case tea.MouseClickMsg:
		return l.click(msg.Y)
	}
	return l, nil
}

func (l List) updateKey(msg tea.KeyPressMsg) (List, tea.Cmd) {
	page := max(l.bodyHeight()-1, 1)
	switch {
	case key.Matches(msg, l.keys.Up):
		l.move(-1)
	case key.Matches(msg, l.keys.Down):
		l.move(1)
	case key.Matches(msg, l.keys.PageUp):
		l.move(-page)
	case key.Matches(msg, l.keys.PageDown):
		l.move(page)
	case key.Matches(msg, l.keys.Top):
		l.move(-len(l.rows))
	case key.Matches(msg, l.keys.Bottom):
		l.move(len(l.rows))
	case key.Matches(msg, l.keys.Scope):
		l.all = !l.all
		l.refresh()
	case key.Matches(msg, l.keys.Filter):
		l.filtering = true
		l.filter.Focus()
		return l, l.st.startIndex()
	case key.Matches(msg, l.keys.Open):
		return l, l.open()
	}
	return l, nil
}

// updateFilter sends keys to the filter input, filtering as one types;
// enter keeps the filter, esc clears it.
func (l List) updateFilter(msg tea.Msg) (List, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, l.keys.ApplyFilter):
			l.filtering = false
			l.filter.Blur()
			return l, nil
		case key.Matches(k, l.keys.ClearFilter):
			l.ClearFilter()
			return l, nil
		}
	}
	var cmd tea.Cmd
	l.filter, cmd = l.filter.Update(msg)
	if q := fold(l.filter.Value()); q != l.query {
		old := l.query
		l.query = q
		l.requery(old)
	}
	return l, cmd
}

func (l List) open() tea.Cmd {
	pos, ok := l.Selected()
	if !ok {
		return nil
	}
	return func() tea.Msg { return openMsg{pos} }
}

// click selects the row under the pointer; a click on the selected row opens it.
func (l List) click(y int) (List, tea.Cmd) {
	i := l.offset + y - l.top()
	if y < l.top() || i >= len(l.rows) || i >= l.offset+l.bodyHeight() {
		return l, nil
	}
	if i == l.cursor {
		return l, l.open()
	}
	l.cursor = i
	return l, nil
}

func (l *List) move(d int) {
	l.cursor += d
	l.clamp()
}

func (l *List) scroll(d int) {
	l.offset += d
	l.cursor += d
	l.clamp()
}

// clamp keeps the cursor on a row and the row on screen.
func (l *List) clamp() {
	h := l.bodyHeight()
	l.cursor = max(min(l.cursor, len(l.rows)-1), 0)
	l.offset = max(min(l.offset, l.cursor), l.cursor-h+1, 0)
	l.offset = min(l.offset, max(len(l.rows)-h, 0))
}

// top is the number of lines above the first row: the column header and,
// when there is one, the filter line.
func (l List) top() int {
	if l.filtering || l.query != "" {
		return 2
	}
	return 1
}

func (l List) bodyHeight() int { return max(l.height-l.top(), 1) }

// View renders the header, the filter and the visible rows.
func (l List) View() string {
	cols := l.columns()
	lines := make([]string, 0, l.height)
	if l.top() == 2 {
		lines = append(lines, l.filterLine())
	}
	lines = append(lines, l.styles.Dim.Render(cols.header(l.width, l.titleHeader())))
	for i := l.offset; i < len(l.rows) && i < l.offset+l.bodyHeight(); i++ {
		lines = append(lines, l.row(i, cols))
	}
	if len(l.rows) == 0 { // wrapped, so that a narrow terminal shows it whole
		lines = append(lines, draw.RenderRows(draw.CutRows(l.emptyText(), l.width, l.bodyHeight(), l.styles), l.styles.Dim.Render)...)
	}
	return strings.Join(lines, "\n")
}

// filterLine shows the filter and how many items match it, and while the
// index is being built (filterindex.go) that it is still searching; the
// filter looks in titles, ids, endpoints and content, accents aside.
func (l List) filterLine() string {
	count := fmt.Sprintf("  %s match", draw.Plural(len(l.rows), "item"))
	if len(l.rows) == 1 {
		count += "es"
	}
	if l.st.searching() { // the index has not reached every item yet
		count += " so far · searching…"
	}
	if l.filtering {
		in := l.filter
		in.SetWidth(max(l.width-draw.TextWidth(count), 10))
		return draw.Pad(in.View()+l.styles.Ink.Dim.Render(count), l.width)
	}
	line := "filter: " + l.query + count
	if hint := " (/ to change, esc clears it)"; draw.TextWidth(line+hint) <= l.width {
		line += hint // only whole: ? lists / and esc where it does not fit
	}
	return draw.Fit(line, l.width)
}

func (l List) emptyText() string {
	switch {
	case l.query != "" && l.st.searching():
		return "no item matches the filter so far · searching…"
	case l.query != "":
		return "no item matches the filter"
	case !l.all:
		return "no item is in conflict (c shows all items)"
	}
	return "the feed has no items"
}

// row renders one item: cursor, title, id, versions, endpoints and state.
func (l List) row(i int, c columns) string {
	pos := l.rows[i]
	e := l.st.entry(pos)
	state, style := l.state(pos)
	cur := "  "
	if i == l.cursor {
		cur = "› "
	}
	cells := []string{
		cur + draw.Fit(l.titleCell(i), c.title),
		draw.Fit(e.ID(), c.id),
		draw.Fit(fmt.Sprintf("%d", len(e.Versions())), c.versions),
		draw.Fit(l.st.endpoints(pos), c.endpoints),
	}
	line := strings.Join(nonEmpty(cells), " ") + " " + style.Render(draw.Fit(state, c.state))
	switch {
	case i == l.cursor:
		return l.styles.Selected.Render(draw.Pad(line, l.width))
	case l.isContext(i):
		return l.styles.Dim.Render(draw.Pad(line, l.width))
	}
	return draw.Pad(line, l.width)
}

// state names an item's state for the list, with its style.
func (l List) state(pos int) (string, lipgloss.Style) {
	e := l.st.entry(pos)
	name, style := "no conflict", l.styles.Dim
	switch {
	case e.InConflict() && l.st.outcomes[pos] != undecided && !l.st.changedOnDisk(pos):
		name, style = "partly resolved", l.styles.Unresolved
	case e.InConflict() && l.st.combines(e):
		name, style = "unresolved · combines", l.styles.Unresolved
	case e.InConflict():
		name, style = "unresolved", l.styles.Unresolved
	case l.st.outcomes[pos] == edited:
		name, style = "edited", l.styles.Edited
	case isIn(l.st.conflicted, pos):
		name, style = "resolved", l.styles.Resolved
	}
	if e.Winner().Deleted() {
		name += ", deleted"
	}
	if l.st.changedOnDisk(pos) {
		name += ", changed on disk"
	}
	return name, style
}

// columns are the widths of the list's columns; 0 hides a column.
type columns struct{ title, id, versions, endpoints, state int }

// columns fits the columns to the width. The state, the endpoints and
// the id get the width they need first (up to a cap), and the title the
// rest; on narrow terminals the id goes first, then the endpoints shrink
// and go, so that the title keeps at least minTitle cells.
func (l List) columns() columns {
	const minTitle = 16
	need := l.needs()
	c := columns{versions: 6, state: max(need.state, 10), endpoints: min(need.endpoints, 40), id: min(need.id, 24)}
	rest := func() int {
		w := l.width - 2 - c.versions - 1 - c.state - 1
		for _, x := range []int{c.id, c.endpoints} {
			if x > 0 {
				w -= x + 1
			}
		}
		return w
	}
	if rest() < minTitle {
		c.id = 0
	}
	if r := rest(); r < minTitle && c.endpoints > 0 {
		c.endpoints = max(c.endpoints-(minTitle-r), 12)
	}
	if rest() < minTitle {
		c.endpoints = 0
	}
	if rest() < minTitle {
		c.state = 10
	}
	c.title = max(rest(), 1)
	return c
}

// needs returns the widest state, endpoints and id among the rows: all of
// them in a list of up to a few thousand, the visible ones beyond.
func (l List) needs() columns {
	from, to := 0, len(l.rows)
	if to > 3000 {
		from, to = l.offset, min(l.offset+l.bodyHeight(), len(l.rows))
	}
	c := columns{state: draw.TextWidth("state"), endpoints: draw.TextWidth("endpoints"), id: draw.TextWidth("id")}
	for _, pos := range l.rows[from:to] {
		e := l.st.entry(pos)
		state, _ := l.state(pos)
		c.state = max(c.state, draw.TextWidth(state))
		c.endpoints = max(c.endpoints, draw.TextWidth(l.st.endpoints(pos)))
		c.id = max(c.id, draw.TextWidth(e.ID()))
	}
	return c
}

// header renders the column titles.
func (c columns) header(width int, title string) string {
	cells := []string{"  " + draw.Fit(title, c.title), draw.Fit("id", c.id), draw.Fit("others", c.versions), draw.Fit("endpoints", c.endpoints)}
	return draw.Pad(strings.Join(nonEmpty(cells), " ")+" "+draw.Fit("state", c.state), width)
}

func nonEmpty(ss []string) []string {
	out := ss[:0:0]
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// isIn reports whether sorted holds v.
func isIn(sorted []int, v int) bool {
	_, ok := slices.BinarySearch(sorted, v)
	return ok
}
