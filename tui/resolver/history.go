package resolver

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// HistoryKeys are the history pane's bindings.
type HistoryKeys struct{ Toggle key.Binding }

// ShortHelp implements help.KeyMap.
func (k HistoryKeys) ShortHelp() []key.Binding { return []key.Binding{k.Toggle} }

// FullHelp implements help.KeyMap.
func (k HistoryKeys) FullHelp() [][]key.Binding { return [][]key.Binding{{k.Toggle}} }

// HistoryPane lists the sx:history of the winner and of the shown version,
// topmost first, marking the entries both share and the newest of them,
// where the two diverged.
type HistoryPane struct {
	styles        *draw.Styles
	keys          HistoryKeys
	left, right   dialect.Version
	now           time.Time
	width, height int
}

// NewHistoryPane returns an empty pane.
func NewHistoryPane(s *draw.Styles) HistoryPane {
	return HistoryPane{styles: s, keys: HistoryKeys{Toggle: DefaultItemKeys().History}}
}

// KeyMap returns the pane's bindings.
func (p HistoryPane) KeyMap() HistoryKeys { return p.keys }

// SetItems sets the two versions whose histories are shown; they are the
// same item when it has no conflicts.
func (p *HistoryPane) SetItems(left, right dialect.Version, now time.Time) {
	p.left, p.right, p.now = left, right, now
}

// SetSize sets the pane's size in cells.
func (p *HistoryPane) SetSize(w, h int) { p.width, p.height = w, h }

// Update implements the component contract; the pane has no keys of its own
// beyond its toggle, which the item screen handles.
func (p HistoryPane) Update(tea.Msg) (HistoryPane, tea.Cmd) { return p, nil }

func (p HistoryPane) sideBySide() bool { return p.left != p.right && p.width >= stackBelow }

// Needed returns how many lines the pane would use without a limit.
func (p HistoryPane) Needed() int {
	if p.left == (dialect.Version{}) {
		return 0
	}
	l, r := len(p.left.History()), len(p.right.History())
	switch {
	case p.left == p.right:
		return 1 + l
	case p.sideBySide():
		return 1 + max(l, r)
	}
	return 2 + l + r
}

// View renders at most the pane's height in lines.
func (p HistoryPane) View() string {
	if p.left == (dialect.Version{}) || p.height <= 0 {
		return ""
	}
	var lines []string
	a := p.entries(p.left, p.right)
	switch {
	case p.left == p.right:
		lines = append([]string{p.title("history")}, a...)
	case p.sideBySide():
		lines = p.columns(a, p.entries(p.right, p.left))
	default:
		lines = append([]string{p.title("history of the winner" + legend)}, a...)
		lines = append(lines, p.title("history of the version"))
		lines = append(lines, p.entries(p.right, p.left)...)
	}
	for i := range lines {
		lines[i] = draw.Fit(lines[i], p.width)
	}
	if len(lines) > p.height {
		more := fmt.Sprintf("… %d more lines (hide with h)", len(lines)-p.height+1)
		lines = append(lines[:p.height-1], p.styles.Dim.Render(draw.Fit(more, p.width)))
	}
	return strings.Join(lines, "\n")
}

func (p HistoryPane) title(s string) string { return p.styles.Label.Render(draw.Fit(s, p.width)) }

// columns sets the two histories side by side.
func (p HistoryPane) columns(a, b []string) []string {
	lw := (p.width - 3) / 2
	rw := p.width - 3 - lw
	sep := p.styles.Rule.Render(" │ ")
	out := []string{p.styles.Label.Render(draw.Fit("history of the winner"+legend, lw)) + sep + p.styles.Label.Render(draw.Fit("history of the version", rw))}
	for i := 0; i < max(len(a), len(b)); i++ {
		out = append(out, draw.Fit(cell(a, i), lw)+sep+draw.Fit(cell(b, i), rw))
	}
	return out
}

func cell(ss []string, i int) string {
	if i < len(ss) {
		return ss[i]
	}
	return ""
}

// legend explains the marks of entries.
const legend = " (◆ diverged here, = shared)"

// entries renders a history, marking with ◆ the divergence point, the
// newest entry the other version shares, and with = the other entries it
// shares.
func (p HistoryPane) entries(it, other dialect.Version) []string {
	hs, others := draw.HistoryOf(it), draw.HistoryOf(other)
	out := make([]string, 0, len(hs))
	diverged := false
	for _, h := range hs {
		line := "  " + entryShort(h)
		switch {
		case it == other:
		case !diverged && shares(others, h):
			diverged = true
			line = p.styles.Marked.Render("◆ " + entryShort(h))
		case shares(others, h):
			line = p.styles.Dim.Render("= " + entryShort(h))
		}
		out = append(out, line)
	}
	return out
}

// shares reports whether a history holds the entry.
func shares(hs []draw.HistoryEntry, h draw.HistoryEntry) bool {
	for _, o := range hs {
		if o.Equal(h) {
			return true
		}
	}
	return false
}
