package resolver

import (
	"fmt"
	"maps"
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// mergeDoneMsg carries a merge to record as the resolution of an item.
type mergeDoneMsg struct {
	pos      int
	entry    dialect.Entry // the state of the item the result combines
	versions []int
	edit     dialect.Edit
}

// mergeLeaveMsg reports that the merge view was left: changed says that
// the result had changed, so the person is asked first; quit, that ctrl+c
// was pressed, which goes on to quitting.
type mergeLeaveMsg struct{ changed, quit bool }

// MergeKeys are the merge view's bindings.
type MergeKeys struct {
	Next, Prev, Winner, Version, Both, BothRev key.Binding
	Type, Done, NextVersion, PrevVersion       key.Binding
	Apply, Leave, Quit, Undo, Redo             key.Binding
	Layout, Help                               key.Binding
	ScrollKeys
}

// DefaultMergeKeys returns the merge view's bindings: vimdiff's ]c and [c
// become ] and [ (or n and p), and the side a hunk is taken from is the
// side it stands on, h or ← for the winner on the left, l or → for the
// version on the right.
func DefaultMergeKeys() MergeKeys {
	return MergeKeys{
		Next:        bind("]/n", "next hunk", "]", "n"),
		Prev:        bind("[/p", "previous hunk", "[", "p"),
		Winner:      bind("h/←", "take the winner's", "h", "left", "<"),
		Version:     bind("l/→", "take the version's", "l", "right", ">"),
		Both:        bind("b", "both, winner first", "b"),
		BothRev:     bind("B", "both, version first", "B"),
		Type:        bind("e/enter", "type in the result", "e", "i", "enter"),
		Done:        bind("esc", "stop typing", "esc", "ctrl+c"),
		NextVersion: bind("tab", "next version", "tab"),
		PrevVersion: bind("shift+tab", "previous version", "shift+tab"),
		Apply:       bind("ctrl+s/a", "apply as the resolution", "ctrl+s", "a"),
		Leave:       bind("esc/q", "leave (asks if changed)", "esc", "q"),
		Quit:        bind("ctrl+c", "quit (asks first if changed)", "ctrl+c"),
		Undo:        bind("u", "undo", "u", "ctrl+z"),
		Redo:        bind("ctrl+r", "redo", "ctrl+r", "ctrl+y"),
		Layout:      bind("v", "columns/one version", "v"),
		ScrollKeys:  DefaultScrollKeys(),
		Help:        bind("?", "help", "?"),
	}
}

// ShortHelp implements help.KeyMap.
func (k MergeKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Next, k.Prev, k.Winner, k.Version, k.Both, k.BothRev, k.Type, k.NextVersion, k.Layout, k.Apply, k.Undo, k.Leave, k.Help}
}

// FullHelp implements help.KeyMap.
func (k MergeKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Next, k.Prev, k.Winner, k.Version, k.Both, k.BothRev},
		{k.Type, k.Done, k.NextVersion, k.PrevVersion, k.Layout, k.Apply, k.Leave, k.Quit, k.Undo, k.Redo},
		append(k.ScrollKeys.list(), k.Help),
	}
}

// typingKeys are the bindings shown while typing in the result.
type typingKeys struct{ k MergeKeys }

// ShortHelp implements help.KeyMap.
func (t typingKeys) ShortHelp() []key.Binding {
	e := DefaultEditorKeys()
	return []key.Binding{t.k.Done, e.Apply, e.Undo, e.Redo, e.LineEnds, e.TextEnds}
}

// FullHelp implements help.KeyMap.
func (t typingKeys) FullHelp() [][]key.Binding {
	e := DefaultEditorKeys()
	return [][]key.Binding{t.ShortHelp(), {e.Switch, e.Rows, e.Words}}
}

// mergeSnapshot is the merge's state, as its undo puts it back.
type mergeSnapshot struct {
	results []string
	taken   map[string]bool
}

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
	whos     []string // who made each version, for naming it in a row
	seen     []bool   // each version shown at least once
	asked    bool     // applying with a version unseen has asked once
	fresh    []bool   // each version a merge-in brought that the person had not set out to settle (mergein.go)
	rebased  string   // what a merge-in changed of the item, said once more when applying; "" when nothing
	fields   []mergeField
	version  int // the version shown against the winner
	hunks    [][]hunk
	cur      int // the hunk at hand, among those of the version shown
	taken    map[string]bool
	typing   bool
	field    int // the field typed in
	undo     []mergeSnapshot
	redo     []mergeSnapshot
	note     string
	width    int
	height   int
	scroll   int
	body     []bodyRow
	place    func(dialect.Version) string // where a version puts the item in an outline, or nil
	places   []string                     // the winner's place, then each version's, worked out once at Open
	hunkRow  []int                        // the body row where each hunk of the version shown starts
	hunkLast []int                        // and the last where it shows: its result's, under the sides
	fieldRow []int                        // the body row of each field's rule
	cursorAt int                          // the body row of the cursor while typing
	rev      uint64                       // the revision of the result (see touch)
	memo     *mergeMemo                   // what the revision gives, worked out once
	laid     layoutKey                    // what the body was laid out for
	cols     columnsState                 // every version in columns: the choice and the layout kept (mergecols.go)
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
	v.touch()
	v.fields = mergeFields(e)
	for i := range v.fields {
		ta := newTextArea(v.styles)
		ta.single = !v.fields[i].list && v.fields[i].key == "title"
		ta.SetValue(v.fields[i].winner)
		v.fields[i].result = ta
	}
	vs := e.Versions()
	v.places = nil
	if v.place != nil {
		for _, ver := range append([]dialect.Version{e.Winner()}, vs...) {
			v.places = append(v.places, v.place(ver))
		}
	}
	v.hunks = make([][]hunk, len(vs))
	v.labels, v.whos, v.seen = make([]string, len(vs)), make([]string, len(vs)), make([]bool, len(vs))
	for i, ver := range vs {
		v.hunks[i] = hunksOf(v.fields, i)
		v.labels[i] = refLabel(fmt.Sprintf("version %d of %d", i+1, len(vs)), ver)
		if h := top(ver); h.HasBy() {
			v.whos[i] = h.By
		} else {
			v.whos[i] = entryWho(h)
		}
	}
	v.version = max(min(shown, len(vs)-1), 0)
	v.asked, v.fresh, v.rebased = false, make([]bool, len(vs)), ""
	if v.version < len(v.seen) {
		v.seen[v.version] = true
	}
	v.cur, v.taken, v.typing, v.field = 0, map[string]bool{}, false, 0
	v.undo, v.redo, v.note, v.scroll = nil, nil, "", 0
	if len(v.hunks) == 0 || len(v.hunks[v.version]) == 0 {
		v.startTyping(v.firstField())
	}
	v.layout()
	v.follow()
	return v
}

// firstField is the content if there is one, else the first field.
func (v MergeView) firstField() int {
	for i, f := range v.fields {
		if f.key == "content" {
			return i
		}
	}
	return 0
}

// Pos returns the position of the item merged.
func (v MergeView) Pos() int { return v.pos }

// Changed reports whether the result differs from the winner's fields.
func (v MergeView) Changed() bool {
	for _, f := range v.fields {
		if f.result.Value() != f.winner {
			return true
		}
	}
	return false
}

// SetSize sets the view's size in cells.
func (v *MergeView) SetSize(w, h int) {
	v.width, v.height = w, h
	v.layout()
}

// shown returns the hunks of the version shown.
func (v MergeView) shown() []hunk {
	if v.version < len(v.hunks) {
		return v.hunks[v.version]
	}
	return nil
}

// others returns the hunks of the versions not shown.
func (v MergeView) others() [][]hunk { return v.othersOf(v.version) }

// othersOf returns the hunks of every version but ver.
func (v MergeView) othersOf(ver int) [][]hunk {
	var out [][]hunk
	for i, hs := range v.hunks {
		if i != ver {
			out = append(out, hs)
		}
	}
	return out
}

// stateOf says what the result holds at hunk i of the version shown.
func (v MergeView) stateOf(i int) hunkState { return v.statesOf(v.version)[i] }

// openIn counts the hunks of version ver still open: where the result
// holds the winner's text and no one chose it.
func (v MergeView) openIn(ver int) int {
	n := 0
	for _, s := range v.statesOf(ver) {
		if s == hunkOpen {
			n++
		}
	}
	return n
}

// textAt returns what version ver holds over hunk h (of the version
// shown): the winner's text there when ver changed nothing of it.
func (v MergeView) textAt(ver int, h hunk) string {
	atHand := v.cur < len(v.shown()) && v.shown()[v.cur] == h // kept: it does not depend on the result
	m, k := v.memoNow(), [3]int{v.version, v.cur, ver}
	if t, ok := m.texts[k]; ok && atHand {
		return t
	}
	t, ok := v.fields[h.field].versionText(h, v.hunks[ver])
	if !ok {
		t = h.left
	}
	if atHand {
		m.texts[k] = t
	}
	return t
}

// unseen returns the first version the result settles that was never
// shown and whose data differs from the result, or -1.
func (v MergeView) unseen() int {
	for i := range v.hunks {
		if v.seen[i] || !v.settles(i) {
			continue
		}
		for _, f := range v.fields {
			if i < len(f.values) && f.values[i] != f.result.Value() {
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
	if v.typing {
		return v.updateTyping(msg)
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return v.key(msg)
	case tea.MouseWheelMsg:
		v.scrollBy(wheelDelta(msg.Button))
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
	case key.Matches(k, v.keys.Next):
		v.move(1)
	case key.Matches(k, v.keys.Prev):
		v.move(-1)
	case key.Matches(k, v.keys.Winner):
		v.takeSide(sideWinner)
	case key.Matches(k, v.keys.Version):
		v.takeSide(sideVersion)
	case key.Matches(k, v.keys.Both):
		v.takeSide(sideBoth)
	case key.Matches(k, v.keys.BothRev):
		v.takeSide(sideBothRev)
	case key.Matches(k, v.keys.Type):
		v.typeAtHunk()
	case key.Matches(k, v.keys.NextVersion):
		v.cycle(1)
	case key.Matches(k, v.keys.PrevVersion):
		v.cycle(-1)
	case key.Matches(k, v.keys.Layout):
		v.toggleColumns()
	case key.Matches(k, v.keys.Undo):
		v.restore(&v.undo, &v.redo, "nothing to undo")
	case key.Matches(k, v.keys.Redo):
		v.restore(&v.redo, &v.undo, "nothing to redo")
	default:
		d, ok := v.keys.delta(k, page, len(v.body))
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
	v.cur = (v.cur + d + n) % n
	v.layout()
	v.follow()
}

// takeSide puts a side of the hunk at hand into the result, then moves on
// to the next hunk still open, if any.
func (v *MergeView) takeSide(s side) {
	hs := v.shown()
	if len(hs) == 0 {
		v.note = "no hunk to take: type in the result with e"
		return
	}
	v.push()
	h := hs[v.cur]
	v.fields[h.field].take(h, s, v.chunksOf(h.field))
	id := h.id(v.version)
	if h.text(s, v.fields[h.field].list) == h.left { // the winner's side, or both where the version's is empty
		v.taken[id] = true
	} else {
		delete(v.taken, id)
	}
	if v.settle() {
		v.touch()
	}
	for k := 1; k < len(hs); k++ {
		if i := (v.cur + k) % len(hs); v.stateOf(i) == hunkOpen {
			v.cur = i
			break
		}
	}
	v.layout()
	v.follow()
}

// cycle shows the next or previous version against the winner.
func (v *MergeView) cycle(d int) {
	if n := len(v.hunks); n > 1 {
		v.version = (v.version + d + n) % n
		if u := v.unseen(); v.asked && u >= 0 {
			v.version = u // the one applying asked about
		}
		v.seen[v.version] = true
		v.cur = 0
		v.layout()
		v.follow()
	}
}

// push keeps the state before what may be a change, for undo; settle
// says whether it was one.
func (v *MergeView) push() { v.undo = append(v.undo, v.snapshot()) }

// settle follows push once the change is made: when it changed nothing
// (a take of what the result holds, typing that typed nothing), it drops
// the undo step, keeping what can be redone, and reports false; else what
// was undone can no longer be redone.
func (v *MergeView) settle() bool {
	if n := len(v.undo); n > 0 && equalResults(v.undo[n-1], v.snapshot()) {
		v.undo = v.undo[:n-1]
		return false
	}
	v.redo = nil
	return true
}

func (v MergeView) snapshot() mergeSnapshot {
	s := mergeSnapshot{taken: maps.Clone(v.taken)}
	for _, f := range v.fields {
		s.results = append(s.results, f.result.Value())
	}
	return s
}

// restore moves the current state onto to and puts back the last of from.
func (v *MergeView) restore(from, to *[]mergeSnapshot, none string) {
	if len(*from) == 0 {
		v.note = none
		return
	}
	*to = append(*to, v.snapshot())
	s := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	for i := range v.fields {
		v.fields[i].result.SetValue(s.results[i])
	}
	v.taken = s.taken
	v.touch()
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
	f := &v.fields[h.field]
	_, re := v.placeOf(v.cur)
	v.startTyping(h.field)
	f.result.moveToByte(re)
}

// startTyping gives the keyboard to a field's result.
func (v *MergeView) startTyping(field int) {
	if field >= len(v.fields) {
		v.note = "the item has no shared field to type in"
		return
	}
	v.push()
	v.typing, v.field = true, field
	for i := range v.fields {
		v.fields[i].result.Blur()
	}
	v.fields[field].result.Focus()
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
			v.fields[v.field].result.Blur()
			v.field = (v.field + d + len(v.fields)) % len(v.fields)
			v.fields[v.field].result.Focus()
			v.layout()
			v.follow()
			return v, nil
		}
	}
	v.note = ""
	was := v.value(v.field)
	v.fields[v.field].result, _ = v.fields[v.field].result.Update(msg)
	if now := v.fields[v.field].result.Value(); now != was {
		v.touch()
		v.memoNow().values[v.field] = now
	}
	v.layout()
	v.follow()
	return v, nil
}

// stopTyping takes the keyboard back; typing that changed nothing leaves
// no undo step.
func (v *MergeView) stopTyping() {
	v.typing = false
	v.fields[v.field].result.Blur()
	v.settle()
}

func equalResults(a, b mergeSnapshot) bool {
	for i := range a.results {
		if a.results[i] != b.results[i] {
			return false
		}
	}
	return maps.Equal(a.taken, b.taken)
}

// apply returns the command that records the result as the resolution,
// unless it empties the title or the content, which it refuses. With
// three or more versions one is shown at a time: applying while a version
// the result settles was never shown, and holds data the result does not,
// asks once (ctrl+s again applies, tab shows that version) rather than
// settling data the person never saw.
func (v *MergeView) apply() tea.Cmd {
	for i, f := range v.fields {
		if f.emptied(f.result.Value()) {
			v.note = "the " + f.key + " is empty: write one, or take a side"
			v.startTyping(i)
			v.layout()
			v.follow()
			return nil
		}
	}
	if refused := v.refuseRebased(); refused {
		return nil
	}
	if u := v.unseen(); u >= 0 && !v.asked {
		v.asked = true
		v.note = fmt.Sprintf("version %d (%s) was not shown: ctrl+s again applies anyway, tab shows it", u+1, v.whos[u])
		return nil
	}
	done := mergeDoneMsg{v.pos, v.entry, v.versions, editOf(v.fields)}
	return func() tea.Msg { return done }
}

// Applied returns the view and the command that applies the result, for
// the answer "apply" to leaving a changed merge.
func (v MergeView) Applied() (MergeView, tea.Cmd) {
	cmd := v.apply()
	return v, cmd
}

// scrollBy scrolls the body.
func (v *MergeView) scrollBy(d int) {
	v.scroll = max(min(v.scroll+d, len(v.body)-v.bodyHeight()), 0)
}

// follow scrolls so that the hunk at hand, or the cursor while typing,
// is in view, with its field's rule when it fits.
func (v *MergeView) follow() {
	row, last := -1, -1
	switch {
	case v.typing:
		row, last = v.cursorAt, v.cursorAt
	case v.cur < len(v.hunkRow):
		row, last = v.hunkRow[v.cur], v.hunkLast[v.cur]
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
