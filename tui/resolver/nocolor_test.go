package resolver

import (
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
	del, ins := hs.m.styles.ink.del.open, hs.m.styles.ink.ins.open
	if del == "" || ins == "" || !strings.Contains(v, del+"DONE") || !strings.Contains(v, ins+"oat") {
		t.Errorf("changed words are not styled: %q", v)
	}
}
