package resolver

import (
	"strings"
	"testing"

	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// TestHeaderKeepsTheCount: as the width shrinks the header gives up the
// session's name and the save target (the long form, then the short one,
// then an elided one) before the resolved count, which changes as the
// person works and so is the last thing to go; "unsaved" goes just before
// it (QA Q2). On the list, item and merge screens alike.
func TestHeaderKeepsTheCount(t *testing.T) {
	const target = "/home/someone/projects/feeds/feedsync-demo-3430021471.xml"
	for _, c := range []struct {
		w    int
		want []string
		not  []string
	}{
		{200, []string{"feedsync · local.xml ⇄ remote.xml", "1/7 resolved · unsaved · saves to " + target}, nil},
		{80, []string{"feedsync", "1/7 resolved · unsaved · saves to …/feedsync-demo-3430021471.xml"}, nil},
		{60, []string{"feedsync", "1/7 resolved · unsaved · → …/feedsync-de"}, nil},
		{40, []string{"feedsync", "1/7 resolved · unsaved"}, []string{"→"}},
		{30, []string{"1/7 resolved · unsaved"}, []string{"→"}},
	} {
		for _, screen := range []struct {
			name string
			keys []string
			in   screen
		}{{"list", nil, listScreen}, {"item", []string{"enter"}, itemScreen}, {"merge", []string{"enter", "e"}, mergeScreen}} {
			t.Run(itoa(c.w)+"/"+screen.name, func(t *testing.T) {
				hs := newHarness(t, demoDoc(t), c.w, 20)
				hs.m.cfg.SaveTarget = target
				hs.keys(append([]string{"w"}, screen.keys...)...)
				if hs.m.screen != screen.in {
					t.Fatalf("not on the %s screen:\n%s", screen.name, hs.screen())
				}
				head := strings.Split(hs.screen(), "\n")[0]
				for _, w := range c.want {
					if !strings.Contains(head, w) {
						t.Errorf("header %q: no %q", head, w)
					}
				}
				for _, w := range c.not {
					if strings.Contains(head, w) {
						t.Errorf("header %q: %q", head, w)
					}
				}
				if draw.TextWidth(head) > c.w {
					t.Errorf("header %q is wider than %d", head, c.w)
				}
			})
		}
	}
}

// TestStatusKeepsTheHint: on a short terminal a long message is cut (…) to
// the rows the bar has less one, and the hint row with "? help" stays
// (README: the hint stays visible at every width) (QA Q36).
func TestStatusKeepsTheHint(t *testing.T) {
	for _, size := range [][2]int{{40, 10}, {40, 12}, {60, 10}} {
		t.Run(itoa(size[0])+"x"+itoa(size[1]), func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), size[0], size[1])
			hs.m.status.Info("10 items, 7 in conflict · the merge changed 10 items, not saved to /tmp/feedsync-demo-3430021471.xml yet · enter opens an item · ? shows every key")
			lines := strings.Split(hs.screen(), "\n")
			if len(lines) != size[1] {
				t.Fatalf("%d lines, want %d", len(lines), size[1])
			}
			if last := lines[len(lines)-1]; !strings.Contains(last, "? help") {
				t.Errorf("the last row is not the hint: %q\n%s", last, hs.screen())
			}
			if !strings.HasSuffix(lines[len(lines)-2], "…") {
				t.Errorf("the message is not cut with …:\n%s", hs.screen())
			}
		})
	}
}

// TestItemHeaderKeepsWhoAndWhen: on a narrow item screen each side's
// provenance gives up its state (updates N · live), then the date, before
// the endpoint and how long ago, the facts a person decides by (QA Q23).
// The divergence line gives up its date too but may still be cut.
func TestItemHeaderKeepsWhoAndWhen(t *testing.T) {
	for _, size := range [][2]int{{40, 20}, {40, 10}, {40, 40}, {60, 20}} {
		t.Run(itoa(size[0])+"x"+itoa(size[1]), func(t *testing.T) {
			hs := newHarness(t, demoDoc(t), size[0], size[1])
			hs.keys("enter")
			s := hs.screen()
			for _, want := range []string{"#2 by bob-phone", "#2 by alice-laptop", "ago"} {
				if !strings.Contains(s, want) {
					t.Errorf("no %q in the header:\n%s", want, s)
				}
			}
			for _, l := range strings.Split(s, "\n") {
				if strings.Contains(l, " by ") && !strings.HasPrefix(l, "diverged") && strings.HasSuffix(l, "…") {
					t.Errorf("a provenance line is cut: %q", l)
				}
			}
		})
	}
}
