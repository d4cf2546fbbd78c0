package resolver

import (
	"fmt"
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// mergeDoneMsg carries a merge to record as the resolution of an item.
type mergeDoneMsg struct {
	pos      int
	entry    dialect.Entry // the state of the item the result combines
	versions []int
	edit     dialect.Edit
}

// mergeMoveMsg asks the root to open the merge view on the next (or the
// previous) item in conflict after pos, ] past the last hunk (or [ past
// the first).
type mergeMoveMsg struct {
	pos  int
	next bool
}

// mergeOpenMsg asks the root to confirm applying a result at which open
// hunks are still undecided.
type mergeOpenMsg struct{ open int }

// mergeLeaveMsg reports that the merge view was left: changed says that
// the result had changed, so the person is asked first; quit, that ctrl+c
// was pressed, which goes on to quitting.
type mergeLeaveMsg struct{ changed, quit bool }

// MergeView is the merge view: an item's result, made of the winner's
// fields hunk by hunk, between the winner and a version. It is where a
// person combines versions (1.0.2 §3.4 step 1.3, 0.91 §5: "combine or
// otherwise create new data").
type MergeView struct {
	styles   *Styles
	keys     MergeKeys
	pos      int
	entry    dialect.Entry
	name     string
	versions []int // the marked versions the resolution settles; empty for all
	whole    bool  // a resolution settles every version (SSE 0.91 §5)
	labels   []string
	whos     []string           // who made each version, for naming it in a row
	mm       mergemodel.Model   // the fields, hunks, results and undo
	fields   []mergemodel.Field // mm's fields, read only
	areas    []textArea         // each field's result as typed in: mm's results, with a cursor
	version  int                // the version shown against the winner
	cur      int                // the hunk at hand, among those of the version shown
	typing   bool
	field    int // the field typed in
	note     string
	width    int
	height   int
	scroll   int
	place    func(dialect.Version) string // where a version puts the item in an outline, or nil
	places   []string                     // the winner's place, then each version's, worked out once at Open
	memo     *mergeMemo                   // what the revision gives, worked out once
	laid     layoutKey                    // what the body was laid out for
	cols     columnsState                 // every version in columns: the choice and the layout kept (mergecols.go)
	base     *baseInfo                    // the base the result started from (Combine), or nil
	showBase bool                         // the base is shown, the sides against it (mergebase.go)
	laidOut  laidBody                     // the body as layout made it
	guard    applyGuard                   // what applying asks or refuses
}

// laidBody is the merge view's body as layout made it: its rows, and
// where the hunks, the fields and the cursor are among them.
type laidBody struct {
	body     []bodyRow
	hunkRow  []int // the body row where each hunk of the version shown starts
	hunkLast []int // and the last where it shows: its result's, under the sides
	fieldRow []int // the body row of each field's rule
	cursorAt int   // the body row of the cursor while typing
}

// applyGuard is what applying asks about or refuses, so that no version is
// settled that the person was not shown (1.0.2 §3.4).
type applyGuard struct {
	seen    []bool // each version shown at least once
	asked   bool   // applying with a version unseen has asked once
	fresh   []bool // each version a merge-in brought that the person had not set out to settle (mergein.go)
	rebased string // what a merge-in changed of the item, said once more when applying; "" when nothing
	openOK  bool   // applying with hunks open was confirmed (ApplyOpen)
}

// NewMergeView returns a closed merge view.
func NewMergeView(s *Styles) MergeView {
	return MergeView{styles: s, keys: DefaultMergeKeys(), memo: newMergeMemo()}
}

// KeyMap returns the bindings in effect: the view's, or typing's.
func (v MergeView) KeyMap() MergeKeys { return v.keys }

// keyMap returns what the status bar shows.
func (v MergeView) keyMap() interface {
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
} {
	if v.typing {
		return typingKeys{v.keys}
	}
	return v.keys
}

// SetSelective says whether a resolution settles only the versions marked
// (FeedSync 1.0.2) or every one (SSE 0.91).
func (v *MergeView) SetSelective(selective bool) { v.whole = !selective }

// Open starts a merge of the item at pos; versions are the marked ones,
// shown the version at hand on the item screen.
func (v MergeView) Open(pos int, e dialect.Entry, name string, versions []int, shown int) MergeView {
	v.pos, v.entry, v.name, v.versions = pos, e, name, versions
	v.memo, v.laid = newMergeMemo(), layoutKey{}
	v.mm = mergemodel.New(e)
	v.fields = v.mm.Fields()
	v.areas = make([]textArea, len(v.fields))
	for i, f := range v.fields {
		v.areas[i] = newTextArea(v.styles)
		v.areas[i].single = !f.List && f.Key == "title"
		v.areas[i].SetValue(f.Winner)
	}
	vs := e.Versions()
	v.places = nil
	if v.place != nil {
		for _, ver := range append([]dialect.Version{e.Winner()}, vs...) {
			v.places = append(v.places, v.place(ver))
		}
	}
	v.labels, v.whos, v.guard.seen = make([]string, len(vs)), make([]string, len(vs)), make([]bool, len(vs))
	for i, ver := range vs {
		v.labels[i] = refLabel(fmt.Sprintf("version %d of %d", i+1, len(vs)), ver)
		if h := top(ver); h.HasBy() {
			v.whos[i] = h.By
		} else {
			v.whos[i] = entryWho(h)
		}
	}
	v.version = max(min(shown, len(vs)-1), 0)
	v.guard.asked, v.guard.fresh, v.guard.rebased, v.base = false, make([]bool, len(vs)), "", nil
	if v.version < len(v.guard.seen) {
		v.guard.seen[v.version] = true
	}
	v.cur, v.typing, v.field = 0, false, 0
	v.note, v.scroll = "", 0
	if len(v.shown()) == 0 {
		v.startTyping(v.firstField())
	}
	v.layout()
	v.follow()
	return v
}

// Combine starts the result from the three-way merge against the base b
// (mergemodel.Model.Start), as one step u undoes, and goes to the first
// hunk still open: a clash.
func (v MergeView) Combine(b baseInfo) MergeView {
	v.mm.Start(b.plan)
	for i := range v.areas {
		v.areas[i].SetValue(v.mm.Result(i))
	}
	v.base = &b
	for k, s := range v.mm.States(v.version) {
		if s.Undecided() {
			v.cur = k
			break
		}
	}
	v.layout()
	v.follow()
	return v
}

// firstField is the content if there is one, else the first field.
func (v MergeView) firstField() int {
	for i, f := range v.fields {
		if f.Key == "content" {
			return i
		}
	}
	return 0
}

// Pos returns the position of the item merged.
func (v MergeView) Pos() int { return v.pos }

// Changed reports whether the result differs from the winner's fields.
func (v MergeView) Changed() bool { return v.mm.Changed() }

// SetSize sets the view's size in cells.
func (v *MergeView) SetSize(w, h int) {
	v.width, v.height = w, h
	v.layout()
}

// shown returns the hunks of the version shown.
func (v MergeView) shown() []mergemodel.Hunk { return v.mm.Hunks(v.version) }

// stateOf says what the result holds at hunk i of the version shown.
func (v MergeView) stateOf(i int) mergemodel.State { return v.mm.States(v.version)[i] }

// openIn counts the hunks of version ver still open.
func (v MergeView) openIn(ver int) int { return v.mm.OpenIn(ver) }

// unseen returns the first version the result settles that was never
// shown and whose data differs from the result, or -1.
func (v MergeView) unseen() int {
	for i := range v.mm.Versions() {
		if v.guard.seen[i] || !v.settles(i) {
			continue
		}
		for j, f := range v.fields {
			if i < len(f.Values) && f.Values[i] != v.value(j) {
				return i
			}
		}
	}
	return -1
}

// settles reports whether the result settles version i.
func (v MergeView) settles(i int) bool {
	return v.whole || len(v.versions) == 0 || slices.Contains(v.versions, i)
}

// Update handles the keys: moving between hunks, taking sides, typing,
// versions, undo, scrolling; applying and leaving go to the root model.
func (v MergeView) Update(msg tea.Msg) (MergeView, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.MouseWheelMsg: // typing or not
		v.scrollBy(wheelDelta(msg.Button))
		return v, nil
	case tea.KeyPressMsg:
		if v.typing {
			return v.updateTyping(msg)
		}
		return v.key(msg)
	}
	if v.typing {
		return v.updateTyping(msg)
	}
	return v, nil
}

func (v MergeView) key(k tea.KeyPressMsg) (MergeView, tea.Cmd) {
	v.note = ""
	page := max(v.bodyHeight()-1, 1)
	switch {
	case key.Matches(k, v.keys.Apply):
		return v, v.apply()
	case key.Matches(k, v.keys.Leave), key.Matches(k, v.keys.Quit):
		leave := mergeLeaveMsg{changed: v.Changed(), quit: key.Matches(k, v.keys.Quit)}
		return v, func() tea.Msg { return leave }
	case !v.Changed() && (key.Matches(k, v.keys.Next) && v.pastEnd(1) || key.Matches(k, v.keys.Prev) && v.pastEnd(-1)):
		move := mergeMoveMsg{pos: v.pos, next: key.Matches(k, v.keys.Next)}
		return v, func() tea.Msg { return move }
	case key.Matches(k, v.keys.Next):
		v.move(1)
	case key.Matches(k, v.keys.Prev):
		v.move(-1)
	case key.Matches(k, v.keys.Winner):
		v.takeSide(mergemodel.SideWinner)
	case key.Matches(k, v.keys.Version):
		v.takeSide(mergemodel.SideVersion)
	case key.Matches(k, v.keys.Both):
		v.takeSide(mergemodel.SideBoth)
	case key.Matches(k, v.keys.BothRev):
		v.takeSide(mergemodel.SideBothRev)
	case key.Matches(k, v.keys.Type):
		v.typeAtHunk()
	case key.Matches(k, v.keys.NextVersion):
		v.cycle(1)
	case key.Matches(k, v.keys.PrevVersion):
		v.cycle(-1)
	case key.Matches(k, v.keys.Layout):
		v.toggleColumns()
	case key.Matches(k, v.keys.Base):
		v.toggleBase()
	case key.Matches(k, v.keys.Undo):
		v.restore(v.mm.Undo, "nothing to undo")
	case key.Matches(k, v.keys.Redo):
		v.restore(v.mm.Redo, "nothing to redo")
	default:
		d, ok := v.keys.delta(k, page, len(v.laidOut.body))
		if !ok {
			return v, nil
		}
		v.scrollBy(d)
	}
	v.layout()
	return v, nil
}

// move goes to the next (1) or previous (-1) hunk, and brings it into view.
func (v *MergeView) move(d int) {
	n := len(v.shown())
	if n == 0 {
		v.note = "this version has no hunk: its shared fields are the winner's"
		return
	}
	if v.pastEnd(d) { // a changed result: round this item, not off to the next
		v.note = "round to this item's other end: ] and [ go on to the next item from an unchanged result · ctrl+s applies this one"
	}
	v.cur = (v.cur + d + n) % n
	v.layout()
	v.follow()
}

// wrap goes round to the first hunk (dir 1) or the last (-1), when no
// other item is in conflict.
func (v *MergeView) wrap(dir int) {
	if n := len(v.shown()); n > 0 {
		v.cur = 0
		if dir < 0 {
			v.cur = n - 1
		}
		v.layout()
		v.follow()
	}
}

// takeSide puts a side of the hunk at hand into the result, then moves on
// to the next hunk still open, if any.
func (v *MergeView) takeSide(s mergemodel.Side) {
	hs := v.shown()
	if len(hs) == 0 {
		v.note = "no hunk to take: type in the result with e"
		return
	}
	field, rs, re, text, _ := v.mm.Take(v.version, v.cur, s)
	v.areas[field].Replace(rs, re, text)
	for k := 1; k < len(hs); k++ {
		if i := (v.cur + k) % len(hs); v.stateOf(i).Undecided() {
			v.cur = i
			break
		}
	}
	v.layout()
	v.follow()
}

// cycle shows the next or previous version against the winner.
func (v *MergeView) cycle(d int) {
	if n := v.mm.Versions(); n > 1 {
		v.version = (v.version + d + n) % n
		if u := v.unseen(); v.guard.asked && u >= 0 {
			v.version = u // the one applying asked about
		}
		v.guard.seen[v.version] = true
		v.cur = 0
		v.layout()
		v.follow()
	}
}

// restore puts back the state undo or redo (put) keeps, saying none when
// there is none, and goes to the hunk it changed (issue 30 item 7): the
// first of the version shown whose state it changed, else the first in a
// field whose result it changed.
func (v *MergeView) restore(put func() bool, none string) {
	before, results := slices.Clone(v.mm.States(v.version)), make([]string, len(v.fields))
	for i := range v.fields {
		results[i] = v.mm.Result(i)
	}
	if !put() {
		v.note = none
		return
	}
	for i := range v.areas {
		v.areas[i].SetValue(v.mm.Result(i))
	}
	hs, after := v.shown(), v.mm.States(v.version)
	k := slices.IndexFunc(hs, func(h mergemodel.Hunk) bool { return results[h.Field] != v.mm.Result(h.Field) })
	for j := range after {
		if after[j] != before[j] {
			k = j
			break
		}
	}
	if k >= 0 {
		v.cur = k
		v.layout()
		v.follow()
	}
}

// pastEnd reports whether moving by d from the hunk at hand goes past the
// item's last hunk (d 1) or its first (d -1): ] and [ then go on to the
// next or previous item in conflict (issue 30 item 7, as VS Code's next
// conflict goes across files), unless the result changed, which leaving
// would drop: then they go round the item.
func (v MergeView) pastEnd(d int) bool {
	n := len(v.shown())
	return n > 0 && (d > 0 && v.cur == n-1 || d < 0 && v.cur == 0)
}

// typeAtHunk starts typing in the field of the hunk at hand, the cursor
// where the result holds it.
func (v *MergeView) typeAtHunk() {
	hs := v.shown()
	if len(hs) == 0 {
		v.startTyping(v.firstField())
		return
	}
	h := hs[v.cur]
	_, re := v.placeOf(v.cur)
	v.startTyping(h.Field)
	v.areas[h.Field].moveToByte(re)
}

// startTyping gives the keyboard to a field's result.
func (v *MergeView) startTyping(field int) {
	if field >= len(v.fields) {
		v.note = "the item has no shared field to type in"
		return
	}
	v.mm.Push()
	v.typing, v.field = true, field
	for i := range v.areas {
		v.areas[i].Blur()
	}
	v.areas[field].Focus()
}

// updateTyping edits the field typed in; esc stops typing, tab moves to
// the next field, ctrl+s applies.
func (v MergeView) updateTyping(msg tea.Msg) (MergeView, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, DefaultEditorKeys().Apply):
			v.stopTyping()
			return v, v.apply()
		case key.Matches(k, v.keys.Done):
			v.stopTyping()
			v.layout()
			return v, nil
		case key.Matches(k, DefaultEditorKeys().Switch):
			d := 1
			if k.String() == "shift+tab" {
				d = -1
			}
			v.areas[v.field].Blur()
			v.field = (v.field + d + len(v.fields)) % len(v.fields)
			v.areas[v.field].Focus()
			v.layout()
			v.follow()
			return v, nil
		}
	}
	v.note = ""
	v.areas[v.field], _ = v.areas[v.field].Update(msg)
	v.mm.SetResult(v.field, v.areas[v.field].Value())
	v.layout()
	v.follow()
	return v, nil
}

// stopTyping takes the keyboard back; typing that changed nothing leaves
// no undo step.
func (v *MergeView) stopTyping() {
	v.typing = false
	v.areas[v.field].Blur()
	v.mm.Settle()
}

// apply returns the command that records the result as the resolution,
// unless it empties the title or the content, which it refuses. With
// three or more versions one is shown at a time: applying while a version
// the result settles was never shown, and holds data the result does not,
// asks once (ctrl+s again applies, tab shows that version) rather than
// settling data the person never saw.
func (v *MergeView) apply() tea.Cmd {
	for i, f := range v.fields {
		if emptied(f, v.value(i)) {
			v.note = "the " + f.Key + " is empty: write one, or take a side"
			v.startTyping(i)
			v.layout()
			v.follow()
			return nil
		}
	}
	if refused := v.refuseRebased(); refused {
		return nil
	}
	if u := v.unseen(); u >= 0 && !v.guard.asked {
		v.guard.asked = true
		v.note = fmt.Sprintf("version %d (%s) was not shown: ctrl+s again applies anyway, tab shows it", u+1, v.whos[u])
		return nil
	}
	if n := v.openHunks(); n > 0 && !v.guard.openOK {
		return func() tea.Msg { return mergeOpenMsg{n} }
	}
	done := mergeDoneMsg{v.pos, v.entry, v.versions, v.mm.Edit()}
	return func() tea.Msg { return done }
}

// ApplyOpen returns the view and the command that applies the result with
// hunks still open, for the answer "apply anyway" to the question apply
// asked.
func (v MergeView) ApplyOpen() (MergeView, tea.Cmd) {
	v.guard.openOK = true
	cmd := v.apply()
	v.guard.openOK = false
	return v, cmd
}

// openHunks counts the places where a version the result settles has a
// hunk no one decided (open, or a clash), each place once however many
// versions have a hunk there.
func (v MergeView) openHunks() int {
	seen := map[[3]int]bool{}
	for ver := range v.mm.Versions() {
		if !v.settles(ver) {
			continue
		}
		for k, s := range v.mm.States(ver) {
			if h := v.mm.Hunks(ver)[k]; s.Undecided() {
				seen[[3]int{h.Field, h.Start, h.End}] = true
			}
		}
	}
	return len(seen)
}

// Applied returns the view and the command that applies the result, for
// the answer "apply" to leaving a changed merge.
func (v MergeView) Applied() (MergeView, tea.Cmd) {
	cmd := v.apply()
	return v, cmd
}

// scrollBy scrolls the body.
func (v *MergeView) scrollBy(d int) {
	v.scroll = max(min(v.scroll+d, len(v.laidOut.body)-v.bodyHeight()), 0)
}

// follow scrolls so that the hunk at hand, or the cursor while typing,
// is in view, with its field's rule when it fits.
func (v *MergeView) follow() {
	row, last := -1, -1
	switch {
	case v.typing:
		row, last = v.laidOut.cursorAt, v.laidOut.cursorAt
	case v.cur < len(v.laidOut.hunkRow):
		row, last = v.laidOut.hunkRow[v.cur], v.laidOut.hunkLast[v.cur]
	}
	if row < 0 {
		return
	}
	bh := v.bodyHeight()
	switch {
	case last-row >= bh: // the sides and the result do not fit: the result
		v.scroll = last - bh + 1
	case row < v.scroll || last >= v.scroll+bh:
		v.scroll = max(row-bh/3, last-bh+1)
	}
	v.scrollBy(0)
}
