package resolver

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestHelpOverlayPagesAndWraps: the help scrolls by page with pgdn/space
// and pgup, to its ends with end/G and home/g, as the screens under it do;
// on a narrow terminal a binding's description wraps under itself rather
// than being cut (QA Q3).
func TestHelpOverlayPagesAndWraps(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 40, 20)
	hs.keys("enter", "?")
	all := hs.m.help.lines()
	body := func() []string { return strings.Split(hs.screen(), "\n")[2 : 2+hs.m.help.height-1] }
	if strings.Contains(strings.Join(all, "\n"), "…") {
		t.Errorf("a line is cut:\n%s", strings.Join(all, "\n"))
	}
	joined := strings.Join(strings.Fields(ansi.Strip(strings.Join(all, " "))), " ")
	for _, want := range []string{"T take this endpoint's version for all", "tab/] next version", "v side by side/unified"} {
		if !strings.Contains(joined, want) {
			t.Errorf("no %q in the help:\n%s", want, strings.Join(all, "\n"))
		}
	}
	page := hs.m.help.height - 1
	if len(all) <= 2*page {
		t.Fatalf("the help fits in %d pages at 40x20: %d lines", 2, len(all))
	}
	for _, c := range []struct {
		key   string
		first int // the line of all shown first
	}{
		{"pgdown", page - 1}, {"space", 2 * (page - 1)}, {"pgup", page - 1}, {"end", len(all) - page}, {"home", 0}, {"G", len(all) - page}, {"g", 0}, {"j", 1}, {"k", 0},
	} {
		hs.keys(c.key)
		if got := body(); strings.TrimRight(got[0], " ") != strings.TrimRight(ansi.Strip(all[c.first]), " ") {
			t.Errorf("after %s the help starts %q, want line %d %q", c.key, got[0], c.first, all[c.first])
		}
	}
	if hs.m.overlay != helpOverlay {
		t.Error("a scrolling key closed the help")
	}
}
