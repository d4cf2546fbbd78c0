package resolver

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// xmlMsg carries an item's XML, as the feed would write it now.
type xmlMsg struct {
	id, text string
}

// closeXMLMsg asks the root model to close the XML view.
type closeXMLMsg struct{}

// entryXML is the Cmd that writes an item, in its current state, in a feed
// of its own: the feed's head and the one item, its sync metadata and
// conflict versions included.
func entryXML(doc *dialect.Doc, e dialect.Entry) tea.Cmd {
	return func() tea.Msg {
		one := doc.Subset(func(x dialect.Entry) bool { return x.ID() == e.ID() })
		one.Set(e)
		return xmlMsg{id: e.ID(), text: string(one.Bytes())}
	}
}

// XMLKeys are the XML view's bindings.
type XMLKeys struct {
	Close key.Binding
	draw.ScrollKeys
}

// ShortHelp implements help.KeyMap.
func (k XMLKeys) ShortHelp() []key.Binding {
	return append([]key.Binding{k.Close}, k.ScrollKeys.Bindings()...)
}

// FullHelp implements help.KeyMap.
func (k XMLKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// DefaultXMLKeys returns the XML view's bindings.
func DefaultXMLKeys() XMLKeys {
	return XMLKeys{Close: draw.Bind("esc/x", "close", "esc", "x", "q"), ScrollKeys: draw.DefaultScrollKeys()}
}

// XMLView shows an item's XML, scrollable: what x shows on the item screen.
type XMLView struct {
	styles *draw.Styles
	keys   XMLKeys
	id     string
	lines  []string
	rows   []string // lines wrapped to the width
	scroll int
	width  int
	height int
}

// NewXMLView returns the view of an item's XML, scrolled to the item.
func NewXMLView(s *draw.Styles, msg xmlMsg) XMLView {
	v := XMLView{styles: s, id: msg.id, lines: strings.Split(strings.TrimRight(msg.text, "\n"), "\n"), keys: DefaultXMLKeys()}
	return v
}

// KeyMap returns the view's bindings.
func (v XMLView) KeyMap() help.KeyMap { return v.keys }

// SetSize sets the view's size and wraps the lines to it; the first time,
// it scrolls to the item's element.
func (v *XMLView) SetSize(w, h int) {
	first := v.rows == nil
	v.width, v.height = w, h
	v.rows = nil
	item := 0
	for _, l := range v.lines {
		t := strings.TrimSpace(l)
		if item == 0 && (strings.HasPrefix(t, "<item") || strings.HasPrefix(t, "<entry") || strings.HasPrefix(t, "<outline") ||
			strings.Contains(t, ":entry") || strings.Contains(t, ":item")) {
			item = len(v.rows)
		}
		for _, row := range draw.Wrap([]draw.Piece{{Text: draw.Clean(l)}}, max(w, 1)) {
			v.rows = append(v.rows, draw.Paint(row, w, v.styles))
		}
	}
	if first {
		v.scroll = item
	}
	v.scrollBy(0)
}

func (v XMLView) bodyHeight() int { return max(v.height-1, 1) }

func (v *XMLView) scrollBy(d int) {
	v.scroll = max(min(v.scroll+d, len(v.rows)-v.bodyHeight()), 0)
}

// Update scrolls, or closes the view.
func (v XMLView) Update(msg tea.Msg) (XMLView, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		if w, ok := msg.(tea.MouseWheelMsg); ok {
			v.scrollBy(draw.WheelDelta(w.Button))
		}
		return v, nil
	}
	page := max(v.bodyHeight()-1, 1)
	if key.Matches(k, v.keys.Close) {
		return v, func() tea.Msg { return closeXMLMsg{} }
	}
	if d, ok := v.keys.Delta(k, page, len(v.rows)); ok {
		v.scrollBy(d)
	}
	return v, nil
}

// View renders a title line and the visible rows.
func (v XMLView) View() string {
	end := min(v.scroll+v.bodyHeight(), len(v.rows))
	title := fmt.Sprintf("the XML of %s as it would be saved now, in a feed of its own · lines %d–%d of %d · esc closes",
		v.id, v.scroll+1, end, len(v.rows))
	out := []string{v.styles.Header.Render(draw.Fit(title, v.width))}
	for i := v.scroll; i < v.scroll+v.bodyHeight(); i++ {
		if i < len(v.rows) {
			out = append(out, v.rows[i])
		} else {
			out = append(out, "")
		}
	}
	return strings.Join(out, "\n")
}
