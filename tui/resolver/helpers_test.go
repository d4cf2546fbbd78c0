package resolver

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedtest"
	"github.com/feedsync/feedsync/tui/resolver/demo"
	"github.com/feedsync/feedsync/tui/resolver/internal/keypress"
	"github.com/feedsync/feedsync/tui/resolver/mergeview"
)

// testNow is the clock of every test: a day after the demo's last change.
var testNow = time.Date(2026, 3, 9, 12, 0, 0, 0, time.UTC)

const testBy = "tester-desk"

// demoDoc merges the embedded demo pair.
func demoDoc(t testing.TB) *dialect.Doc {
	t.Helper()
	l, r := demo.Feeds()
	return mergePair(t, l, r)
}

func mergePair(t testing.TB, l, r []byte) *dialect.Doc {
	t.Helper()
	ld, err := dialect.Parse("local.xml", l)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := dialect.Parse("remote.xml", r)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := dialect.Merge(ld, rd)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// harness drives a Model as the program would, running the commands whose
// messages the resolver itself defines.
type harness struct {
	t       testing.TB
	m       Model
	saved   *bytes.Buffer
	saveErr error // what Save returns, when set
	backend *funcBackend
	quit    bool
	ready   extReadyMsg // the last temp file written for $EDITOR
}

// item returns the current state of the item at pos.
func (s *store) item(pos int) dialect.Entry { return s.entry(pos) }

// newHarness opens the resolver on a merged feed.
func newHarness(t testing.TB, doc *dialect.Doc, w, h int) *harness {
	t.Helper()
	hs := &harness{t: t, saved: &bytes.Buffer{}}
	hs.backend = &funcBackend{save: func(d *dialect.Doc) error {
		if hs.saveErr != nil {
			return hs.saveErr
		}
		hs.saved.Reset()
		_, err := d.WriteTo(hs.saved)
		return err
	}}
	cfg := Config{
		Title:      "local.xml ⇄ remote.xml",
		SaveTarget: "local.xml",
		By:         testBy,
		Now:        func() time.Time { return testNow },
		Editor:     []string{"fake-editor"},
		Backend:    hs.backend,
	}
	hs.m = New(cfg)
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.send(loadedMsg{doc: doc})
	return hs
}

// send delivers a message and the messages of the commands it returns.
func (hs *harness) send(msg tea.Msg) {
	hs.t.Helper()
	next, cmd := hs.m.Update(msg)
	hs.m = next.(Model)
	hs.run(cmd)
}

// run runs cmd to completion, as the program would in a goroutine of its
// own, and delivers its message if the resolver defines it (messages of
// Bubble Tea's own commands, such as a background colour query, are not
// answered here). A command that never returns hangs the test: none may.
func (hs *harness) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			hs.run(c)
		}
	case tea.QuitMsg:
		hs.quit = true
	case extReadyMsg:
		hs.ready = msg
		hs.send(msg)
	case openMsg, confirmMsg, closeHelpMsg, mergeview.DoneMsg, mergeview.OpenMsg, mergeview.LeaveMsg, mergeview.MoveMsg, mergeview.SpaceMsg, savedMsg, extResultMsg, mergeInMsg, promptMsg, xmlMsg, closeXMLMsg, indexMsg:
		hs.send(msg)
	}
}

// keys presses keys, named as key.Binding names them: "w", "E", "tab",
// "shift+tab", "ctrl+r", "ctrl+home", "esc", "enter", "down"; a longer
// word is typed, and "paste:TEXT" pastes.
func (hs *harness) keys(names ...string) {
	hs.t.Helper()
	for _, m := range keypress.Msgs(names...) {
		hs.send(m)
	}
}

// screen returns the view without ANSI sequences and trailing spaces.
func (hs *harness) screen() string {
	lines := strings.Split(ansi.Strip(hs.m.View().Content), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// golden compares got with testdata/name.golden, rewriting it with
// -update (package feedtest, whose flag teatest's golden package shares).
func golden(t *testing.T, name, got string) {
	t.Helper()
	feedtest.Golden(t, name+".golden", []byte(got))
}

func itoa(i int) string { return strconv.Itoa(i) }

// funcBackend is a Backend of functions, for tests: a nil load loads
// nothing, a nil save saves nowhere, a nil saveAs refuses, and MergeIn
// merges each document with merge (the file's new state), or fails.
type funcBackend struct {
	load   func(func(Loading)) (*dialect.Doc, LoadInfo, error)
	save   func(*dialect.Doc) error
	saveAs func(*dialect.Doc, string, bool) error
	merge  func(*dialect.Doc) (*dialect.Doc, error)
}

func (b *funcBackend) Load(report func(Loading)) (*dialect.Doc, LoadInfo, error) {
	if b.load == nil {
		return nil, LoadInfo{}, errors.New("nothing to load")
	}
	return b.load(report)
}

func (b *funcBackend) Save(d *dialect.Doc) error {
	if b.save == nil {
		return nil
	}
	return b.save(d)
}

func (b *funcBackend) SaveAs(d *dialect.Doc, path string, overwrite bool) error {
	if b.saveAs == nil {
		return errors.New("no save to another file in this test")
	}
	return b.saveAs(d, path, overwrite)
}

func (b *funcBackend) MergeIn(docs []*dialect.Doc, whole bool) ([]*dialect.Doc, error) {
	if b.merge == nil {
		return nil, errors.New("no file to merge in")
	}
	out := make([]*dialect.Doc, len(docs))
	for i, d := range docs {
		var err error
		if out[i], err = b.merge(d); err != nil {
			return nil, err
		}
	}
	return out, nil
}
