package resolver

import (
	"flag"
	"math/rand/v2"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// sweepMode is -sweep: "sample" (the default) resizes each screen to a
// fixed sample of sizes, "full" to every width 40–200 and height 10–60
// (about 30 times as many): go test ./tui/resolver -run NoLineWider -sweep=full
var sweepMode = flag.String("sweep", "sample", "sizes TestNoLineWiderThanTerminal tries: sample or full")

// TestNoLineWiderThanTerminal resizes every screen through terminal sizes
// (sweepSizes) and checks that no line is wider than the terminal and that
// the screen has no more lines than it.
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
		"merge":        {"enter", "e"},
		"merge-typing": {"enter", "e", "e", "x"},
		"merge-three":  {"enter", "n", "e", "l", "tab"},
		"merge-cols":   {"enter", "n", "e", "v"}, // every version in columns, chosen at 100 cells
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

// sweep resizes the screen through sweepSizes.
func sweep(t *testing.T, hs *harness) {
	t.Helper()
	for _, size := range sweepSizes(*sweepMode) {
		w, h := size[0], size[1]
		hs.send(tea.WindowSizeMsg{Width: w, Height: h})
		checkFits(t, hs.m.View().Content, w, h)
	}
}

// sweepSizes are the sizes, width by height, that sweep tries: in "full"
// mode every width 40–200 and height 10–60; otherwise the edges (40, the
// narrowest the resolver draws, and 200), the common widths 80, 100 and
// 120 and their neighbours, the common heights, and a few more drawn from
// a fixed seed, so that every run tries the same ones.
func sweepSizes(mode string) [][2]int {
	var ws, hs []int
	if mode == "full" {
		for w := 40; w <= 200; w++ {
			ws = append(ws, w)
		}
		for h := 10; h <= 60; h++ {
			hs = append(hs, h)
		}
	} else {
		r := rand.New(rand.NewPCG(40, 200))
		ws = []int{40, 41, 42, 79, 80, 81, 99, 100, 101, 119, 120, 121, 160, 199, 200}
		for range 6 {
			ws = append(ws, 43+r.IntN(155))
		}
		hs = []int{10, 11, 12, 24, 25, 30, 40, 59, 60}
		for range 3 {
			hs = append(hs, 13+r.IntN(46))
		}
	}
	var sizes [][2]int
	for _, w := range ws {
		for _, h := range hs {
			sizes = append(sizes, [2]int{w, h})
		}
	}
	return sizes
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

// TestSweepSizes checks the sample the sweep tries: the edges and the
// common sizes, no size twice, and the full sweep's every size.
func TestSweepSizes(t *testing.T) {
	sample := sweepSizes("sample")
	seen := map[[2]int]bool{}
	for _, s := range sample {
		if seen[s] || s[0] < 40 || s[0] > 200 || s[1] < 10 || s[1] > 60 {
			t.Errorf("size %v twice or out of range", s)
		}
		seen[s] = true
	}
	for _, s := range [][2]int{{40, 10}, {200, 60}, {80, 24}, {120, 40}} {
		if !seen[s] {
			t.Errorf("the sample lacks %v", s)
		}
	}
	if full := sweepSizes("full"); len(full) != 161*51 || len(sample)*30 > len(full) {
		t.Errorf("%d sizes in full, %d in the sample", len(full), len(sample))
	}
}
