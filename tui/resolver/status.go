package resolver

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// Status is the status bar: the last message, an error in its own style,
// and the bindings of the screen, wrapped over as many lines as it is given.
type Status struct {
	styles *draw.Styles
	msg    string
	isErr  bool
	keys   help.KeyMap
	width  int
	height int
}

// NewStatus returns an empty status bar.
func NewStatus(s *draw.Styles) Status { return Status{styles: s, height: 1} }

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

// MessageRows returns how many rows the message takes, wrapped to the width.
func (s Status) MessageRows() int { return len(s.messageLines(-1)) }

// messageLines wraps the message, an error whole, to the width, in at most
// limit rows (any number when limit < 0); a message cut short ends with ….
func (s Status) messageLines(limit int) []string {
	if s.msg == "" {
		return nil
	}
	style, text := s.styles.Info, s.msg
	if s.isErr {
		style, text = s.styles.Error, "error: "+text
	}
	return draw.RenderRows(draw.CutRows(draw.Clean(text), s.width, limit, s.styles), style.Render)
}

// View renders the message, wrapped, and the bindings in the rows left.
// When the message needs more rows than the bar has, its end is cut; a
// message that is not an error leaves the last row to the bindings and
// ends its last row with …, so that the hint (? help) stays at every size.
// The root model gives the bar room for an error, so that it shows whole.
func (s Status) View() string {
	room := s.height
	if s.keys != nil && !s.isErr && s.height > 1 {
		room--
	}
	lines := s.messageLines(room)
	if room := s.height - len(lines); room > 0 && s.keys != nil {
		lines = append(lines, s.bindings(room)...)
	}
	return strings.Join(lines, "\n")
}

// bindings lays the short help out over at most n lines. When they do not
// fit, the last line ends with an ellipsis; the help key (?) is always
// shown, last.
func (s Status) bindings(n int) []string {
	var lines []string
	cur, curW := "", 0
	sep := s.styles.Ink.Sep.Render(" · ")
	var helpKey string
	var bs []key.Binding
	for _, b := range s.keys.ShortHelp() {
		switch {
		case !b.Enabled():
		case b.Help().Key == "?":
			helpKey = s.item(b)
		default:
			bs = append(bs, b)
		}
	}
	end := func(last bool) int { // what the line must keep room for
		if last && helpKey != "" {
			return 3 + draw.TextWidth(helpKey)
		}
		return 0
	}
	for i, b := range bs {
		item := s.item(b)
		w := draw.TextWidth(item)
		last := len(lines) == n-1
		more := i < len(bs)-1 || helpKey != ""
		reserve := end(last)
		if last && more && i < len(bs)-1 {
			reserve += 2 // " …"
		}
		if curW > 0 && curW+3+w+reserve > s.width {
			if last {
				cur += s.styles.Help.Ellipsis.Render(" …")
				curW += 2
				break
			}
			lines, cur, curW = append(lines, draw.Pad(cur, s.width)), "", 0
		}
		if curW > 0 {
			cur, curW = cur+sep, curW+3
		}
		cur, curW = cur+item, curW+w
	}
	if helpKey != "" {
		if curW > 0 {
			cur += sep
		}
		cur += helpKey
	}
	return append(lines, draw.Pad(cur, s.width))
}

func (s Status) item(b key.Binding) string {
	h := b.Help()
	return s.styles.Ink.Key.Render(h.Key) + " " + s.styles.Ink.Desc.Render(h.Desc)
}
