package resolver

import (
	"os"
	"testing"
)

// TestMain pins the terminal the tests run on, so that a monochrome TERM
// in the environment does not change what they see; tests about terminals
// set TERM and NO_COLOR themselves.
func TestMain(m *testing.M) {
	os.Setenv("TERM", "xterm-256color")
	os.Exit(m.Run())
}
