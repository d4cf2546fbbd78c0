package resolver

import (
	"context"
	"fmt"
	"io"
	"sync"
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
	// Load loads and merges the feeds, and returns the result, in either
	// dialect. It runs off the UI thread and may report its progress, as
	// often as it likes and from any goroutine: the loading screen shows
	// the latest report.
	Load func(report func(Loading)) (*dialect.Doc, error)
	// Save writes the resolved document; it runs off the UI thread. When
	// the file changed since the session loaded (or last saved) it, Save
	// writes nothing and returns a *FileChangedError.
	Save func(*dialect.Doc) error
	// SaveTarget names where Save writes, for the person: "todo.xml".
	SaveTarget string
	// SaveAs writes the document to another file, which the person names
	// when a save fails; an existing file is refused unless overwrite is
	// set (it is for the saves after the first). nil offers no save-as.
	SaveAs func(doc *dialect.Doc, path string, overwrite bool) error
	// Loaded, when set, is called once Load has returned, off the UI
	// thread, for what the first screen says of the document.
	Loaded func() LoadInfo
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

// FileChangedError is what Config.Save returns when the file it writes
// changed on disk since the session loaded it, or last saved it: another
// command, the sync hub or an editor wrote it. Nothing was written, and
// errors.Is(err, atomicfile.ErrChanged) holds.
//
// Merge merges the file as it is now into doc (1.0.2 §3.3, 0.91 §4.4; doc
// is LOCAL, the file REMOTE) and returns the result, which may hold new
// conflicts for the person to see. After a successful Merge, the next
// Save checks the file against the state merged in, so saving the result
// (or anything made from it) writes over that state and loses nothing.
// Merge does not change doc.
type FileChangedError struct {
	Path  string // as Config.SaveTarget names it
	What  string // how it changed: "was modified", "was removed", ...
	Merge func(doc *dialect.Doc) (*dialect.Doc, error)
	// Items, if set, merges into doc the file's new state of the items doc
	// holds and no other, which is what Merge makes of them where each item
	// merges on its own (all but an SSE 0.91 outline, 0.91 §4.4.2). A
	// merge-in merges each earlier state of the journal with it
	// (mergein.go); without it, with Merge.
	Items func(doc *dialect.Doc) (*dialect.Doc, error)
}

func (e *FileChangedError) Error() string {
	return fmt.Sprintf("%s changed on disk since it was loaded (%s); nothing was saved", e.Path, e.What)
}

// Unwrap makes errors.Is(err, atomicfile.ErrChanged) true.
func (e *FileChangedError) Unwrap() error { return atomicfile.ErrChanged }

// MergeFile returns a FileChangedError's Merge and Items for a file whose
// new state is data, named name: both parse data once, on the first call,
// and merge each document they are given with that Doc (dialect.Merge
// changes neither input), Items with the part of it that holds the
// document's items. A merge-in merges the session's document and each
// earlier state its journal holds (mergein.go), so it parses the file
// once, not once per state, and an earlier state costs a merge of its
// items, not of the whole file.
func MergeFile(name string, data []byte) (merge, items func(*dialect.Doc) (*dialect.Doc, error)) {
	file := sync.OnceValues(func() (*dialect.Doc, error) { return dialect.Parse(name, data) })
	merge = func(doc *dialect.Doc) (*dialect.Doc, error) {
		theirs, err := file()
		if err != nil {
			return nil, err
		}
		return dialect.Merge(doc, theirs)
	}
	items = func(doc *dialect.Doc) (*dialect.Doc, error) {
		theirs, err := file()
		if err != nil {
			return nil, err
		}
		ids := map[string]bool{}
		for _, e := range doc.Entries() {
			ids[e.ID()] = true
		}
		return dialect.Merge(doc, theirs.Subset(func(e dialect.Entry) bool { return ids[e.ID()] }))
	}
	return merge, items
}

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
