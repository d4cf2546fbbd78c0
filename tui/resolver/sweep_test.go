package resolver

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// TestNoLineWiderThanTerminal resizes every screen through widths 40–200
// and heights 10–60 and checks that no line is wider than the terminal and
// that the screen has no more lines than it.
func TestNoLineWiderThanTerminal(t *testing.T) {
	states := map[string][]string{
		"list":         nil,
		"side-by-side": {"enter"},
		"three-way":    {"enter", "n", "tab", "m"},
		"long-unified": {"c", "enter", "n", "n", "n", "v", "z"},
		"long-history": {"enter", "n", "n", "n", "h"},
		"non-ascii":    {"enter", "N", "N", "p", "h"},
		"help":         {"?"},
		"confirm":      {"w", "q"},
		"editor":       {"enter", "e"},
	}
	for name, keys := range states {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			hs := newHarness(t, demoDoc(t), 100, 30)
			hs.keys(keys...)
			sweep(t, hs)
		})
	}
	// The SSE 0.91 screens: the flat list and the outline, provenance with
	// the conflict flag, a move, a flag without records.
	sseStates := map[string]struct {
		pair string
		keys []string
	}{
		"sse-rss-item":         {"rss", []string{"enter", "h"}},
		"sse-rss-three-way":    {"rss", []string{"enter", "n", "tab", "v"}},
		"sse-opml-tree":        {"opml", []string{"c"}},
		"sse-opml-moved":       {"opml", []string{"enter", "h"}},
		"sse-opml-cycle":       {"opml", []string{"enter", "n", "n"}},
		"sse-opml-after-take":  {"opml", []string{"enter", "t", "esc"}},
		"sse-opml-confirm-all": {"opml", []string{"A"}},
	}
	for name, st := range sseStates {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			hs := newSSEHarness(t, st.pair, 100, 30)
			hs.keys(st.keys...)
			sweep(t, hs)
		})
	}
}

// sweep resizes the screen through widths 40–200 and heights 10–60.
func sweep(t *testing.T, hs *harness) {
	t.Helper()
	for w := 40; w <= 200; w++ {
		for h := 10; h <= 60; h++ {
			hs.send(tea.WindowSizeMsg{Width: w, Height: h})
			checkFits(t, hs.m.View().Content, w, h)
		}
	}
}

func checkFits(t *testing.T, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) > h {
		t.Fatalf("%d×%d: %d lines", w, h, len(lines))
	}
	for i, l := range lines {
		if len(l) <= w {
			continue // no character takes more cells than bytes
		}
		if lw := ansi.StringWidth(l); lw > w {
			t.Fatalf("%d×%d: line %d is %d cells wide: %q", w, h, i+1, lw, ansi.Strip(l))
		}
	}
}

// TestTooSmall shows one line, never a garbled screen.
func TestTooSmall(t *testing.T) {
	for _, size := range [][2]int{{1, 1}, {10, 3}, {29, 20}, {80, 7}} {
		hs := newHarness(t, demoDoc(t), size[0], size[1])
		v := hs.m.View().Content
		if strings.Contains(v, "\n") || ansi.StringWidth(v) > size[0] {
			t.Errorf("%v: %q", size, v)
		}
	}
}
