package resolver

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// resize lays every component out for the new size.
func (m Model) resize(w, h int) Model {
	m.width, m.height = w, h
	m.layout()
	return m
}

// layout gives each component its room: one header line, the body and the
// status bar.
func (m *Model) layout() {
	sh := m.statusHeight()
	bh := max(m.height-1-sh, 1)
	m.status.SetSize(m.width, sh)
	if m.st != nil {
		m.list.SetSize(m.width, bh)
	}
	m.item.SetSize(m.width, bh)
	m.merge.SetSize(m.width, bh)
	m.help.SetSize(m.width, bh)
	m.confirm.SetSize(m.width, bh)
	m.prompt.SetSize(m.width, bh)
	if m.overlay == xmlOverlay {
		m.xml.SetSize(m.width, bh)
	}
}

// statusHeight grows the status bar on tall terminals so that every
// binding fits, and for a long message, so that it shows whole with one
// line of bindings under it, up to a third of the screen.
func (m Model) statusHeight() int {
	h := 1
	switch {
	case m.height >= 30:
		h = 3
	case m.height >= 16:
		h = 2
	}
	st := m.status
	st.SetSize(m.width, h)
	if need := st.MessageRows() + 1; need > h {
		h = max(min(need, m.height/3), h)
	}
	return h
}

// loaded opens the list on the merged document, or quits on a load error,
// which Run returns.
func (m Model) loaded(msg loadedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		m.loadErr = msg.err
		return m, tea.Quit
	}
	m = m.start(msg.doc)
	m.st.bases = msg.bases
	m.pending = msg.info.Unsaved > 0
	m.status.Info(m.firstWords(msg.info))
	return m, nil
}

// start opens the list on a document, as a new session over it.
func (m Model) start(doc *dialect.Doc) Model {
	st := newStore(doc)
	m.journal = journal{}
	m.savedAt = 0
	m.list = NewList(st, m.styles)
	m.item = NewItemView(m.styles)
	m = m.use(st)
	m.screen = listScreen
	m.layout()
	if p, ok := m.st.nextUnresolved(-1, 1); ok {
		m.list.Select(p)
	}
	return m
}

// use makes st the store of the session: the components that read its
// items read them from it.
func (m Model) use(st *store) Model {
	m.st, m.list.st = st, st
	m.item.SetPlaces(st.place)
	m.item.onDisk = st.changedOnDisk
	m.item.baseOf = st.baseOf
	m.merge.SetPlace(st.place)
	m.merge.SetSelective(st.doc.Selective())
	return m
}

// firstWords is what the status bar says once the feeds are loaded.
func (m Model) firstWords(info LoadInfo) string {
	parts := []string{fmt.Sprintf("%s, %d in conflict", draw.Plural(m.st.len(), "item"), len(m.st.conflicted))}
	switch {
	case info.Changed > 0:
		parts = append(parts, fmt.Sprintf("the merge changed %s, not saved to %s yet", draw.Plural(info.Changed, "item"), m.target()))
	case info.Unsaved > 0:
		parts = append(parts, fmt.Sprintf("not saved to %s yet", m.target()))
	}
	parts = append(parts, info.Notes...)
	return strings.Join(append(parts, "enter opens an item · ? shows every key"), " · ")
}

// key routes a key press: an overlay or the merge view takes it whole; on the
// list and item screens the action keys come first.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	m.status, _ = m.status.Update(msg)
	var cmd tea.Cmd
	switch {
	case m.overlay == noOverlay && m.screen == mergeScreen && !m.merge.Typing() && key.Matches(msg, m.keys.Help):
		return m.showHelp()
	case m.overlay == noOverlay && m.screen == mergeScreen && !m.merge.Typing() && key.Matches(msg, m.keys.Suspend):
		return m, tea.Suspend // typing, ctrl+z undoes the typing
	case m.overlay == noOverlay && m.screen == mergeScreen:
		m.merge, cmd = m.merge.Update(msg) // every key, ctrl+c included, which asks when the result changed
	case msg.String() == "ctrl+c" && m.overlay != confirmOverlay:
		return m.quit() // from anywhere else, the filter included
	case key.Matches(msg, m.keys.Suspend) && m.screen != mergeScreen:
		return m, tea.Suspend
	case m.overlay == helpOverlay:
		m.help, cmd = m.help.Update(msg)
	case m.overlay == confirmOverlay:
		m.confirm, cmd = m.confirm.Update(msg)
	case m.overlay == promptOverlay:
		m.prompt, cmd = m.prompt.Update(msg)
	case m.overlay == xmlOverlay:
		m.xml, cmd = m.xml.Update(msg)
	case m.screen == loadingScreen:
		if key.Matches(msg, m.keys.Quit) {
			cmd = tea.Quit
		}
	case m.screen == listScreen && m.list.Filtering():
		m.list, cmd = m.list.Update(msg)
	case m.screen == itemScreen && m.item.searchKey(msg):
		m.item, cmd = m.item.Update(msg) // the search's keys: n, N and esc while it is on
	default:
		if h := m.handler(msg); h != nil {
			return h(m)
		}
		return m.forward(msg)
	}
	return m, cmd
}

// handler maps an action key to its handler, or nil: the first of
// m.actions whose key matches and that acts on the screen shown.
func (m Model) handler(msg tea.KeyPressMsg) func(Model) (Model, tea.Cmd) {
	for _, a := range m.actions() {
		if (!a.onItem || m.screen == itemScreen) && key.Matches(msg, a.key) {
			return a.do
		}
	}
	return nil
}

// action is an action key and what it does; an onItem one acts only on
// the item screen.
type action struct {
	key    key.Binding
	onItem bool
	do     func(Model) (Model, tea.Cmd)
}

// actions lists the action keys of the list and item screens, in the
// order they are tried.
func (m Model) actions() []action {
	k := m.keys
	decide := func(d decisionKind) func(Model) (Model, tea.Cmd) {
		return func(m Model) (Model, tea.Cmd) { return m.decideOn(d) }
	}
	jump := func(dir int) func(Model) (Model, tea.Cmd) {
		return func(m Model) (Model, tea.Cmd) { return m.jump(dir), nil }
	}
	rawXML := func(m Model) (Model, tea.Cmd) { return m, entryXML(m.st.doc, m.st.entry(m.item.Pos())) }
	return []action{
		{k.Keep, false, decide(keepWinner)},
		{k.Take, true, decide(takeVersion)},
		{k.Delete, false, decide(toggleDelete)},
		{k.Edit, false, Model.openMerge},
		{k.ExtEdit, false, Model.startExtEdit},
		{k.Mark, true, Model.mark},
		{k.All, false, Model.askKeepAll},
		{k.TakeAll, false, Model.askTakeAll},
		{k.CombineAll, false, Model.askCombineAll},
		{k.Undo, false, Model.undo},
		{k.Redo, false, Model.redo},
		{k.Save, false, Model.save},
		{k.SaveAs, false, Model.askSaveAs},
		{key.NewBinding(key.WithKeys("q")), true, Model.back}, // q in an item goes back to the list
		{m.item.KeyMap().RawXML, true, rawXML},
		{m.item.KeyMap().Space, true, Model.toggleSpace},
		{k.Quit, false, Model.quit},
		{k.Back, false, Model.back},
		{k.Help, false, Model.showHelp},
		{k.NextUnresolved, false, jump(1)},
		{k.PrevUnresolved, false, jump(-1)},
	}
}

// forward hands any other message to the component on screen.
func (m Model) forward(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch m.screen {
	case listScreen:
		if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, m.list.keys.Open) && !m.list.Filtering() {
			if pos, ok := m.list.Selected(); ok {
				return m.open(pos), nil // at once, not by a message: keys typed after enter are for the item
			}
		}
		m.list, cmd = m.list.Update(msg)
	case itemScreen:
		m.item, cmd = m.item.Update(msg)
	case mergeScreen:
		m.merge, cmd = m.merge.Update(msg)
	}
	return m, cmd
}

// mouse scrolls the list, the item or the merge view with the wheel,
// selects in the list with a click, and in the merge view takes a hunk or
// types in the result with one; coordinates become relative to the body.
func (m Model) mouse(msg tea.MouseMsg) (Model, tea.Cmd) {
	if m.overlay != noOverlay || (m.screen != listScreen && m.screen != itemScreen && m.screen != mergeScreen) {
		return m, nil
	}
	mouse := msg.Mouse()
	mouse.Y-- // the header line
	switch msg.(type) {
	case tea.MouseWheelMsg:
		return m.forward(tea.MouseWheelMsg(mouse))
	case tea.MouseClickMsg:
		if m.screen == listScreen || m.screen == mergeScreen {
			return m.forward(tea.MouseClickMsg(mouse))
		}
	}
	return m, nil
}

// current returns the item an action applies to: the one shown, or the one
// selected in the list.
func (m Model) current() (int, bool) {
	switch m.screen {
	case itemScreen:
		return m.item.Pos(), true
	case listScreen:
		return m.list.Selected()
	}
	return 0, false
}

// open shows an item on the item screen.
func (m Model) open(pos int) Model {
	m.screen = itemScreen
	m.item.SetItem(pos, m.st.entry(pos), m.st.title(pos), m.now())
	m.list.Select(pos)
	return m
}

// show brings an item into view on the current screen.
func (m Model) show(pos int) Model {
	if m.screen == itemScreen {
		return m.open(pos)
	}
	m.list.Select(pos)
	return m
}

// jump moves to the next (dir 1) or previous (-1) unresolved item.
func (m Model) jump(dir int) Model {
	pos, ok := m.current()
	if !ok {
		pos = -1
	}
	next, ok := m.st.nextUnresolved(pos, dir)
	if !ok {
		m.status.Info("no unresolved item left")
		return m
	}
	return m.show(next)
}

// back leaves the item screen for the list, or clears the list's filter.
func (m Model) back() (Model, tea.Cmd) {
	if m.screen == itemScreen {
		m.screen = listScreen
		m.list.Select(m.item.Pos())
		return m, nil
	}
	m.list.ClearFilter()
	return m, nil
}

// toggleSpace hides or shows the changes of white space alone on the item
// screen and in the merge view alike (one setting, as W in the merge view
// keeps it by SpaceMsg), and says how many the item at hand hides.
func (m Model) toggleSpace() (Model, tea.Cmd) {
	hide := !m.item.SpaceHidden()
	m.item.HideSpace(hide)
	m.merge.HideSpace(hide)
	switch n := m.item.SpaceHiddenCount(); {
	case !hide:
		m.status.Info("white-space-only changes shown: W hides them")
	case n == 0:
		m.status.Info("white-space-only changes hidden, here and in the merge view; none on this item · W shows them")
	default:
		m.status.Info(fmt.Sprintf("%s of white space alone hidden on this item, and in the merge view · W shows them", draw.Plural(n, "change")))
	}
	return m, nil
}

// mark marks or unmarks the shown version, where resolutions can be
// selective; SSE 0.91 resolves all of an item's conflicts at once (0.91 §5).
func (m Model) mark() (Model, tea.Cmd) {
	if !m.st.doc.Selective() {
		m.status.Info("nothing to mark: in SSE 0.91 a resolution settles every conflicting version at once")
		return m, nil
	}
	m.item.ToggleMark()
	return m, nil
}

// showHelp opens the overlay with every binding of the screen.
func (m Model) showHelp() (Model, tea.Cmd) {
	m.help = NewHelpView(m.styles, m.screenKeys(), rulesFor(m.st.doc.Dialect(), m.st.ordered, m.screen == mergeScreen)...)
	m.overlay = helpOverlay
	m.layout()
	return m, nil
}

// ask opens a confirmation.
func (m Model) ask(q question, text string) Model {
	m.confirm = NewConfirm(m.styles, q, text)
	m.overlay = confirmOverlay
	m.layout()
	return m
}

// answered acts on a confirmation.
func (m Model) answered(msg confirmMsg) (Model, tea.Cmd) {
	m.overlay = noOverlay
	switch {
	case msg.q == askKeepAll && msg.a == answerYes:
		return m.keepAll()
	case msg.q == askTakeAll && msg.a == answerYes:
		return m.takeAll()
	case msg.q == askCombineAll && msg.a == answerYes:
		return m.combineAll()
	case msg.q == askApplyOpen && msg.a == answerApply:
		var cmd tea.Cmd
		m.merge, cmd = m.merge.ApplyOpen()
		return m, cmd
	case msg.q == askQuit && msg.a == answerYes:
		return m, tea.Quit
	case msg.q == askQuit && msg.a == answerSave:
		m.quitNext = true
		return m.save()
	case msg.q == askLeaveMerge:
		return m.mergeAnswered(msg.a)
	case msg.q == askMergeIn:
		return m.askedMergeIn(msg.a)
	}
	return m, nil
}

// contentOf returns the content field of an item's data, if it has one.
func contentOf(fs []dialect.Field) string { return valueOf(fs, "content") }

// valueOf returns the value of the field with the given key, or "".
func valueOf(fs []dialect.Field, key string) string {
	for _, f := range fs {
		if f.Key == key {
			return f.Value
		}
	}
	return ""
}
