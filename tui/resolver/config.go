package resolver

import (
	"context"
	"io"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/demo"
)

// Config is what the command line gives the resolver.
type Config struct {
	// Title names the session in the header, e.g. "todo.xml ⇄ remote.xml".
	Title string
	// Load loads and merges the feeds, and returns the result, in either
	// dialect. It runs off the UI thread and may report its progress, which
	// the loading screen shows.
	Load func(progress func(done, total int)) (*dialect.Doc, error)
	// Save writes the resolved document; it runs off the UI thread.
	Save func(*dialect.Doc) error
	// SaveTarget names where Save writes, for the person: "todo.xml".
	SaveTarget string
	// By is the endpoint id that stamps every decision (1.0.2 §3.2 step 2, 0.91 §4.2 step 2).
	By string
	// Now gives the when of each decision; nil means time.Now. Times are
	// truncated to whole seconds in UTC (1.0.2 §2.1.5, 0.91 §1.2).
	Now func() time.Time
	// Markers puts [-old-]{+new+} markers around changed words in colour
	// too; a terminal without colour always has them.
	Markers bool
	// Editor is the $VISUAL or $EDITOR command line used by E; nil means
	// vi, as git does.
	Editor []string
}

// Run runs the resolver on the terminal given by in and out, in the
// alternate screen with the mouse on, until the person quits or ctx ends.
// saved reports whether a save succeeded; err is a load failure or a
// terminal error.
func Run(ctx context.Context, cfg Config, in io.Reader, out io.Writer) (saved bool, err error) {
	opts := []tea.ProgramOption{tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out)}
	if monoEnv() {
		opts = append(opts, tea.WithColorProfile(colorprofile.ASCII))
	}
	final, err := tea.NewProgram(New(cfg), opts...).Run()
	m, _ := final.(Model)
	if err == nil {
		err = m.loadErr
	}
	return m.saved, err
}

// DemoFeeds returns the embedded demo pair, local and remote: every kind of
// conflict the resolver shows.
func DemoFeeds() (local, remote []byte) { return demo.Feeds() }
