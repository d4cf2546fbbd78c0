package cse

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// TestStamp covers "Propagating the lastBuildDate to parent feeds" with the
// scenarios in testdata/stamp. Each holds the input files; "want/NAME" is
// what stamp must make of NAME (any file without one must not change),
// "changed" the files it reports, "problems" what it cannot fix. Run with
// -update to rewrite those sections.
func TestStamp(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "stamp", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatal("no scenarios", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			a := readArchive(t, strings.TrimPrefix(path, "testdata"+string(filepath.Separator)))
			dir := t.TempDir()
			inputs := stampInputs(a)
			writeTree(t, dir, inputs)
			changed, problems, err := stamp(filepath.Join(dir, "root.xml"))
			if err != nil {
				t.Fatal(err)
			}
			got := stampResult(t, dir, inputs, changed, problems)
			if feedtest.Updating() {
				writeGolden(t, path, a, got)
				return
			}
			for _, name := range slices.Sorted(mapsKeys(got)) {
				want, ok := a.Files[name]
				if name != "changed" && name != "problems" && !ok {
					want = string(inputs[strings.TrimPrefix(name, "want/")])
				}
				if got[name] != want {
					t.Errorf("%s:\n%s", name, feedtest.LineDiff(want, got[name]))
				}
			}
			checkStampSettled(t, dir, problems)
		})
	}
}

// stampInputs are the files of a scenario that are not golden sections.
func stampInputs(a feedtest.Archive) map[string][]byte {
	in := map[string][]byte{}
	for name, data := range a.Files {
		if name != "changed" && name != "problems" && !strings.HasPrefix(name, "want/") {
			in[name] = []byte(data)
		}
	}
	return in
}

// stampResult is what a scenario compares: every input file as stamp left
// it, under want/, and the changed and problems sections.
func stampResult(t *testing.T, dir string, inputs map[string][]byte, changed []string, problems feeds.Problems) map[string]string {
	got := map[string]string{"changed": "", "problems": ""}
	for _, p := range changed {
		got["changed"] += strings.TrimPrefix(p, dir+string(filepath.Separator)) + "\n"
	}
	for _, p := range problems {
		got["problems"] += strings.ReplaceAll(p.String(), dir+string(filepath.Separator), "") + "\n"
	}
	for name := range inputs {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		got["want/"+name] = string(data)
	}
	return got
}

// writeGolden rewrites a scenario's golden sections, keeping want/ files
// only for inputs that changed.
func writeGolden(t *testing.T, path string, a feedtest.Archive, got map[string]string) {
	inputs := stampInputs(a)
	out := feedtest.Archive{Comment: a.Comment, Files: map[string]string{}}
	for _, name := range a.Order {
		if _, ok := inputs[name]; ok {
			out.Set(name, string(inputs[name]))
		}
	}
	out.Set("changed", got["changed"])
	out.Set("problems", got["problems"])
	for _, name := range a.Order {
		if _, ok := inputs[name]; ok && got["want/"+name] != string(inputs[name]) {
			out.Set("want/"+name, got["want/"+name])
		}
	}
	if err := os.WriteFile(path, []byte(out.Format()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkStampSettled checks that a stamped tree validates but for what
// stamp could not fix, and that stamping it again changes nothing.
func checkStampSettled(t *testing.T, dir string, problems feeds.Problems) {
	t.Helper()
	root := filepath.Join(dir, "root.xml")
	if got := ValidateTree(root); !slices.Equal(got, problems) {
		t.Errorf("after stamp, ValidateTree = %v, want %v", got, problems)
	}
	if changed, _, err := stamp(root); len(changed) != 0 || err != nil {
		t.Errorf("second stamp changed %v, %v", changed, err)
	}
}
