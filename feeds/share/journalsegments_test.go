package share

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// The journal's segments are found beside a feed whose name holds what a
// glob pattern would read as metacharacters, in numeric order, and
// nothing else there is taken for one.
func TestSegmentsOfAFeedNamedLikeAPattern(t *testing.T) {
	dir := t.TempDir()
	base := journalPath(filepath.Join(dir, "a[1].xml"))
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{".10", ".2", ".1", ".0", ".2.damaged", ".x"} {
		if err := os.WriteFile(base+name, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	other := journalPath(filepath.Join(dir, "a1.xml"))
	if err := os.WriteFile(other+".3", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := segments(base)
	if err != nil || !slices.Equal(got, []int{1, 2, 10}) {
		t.Errorf("segments = %v, %v; want [1 2 10]", got, err)
	}
	if got, err := segments(journalPath(filepath.Join(dir, "none", "f.xml"))); err != nil || len(got) != 0 {
		t.Errorf("no .feedsync folder: %v, %v", got, err)
	}
}
