package tui

import (
	"os"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// TestMain runs the tests, then removes what they shared across tests: the
// feedsync binary the git tests build once (feedtest.Command).
func TestMain(m *testing.M) {
	code := m.Run()
	feedtest.RemoveCommand()
	os.Exit(code)
}
