package cse

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// TestValidateTree checks the publisher invariants with the scenarios in
// testdata/validate: each holds a tree and, in "problems", what
// ValidateTree must report. Run with -update to rewrite that section.
func TestValidateTree(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "validate", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatal("no scenarios", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			a := readArchive(t, strings.TrimPrefix(path, "testdata"+string(filepath.Separator)))
			dir := t.TempDir()
			inputs := stampInputs(a)
			writeTree(t, dir, inputs)
			got := ""
			for _, p := range ValidateTree(filepath.Join(dir, "root.xml")) {
				got += strings.ReplaceAll(p.String(), dir+string(filepath.Separator), "") + "\n"
			}
			if feedtest.Updating() {
				a.Set("problems", got)
				if err := os.WriteFile(path, []byte(a.Format()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := a.Files["problems"]; got != want {
				t.Errorf("problems:\n%s", feedtest.LineDiff(want, got))
			}
		})
	}
}

// TestValidateTestTree checks that the tree the pull tests serve keeps the
// invariants, so that the pull tests see a correctly stamped tree.
func TestValidateTestTree(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, treeFiles(t))
	if got := ValidateTree(filepath.Join(dir, "root.xml")); len(got) != 0 {
		t.Errorf("ValidateTree = %v", got)
	}
}

func TestValidateTreeMissingRoot(t *testing.T) {
	root := filepath.Join(t.TempDir(), "none.xml")
	got := ValidateTree(root)
	if len(got) != 1 || got[0].File != root || !strings.Contains(got[0].Msg, "no such file") {
		t.Errorf("ValidateTree = %v", got)
	}
}

func ExampleValidateTree() {
	for _, p := range ValidateTree("testdata/spec/example.xml") {
		fmt.Println(p)
	}
	// Output: testdata/spec/example.xml:2:30: rss: attribute xmlns:csx: the value is not in quotes
}
