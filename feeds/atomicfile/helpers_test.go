package atomicfile

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// assertEntries checks that dir holds exactly the names given, besides
// lock files, which stay by design.
func assertEntries(t *testing.T, dir string, want ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".lock") {
			got = append(got, e.Name())
		}
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("folder holds %q, want %q", got, want)
	}
}

// lowerMax sets maxBytes for one test.
func lowerMax(t *testing.T, n int64) {
	old := maxBytes
	maxBytes = n
	t.Cleanup(func() { maxBytes = old })
}
