package tui

import (
	"strings"
	"testing"
)

// TestResolveWithoutTerminalNamesTheMissingFile: 'resolve nosuch.xml'
// without a terminal names the missing file first, exit 2 (before, it
// said only that the resolver needs a terminal: issue 29, item 12).
func TestResolveWithoutTerminalNamesTheMissingFile(t *testing.T) {
	h := newHarness(t)
	a := h.write("a.xml", oneItem)
	for _, args := range [][]string{{"resolve", h.path("nosuch.xml")}, {"resolve", a, h.path("nosuch.xml")}} {
		code, out, stderr := h.run("", args...)
		if code != ExitError || out != "" {
			t.Errorf("%v: exit %d, stdout %q, want exit 2 and nothing", args, code, out)
		}
		if want := "feedsync resolve: " + h.path("nosuch.xml") + ": no such file or directory"; !strings.HasPrefix(stderr, want) {
			t.Errorf("%v: stderr %q, want it to start %q", args, stderr, want)
		}
	}
	if _, _, stderr := h.run("", "resolve", a); !strings.Contains(stderr, "needs a terminal") {
		t.Errorf("a feed that is there: %q, want the terminal's message", stderr)
	}
}

// TestHelpUnknownListsTopicsAndCommands: 'help nosuch' names what it did
// not find and lists every topic and command, exit 2 (before, it said
// "unknown command": issue 29, item 12).
func TestHelpUnknownListsTopicsAndCommands(t *testing.T) {
	h := newHarness(t)
	code, out, stderr := h.run("", "help", "nosuch")
	if code != ExitError || out != "" {
		t.Fatalf("exit %d, stdout %q; want exit 2 and nothing", code, out)
	}
	if strings.Contains(stderr, "unknown command") || !strings.Contains(stderr, `no help topic or command "nosuch"`) {
		t.Errorf("stderr %q", stderr)
	}
	for _, tp := range helpTopics {
		if !strings.Contains(stderr, tp.name) {
			t.Errorf("the topic %s is not listed:\n%s", tp.name, stderr)
		}
	}
	for _, c := range commands {
		if !strings.Contains(stderr, c.name) {
			t.Errorf("the command %s is not listed:\n%s", c.name, stderr)
		}
	}
}
