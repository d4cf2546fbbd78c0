package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/store"
	"github.com/feedsync/feedsync/tui/resolver"
)

// How a command writes a feed to a file (package atomicfile has the rules):
//
//   - merge, create, update and resolve --pick take the lock on OUT before
//     they read anything and hold it until the result is written, so that
//     two commands writing one file take turns and neither loses its
//     change (issue 13). When OUT is also an input (update F ... -o F,
//     merge L R -o L), the input is OUT as read under the lock.
//   - A writer that does not take the lock (an editor) may still change OUT
//     meanwhile, up to the instant of the rename (atomicfile puts such a
//     save back); the write then fails with atomicfile.ErrChanged, and the
//     command, a pure function of its inputs, is done again on the new
//     content, up to redoLimit times, before it gives up with exit 2. In
//     the rare case the editor's save cannot be put back, it is kept as
//     OUT.theirs and the command fails naming it (atomicfile.KeptError).
//   - The resolver holds a feed for minutes without the lock; its save
//     (resolverBackend) checks that OUT is as loaded, and otherwise
//     returns a *resolver.FileChangedError, after which MergeIn merges the
//     file's new state in.
//
// A result goes straight to the temporary file it is saved through, never
// whole into memory (the resolver's save, which keeps what it saved to
// check the next save against, excepted), and is refused, the temporary
// file removed and OUT untouched, once it is larger than
// the size limit (atomicfile.Limit): what feedsync writes, it can read
// back.

// statPath is os.Stat for the paths a command reads and writes; tests
// count its calls.
var statPath = os.Stat

// redoLimit is how many times a command is done before a file that keeps
// changing under it makes it give up.
const redoLimit = 3

// beforeSave, when not nil, runs just before a command's save (writeDoc):
// tests use it to change OUT behind the command's back, or to interrupt.
var beforeSave func(out string)

// saving is a command's hold on the file it writes, or, with stream set,
// on the stream (a device, a named pipe, a descriptor) it writes to with
// no lock and no backup: writing decides which once, with one look at OUT.
type saving struct {
	out    string
	stream bool
	lock   *atomicfile.Lock // nil for the resolver, which checks at save time, and a stream
	same   map[string]bool  // the inputs that name OUT

	mu   sync.Mutex
	snap *atomicfile.Snapshot // OUT as read

	storeOnce sync.Once
	store     *store.Store // OUT's version store (versions.go), once opened
	readMu    sync.Mutex
	reads     [][]dialect.Entry // the feeds read, as loaded (noteRead)
}

// writing runs a command that writes its result to out and reads inputs,
// under out's lock; see the comment above.
// An interrupt stops it at once (interruptible).
func writing(ctx context.Context, env *Env, out string, inputs []string, run func(env *Env) error) error {
	return interruptible(ctx, env, func(env *Env) error {
		return writingLocked(ctx, env, out, inputs, run)
	})
}

func writingLocked(ctx context.Context, env *Env, out string, inputs []string, run func(env *Env) error) error {
	if out == "" || out == "-" {
		return run(env)
	}
	if isStream(out) { // the command's one look at what OUT is (writeDoc, finish)
		senv := *env
		senv.saving = &saving{out: out, stream: true}
		return run(&senv)
	}
	lock, err := atomicfile.Acquire(ctx, out)
	if err != nil {
		return err
	}
	defer lock.Release()
	for attempt := 1; ; attempt++ {
		// Which inputs are OUT is looked up under the lock, on each
		// attempt: the writer that made the command redo may have
		// replaced OUT with a new file.
		s := &saving{out: out, lock: lock, same: sameFiles(out, inputs)}
		if len(s.same) > 0 {
			if s.snap, err = lock.Read(); err != nil {
				return readError(out, err)
			}
		}
		quiet, held := holdWarnings(env)
		quiet.saving = s
		err = run(quiet)
		s.closeVersions()
		if !errors.Is(err, atomicfile.ErrChanged) || attempt == redoLimit {
			env.Stderr.Write(held.Bytes())
			if errors.Is(err, atomicfile.ErrChanged) {
				err = fmt.Errorf("%w; it changed again each of the %d times the command was done on its new content", err, redoLimit)
			}
			return err
		}
	}
}

// sameFiles returns the inputs that name the file out names.
func sameFiles(out string, inputs []string) map[string]bool {
	same := map[string]bool{}
	oi, err := statPath(out)
	if err != nil {
		return same
	}
	for _, in := range inputs {
		if !isLocalPath(in) {
			continue
		}
		if ii, err := os.Stat(in); err == nil && os.SameFile(oi, ii) {
			same[in] = true
		}
	}
	return same
}

// read returns OUT's content for an input that names it, reading it now if
// the command has not yet (the resolver); ok is false for other inputs.
func (s *saving) read(src string) (data []byte, ok bool, err error) {
	if s == nil || !s.same[src] {
		return nil, false, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.snap == nil {
		if s.snap, err = atomicfile.Read(s.out); err != nil {
			return nil, true, readError(src, err)
		}
	}
	if !s.snap.Exists() {
		return nil, true, fmt.Errorf("%s: %w", src, syscall.ENOENT)
	}
	return s.snap.Data, true, nil
}

// readError words an error of atomicfile.Read as readSource words its own:
// the path, then what is wrong.
func readError(src string, err error) error {
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", src, pe.Err)
	}
	return err
}

// render writes the feed to memory (where writing does not fail), refusing
// a result larger than feedsync reads.
func render(name string, doc result) ([]byte, error) {
	data := doc.Bytes()
	if int64(len(data)) > atomicfile.Limit() {
		return nil, &atomicfile.TooLargeError{Path: name, Size: int64(len(data)), Write: true}
	}
	return data, nil
}

// fill writes doc to a save's temporary file, refusing a result larger
// than the size limit (see render).
func fill(name string, doc result) func(io.Writer) error {
	return func(w io.Writer) error {
		lw := &atomicfile.LimitWriter{W: w, Limit: atomicfile.Limit()}
		if _, err := doc.WriteTo(lw); err != nil {
			return err
		}
		return lw.TooLarge(name)
	}
}

// saveWith writes what fill writes over OUT under the lock: checked
// against OUT as read when the command read it, as a plain replacement
// otherwise.
func (s *saving) saveWith(fill func(io.Writer) error) error {
	if s.snap != nil {
		return s.lock.CommitWith(s.snap, fill)
	}
	return s.lock.ReplaceWith(fill)
}

// resolverBackend is the command line's side of a resolver session
// (resolver.Backend): it loads with load, saves to out, and keeps OUT as
// the session loaded it (hold, which reads the inputs that name OUT and
// keeps their bytes), so that a save checks OUT is still so and otherwise
// returns a *resolver.FileChangedError whose new state MergeIn merges.
// With -o - it saves to standard output: the last feed saved is written
// once the screen is given back.
type resolverBackend struct {
	ctx     context.Context
	out     string
	hold    *saving // nil with -o -
	load    func(s *saving, report func(resolver.Loading)) (*dialect.Doc, resolver.LoadInfo, error)
	stdout  []byte
	changed *atomicfile.Snapshot            // the file's new state the last save found
	snaps   map[string]*atomicfile.Snapshot // each save-as target as last written
}

// newResolverBackend returns the backend of a session that reads inputs
// with load and saves to out.
func newResolverBackend(ctx context.Context, out string, inputs []string, load func(*saving, func(resolver.Loading)) (*dialect.Doc, resolver.LoadInfo, error)) *resolverBackend {
	b := &resolverBackend{ctx: ctx, out: out, load: load, snaps: map[string]*atomicfile.Snapshot{}}
	if out != "-" {
		b.hold = &saving{out: out, same: sameFiles(out, inputs)}
	}
	return b
}

// Load loads the feeds, remembering OUT as it is when it is none of them.
func (b *resolverBackend) Load(report func(resolver.Loading)) (*dialect.Doc, resolver.LoadInfo, error) {
	s := b.hold
	if s != nil && len(s.same) == 0 {
		snap, err := atomicfile.Read(b.out)
		if err != nil {
			return nil, resolver.LoadInfo{}, readError(b.out, err)
		}
		s.mu.Lock()
		s.snap = snap
		s.mu.Unlock()
	}
	doc, info, err := b.load(s, report)
	if err == nil && s != nil {
		noteRead(&Env{saving: s}, doc)
	}
	return doc, info, err
}

// Save writes doc over OUT if OUT is as loaded, last saved or merged in;
// with -o -, keeps it for standard output.
func (b *resolverBackend) Save(doc *dialect.Doc) error {
	data, err := render(b.out, doc)
	switch {
	case err != nil:
		return err
	case b.hold == nil:
		b.stdout = data
		return nil
	}
	s := b.hold
	s.recordLeft(nil, doc)
	s.mu.Lock()
	defer s.mu.Unlock()
	snap, err := atomicfile.Commit(b.ctx, s.snap, data)
	var ce *atomicfile.ChangedError
	if errors.As(err, &ce) {
		b.changed = ce.Current
		return &resolver.FileChangedError{Path: b.out, What: ce.What}
	}
	if err != nil {
		return err
	}
	s.snap = snap
	s.recordCurrent(nil, doc)
	return nil
}

// MergeIn merges the file's new state that the last Save found into docs
// (resolver.Backend), parsing it once, and checks the saves after it
// against that state.
func (b *resolverBackend) MergeIn(docs []*dialect.Doc, whole bool) ([]*dialect.Doc, error) {
	current := b.changed
	if current == nil || b.hold == nil {
		return nil, errors.New("no save found the file changed")
	}
	out := slices.Clone(docs)
	if current.Exists() { // a removed file has nothing to merge: the next save writes it anew
		file, err := dialect.Parse(b.out, current.Data)
		if err != nil {
			return nil, err
		}
		for i, d := range docs {
			if out[i], err = dialect.Merge(d, itemsOf(file, d, i == 0 || whole)); err != nil {
				return nil, err
			}
		}
	}
	b.hold.mu.Lock()
	b.hold.snap = current
	b.hold.mu.Unlock()
	return out, nil
}

// itemsOf returns file whole, or the part of it that holds d's items: an
// earlier state of an item merges with the file's state of that item alone
// (package resolver's mergein.go).
func itemsOf(file, d *dialect.Doc, whole bool) *dialect.Doc {
	if whole {
		return file
	}
	ids := map[string]bool{}
	for _, e := range d.Entries() {
		ids[e.ID()] = true
	}
	return file.Subset(func(e dialect.Entry) bool { return ids[e.ID()] })
}

// SaveAs is the resolver's save to another file (S, or after a failed
// save): the first save there refuses a file that exists; the later ones
// check that the file is still what the last one wrote. The prompt is no
// shell, but a leading ~/ is read as the home folder, as a person types it
// by habit.
func (b *resolverBackend) SaveAs(doc *dialect.Doc, typed string, overwrite bool) error {
	path, home := typed, ""
	if rest, ok := strings.CutPrefix(typed, "~/"); ok {
		if h, err := os.UserHomeDir(); err == nil {
			path, home = filepath.Join(h, rest), h
		}
	}
	err := b.saveTo(doc, path, overwrite)
	if err == nil {
		return nil
	}
	// The resolver says "saving to TYPED: why": why names neither the
	// file again nor the home folder ~ stood for.
	text := strings.TrimPrefix(userText(err), path+": ")
	if home != "" {
		text = strings.ReplaceAll(text, home+string(filepath.Separator), "~/")
	}
	return &rewordedError{text, err}
}

// saveTo writes doc to path for SaveAs.
func (b *resolverBackend) saveTo(doc *dialect.Doc, path string, overwrite bool) error {
	data, err := render(path, doc)
	if err != nil {
		return err
	}
	snap := b.snaps[path]
	if snap == nil || !overwrite {
		if snap, err = atomicfile.Read(path); err != nil {
			return readError(path, err)
		}
		if snap.Exists() {
			return errors.New("the file exists; give the name of a new file")
		}
	}
	next, err := atomicfile.Commit(b.ctx, snap, data)
	if err != nil {
		return err
	}
	b.snaps[path] = next
	return nil
}

// rewordedError is an error worded anew that still wraps its cause, for
// errors.As.
type rewordedError struct {
	text string
	err  error
}

func (e *rewordedError) Error() string { return e.text }
func (e *rewordedError) Unwrap() error { return e.err }
