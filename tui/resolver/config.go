package resolver

import (
	"context"
	"fmt"
	"io"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/demo"
)

// Config is what the command line gives the resolver.
type Config struct {
	// Title names the session in the header, e.g. "todo.xml ⇄ remote.xml".
	Title string
	// LoadNote names what is loaded on the loading screen, with sizes:
	// "todo.xml (48.2 MB) ⇄ remote.xml (47.9 MB)"; "" says Title.
	LoadNote string
	// Backend loads, saves and merges a changed file in: the command
	// line's side of the session. Its calls run in commands, off the UI
	// thread.
	Backend Backend
	// SaveTarget names where Backend.Save writes, for the person: "todo.xml".
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
	// EditorName names the editor in messages as the person set it:
	// "$VISUAL (code -w)". Empty means "$EDITOR (" + Editor + ")".
	EditorName string
	// Bases gives the base of each conflict, the version its sides grew
	// from (issue 19): the merge view then starts from the three-way
	// result, and the list marks the items that combine. nil: no base.
	Bases Bases
}

// Backend is the one contract between the resolver and the program that
// runs it (the command line's resolve and demo): where the document comes
// from and where it goes. Each method runs in a command, never in Update.
type Backend interface {
	// Load loads and merges the feeds and returns the result, in either
	// dialect, with what the first screen says of it. It may report its
	// progress, as often as it likes and from any goroutine: the loading
	// screen shows the latest report.
	Load(report func(Loading)) (*dialect.Doc, LoadInfo, error)
	// Save writes the resolved document to the save target. When the
	// file changed since the session loaded (or last saved, or merged in)
	// it, Save writes nothing and returns a *FileChangedError.
	Save(doc *dialect.Doc) error
	// SaveAs writes the document to another file, which the person names
	// (S, or when a save fails); an existing file is refused unless
	// overwrite is set (it is for the saves after the first there).
	SaveAs(doc *dialect.Doc, path string, overwrite bool) error
	// MergeIn merges the file's new state, as the last Save that returned
	// a *FileChangedError found it, into docs (1.0.2 §3.3, 0.91 §4.4; each
	// doc is LOCAL, the file REMOTE) and returns the results in order:
	// docs[0], the session's document, with the whole file; each later
	// one, which holds earlier states of some items (mergein.go), with the
	// file's state of those items alone, unless whole (an outline, which
	// cycle detection sees whole, 0.91 §4.4.2). The file is parsed once.
	// After it, Save checks the file against the state merged in, so
	// saving the result (or anything made from it) loses nothing. It does
	// not change docs.
	MergeIn(docs []*dialect.Doc, whole bool) ([]*dialect.Doc, error)
}

// Loading is how far Load has come: the bytes of the feeds parsed, of
// the bytes of those read so far (Waiting more are still being read, from
// disk or the network, their size not known yet), then, once Merging, the
// items merged of all (package dialect's ParseWithProgress and
// MergeWithProgress count them). The loading screen shows a bar for each.
type Loading struct {
	Read, Size    int64
	Waiting       int
	Merging       bool
	Merged, Items int
}

// LoadInfo is what the first screen says of a loaded document beyond its
// items.
type LoadInfo struct {
	// Unsaved counts the items that the document holds otherwise than the
	// save target: what the merge brought into LOCAL, or every item when
	// the target is not one of the inputs. They count as unsaved work until
	// a save.
	Unsaved int
	// Changed counts the items whose data or sync data the merge changed
	// in LOCAL (in the input the save target is, when it is one), which
	// the first screen says; not the items it wrote anew unchanged.
	Changed int
	// Notes are said on the first screen: a feed with no sync data yet,
	// the same file given as LOCAL and REMOTE.
	Notes []string
}

// FileChangedError is what Backend.Save returns when the file it writes
// changed on disk since the session loaded it, or last saved it: another
// command, the sync hub or an editor wrote it. Nothing was written, and
// errors.Is(err, atomicfile.ErrChanged) holds; Backend.MergeIn merges the
// file's new state in.
type FileChangedError struct {
	Path string // as Config.SaveTarget names it
	What string // how it changed: "was modified", "was removed", ...
}

func (e *FileChangedError) Error() string {
	return fmt.Sprintf("%s changed on disk since it was loaded (%s); nothing was saved", e.Path, e.What)
}

// Unwrap makes errors.Is(err, atomicfile.ErrChanged) true.
func (e *FileChangedError) Unwrap() error { return atomicfile.ErrChanged }

// Run runs the resolver on the terminal given by in and out, in the
// alternate screen with the mouse on, until the person quits or ctx ends.
// The Result says how the session ended, what was saved where; err is a
// load failure or a terminal error.
func Run(ctx context.Context, cfg Config, in io.Reader, out io.Writer) (Result, error) {
	opts := []tea.ProgramOption{tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out)}
	if monoEnv() {
		opts = append(opts, tea.WithColorProfile(colorprofile.ASCII))
	}
	final, err := tea.NewProgram(New(cfg), opts...).Run()
	m, _ := final.(Model)
	if err == nil {
		err = m.loadErr
	}
	return m.Result(), err
}

// DemoFeeds returns the embedded demo pair, local and remote: every kind of
// conflict the resolver shows.
func DemoFeeds() (local, remote []byte) { return demo.Feeds() }
