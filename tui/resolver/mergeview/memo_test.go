package mergeview

import (
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/tui/resolver/draw"
)

// TestMergeHeadBuiltOncePerState: the merge view's header is built again
// only when what it shows changed (the hunk at hand, the note, typing),
// not for each key that counts the rows left under it, nor for each frame:
// scrolling redraws only its last rule.
func TestMergeHeadBuiltOncePerState(t *testing.T) {
	hs := open(t, demoEntry(t, "item-groceries"), 40, 18)
	_ = hs.v.View()
	m := hs.v.header.memo
	for _, c := range []struct {
		keys  []string
		heads int // headers built by the keys and a frame after each
	}{
		{[]string{"j", "j", "k"}, 0},
		{[]string{"]"}, 1},
		{[]string{"j"}, 0},
		{[]string{"l"}, 1},
	} {
		before := m.built
		for _, k := range c.keys {
			hs.keys(k)
			_, _ = hs.v.View(), hs.v.View()
		}
		if got := m.built - before; got != c.heads {
			t.Errorf("%v: the header was built %d times, want %d", c.keys, got, c.heads)
		}
	}
	if s := hs.screen(); !strings.Contains(flat(s), "hunk 3 of 3") {
		t.Errorf("the header does not follow the take:\n%s", s)
	}
	*hs.styles = draw.NewStyles(draw.Look{Light: true})
	if v := hs.v.Restyle(); !slices.Equal(v.headLines(), v.buildHead()) {
		t.Errorf("the header kept the colours of the dark background")
	}
}
