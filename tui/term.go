package tui

import (
	"os"

	"github.com/charmbracelet/x/term"
)

// IsTerminal reports whether f is an *os.File open on a terminal.
func IsTerminal(f any) bool {
	file, ok := f.(*os.File)
	return ok && term.IsTerminal(file.Fd())
}
