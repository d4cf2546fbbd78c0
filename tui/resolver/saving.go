package resolver

import (
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// Saving, and never losing work silently. Work is unsaved when a decision
// was made since the last save, or when the document holds what the save
// target does not (what the merge brought into LOCAL, a file's new state
// merged in). q asks then. A failed save keeps everything; when the file
// changed on disk it offers to merge its new state in, otherwise to save
// elsewhere. Every quit path ends with one line saying what was saved where
// (Result.Line).

// Result is how a session ended, for the line the command prints.
type Result struct {
	// Saved reports that a save succeeded; Target is where the last went.
	Saved  bool
	Target string
	// Remaining counts the items still in conflict in what was saved.
	Remaining int
	// Decisions counts the decisions saved; Lost those made after the last
	// save, or at all, that were not saved. Pending is work other than
	// decisions that was not saved: a merge's.
	Decisions, Lost int
	Pending         bool
}

// Line says what was saved where, or that nothing was.
func (r Result) Line() string {
	lost := ""
	switch {
	case r.Lost > 0:
		lost = fmt.Sprintf("; %s not saved", draw.Counted(r.Lost, "decision was", "decisions were"))
	case r.Pending:
		lost = "; the merge's later changes were not saved"
	}
	if !r.Saved {
		switch {
		case r.Lost > 0:
			return "nothing saved: " + draw.Counted(r.Lost, "decision was", "decisions were") + " left unsaved"
		case r.Pending:
			return "nothing saved: the merged feed was not saved to " + r.Target
		}
		return "nothing saved: no decision was made"
	}
	left := "every conflict is resolved"
	if r.Remaining > 0 {
		left = draw.Counted(r.Remaining, "item is", "items are") + " still in conflict"
	}
	return fmt.Sprintf("saved to %s: %s%s", r.Target, left, lost)
}

// Result returns how the session ended.
func (m Model) Result() Result {
	r := Result{Saved: m.saved, Target: m.target(), Remaining: m.remaining, Decisions: m.savedSteps, Pending: m.pending}
	r.Lost = m.journal.applied() - m.savedSteps
	if !m.unsaved() {
		r.Lost, r.Pending = 0, false
	}
	return r
}

// target names where saves go.
func (m Model) target() string {
	if m.cfg.SaveTarget == "" {
		return "the output"
	}
	return m.cfg.SaveTarget
}

// unsaved reports work not saved: decisions since the last save, or what
// the document holds that the target does not.
func (m Model) unsaved() bool { return m.journal.head() != m.savedAt || m.pending }

// save syncs the decisions into the document and saves it off the UI thread.
func (m Model) save() (Model, tea.Cmd) {
	switch {
	case m.busy("s saves"):
		return m, nil
	case m.cfg.Backend == nil:
		m.status.Error("nowhere to save")
		return m, nil
	}
	m.st.sync()
	m.saving = true
	m.status.Info("saving to " + m.target() + "…")
	return m, saveCmd(m.cfg.Backend, m.st.doc, m.saveAs, false, m.journal.head(), m.st.unresolved, m.journal.applied())
}

// afterSave reports a save. A failed one loses nothing: when the file
// changed on disk, the person is offered to merge its new state in; for
// any other failure, to save elsewhere.
func (m Model) afterSave(msg savedMsg) (Model, tea.Cmd) {
	m.saving = false
	var changed *FileChangedError
	switch {
	case errors.As(msg.err, &changed):
		m.quitNext = false
		m.changed = changed
		return m.ask(askMergeIn, fmt.Sprintf("%s changed on disk since it was loaded (%s). Merge its new state into this session "+
			"(nothing is lost: what changed there joins your decisions, and any new conflict shows), or save elsewhere?",
			m.target(), changed.What)), nil
	case msg.err != nil:
		m.quitNext = false
		where := m.target()
		if msg.target != "" {
			where = msg.target
		}
		// The command line's errors begin with the file's name: say it once.
		why := strings.TrimPrefix(msg.err.Error(), where+": ")
		m.status.Error(fmt.Sprintf("saving to %s: %s · nothing is lost", where, why))
		return m.promptSaveAs(msg.target), nil // a refused path stays, to correct
	}
	if msg.target != "" {
		m.saveAs, m.cfg.SaveTarget = msg.target, msg.target
	}
	m.saved, m.savedAt, m.pending = true, msg.head, false
	m.remaining, m.savedSteps = msg.remaining, msg.steps
	m.status.Info("saved to " + m.target())
	switch {
	case m.quitNext && m.savedAt != m.journal.head():
		return m.save()
	case m.quitNext:
		return m, tea.Quit
	}
	return m, nil
}

// quit quits, first asking when work is not saved.
func (m Model) quit() (Model, tea.Cmd) {
	if !m.unsaved() && !m.saving {
		return m, tea.Quit
	}
	what := "Some decisions are not saved"
	if m.journal.head() == m.savedAt {
		what = "What the merge brought in is not saved"
	}
	return m.ask(askQuit, fmt.Sprintf("%s to %s. Quit anyway?", what, m.target())), nil
}

// promptSaveAs asks for another file to save to, the prompt holding path
// (the one just refused, for the person to correct) or nothing.
func (m Model) promptSaveAs(path string) Model {
	m.prompt = NewPrompt(m.styles, "Save to another file (a new one; esc cancels): ")
	m.prompt.input.SetValue(path)
	m.overlay = promptOverlay
	m.layout()
	return m
}

// askSaveAs is S: save to another file, asked for, as a failed save
// offers; the saves after go there.
func (m Model) askSaveAs() (Model, tea.Cmd) {
	if m.busy("S saves elsewhere") {
		return m, nil
	}
	return m.promptSaveAs(""), nil
}

// busy reports, and says, that a save or a merge-in is running, after
// which the key (then says what it does) can be pressed again.
func (m *Model) busy(then string) bool {
	switch {
	case m.saving:
		m.status.Info("a save is already running")
	case m.merging:
		m.status.Info("merging the new state of " + m.target() + "… " + then + " once it is merged in")
	default:
		return false
	}
	return true
}

// savedAs acts on the path given: an existing file is refused, so that
// save-as never writes over another file unseen; later saves go there.
func (m Model) savedAs(msg promptMsg) (Model, tea.Cmd) {
	m.overlay = noOverlay
	if msg.cancelled || msg.value == "" {
		m.status.Info("nothing saved; s tries again")
		return m, nil
	}
	m.st.sync()
	m.saving = true
	m.status.Info("saving to " + msg.value + "…")
	return m, saveCmd(m.cfg.Backend, m.st.doc, msg.value, true, m.journal.head(), m.st.unresolved, m.journal.applied())
}
