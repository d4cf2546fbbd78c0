package resolver

import (
	"image/color"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// TestNoColor keeps changes visible without colour: NO_COLOR set to any
// non-empty value, or a monochrome terminal, marks them [-old-]{+new+}.
func TestNoColor(t *testing.T) {
	for _, v := range []string{"1", "yes", "0", "anything"} {
		t.Run("NO_COLOR="+v, func(t *testing.T) {
			t.Setenv("NO_COLOR", v)
			hs := newHarness(t, demoDoc(t), 120, 30)
			hs.keys("enter")
			s := hs.screen()
			for _, mark := range []string{"[- - DONE-]", "{+oat +}", "[- rolls-]", "{+ sourdough bread+}"} {
				if !strings.Contains(s, mark) {
					t.Errorf("no %q in\n%s", mark, s)
				}
			}
			if v := hs.m.View().Content; strings.Contains(v, "\x1b[3") || strings.Contains(v, "\x1b[9") && strings.Contains(v, ";3") {
				t.Errorf("colour sequences with NO_COLOR=%s", v)
			}
		})
	}
	t.Run("monochrome terminal", func(t *testing.T) {
		t.Setenv("NO_COLOR", "")
		hs := newHarness(t, demoDoc(t), 120, 30)
		hs.keys("enter")
		if strings.Contains(hs.screen(), "[-") {
			t.Fatal("markers with colours on")
		}
		hs.send(tea.ColorProfileMsg{Profile: colorprofile.ASCII})
		if !strings.Contains(hs.screen(), "[- - DONE-]") {
			t.Errorf("no markers on a monochrome terminal:\n%s", hs.screen())
		}
	})
	t.Run("unified", func(t *testing.T) {
		t.Setenv("NO_COLOR", "1")
		hs := newHarness(t, demoDoc(t), 120, 30)
		hs.keys("enter", "v")
		s := hs.screen()
		if !strings.Contains(s, "- Buy groceries[- - DONE-]") || !strings.Contains(s, "+ Buy groceries") {
			t.Errorf("unified view without markers:\n%s", s)
		}
	})
}

// TestColourCues styles changes with colour and, for monochrome reading,
// strike-through and underline.
func TestColourCues(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	hs := newHarness(t, demoDoc(t), 120, 30)
	hs.keys("enter")
	v := hs.m.View().Content
	del, ins := hs.m.styles.Ink.Del.Open, hs.m.styles.Ink.Ins.Open
	if del == "" || ins == "" || !strings.Contains(v, del+"DONE") || !strings.Contains(v, ins+"oat") {
		t.Errorf("changed words are not styled: %q", v)
	}
}

// TestMonoTerm finds the terminals without colour as `tput colors` < 8
// would, and by name.
func TestMonoTerm(t *testing.T) {
	for term, want := range map[string]bool{
		"xterm-mono": true, "vt100": true, "vt220": true, "linux-m": true, "dumb": true,
		"xterm": false, "xterm-256color": false, "screen": false, "tmux-256color": false, "linux": false,
		"": false, "no-such-terminal-anywhere": false,
	} {
		if got := monoTerm(term); got != want {
			t.Errorf("monoTerm(%q) = %v, want %v", term, got, want)
		}
	}
	t.Run("TERM=xterm-mono gets the markers", func(t *testing.T) {
		t.Setenv("NO_COLOR", "")
		t.Setenv("TERM", "xterm-mono")
		hs := newHarness(t, demoDoc(t), 120, 30)
		hs.keys("enter")
		if !strings.Contains(hs.screen(), "[- - DONE-]") || strings.Contains(hs.m.View().Content, "\x1b[3") {
			t.Errorf("no markers, or colours, on xterm-mono:\n%s", hs.screen())
		}
	})
}

// TestMarkersInColour: Config.Markers adds the markers to the colours.
func TestMarkersInColour(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	hs := newHarness(t, demoDoc(t), 120, 30)
	hs.m.look.Markers = true
	hs.m = hs.m.restyle()
	hs.keys("enter")
	v := hs.m.View().Content
	if !strings.Contains(hs.screen(), "[- - DONE-]") || !strings.Contains(v, hs.m.styles.Ink.Del.Open+"[-") {
		t.Errorf("markers are not shown in colour: %q", v)
	}
}

// TestBackground: a light background gets its own, darker colours, and
// a dark one the terminal's basic colours.
func TestBackground(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	hs := newHarness(t, demoDoc(t), 120, 30)
	hs.keys("enter")
	dark := hs.m.styles.Ink.Ins.Open
	hs.send(tea.BackgroundColorMsg{Color: color.White})
	light := hs.m.styles.Ink.Ins.Open
	if !hs.m.look.Light || light == dark {
		t.Fatalf("a white background changed nothing: %q", light)
	}
	if !strings.Contains(hs.m.View().Content, light+"oat") {
		t.Errorf("the item is not drawn in the light colours")
	}
	hs.send(tea.BackgroundColorMsg{Color: color.Black})
	if hs.m.look.Light || hs.m.styles.Ink.Ins.Open != dark {
		t.Errorf("a black background did not bring the dark colours back")
	}
	t.Run("monochrome stays so", func(t *testing.T) {
		t.Setenv("NO_COLOR", "1")
		hs := newHarness(t, demoDoc(t), 120, 30)
		hs.send(tea.BackgroundColorMsg{Color: color.White})
		if !hs.m.styles.Mono {
			t.Error("a light background turned colours on")
		}
	})
}
