package resolver

import (
	"fmt"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergeview"
)

// screen is what fills the body.
type screen uint8

const (
	loadingScreen screen = iota
	listScreen
	itemScreen
	mergeScreen
)

// overlay is what covers the body, if anything.
type overlay uint8

const (
	noOverlay overlay = iota
	helpOverlay
	confirmOverlay
	promptOverlay
	xmlOverlay
)

// Messages of the commands that load and save.
type (
	progressMsg Loading
	loadedMsg   struct {
		doc   *dialect.Doc
		info  LoadInfo
		bases map[dialect.Entry]mergeview.Base
		err   error
	}
	savedMsg struct {
		head      int    // journal head when the save started
		remaining int    // items in conflict in what was saved
		steps     int    // decisions in what was saved
		target    string // the file saved to, when not the session's target
		err       error
	}
)

// Model is the resolver's root model: it routes messages to the focused
// component, turns decisions into engine calls, and owns the undo journal.
type Model struct {
	cfg      Config
	look     draw.Look
	styles   *draw.Styles
	keys     ActionKeys
	st       *store
	journal  journal
	screen   screen
	editFrom screen // where the merge view goes back to
	overlay  overlay
	list     List
	item     ItemView
	merge    mergeview.Model
	help     HelpView
	confirm  Confirm
	prompt   Prompt
	xml      XMLView
	status   Status
	progress chan progressMsg
	loading  Loading
	ticks    int           // loading ticks so far, for the spinner
	started  time.Time     // the first tick's time
	elapsed  time.Duration // since then
	width    int
	height   int
	saving   bool
	merging  bool // a file's new state is being merged in
	savedAt  int  // journal head at the last save
	saved    bool // a save succeeded
	quitNext bool // quit once the save in flight succeeds
	loadErr  error
	// pending is unsaved work other than decisions: what the merge brought
	// into LOCAL, or a file's new state merged in.
	pending    bool
	remaining  int               // items in conflict in what was last saved
	savedSteps int               // decisions in what was last saved
	changed    *FileChangedError // the last save's refusal, to merge in
	saveAs     string            // where saves go after a save-as, "" for Backend.Save
	bulk       bulk              // the items a bulk decision asked about
}

// New returns the resolver for cfg; it loads the feeds when the program starts.
func New(cfg Config) Model {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if len(cfg.Editor) == 0 {
		cfg.Editor = []string{"vi"} // as git does
	}
	look := draw.Look{Mono: monoEnv(), Markers: cfg.Markers}
	s := draw.NewStyles(look)
	m := Model{cfg: cfg, look: look, styles: &s, keys: DefaultActionKeys(), progress: make(chan progressMsg, 1)}
	m.item, m.status = NewItemView(m.styles), NewStatus(m.styles)
	m.merge = mergeview.New(m.styles)
	return m
}

// Init starts loading, and asks the terminal for its background colour.
func (m Model) Init() tea.Cmd {
	return tea.Batch(load(m.cfg.Backend, m.cfg.Bases, m.progress), waitProgress(m.progress), tea.RequestBackgroundColor, loadTick())
}

// Saved reports whether a save succeeded.
func (m Model) Saved() bool { return m.saved }

// load is the Cmd that loads and merges, sending progress on ch, and
// looks up the bases of the conflicts.
func load(b Backend, bases Bases, ch chan progressMsg) tea.Cmd {
	return func() tea.Msg {
		defer close(ch)
		var mu sync.Mutex // reports may come from several goroutines
		doc, info, err := b.Load(func(l Loading) {
			mu.Lock()
			defer mu.Unlock()
			select { // the latest report replaces one not yet shown
			case <-ch:
			default:
			}
			ch <- progressMsg(l)
		})
		msg := loadedMsg{doc: doc, info: info, err: err}
		if err == nil {
			msg.bases = basesOf(bases, doc.Entries())
		}
		return msg
	}
}

// loadTickMsg turns the loading screen's spinner.
type loadTickMsg time.Time

// loadTick is the Cmd that ticks the loading screen ten times a second.
func loadTick() tea.Cmd {
	return tea.Tick(100*time.Millisecond, func(t time.Time) tea.Msg { return loadTickMsg(t) })
}

// tick turns the spinner while loading, and stops once loaded.
func (m Model) tick(t loadTickMsg) (Model, tea.Cmd) {
	if m.screen != loadingScreen || m.loadErr != nil {
		return m, nil
	}
	if m.started.IsZero() {
		m.started = time.Time(t).Add(-100 * time.Millisecond)
	}
	m.ticks++
	m.elapsed = time.Time(t).Sub(m.started)
	return m, loadTick()
}

// waitProgress is the Cmd that waits for the next progress report.
func waitProgress(ch chan progressMsg) tea.Cmd {
	return func() tea.Msg {
		if p, ok := <-ch; ok {
			return p
		}
		return nil
	}
}

// saveCmd is the Cmd that saves the document, as it stands at the head
// of the journal, with remaining items in conflict and steps decisions:
// to the save target, or with as set, to that other file; fresh says it
// is the first save there (refused if the file exists), named in the
// message.
func saveCmd(b Backend, doc *dialect.Doc, as string, fresh bool, head, remaining, steps int) tea.Cmd {
	return func() tea.Msg {
		msg := savedMsg{head: head, remaining: remaining, steps: steps}
		switch {
		case as == "":
			msg.err = b.Save(doc)
		case fresh:
			msg.target, msg.err = as, b.SaveAs(doc, as, false)
		default:
			msg.err = b.SaveAs(doc, as, true)
		}
		return msg
	}
}

// stamp is the when and by of a decision made now.
func (m Model) stamp() dialect.Stamp {
	return dialect.Stamp{When: m.now(), By: m.cfg.By}
}

func (m Model) now() time.Time { return m.cfg.Now().UTC().Truncate(time.Second) }

// Update routes a message: each case hands it to one handler.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return m.resize(msg.Width, msg.Height), nil
	case tea.ColorProfileMsg:
		return m.setProfile(msg.Profile), nil
	case tea.BackgroundColorMsg:
		return m.setBackground(!msg.IsDark()), nil
	case progressMsg:
		m.loading = Loading(msg)
		return m, waitProgress(m.progress)
	case loadTickMsg:
		return m.tick(msg)
	case loadedMsg:
		return m.loaded(msg)
	case indexMsg:
		var cmd tea.Cmd
		m.list, cmd = m.list.indexed(msg)
		return m, cmd
	case savedMsg:
		return m.afterSave(msg)
	case mergeInMsg:
		return m.mergedIn(msg)
	case promptMsg:
		return m.savedAs(msg)
	case xmlMsg:
		m.xml, m.overlay = NewXMLView(m.styles, msg), xmlOverlay
		m.layout()
		return m, nil
	case closeXMLMsg:
		m.overlay = noOverlay
		return m, nil
	case openMsg:
		return m.open(msg.pos), nil
	case confirmMsg:
		return m.answered(msg)
	case closeHelpMsg:
		m.overlay = noOverlay
		return m, nil
	case mergeview.DoneMsg:
		return m.mergeDone(msg)
	case mergeview.OpenMsg:
		return m.ask(askApplyOpen, fmt.Sprintf("%s open: the result keeps the winner's text there. Apply it as the resolution anyway?",
			draw.Counted(msg.Open, "hunk is still", "hunks are still"))), nil
	case mergeview.LeaveMsg:
		return m.leaveMerge(msg)
	case mergeview.MoveMsg:
		return m.mergeMove(msg)
	case mergeview.SpaceMsg:
		m.item.HideSpace(msg.Hide) // one setting: the item screen follows W pressed in the merge view
		return m, nil
	case extReadyMsg:
		return m.extReady(msg)
	case extExitMsg:
		return m, readEditFile(msg)
	case extResultMsg:
		return m.extResult(msg)
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.MouseMsg:
		return m.mouse(msg)
	}
	return m.forward(msg)
}

// setProfile switches to the no-colour styles on a monochrome terminal.
func (m Model) setProfile(p colorprofile.Profile) Model {
	if p <= colorprofile.ASCII && !m.look.Mono {
		m.look.Mono = true
		return m.restyle()
	}
	return m
}

// setBackground picks the colours for a light or a dark background.
func (m Model) setBackground(light bool) Model {
	if light != m.look.Light {
		m.look.Light = light
		return m.restyle()
	}
	return m
}

// restyle makes the styles anew for the look; the components share them,
// and those that keep rendered lines render again.
func (m Model) restyle() Model {
	*m.styles = draw.NewStyles(m.look)
	m.item.restyle()
	m.merge = m.merge.Restyle()
	return m
}
