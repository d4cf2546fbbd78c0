package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// saveAsAtHome returns a home folder of the test's own ($HOME), a feed,
// and the resolver's save to another file.
func saveAsAtHome(t *testing.T) (string, *dialect.Doc, func(*dialect.Doc, string, bool) error) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	doc, err := dialect.Parse("f.xml", []byte(oneItem))
	if err != nil {
		t.Fatal(err)
	}
	return home, doc, newResolverBackend(context.Background(), "f.xml", nil, nil).SaveAs
}

// TestSaveAsExpandsHome guards QA Q30: the resolver's "save to another
// file" prompt is no shell, but a person types ~/ there by habit: a
// leading ~/ is the home folder.
func TestSaveAsExpandsHome(t *testing.T) {
	home, doc, save := saveAsAtHome(t)
	if err := save(doc, "~/x.xml", false); err != nil {
		t.Fatalf("save to ~/x.xml: %v", err)
	}
	if _, err := os.Stat(filepath.Join(home, "x.xml")); err != nil {
		t.Errorf("not saved in the home folder: %v", err)
	}
	if err := save(doc, "~/x.xml", true); err != nil {
		t.Errorf("a second save there: %v", err)
	}
}

// The resolver words a failed save as "saving to F: why": the error of
// the save to another file says why without naming F again (QA Q30), nor
// the home folder a leading ~/ stands for.
func TestSaveAsErrorNamesTheFileOnce(t *testing.T) {
	home, doc, save := saveAsAtHome(t)
	for _, path := range []string{filepath.Join(home, "none", "x.xml"), "~/none/x.xml"} {
		err := save(doc, path, false)
		if err == nil || strings.Contains(err.Error(), "x.xml") || strings.HasPrefix(path, "~") && strings.Contains(err.Error(), home) {
			t.Errorf("save to %s: %v; want why, without the file's name", path, err)
		}
	}
}
