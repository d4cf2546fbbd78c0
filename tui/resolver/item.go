package resolver

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergeview"
	"github.com/feedsync/feedsync/tui/resolver/textedit"
)

// stackBelow is the width under which the two versions stack rather than
// stand side by side.
const stackBelow = 100

// ItemView is the item screen: the winner on the left and one conflict
// version on the right, each under a provenance header, then the shared
// data compared field by field, and optionally the history pane.
type ItemView struct {
	styles    *draw.Styles
	keys      ItemKeys
	now       time.Time
	pos       int
	item      dialect.Entry
	versions  []dialect.Version // the item's conflict versions
	title     string
	version   int
	marked    []bool
	unified   bool // unified rather than side by side
	publisher bool // show publisher-specific fields
	unfold    bool // show folded unchanged runs
	rendered  bool // show markup rendered rather than as written
	hideSpace bool // hide the changes of white space alone (itemspace.go)
	showHist  bool
	width     int
	height    int
	scroll    int
	head      []string
	body      []string
	fields    rendered // the body's fields and changes
	changes   []int    // the first body line of each change
	find      finder   // search inside the item
	hist      HistoryPane
	cache     compared       // the diff of the shown pair, kept across resizes
	left      int            // the side on the left (itemcompare.go): the winner, a version or the base
	base      mergeview.Base // the base of the item's conflict, when hasBase
	hasBase   bool
	// baseOf returns the base of an item's conflict, when one is known.
	baseOf func(e dialect.Entry) (mergeview.Base, bool)
	// place describes where a version puts the item in an outline, or
	// returns "" when the feed is not one.
	place func(v dialect.Version) string
	// onDisk reports an item a file's new state merged in changed.
	onDisk func(pos int) bool
}

// compared is the field-by-field diff of one pair of versions.
type compared struct {
	left, right dialect.Version
	leftSide    int // ItemView.left: the base has no version of its own
	places      [2]string
	publisher   bool
	rendered    bool
	hideSpace   bool
	a, b        []dialect.Field
	pairs       []fieldPair
	// out is pairs rendered with opts, kept while neither changes: a
	// field of 1 MB takes a tenth of a second to wrap, and every layout
	// of the program (a message, the merge view opening) lays out the
	// item screen again.
	opts diffOpts
	out  *rendered
}

// compare returns the diff of the shown pair, reusing the last one when the
// pair, their places and the publisher toggle are the same.
func (v *ItemView) compare() compared {
	c := v.cache
	places := [2]string{v.placeOf(v.leftVersion()), v.placeOf(v.right())}
	if v.leftIsBase() {
		places[0] = "" // the store keeps no place
	}
	if c.left == v.leftVersion() && c.leftSide == v.left && c.right == v.right() && c.places == places && c.publisher == v.publisher && c.rendered == v.rendered && c.hideSpace == v.hideSpace {
		return c
	}
	c = compared{left: v.leftVersion(), leftSide: v.left, right: v.right(), places: places, publisher: v.publisher, rendered: v.rendered, hideSpace: v.hideSpace}
	c.a, c.b = withPlace(v.leftFields(), places[0]), withPlace(c.right.Fields(), places[1])
	c.pairs = pairFields(c.a, c.b, v.publisher)
	for i := range c.pairs {
		p := &c.pairs[i]
		if p.markup = kindOf(p.key, p.a, p.b); p.markup != "" && v.rendered {
			p.a, p.b = renderedAs(p.markup, p.key, p.a), renderedAs(p.markup, p.key, p.b)
		}
		p.rows = diffRows(p.a, p.b, p.markup != "" && !v.rendered)
		if v.hideSpace {
			hideSpaces(p, c.a, c.b, p.markup != "" && v.rendered)
		}
	}
	v.markBase(c.pairs, c.a, c.b)
	v.cache = c
	return c
}

// placeOf describes where a version puts the item, or returns "".
func (v ItemView) placeOf(ver dialect.Version) string {
	if v.place == nil {
		return ""
	}
	return v.place(ver)
}

// withPlace puts an outline position first among the fields, so that a
// move shows as a change like any other.
func withPlace(fs []dialect.Field, place string) []dialect.Field {
	if place == "" {
		return fs
	}
	return append([]dialect.Field{{Key: "position", Label: "Position", Value: place, Shared: true}}, fs...)
}

// NewItemView returns an empty item screen.
func NewItemView(s *draw.Styles) ItemView {
	return ItemView{styles: s, keys: DefaultItemKeys(), pos: -1, hist: NewHistoryPane(s), find: finder{input: textedit.NewInput(s, "/")}}
}

// KeyMap returns the item screen's bindings.
func (v ItemView) KeyMap() ItemKeys { return v.keys }

// Pos returns the position of the item shown.
func (v ItemView) Pos() int { return v.pos }

// Version returns the index of the conflict version shown on the right.
func (v ItemView) Version() int { return v.version }

// Marked returns the indexes of the marked versions, ascending.
func (v ItemView) Marked() []int {
	var out []int
	for i, m := range v.marked {
		if m {
			out = append(out, i)
		}
	}
	return out
}

// SetPlaces sets what describes where a version puts an item in an
// outline; nil, or a function that returns "", shows no position.
func (v *ItemView) SetPlaces(place func(ver dialect.Version) string) { v.place = place }

// SetItem shows an item. Showing a new state of the same item (after a
// decision, an undo or a merge-in) keeps the version shown and the marks
// on the versions that are still there, known by their sync history, not
// their index (a merge-in can add, drop or reorder versions), and the
// scroll where the versions are as many.
func (v *ItemView) SetItem(pos int, e dialect.Entry, title string, now time.Time) {
	versions := e.Versions()
	n := len(versions)
	marked, version := make([]bool, n), 0
	for i, ver := range versions {
		for j, was := range v.versions {
			if pos != v.pos || j >= len(v.marked) || !mergeview.SameVersion(ver, was) {
				continue
			}
			marked[i] = v.marked[j]
			if j == v.version {
				version = i
			}
		}
	}
	if pos != v.pos || n != len(v.marked) {
		v.scroll = 0
	}
	samePos, old := pos == v.pos, v.versions
	v.marked, v.version = marked, version
	v.pos, v.item, v.versions, v.title, v.now = pos, e, versions, title, now
	v.version = min(v.version, max(n-1, 0))
	v.base, v.hasBase = mergeview.Base{}, false
	if v.baseOf != nil {
		v.base, v.hasBase = v.baseOf(e)
	}
	v.keepLeft(old, samePos)
	v.layout()
}

// ToggleMark marks or unmarks the shown version for a selective resolution.
func (v *ItemView) ToggleMark() {
	if v.version < len(v.marked) {
		v.marked[v.version] = !v.marked[v.version]
		v.layout()
	}
}

// SetSize sets the screen's size in cells.
func (v *ItemView) SetSize(w, h int) {
	v.width, v.height = w, h
	v.layout()
}

// Update handles version cycling, scrolling, the view toggles and the wheel.
func (v ItemView) Update(msg tea.Msg) (ItemView, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		v.updateKey(msg)
	case tea.MouseWheelMsg:
		v.scrollBy(draw.WheelDelta(msg.Button))
	}
	return v, nil
}

func (v *ItemView) updateKey(msg tea.KeyPressMsg) {
	if v.find.typing {
		v.typeSearch(msg)
		return
	}
	page := max(v.bodyHeight()-1, 1)
	switch {
	case key.Matches(msg, v.keys.Search):
		v.find.typing = true
		v.find.input.SetValue("")
		v.find.input.Focus()
	case v.find.query != "" && key.Matches(msg, v.keys.NextMatch):
		v.stepMatch(1)
	case v.find.query != "" && key.Matches(msg, v.keys.PrevMatch):
		v.stepMatch(-1)
	case v.find.query != "" && key.Matches(msg, v.keys.ClearSearch):
		v.find.query, v.find.matches = "", nil
	case key.Matches(msg, v.keys.NextChange):
		v.stepChange(1)
	case key.Matches(msg, v.keys.PrevChange):
		v.stepChange(-1)
	case key.Matches(msg, v.keys.NextVersion):
		v.cycle(1)
	case key.Matches(msg, v.keys.PrevVersion):
		v.cycle(-1)
	case key.Matches(msg, v.keys.Compare):
		v.cycleLeft()
	case key.Matches(msg, v.keys.Layout):
		v.toggle(&v.unified)
	case key.Matches(msg, v.keys.Publisher):
		v.toggle(&v.publisher)
	case key.Matches(msg, v.keys.Unfold):
		v.toggle(&v.unfold)
	case key.Matches(msg, v.keys.History):
		v.toggle(&v.showHist)
	case key.Matches(msg, v.keys.Markup):
		v.toggle(&v.rendered)
	default:
		if d, ok := v.keys.Delta(msg, page, len(v.body)); ok {
			v.scrollBy(d)
		}
	}
}

func (v *ItemView) toggle(b *bool) {
	*b = !*b
	v.layout()
}

// cycle shows the next version on the right, passing over the one c put
// on the left; with two versions, the two change sides.
func (v *ItemView) cycle(d int) {
	if n := len(v.marked); n > 1 {
		was := v.version
		v.version = (v.version + d + n) % n
		switch {
		case v.version != v.left-1:
		case n > 2:
			v.version = (v.version + d + n) % n
		default:
			v.left = was + 1
		}
		v.scroll = 0
		v.layout()
	}
}

func (v *ItemView) scrollBy(d int) {
	v.scroll = max(min(v.scroll+d, len(v.body)-v.bodyHeight()), 0)
}

// mode chooses the layout for the item and the width.
func (v ItemView) mode() layout {
	switch {
	case v.item.IsZero() || len(v.versions) == 0:
		return single
	case v.unified:
		return unified
	case v.width < stackBelow:
		return stacked
	}
	return sideBySide
}

// right returns the version shown on the right, or the winner itself when
// the item has no conflict versions.
func (v ItemView) right() dialect.Version {
	if len(v.versions) == 0 {
		return v.item.Winner()
	}
	return v.versions[v.version]
}

// layout renders the header and the body for the current item, size and
// toggles, so that View only slices.
func (v *ItemView) layout() {
	if v.item.IsZero() || v.width <= 0 {
		return
	}
	c := v.compare()
	v.head = v.header(c.a, c.b)
	name := fmt.Sprintf("version %d", v.version+1)
	o := diffOpts{width: v.width, layout: v.mode(), unfold: v.unfold, left: v.leftName(), right: name, s: v.styles, rendered: v.rendered}
	if c.out == nil || c.opts != o {
		r := renderFields(c.pairs, o)
		c.opts, c.out = o, &r
		v.cache = c
	}
	r := *c.out
	v.body, v.fields, v.changes = r.lines, r, r.changes
	v.findMatches()
	v.hist.SetItems(v.item.Winner(), v.right(), v.now)
	v.hist.SetSize(v.width, v.histHeight())
	v.scrollBy(0)
}

// restyle lays the screen out again after the styles changed.
func (v *ItemView) restyle() {
	v.cache.out = nil
	v.layout()
}

// histHeight gives the history pane a third of the room, and what it needs
// at most.
func (v ItemView) histHeight() int {
	if !v.showHist {
		return 0
	}
	room := v.height - len(v.head)
	return min(max(room/3, 3), v.hist.Needed(), max(room-2, 0))
}

func (v ItemView) bodyHeight() int {
	h := v.height - len(v.head) - v.histHeight()
	if v.showHist {
		h-- // the rule above the pane
	}
	return max(h, 1)
}

// View renders the header, the visible part of the body and the pane.
// The header's last rule says where the body is scrolled to; the rule of
// the field at the top stays in view while its body scrolls; the search
// line, while a search is typed, takes the last row.
func (v ItemView) View() string {
	lines := append([]string{}, v.head[:len(v.head)-1]...)
	lines = append(lines, v.positionRule())
	lines = append(lines, v.visibleBody()...)
	if v.showHist {
		lines = append(lines, v.styles.Rule.Render(strings.Repeat("─", v.width)), v.hist.View())
	}
	return strings.Join(lines, "\n")
}
