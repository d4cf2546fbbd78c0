package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// TestConflictMessageNamesOut guards QA Q7: a command whose result still
// holds conflicts says how many in words ("1 item is", "2 items are") and
// names the file to look at, OUT; a result written to standard output has
// no file yet, and the message says to save it first.
func TestConflictMessageNamesOut(t *testing.T) {
	h := newHarness(t)
	raw, _ := os.ReadFile(filepath.Join("..", "testdata", "scenarios", "spec-3.4-resolution.txtar"))
	one := feedtest.ParseArchive(string(raw)).Files["feed.xml"]
	entry := one[strings.Index(one, "  <entry>") : strings.LastIndex(one, "</entry>")+len("</entry>\n")]
	two := strings.Replace(one, entry, entry+strings.ReplaceAll(entry, "item_1_myapp", "item_2_myapp"), 1)
	h.write("one.xml", one)
	h.write("two.xml", two)
	m := h.path("m out.xml")
	for _, tc := range []struct {
		name, in, out, want string
	}{
		{"one, to a file", "one.xml", m, "feedsync merge: 1 item is in conflict; see 'feedsync conflicts \"" + m + "\"', or resolve it with 'feedsync resolve \"" + m + "\"'\n"},
		{"two, to a file", "two.xml", m, "feedsync merge: 2 items are in conflict; see 'feedsync conflicts \"" + m + "\"', or resolve them with 'feedsync resolve \"" + m + "\"'\n"},
		{"one, to standard output", "one.xml", "-", "feedsync merge: 1 item is in conflict; save the feed to a file (-o FILE), then see 'feedsync conflicts FILE', or resolve it with 'feedsync resolve FILE'\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := h.path(tc.in)
			code, _, stderr := h.run("", "merge", in, in, "-o", tc.out)
			if code != ExitAttention || stderr != tc.want {
				t.Errorf("exit %d, stderr\n%q\nwant %d and\n%q", code, stderr, ExitAttention, tc.want)
			}
		})
	}
}
