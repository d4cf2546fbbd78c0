package resolver

import (
	"strings"
	"testing"
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
				if textWidth(head) > c.w {
					t.Errorf("header %q is wider than %d", head, c.w)
				}
			})
		}
	}
}
