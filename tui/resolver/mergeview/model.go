package mergeview

import (
	"fmt"
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// DoneMsg carries a merge to record as the resolution of an item.
type DoneMsg struct {
	Pos      int
	Entry    dialect.Entry // the state of the item the result combines
	Versions []int         // the versions it settles; empty for all
	Edit     dialect.Edit
}

// MoveMsg asks the root to open the merge view on the next (or the
// previous) item in conflict after pos, ] past the last hunk (or [ past
// the first).
type MoveMsg struct {
	Pos  int
	Next bool
}

// OpenMsg asks the root to confirm applying a result at which open
// hunks are still undecided.
type OpenMsg struct{ Open int }

// LeaveMsg reports that the merge view was left: changed says that
// the result had changed, so the person is asked first; quit, that ctrl+c
// was pressed, which goes on to quitting.
type LeaveMsg struct{ Changed, Quit bool }

// Model is the merge view: an item's result, made of the winner's
// fields hunk by hunk, between the winner and a version. It is where a
// person combines versions (1.0.2 §3.4 step 1.3, 0.91 §5: "combine or
// otherwise create new data").
type Model struct {
	styles   *draw.Styles
	keys     Keys
	item     item                         // the item merged, as Open set it
	place    func(dialect.Version) string // where a version puts the item in an outline, or nil
	mm       mergemodel.Model             // the fields, hunks, results and undo
	fields   []mergemodel.Field           // mm's fields, read only
	version  int                          // the version shown against the winner
	cur      int                          // the hunk at hand, among those of the version shown
	note     string
	width    int
	height   int
	base     *Base        // the base the result started from (Combine), or nil
	showBase bool         // the base is shown, the sides against it (base.go)
	cols     columnsState // every version in columns: the choice and the layout kept (columns.go)
	space    spaceState   // the hunks that change white space alone, and whether they are hidden (space.go)
	memo     *mergeMemo   // what the revision gives, worked out once
	guard    applyGuard   // what applying asks or refuses
	editor   Editor       // the result as typed in (editor.go)
	body     Body         // the rows laid out, scrolled (body.go)
	header   Header       // the lines above the body (header.go)
}

// item is the item a merge view is open on, and the names of its versions.
type item struct {
	pos      int
	entry    dialect.Entry
	name     string
	versions []int // the marked versions the resolution settles; empty for all
	whole    bool  // a resolution settles every version (SSE 0.91 §5)
	labels   []string
	whos     []string // who made each version, for naming it in a row
	places   []string // the winner's place, then each version's, worked out once at Open
}

// New returns a closed merge view.
func New(s *draw.Styles) Model {
	return Model{styles: s, keys: DefaultKeys(), memo: newMergeMemo(), body: newBody(), header: newHeader(s)}
}

// KeyMap returns the bindings in effect: the view's, or typing's.
func (v Model) KeyMap() Keys { return v.keys }

// Bindings returns what the status bar shows: the view's keys, or
// typing's.
func (v Model) Bindings() interface {
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
} {
	if v.editor.typing {
		return TypingKeys{v.keys}
	}
	return v.keys
}

// SetSelective says whether a resolution settles only the versions marked
// (FeedSync 1.0.2) or every one (SSE 0.91).
func (v *Model) SetSelective(selective bool) { v.item.whole = !selective }

// Open starts a merge of the item at pos; versions are the marked ones,
// shown the version at hand on the item screen.
func (v Model) Open(pos int, e dialect.Entry, name string, versions []int, shown int) Model {
	v.item.pos, v.item.entry, v.item.name, v.item.versions = pos, e, name, versions
	v.memo, v.body.key = newMergeMemo(), layoutKey{}
	v.mm = mergemodel.New(e)
	v.fields = v.mm.Fields()
	v.editor = newEditor(v.styles, v.fields)
	v.space.only = nil // worked out when W hides them
	if v.space.hide {
		v.space.only = spaceOnlyOf(v.item.entry, v.mm, v.fields)
	}
	vs := e.Versions()
	v.item.places = nil
	if v.place != nil {
		for _, ver := range append([]dialect.Version{e.Winner()}, vs...) {
			v.item.places = append(v.item.places, v.place(ver))
		}
	}
	v.item.labels, v.item.whos, v.guard.seen = make([]string, len(vs)), make([]string, len(vs)), make([]bool, len(vs))
	for i, ver := range vs {
		v.item.labels[i] = draw.RefLabel(fmt.Sprintf("version %d of %d", i+1, len(vs)), ver)
		if h := draw.Top(ver); h.HasBy() {
			v.item.whos[i] = h.By
		} else {
			v.item.whos[i] = draw.EntryWho(h)
		}
	}
	v.version = max(min(shown, len(vs)-1), 0)
	v.guard.asked, v.guard.fresh, v.guard.rebased, v.base = false, make([]bool, len(vs)), "", nil
	if v.version < len(v.guard.seen) {
		v.guard.seen[v.version] = true
	}
	v.cur, v.editor.typing, v.editor.field = 0, false, 0
	v.note, v.body.scroll = "", 0
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
func (v Model) Combine(b Base) Model {
	v.mm.Start(b.Plan)
	v.editor.SetValues(v.mm.Result)
	v.base = &b
	for k, s := range v.mm.States(v.version) {
		if s.Undecided() && !v.hidden(v.version, k) {
			v.cur = k
			break
		}
	}
	v.layout()
	v.follow()
	return v
}

// firstField is the content if there is one, else the first field.
func (v Model) firstField() int {
	for i, f := range v.fields {
		if f.Key == "content" {
			return i
		}
	}
	return 0
}

// Pos returns the position of the item merged.
func (v Model) Pos() int { return v.item.pos }

// Changed reports whether the result differs from the winner's fields.
func (v Model) Changed() bool { return v.mm.Changed() }

// SetSize sets the view's size in cells.
func (v *Model) SetSize(w, h int) {
	v.width, v.height = w, h
	v.header.SetSize(w)
	v.layout()
}

// shown returns the hunks of the version shown.
func (v Model) shown() []mergemodel.Hunk { return v.mm.Hunks(v.version) }

// stateOf says what the result holds at hunk i of the version shown.
func (v Model) stateOf(i int) mergemodel.State { return v.mm.States(v.version)[i] }

// openIn counts the hunks of version ver still open.
func (v Model) openIn(ver int) int { return v.mm.OpenIn(ver) }

// Update handles the keys: moving between hunks, taking sides, typing,
// versions, undo, scrolling; applying and leaving go to the root model.
func (v Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.MouseWheelMsg: // typing or not
		v.body, _ = v.body.Update(msg)
		return v, nil
	case tea.MouseClickMsg:
		return v.click(msg.Mouse()), nil
	case tea.KeyPressMsg:
		if v.editor.typing {
			return v.updateTyping(msg)
		}
		return v.key(msg)
	}
	if v.editor.typing {
		return v.updateTyping(msg)
	}
	return v, nil
}

func (v Model) key(k tea.KeyPressMsg) (Model, tea.Cmd) {
	v.note = ""
	switch {
	case key.Matches(k, v.keys.Apply):
		return v, v.apply()
	case key.Matches(k, v.keys.Leave), key.Matches(k, v.keys.Quit):
		leave := LeaveMsg{Changed: v.Changed(), Quit: key.Matches(k, v.keys.Quit)}
		return v, func() tea.Msg { return leave }
	case !v.Changed() && (key.Matches(k, v.keys.Next) && v.pastEnd(1) || key.Matches(k, v.keys.Prev) && v.pastEnd(-1)):
		move := MoveMsg{Pos: v.item.pos, Next: key.Matches(k, v.keys.Next)}
		return v, func() tea.Msg { return move }
	}
	var cmd tea.Cmd
	if i := slices.IndexFunc(v.actions(), func(a action) bool { return key.Matches(k, a.keys) }); i >= 0 {
		v.actions()[i].do(&v)
		if key.Matches(k, v.keys.Space) {
			hide := v.space.hide
			cmd = func() tea.Msg { return SpaceMsg{hide} } // for the item screen, which shares it
		}
	} else if v.body.scrolls(k) {
		v.body.SetSize(v.width, v.bodyHeight())
		v.body, _ = v.body.Update(k)
	} else {
		return v, nil
	}
	v.layout()
	return v, cmd
}

// action is what a key of the view does to it.
type action struct {
	keys key.Binding
	do   func(*Model)
}

// actions are the view's keys that act on the merge itself, each with
// what it does: moving, taking sides, typing, versions, layouts, undo.
func (v Model) actions() []action {
	side := func(s mergemodel.Side) func(*Model) { return func(v *Model) { v.takeSide(s) } }
	return []action{
		{v.keys.Next, func(v *Model) { v.move(1) }},
		{v.keys.Prev, func(v *Model) { v.move(-1) }},
		{v.keys.Winner, side(mergemodel.SideWinner)},
		{v.keys.Version, side(mergemodel.SideVersion)},
		{v.keys.Both, side(mergemodel.SideBoth)},
		{v.keys.BothRev, side(mergemodel.SideBothRev)},
		{v.keys.Type, (*Model).typeAtHunk},
		{v.keys.NextVersion, func(v *Model) { v.cycle(1) }},
		{v.keys.PrevVersion, func(v *Model) { v.cycle(-1) }},
		{v.keys.Layout, (*Model).toggleColumns},
		{v.keys.Base, (*Model).toggleBase},
		{v.keys.Space, (*Model).toggleSpace},
		{v.keys.Undo, func(v *Model) { v.restore(v.mm.Undo, "nothing to undo") }},
		{v.keys.Redo, func(v *Model) { v.restore(v.mm.Redo, "nothing to redo") }},
	}
}

// Typing reports whether the person is typing in the result.
func (v Model) Typing() bool { return v.editor.typing }

// SetPlace sets what says where a version puts the item in an outline
// (nil for a feed that is no outline).
func (v *Model) SetPlace(place func(dialect.Version) string) { v.place = place }
