package mergeview

import (
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/tui/resolver/internal/testfeeds"
)

// TestMergeColumnsTypingLinesUp: typed in, the result's column is the
// text area, its lines on the rows of the versions' lines, the cursor
// followed there, however short the screen.
func TestMergeColumnsTypingLinesUp(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	for _, h := range []int{50, 16} {
		hs := open(t, entryOf(t, []byte(testfeeds.Offsite), []byte(testfeeds.Offsite), "offsite"), 200, h-2)
		hs.keys("]", "e", "ctrl+end", "!")
		rows := strings.Split(hs.screen(), "\n")
		at := slices.IndexFunc(rows, func(r string) bool { return strings.HasPrefix(r, "Bring the projector") })
		if at < 0 {
			t.Fatalf("%d rows: the cursor's line is not in view:\n%s", h, hs.screen())
		}
		if cs := cells(rows[at]); !strings.HasPrefix(cs[1], "▌ Bring the projector.!") {
			t.Errorf("%d rows: the result's last line is not beside the winner's: %q\n%s", h, rows[at], hs.screen())
		}
		top := len(hs.v.headLines()) + 1 // the header and its rule
		if got, want := hs.v.body.laid.cursorAt-hs.v.body.scroll, at-top; got != want {
			t.Errorf("%d rows: the cursor is on screen row %d of the body, its line on %d", h, got, want)
		}
	}
}

// TestColumnsFrom: two versions go in columns from 159 cells, three from
// 200, with columnMin cells of text each.
func TestColumnsFrom(t *testing.T) {
	if got := columnsFrom(2, columnMin); got != 159 {
		t.Errorf("two versions in columns from %d, want 159", got)
	}
	if got := columnsFrom(3, columnMin); got != 200 {
		t.Errorf("three versions in columns from %d, want 200", got)
	}
}
