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

// progressLine reports whether standard error can show a progress line
// that rewrites itself: a terminal, and not a dumb one.
func (env *Env) progressLine() bool {
	return env.ErrTerminal && env.Getenv("TERM") != "dumb"
}
