package resolver

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// citation is a spec section as the help cites it: the dialect first,
// then one or more sections of it ("1.0.2 §3.4", "0.91 §4.4.1 and §4.4.2").
var citation = regexp.MustCompile(`(?:1\.0\.2|0\.91)[ \x{a0}]§\d+(?:\.\d+)*(?:(?:, | and )§\d+(?:\.\d+)*)*`)

// TestScreensCiteNoSections: the screens and dialogs speak plain words
// (issue 10: no spec jargon in dialogs); section numbers are for the help.
// Every golden screen but the help's is checked.
func TestScreensCiteNoSections(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.golden"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden screens: %v", err)
	}
	for _, f := range files {
		if strings.Contains(filepath.Base(f), "help") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.Contains(line, "§") {
				t.Errorf("%s:%d: a section number on a screen: %q", f, i+1, line)
			}
		}
	}
}

// TestHelpCitesSectionsByDialect: the help says where the rules behind the
// keys come from, in the dialect of the feed, each section with its
// dialect (FeedSync 1.0.2 and SSE 0.91 number their sections differently).
func TestHelpCitesSectionsByDialect(t *testing.T) {
	for _, c := range []struct {
		name string
		open func(t *testing.T) *harness
		keys []string
		want []string
	}{
		{"1.0.2, list", func(t *testing.T) *harness { return newHarness(t, demoDoc(t), 100, 60) }, []string{"?"},
			[]string{"1.0.2 §3.4", "1.0.2 §3.2", "1.0.2 §3.3"}},
		{"1.0.2, merge view", func(t *testing.T) *harness { return newHarness(t, demoDoc(t), 100, 60) }, []string{"enter", "e", "?"},
			[]string{"1.0.2 §3.4"}},
		{"0.91, merge view", func(t *testing.T) *harness { return newSSEHarness(t, "rss", 100, 60) }, []string{"enter", "e", "?"},
			[]string{"0.91 §5"}},
		{"0.91 RSS, item", func(t *testing.T) *harness { return newSSEHarness(t, "rss", 100, 60) }, []string{"enter", "?"},
			[]string{"0.91 §5", "0.91 §4.2", "0.91 §4.4.1"}},
		{"0.91 OPML, list", func(t *testing.T) *harness { return newSSEHarness(t, "opml", 100, 60) }, []string{"?"},
			[]string{"0.91 §5", "0.91 §4.4.2"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			hs := c.open(t)
			hs.keys(c.keys...)
			if hs.m.overlay != helpOverlay {
				t.Fatalf("no help:\n%s", hs.screen())
			}
			text := strings.ReplaceAll(strings.Join(hs.m.help.lines(), "\n"), "\u00a0", " ")
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("the help does not cite %s:\n%s", w, text)
				}
			}
			for i, line := range strings.Split(text, "\n") {
				if rest := citation.ReplaceAllString(line, ""); strings.Contains(rest, "§") {
					t.Errorf("line %d: a section without its dialect: %q", i+1, line)
				}
			}
		})
	}
}
