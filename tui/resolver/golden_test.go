package resolver

import (
	"fmt"
	"testing"
)

// screenCases drive the resolver into each screen the goldens record.
var screenCases = []struct {
	name    string
	w, h    int
	noColor bool
	keys    []string
}{
	{name: "list", w: 120, h: 24},
	{name: "list-all-filtered", w: 100, h: 20, keys: []string{"c", "/", "pl", "enter"}},
	{name: "list-filtered-by-a-version", w: 100, h: 20, keys: []string{"/", "sourdough", "enter"}},
	{name: "item-side-by-side", w: 120, h: 30, noColor: true, keys: []string{"enter"}},
	{name: "item-stacked-three-way", w: 80, h: 24, noColor: true, keys: []string{"enter", "n"}},
	{name: "item-second-version-marked", w: 120, h: 24, noColor: true, keys: []string{"enter", "n", "tab", "m"}},
	{name: "item-delete-against-edit", w: 120, h: 24, noColor: true, keys: []string{"enter", "n", "n"}},
	{name: "item-long-folded", w: 120, h: 40, noColor: true, keys: []string{"enter", "n", "n", "n"}},
	{name: "item-long-unified", w: 100, h: 40, noColor: true, keys: []string{"enter", "n", "n", "n", "v"}},
	{name: "item-title-only", w: 100, h: 24, noColor: true, keys: []string{"enter", "N", "N", "N"}},
	{name: "item-non-ascii", w: 90, h: 24, noColor: true, keys: []string{"enter", "N", "N"}},
	{name: "item-publisher-only", w: 120, h: 30, noColor: true, keys: []string{"enter", "N"}},
	{name: "item-publisher-shown", w: 120, h: 40, noColor: true, keys: []string{"enter", "N", "p"}},
	{name: "item-history", w: 120, h: 30, keys: []string{"enter", "n", "h"}},
	{name: "item-small", w: 40, h: 10, noColor: true, keys: []string{"enter"}},
	{name: "help", w: 100, h: 30, keys: []string{"enter", "?"}},
	{name: "confirm-keep-all", w: 80, h: 20, keys: []string{"A"}},
	{name: "merge-wide", w: 140, h: 24, noColor: true, keys: []string{"enter", "e"}},
	{name: "merge-narrow", w: 80, h: 30, noColor: true, keys: []string{"enter", "e"}},
	{name: "merge-small", w: 40, h: 20, noColor: true, keys: []string{"enter", "e"}},
	{name: "merge-took-version-then-both", w: 140, h: 24, noColor: true, keys: []string{"enter", "e", "l", "b", "]", "]"}},
	{name: "merge-three-versions", w: 140, h: 30, noColor: true, keys: []string{"enter", "n", "e", "l", "tab"}},
	{name: "merge-typing", w: 80, h: 30, noColor: true, keys: []string{"enter", "e", "e", ", oat milk"}},
	{name: "merge-leave-asks", w: 80, h: 20, keys: []string{"enter", "e", "l", "esc"}},
	{name: "merge-empty-title", w: 80, h: 30, noColor: true, keys: []string{"enter", "e", "e", "ctrl+a", "ctrl+k", "ctrl+s"}},
	{name: "merge-wraps-at-words", w: 40, h: 30, noColor: true, keys: []string{"enter", "n", "n", "n", "e", "]", "e", "ctrl+home"}},
	{name: "merge-help", w: 100, h: 30, keys: []string{"enter", "e", "?"}},
	{name: "after-keep-winner", w: 120, h: 24, keys: []string{"enter", "w", "esc"}},
	{name: "too-small", w: 25, h: 6},
}

// TestScreens compares each screen with its golden file, ANSI stripped.
func TestScreens(t *testing.T) {
	for _, c := range screenCases {
		t.Run(c.name, func(t *testing.T) {
			noColor := ""
			if c.noColor {
				noColor = "1"
			}
			t.Setenv("NO_COLOR", noColor) // whatever the environment says
			hs := newHarness(t, demoDoc(t), c.w, c.h)
			hs.keys(c.keys...)
			golden(t, fmt.Sprintf("%s-%dx%d", c.name, c.w, c.h), hs.screen())
		})
	}
}
