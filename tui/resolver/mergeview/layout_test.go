package mergeview

import (
	"slices"
	"testing"

	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// TestMergeOtherVersionTextIsTagged: in the result, another version's text
// outside the hunks of the version shown is tagged as that version's (its
// row's gutter says o when no hunk starts on it first), typing as typed.
func TestMergeOtherVersionTextIsTagged(t *testing.T) {
	hs := open(t, demoEntry(t, "item-offsite"), 140, 28)
	hs.keys("]", "l", "tab", "shift+tab", "e", "ctrl+end", " x", "esc", "tab")
	v := hs.v
	tags := map[string]int{}
	for _, p := range func() []draw.Piece {
		ps, _ := v.resultPieces(slices.IndexFunc(v.fields, func(f mergemodel.Field) bool { return f.Key == "content" }))
		return ps
	}() {
		if p.Tag < 0 {
			tags[p.Text] = p.Tag
		}
	}
	if tags["21"] != otherTag || tags[" x"] != typedTag {
		t.Errorf("tags outside the hunks: %v, want 21 another version's and \" x\" typed", tags)
	}
}
