package tui

import (
	"strings"
	"testing"
)

// TestHelpAndUnknownCommand guards QA Q11: 'help CMD' is 'CMD -h'; an
// unknown command is one line that says where the commands are listed,
// not the whole usage burying it; 'version' and '--version' say which
// feedsync this is.
func TestHelpAndUnknownCommand(t *testing.T) {
	h := newHarness(t)
	_, mergeHelp, _ := h.run("", "merge", "-h")
	code, out, stderr := h.run("", "help", "merge")
	if code != ExitOK || out != mergeHelp || stderr != "" {
		t.Errorf("help merge: exit %d, stdout %q, stderr %q; want merge -h's %q", code, out, stderr, mergeHelp)
	}
	for _, args := range [][]string{{"frobnicate"}, {"help", "frobnicate"}} {
		code, _, stderr := h.run("", args...)
		if want := "feedsync: unknown command \"frobnicate\"; run 'feedsync -h' for the commands\n"; code != ExitError || stderr != want {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", args, code, stderr, ExitError, want)
		}
	}
	for _, arg := range []string{"version", "--version"} {
		code, out, _ := h.run("", arg)
		if code != ExitOK || !strings.HasPrefix(out, "feedsync ") || strings.Count(out, "\n") != 1 {
			t.Errorf("%s: exit %d, %q; want one line 'feedsync VERSION …'", arg, code, out)
		}
	}
}
