package resolver

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// TestLoading shows the progress Load reports, the latest report, then the
// list; a load error ends the program with the error for Run to return.
func TestLoading(t *testing.T) {
	doc := demoDoc(t)
	reported, release := make(chan struct{}), make(chan struct{})
	cfg := Config{Title: "a ⇄ b", Backend: &funcBackend{load: func(report func(Loading)) (*dialect.Doc, LoadInfo, error) {
		report(Loading{Read: 10e6, Size: 206.9e6})
		report(Loading{Read: 97.3e6, Size: 206.9e6}) // replaces the first, not yet shown
		close(reported)
		<-release
		return doc, LoadInfo{}, nil
	}}}
	var m tea.Model = New(cfg)
	m, _ = m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	ch := m.(Model).progress
	loaded := make(chan tea.Msg)
	go func() { loaded <- load(cfg.Backend, nil, ch)() }()
	<-reported
	m, _ = m.Update(waitProgress(ch)())
	if s := m.View().Content; !strings.Contains(s, "loading and merging a ⇄ b") || !strings.Contains(s, "97.3 of 206.9 MB") || !strings.Contains(s, "reading") {
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

	failing := Config{Backend: &funcBackend{load: func(func(Loading)) (*dialect.Doc, LoadInfo, error) {
		return nil, LoadInfo{}, errors.New("bad.xml:3:1: not XML")
	}}}
	m = New(failing)
	m, cmd := m.Update(load(failing.Backend, nil, make(chan progressMsg, 1))())
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

// TestLoadingShowsBytesAndItems: the loading screen moves with the bytes
// read and the items merged (issue 10), a bar for each, and names the step.
func TestLoadingShowsBytesAndItems(t *testing.T) {
	for _, c := range []struct {
		name string
		l    Loading
		want []string
		not  []string
	}{
		{"nothing known yet", Loading{}, []string{"reading · "}, []string{"read ", "merged "}},
		{"reading", Loading{Read: 51.7e6, Size: 206.9e6},
			[]string{"read    ████████████░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░  51.7 of 206.9 MB", "reading · "}, []string{"merged "}},
		{"merging", Loading{Read: 206.9e6, Size: 206.9e6, Merging: true, Merged: 41_984, Items: 100_312},
			[]string{"read    ██████████████████████████████████████████████████  206.9 of 206.9 MB",
				"merged  ████████████████████░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░  41,984 of 100,312 items", "merging · "}, nil},
		{"merging, before the first item", Loading{Read: 9e6, Size: 9e6, Merging: true}, []string{"merging · "}, []string{"merged "}},
		{"merged", Loading{Read: 9e6, Size: 9e6, Merging: true, Merged: 5000, Items: 5000}, []string{"opening the list · "}, nil},
		{"one feed read", Loading{Read: 9e6, Size: 9e6}, []string{"opening the list · "}, []string{"merged "}},
		{"one feed parsed, the other still being read", Loading{Read: 9e6, Size: 9e6, Waiting: 1},
			[]string{"████  9.0 of 9.0 MB (1 feed still being read)", "reading · "}, []string{"opening the list", "merged "}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var m tea.Model = New(Config{Title: "a ⇄ b"})
			m, _ = m.Update(tea.WindowSizeMsg{Width: 100, Height: 24})
			m, _ = m.Update(progressMsg(c.l))
			s := ansi.Strip(m.View().Content)
			for _, line := range strings.Split(s, "\n") {
				if w := ansi.StringWidth(line); w > 100 {
					t.Errorf("a line of %d cells in 100: %q", w, line)
				}
			}
			for _, w := range c.want {
				if !strings.Contains(s, w) {
					t.Errorf("no %q:\n%s", w, s)
				}
			}
			for _, n := range c.not {
				if strings.Contains(s, n) {
					t.Errorf("%q shown:\n%s", n, s)
				}
			}
		})
	}
}
