package tui

import (
	"os"
	"strings"
	"testing"
)

// TestFailedCommandLeavesNoLockFile: a command that writes nothing leaves
// no .OUT.lock beside an OUT it never wrote (QA Q5); one that writes OUT
// keeps it, as documented.
func TestFailedCommandLeavesNoLockFile(t *testing.T) {
	h := newHarness(t)
	h.write("good.xml", oneItem)
	h.write("empty.xml", "")
	h.write("mix.xml", mixedFeed)
	if err := os.Mkdir(h.path("dir.xml"), 0o755); err != nil {
		t.Fatal(err)
	}
	good, out := h.path("good.xml"), h.path("out.xml")
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"an empty input", []string{"merge", good, h.path("empty.xml"), "-o", out}},
		{"a dialect mix", []string{"merge", good, h.path("mix.xml"), "-o", out}},
		{"a pick refused", []string{"resolve", good, "--id", "1", "--pick", "2", "-o", out}},
		{"OUT a folder", []string{"merge", good, good, "-o", h.path("dir.xml")}},
	} {
		args := tc.args
		t.Run(tc.name, func(t *testing.T) {
			if code, _, stderr := h.run("", args...); code != ExitError {
				t.Fatalf("exit %d (%s), want %d", code, stderr, ExitError)
			}
			entries, _ := os.ReadDir(h.dir)
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), ".lock") {
					t.Errorf("%s left behind", e.Name())
				}
			}
		})
	}
	if code, _, stderr := h.run("", "merge", good, good, "-o", out); code != ExitOK {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(h.path(".out.xml.lock")); err != nil {
		t.Errorf("the lock file of a written OUT: %v", err)
	}
}
