package tui

import (
	"os"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedtest"
	"github.com/feedsync/feedsync/feeds/share/pgtest"
)

// TestMain runs the tests, then removes what they shared across tests: the
// feedsync binary the git tests build once (feedtest.Command) and the
// PostgreSQL server of the db tests (pgtest.SharedServer).
func TestMain(m *testing.M) {
	code := pgtest.Main(m) // and stops the PostgreSQL server the tests shared
	feedtest.RemoveCommand()
	os.Exit(code)
}
