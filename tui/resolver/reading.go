package resolver

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/textedit"
)

// Reading a long item: the header's rule says where the body is scrolled
// to, the rule of the field being read stays in view, } and { move from
// change to change, and / searches the item, n and N stepping between
// matches (while a search is on, n and N are the search's, not the next
// unresolved item's; esc ends the search).

// finder is the item screen's search.
type finder struct {
	input   textedit.Input
	typing  bool
	query   string // folded; "" when no search is on
	matches []int  // body lines holding the query
	at      int    // the match shown
}

// searchKey reports whether a key is the search's: any key while the
// query is typed, n, N and esc while a search is on.
func (v ItemView) searchKey(k tea.KeyPressMsg) bool {
	switch {
	case v.find.typing:
		return true
	case v.find.query != "":
		s := k.String()
		return s == "n" || s == "N" || s == "esc"
	}
	return false
}

// typeSearch edits the query; enter searches, esc cancels.
func (v *ItemView) typeSearch(k tea.KeyPressMsg) {
	switch k.String() {
	case "enter":
		v.find.typing = false
		v.find.input.Blur()
		v.find.query = fold(strings.TrimSpace(v.find.input.Value()))
		v.findMatches()
		v.find.at = -1
		v.stepMatch(1)
	case "esc":
		v.find.typing = false
		v.find.input.Blur()
	default:
		v.find.input, _ = v.find.input.Update(k)
	}
}

// findMatches lists the body lines that hold the query.
func (v *ItemView) findMatches() {
	v.find.matches = nil
	if v.find.query == "" {
		return
	}
	for i, l := range v.body {
		if strings.Contains(fold(ansi.Strip(l)), v.find.query) {
			v.find.matches = append(v.find.matches, i)
		}
	}
}

// stepMatch shows the next (1) or previous (-1) match, wrapping around.
func (v *ItemView) stepMatch(d int) {
	n := len(v.find.matches)
	if n == 0 {
		return
	}
	v.find.at = (v.find.at + d + n) % n
	v.scrollTo(v.find.matches[v.find.at])
}

// stepChange scrolls to the next change below the top of the view, or the
// previous one above it.
func (v *ItemView) stepChange(d int) {
	if target := v.changeTo(d); target >= 0 {
		v.scrollTo(target)
	}
}

// changeTo returns the change stepChange goes to, or -1: the nearest one
// whose scrollTo moves the view that way (a change on the body's first
// line is shown from scroll 0, as one on line 0 is, so from the top }
// goes on to the change after it). Below, the view must be able to move
// on: at the end of the body there is nothing more to show.
func (v ItemView) changeTo(d int) int {
	if d > 0 && v.scroll+v.bodyHeight() >= len(v.body) {
		return -1
	}
	target := -1
	for _, c := range v.changes {
		if to := max(c-1, 0); d > 0 && to > v.scroll || d < 0 && to < v.scroll {
			target = c
			if d > 0 {
				break
			}
		}
	}
	return target
}

// scrollTo scrolls so that body line i shows under the field's rule.
func (v *ItemView) scrollTo(i int) {
	v.scroll = max(i-1, 0)
	v.scrollBy(0)
}

// sticky reports whether the rule of the field at the top is drawn over
// the first visible line.
func (v ItemView) sticky() bool {
	f := v.fields.fieldAt(v.scroll)
	return v.scroll > 0 && f >= 0 && f != v.scroll
}

// visibleBody returns the body rows shown: the field's rule first when
// the field's own scrolled out of view, the search line last while typed.
func (v ItemView) visibleBody() []string {
	bh := v.bodyHeight()
	var out []string
	from := v.scroll
	if v.sticky() {
		out = append(out, v.body[v.fields.fieldAt(v.scroll)])
		from++
	}
	for i := from; len(out) < bh; i++ {
		switch {
		case i < len(v.body) && v.isMatch(i):
			out = append(out, v.highlight(v.body[i]))
		case i < len(v.body):
			out = append(out, v.body[i])
		default:
			out = append(out, "")
		}
	}
	if v.find.typing {
		v.find.input.SetWidth(v.width)
		out[len(out)-1] = draw.Pad(v.find.input.View()+v.styles.Ink.Dim.Render("  enter searches · esc cancels"), v.width)
	}
	return out
}

func (v ItemView) isMatch(i int) bool {
	if v.find.query == "" {
		return false
	}
	for _, m := range v.find.matches {
		if m == i {
			return true
		}
	}
	return false
}

// highlight draws a line without its styles and with the query's
// occurrences in reverse video.
func (v ItemView) highlight(line string) string {
	rs := []rune(ansi.Strip(line))
	folded := []rune(fold(string(rs)))
	q := []rune(v.find.query)
	var b strings.Builder
	for i := 0; i < len(rs); {
		if len(folded) == len(rs) && i+len(q) <= len(rs) && string(folded[i:i+len(q)]) == string(q) {
			b.WriteString(v.styles.Ink.Cursor.Render(string(rs[i : i+len(q)])))
			i += len(q)
			continue
		}
		b.WriteRune(rs[i])
		i++
	}
	return b.String()
}

// positionRule is the header's last rule, with where the body is scrolled
// to when it does not fit, and the search's state.
func (v ItemView) positionRule() string {
	var parts []string
	if p := draw.Position(v.scroll, v.bodyHeight(), len(v.body)); p != "" {
		parts = append(parts, p)
		if v.changeTo(1) >= 0 {
			parts = append(parts, "} next change")
		}
	}
	if s := v.spaceNote(); s != "" {
		parts = append(parts, s)
	}
	if v.find.query != "" {
		if len(v.find.matches) == 0 {
			parts = append(parts, fmt.Sprintf("no match for “%s”", v.find.query))
		} else {
			parts = append(parts, fmt.Sprintf("match %d of %d for “%s” · n/N", v.find.at+1, len(v.find.matches), v.find.query))
		}
	}
	if len(parts) == 0 {
		return v.styles.Ink.Rule.Render(strings.Repeat("─", v.width))
	}
	text := " " + strings.Join(parts, " · ") + " "
	left := max(v.width-draw.TextWidth(text)-2, 0)
	return v.styles.Ink.Rule.Render(draw.Fit(strings.Repeat("─", left)+text+"──", v.width))
}
