package mergeview

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// Body is the merge view's body: the rows the layout made (layout.go),
// scrolled. It scrolls with its own keys and the wheel; the view tells it
// its rows (Lay) and what to keep in view (Follow).
type Body struct {
	keys   draw.ScrollKeys
	laid   laidBody
	key    layoutKey // what the rows were laid out for
	scroll int
	width  int
	height int
}

// laidBody is the merge view's body as layout made it: its rows, and
// where the hunks, the fields and the cursor are among them.
type laidBody struct {
	body     []bodyRow
	hunkRow  []int         // the body row where each hunk of the version shown starts
	hunkLast []int         // and the last where it shows: its result's, under the sides
	fieldRow []int         // the body row of each field's rule
	cursorAt int           // the body row of the cursor while typing
	hits     map[int][]hit // by body row, what a click there acts on (click.go)
}

// bodyRow is a row of the merge view's body, painted only when it is
// shown: a 1 MB field has thousands of rows, and a redraw shows a screen.
type bodyRow func() string

// drawn is a row painted already.
func drawn(s string) bodyRow { return func() string { return s } }

// newBody returns an empty body.
func newBody() Body { return Body{keys: draw.DefaultScrollKeys()} }

// KeyMap returns the body's bindings.
func (b Body) KeyMap() draw.ScrollKeys { return b.keys }

// SetSize sets the body's size in cells, keeping the scroll in range.
func (b *Body) SetSize(w, h int) {
	b.width, b.height = w, max(h, 1)
	b.scrollBy(0)
}

// Update scrolls with the wheel and the scroll keys.
func (b Body) Update(msg tea.Msg) (Body, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		b.scrollBy(draw.WheelDelta(msg.Button))
	case tea.KeyPressMsg:
		if d, ok := b.keys.Delta(msg, max(b.height-1, 1), len(b.laid.body)); ok {
			b.scrollBy(d)
		}
	}
	return b, nil
}

// scrolls reports whether k is one of the body's keys.
func (b Body) scrolls(k tea.KeyPressMsg) bool {
	return key.Matches(k, b.keys.Bindings()...)
}

// scrollBy scrolls by d rows, within the body.
func (b *Body) scrollBy(d int) {
	b.scroll = max(min(b.scroll+d, len(b.laid.body)-b.height), 0)
}

// Follow scrolls so that rows row to last are in view, a third down
// when it must move; the last when they do not fit.
func (b *Body) Follow(row, last int) {
	if row < 0 {
		return
	}
	switch {
	case last-row >= b.height:
		b.scroll = last - b.height + 1
	case row < b.scroll || last >= b.scroll+b.height:
		b.scroll = max(row-b.height/3, last-b.height+1)
	}
	b.scrollBy(0)
}

// View renders the rows in view, blank below the last.
func (b Body) View() string {
	lines := make([]string, 0, b.height)
	for i := b.scroll; i < b.scroll+b.height; i++ {
		if i < len(b.laid.body) {
			lines = append(lines, b.laid.body[i]())
		} else {
			lines = append(lines, "")
		}
	}
	return strings.Join(lines, "\n")
}
