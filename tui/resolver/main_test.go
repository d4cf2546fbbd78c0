package resolver

import (
	"os"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// TestMain pins the terminal the tests run on, so that a monochrome TERM
// in the environment does not change what they see; tests about terminals
// set TERM and NO_COLOR themselves. Afterwards it removes the binary the
// tests in tmux share (feedtest.Command).
func TestMain(m *testing.M) {
	os.Setenv("TERM", "xterm-256color")
	code := m.Run()
	feedtest.RemoveCommand()
	os.Exit(code)
}
