package tui

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain runs the tests, then removes what they shared across tests: the
// feedsync binary the git tests build once (builtFeedsync).
func TestMain(m *testing.M) {
	code := m.Run()
	if feedsyncBin.path != "" {
		os.RemoveAll(filepath.Dir(feedsyncBin.path))
	}
	os.Exit(code)
}
