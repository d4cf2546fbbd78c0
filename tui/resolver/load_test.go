package resolver

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// TestLoading shows the progress Load reports, then the list; a load error
// ends the program with the error for Run to return.
func TestLoading(t *testing.T) {
	doc := demoDoc(t)
	release := make(chan struct{})
	cfg := Config{Title: "a ⇄ b", Load: func(progress func(int, int)) (*dialect.Doc, error) {
		progress(1, 4)
		<-release
		return doc, nil
	}}
	var m tea.Model = New(cfg)
	m, _ = m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	ch := m.(Model).progress
	loaded := make(chan tea.Msg)
	go func() { loaded <- load(cfg.Load, nil, ch)() }()
	m, _ = m.Update(waitProgress(ch)())
	if s := m.View().Content; !strings.Contains(s, "loading and merging a ⇄ b") || !strings.Contains(s, "step 2 of 4") || !strings.Contains(s, "reading and parsing") {
		t.Errorf("no progress shown:\n%s", s)
	}
	close(release)
	m, _ = m.Update(<-loaded)
	if m.(Model).screen != listScreen {
		t.Error("the list is not shown after loading")
	}
	if msg := waitProgress(ch)(); msg != nil {
		t.Errorf("progress after the load: %v", msg)
	}

	failing := Config{Load: func(func(int, int)) (*dialect.Doc, error) { return nil, errors.New("bad.xml:3:1: not XML") }}
	m = New(failing)
	m, cmd := m.Update(load(failing.Load, nil, make(chan progressMsg, 1))())
	if m.(Model).loadErr == nil || cmd == nil {
		t.Error("a load error does not end the program")
	}
}

// TestLoadingTicks: while loading, the screen shows the time taken and a
// spinner that turns, so that a long step never looks hung; the ticks stop
// once the feeds are loaded.
func TestLoadingTicks(t *testing.T) {
	var m tea.Model = New(Config{Title: "a ⇄ b", LoadNote: "a (48.2 MB) ⇄ b (47.9 MB)"})
	m, _ = m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	t0 := time.Date(2026, 3, 9, 12, 0, 0, 0, time.UTC)
	m, cmd := m.Update(loadTickMsg(t0))
	first := m.View().Content
	m, _ = m.Update(loadTickMsg(t0.Add(1500 * time.Millisecond)))
	s := m.View().Content
	if cmd == nil || first == s || !strings.Contains(s, "1.6 s") || !strings.Contains(s, "a (48.2 MB) ⇄ b (47.9 MB)") {
		t.Errorf("the loading screen does not move:\n%s\n%s", first, s)
	}
	m, _ = m.Update(loadedMsg{doc: demoDoc(t)})
	if _, cmd := m.Update(loadTickMsg(t0.Add(2 * time.Second))); cmd != nil {
		t.Error("the ticks go on after loading")
	}
}
