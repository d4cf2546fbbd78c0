package tui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver"
)

// errNeedsTerminal explains what scripts use instead of the resolver.
var errNeedsTerminal = errors.New("feedsync resolve: the interactive resolver needs a terminal; in scripts use\n" +
	"  feedsync conflicts --json FEED                    to list the conflicts, and\n" +
	"  feedsync resolve FEED --id ID --pick winner|N     to resolve one")

// resolveInteractive opens the resolver on FEED, or on the merge of LOCAL
// and REMOTE. It saves to OUT, by default the first feed.
func resolveInteractive(ctx context.Context, env *Env, pos []string, out string, st stampFlags, markers bool) error {
	if len(pos) < 1 || len(pos) > 2 {
		return usageError("resolve", "want FEED, or LOCAL and REMOTE, got %s", count(len(pos), "argument"))
	}
	for _, src := range pos {
		if src == "-" {
			return usageError("resolve", "the resolver reads the keyboard on standard input, so a feed cannot come from -")
		}
	}
	if out == "" {
		out = pos[0]
	}
	if out != "-" && !isLocalPath(out) {
		return usageError("resolve", "%s cannot be saved to; give -o OUT", out)
	}
	if err := inputsExist(pos); err != nil {
		return err // before the terminal: a missing file is the first thing to fix
	}
	env, closeTTY, err := terminalFor(env, out)
	if err != nil {
		return err
	}
	defer closeTTY()
	cfg, err := resolverConfig(env, st, out)
	if err != nil {
		return err
	}
	cfg.Title = strings.Join(pos, " ⇄ ")
	cfg.LoadNote = withSizes(pos)
	cfg.Markers = markers
	quiet, warnings := holdWarnings(env)
	bases := newFeedBases("resolve", localPaths(pos), nil, quiet.Stderr)
	defer bases.Close()
	cfg.Bases = bases
	err = runResolver(ctx, env, "resolve", cfg, newResolverBackend(ctx, out, pos, func(s *saving, report func(resolver.Loading)) (*dialect.Doc, resolver.LoadInfo, error) {
		quiet.saving = s
		docs, merged, err := loadAndMerge(ctx, quiet, pos, report)
		if err != nil {
			return nil, resolver.LoadInfo{}, err
		}
		return merged, loadInfo(out, pos, docs, merged), nil
	}))
	env.Stderr.Write(warnings.Bytes())
	return err
}

// localPaths returns the paths among srcs that name local files, whose
// version stores the resolver reads bases from.
func localPaths(srcs []string) []string {
	var out []string
	for _, s := range srcs {
		if isLocalPath(s) {
			out = append(out, s)
		}
	}
	return out
}

// holdWarnings returns env with standard error kept in a buffer, for
// loading while the resolver holds the screen; the caller prints it after.
func holdWarnings(env *Env) (*Env, *bytes.Buffer) {
	var buf bytes.Buffer
	quiet := *env
	quiet.Stderr = &buf
	return &quiet, &buf
}

// runDemo opens the resolver on the embedded demo pair and saves, unless
// -o says otherwise, to a new temporary file whose path it prints.
func runDemo(ctx context.Context, env *Env, args []string) error {
	f := newFlags("demo")
	out := f.out("save the resolved feed to `OUT` (default a new temporary file)")
	markers := f.Bool("markers", false, "mark changed words [-old-]{+new+} in colour too")
	var st stampFlags
	st.register(f)
	pos, err := f.parse(env, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError("demo", "takes no arguments")
	}
	if !env.IsTerminal {
		return errors.New("feedsync demo: the resolver needs a terminal")
	}
	if *out == "" {
		tmp, err := os.CreateTemp("", "feedsync-demo-*.xml")
		if err != nil {
			return fmt.Errorf("feedsync demo: %w", err)
		}
		tmp.Close()
		os.Remove(tmp.Name()) // the first save creates it; no empty file is left behind
		*out = tmp.Name()
	}
	cfg, err := resolverConfig(env, st, *out)
	if err != nil {
		return err
	}
	recordDemoBase(env, *out)
	cfg.Title = "demo: local.xml ⇄ remote.xml"
	cfg.Markers = *markers
	bases := newFeedBases("demo", []string{*out}, nil, env.Stderr)
	defer bases.Close()
	cfg.Bases = bases
	return runResolver(ctx, env, "demo", cfg, newResolverBackend(ctx, *out, nil, func(*saving, func(resolver.Loading)) (*dialect.Doc, resolver.LoadInfo, error) {
		local, merged, err := demoDoc(env)
		if err != nil {
			return nil, resolver.LoadInfo{}, err
		}
		// OUT is new: nothing of it is saved yet
		return merged, resolver.LoadInfo{Unsaved: len(merged.Entries()), Changed: changedEntries(local, merged)}, nil
	}))
}

// demoDoc merges the embedded demo pair; it returns LOCAL too.
func demoDoc(env *Env) (local, merged *dialect.Doc, err error) {
	l, r := resolver.DemoFeeds() // small: no progress to show
	local, err = parseFeed(env, "demo/local.xml", l)
	if err != nil {
		return nil, nil, err
	}
	remote, err := parseFeed(env, "demo/remote.xml", r)
	if err != nil {
		return nil, nil, err
	}
	merged, err = dialect.Merge(local, remote)
	return local, merged, err
}

// resolverConfig holds what every resolver session shares: who stamps the
// decisions, when, and the editor for E.
func resolverConfig(env *Env, st stampFlags, feed string) (resolver.Config, error) {
	by, err := endpointID(env, st.by, feed)
	if err != nil {
		return resolver.Config{}, err
	}
	cfg := resolver.Config{By: by, Now: time.Now}
	if st.when != "" {
		when, err := parseTime(st.when)
		if err != nil {
			return resolver.Config{}, err
		}
		cfg.Now = func() time.Time { return when }
	}
	for _, name := range []string{"VISUAL", "EDITOR"} {
		if ed := editorCommand(env.Getenv(name)); len(ed) > 0 {
			cfg.Editor = ed
			cfg.EditorName = "$" + name + " (" + strings.TrimSpace(env.Getenv(name)) + ")"
			break
		}
	}
	return cfg, nil
}

// editorCommand returns the command line that runs an editor named by
// $VISUAL or $EDITOR, to which the file to edit is added, as git runs it:
// a value with quotes, variables or other shell syntax is run by sh, with
// the file as "$@" (EDITOR='emacsclient -a ""', a path with a space in
// quotes); plain words are run as they are. Without sh (Windows) the value
// is split at spaces.
func editorCommand(value string) []string {
	value = strings.TrimSpace(value)
	if value == "" {
		return nil
	}
	if runtime.GOOS == "windows" || !strings.ContainsAny(value, "|&;<>()$`\\\"'*?[]#~=%{}") {
		return strings.Fields(value)
	}
	return []string{"sh", "-c", value + ` "$@"`, value}
}

// runResolver runs a session on backend b and turns its end into an exit:
// 1 when the saved feed still holds conflicts.
//
// Whatever way the session ends, one line on standard error says what was
// saved where, or that nothing was.
func runResolver(ctx context.Context, env *Env, cmd string, cfg resolver.Config, b *resolverBackend) error {
	cfg.Backend, cfg.SaveTarget = b, b.out
	if b.out == "-" {
		cfg.SaveTarget = "standard output"
	}
	res, err := resolver.Run(ctx, cfg, env.terminalIn(), env.terminalOut())
	if b.stdout != nil { // with -o -, the last feed saved, once the screen is given back
		env.Stdout.Write(b.stdout)
	}
	if err != nil && !res.Saved {
		return err
	}
	fmt.Fprintf(env.Stderr, "feedsync %s: %s\n", cmd, res.Line())
	if err == nil && res.Saved && res.Remaining > 0 {
		return errConflicts
	}
	return err
}

// terminalFor returns the environment the resolver runs in: the
// terminal on standard input and output, or, when the feed goes to
// standard output (-o -) and that is not a terminal, the controlling
// terminal (/dev/tty) for the screen and the keyboard.
func terminalFor(env *Env, out string) (*Env, func(), error) {
	switch {
	case env.IsTerminal:
		return env, func() {}, nil
	case out != "-":
		return nil, nil, errNeedsTerminal
	}
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil || !IsTerminal(tty) {
		return nil, nil, errNeedsTerminal
	}
	e := *env
	e.tty = tty
	return &e, func() { tty.Close() }, nil
}

// withSizes names the feeds with their sizes, for the loading screen.
func withSizes(pos []string) string {
	parts := make([]string, len(pos))
	for i, p := range pos {
		parts[i] = p
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			parts[i] += fmt.Sprintf(" (%.1f MB)", float64(fi.Size())/1e6)
		}
	}
	return strings.Join(parts, " ⇄ ")
}

// loadInfo says what the first screen tells of the loaded feeds: what the
// merge changed in the file saves go to, a feed with no sync data yet, the
// same file given twice.
func loadInfo(out string, pos []string, docs []*dialect.Doc, merged *dialect.Doc) resolver.LoadInfo {
	var info resolver.LoadInfo
	same := sameFiles(out, pos)
	switch {
	case same[pos[0]]:
		info.Changed = changedEntries(docs[0], merged)
		info.Unsaved = info.Changed
	case len(pos) == 2 && same[pos[1]]:
		info.Changed = changedEntries(docs[1], merged)
		info.Unsaved = info.Changed
	default:
		info.Unsaved = len(merged.Entries()) // OUT is none of the inputs: all of it is unsaved
		if len(pos) == 2 {
			info.Changed = changedEntries(docs[0], merged)
		}
	}
	if len(pos) == 2 && len(sameFiles(pos[0], pos[1:])) > 0 {
		info.Notes = append(info.Notes, "LOCAL and REMOTE are the same file: the merge changes nothing")
	}
	for i, d := range docs {
		if d.Dialect() == dialect.None {
			info.Notes = append(info.Notes, fmt.Sprintf("%s has no FeedSync or SSE data yet", pos[i]))
		}
	}
	return info
}

// changedEntries counts the items of merged that base does not hold as
// they are: new ones, and those whose data or sync data the merge changed
// (dialect.Entry.Same), not those it wrote anew unchanged.
func changedEntries(base, merged *dialect.Doc) int {
	n := 0
	for _, e := range merged.Entries() {
		if b, err := base.Entry(e.ID()); err != nil || !b.Same(e) {
			n++
		}
	}
	return n
}

// loadAndMerge loads one feed, or two of one dialect and merges them,
// reporting progress as it goes: the bytes of the feeds parsed, then the
// items merged. It returns the feeds loaded and the result.
func loadAndMerge(ctx context.Context, env *Env, pos []string, report func(resolver.Loading)) ([]*dialect.Doc, *dialect.Doc, error) {
	w := newLoadWatch(report, len(pos))
	fs, err := loadAll(ctx, env, pos, w.parsed)
	if err != nil {
		return nil, nil, err
	}
	if len(fs) == 2 {
		w.merged(0, 0)
		merged, err := dialect.MergeWithProgress(fs[0], fs[1], w.merged)
		if err == nil {
			warnMerged(env, merged)
		}
		return fs, merged, err
	}
	return fs, fs[0], nil
}

// loadWatch turns the progress of each feed's parse, which run at once,
// and of the merge into the resolver's reports, one at a time.
type loadWatch struct {
	mu         sync.Mutex
	report     func(resolver.Loading)
	read, size []int64 // by feed; size -1 until the feed is read
	now        resolver.Loading
}

func newLoadWatch(report func(resolver.Loading), feeds int) *loadWatch {
	w := &loadWatch{report: report, read: make([]int64, feeds), size: make([]int64, feeds)}
	for i := range w.size {
		w.size[i] = -1
	}
	return w
}

// parsed notes that done of feed i's total bytes are parsed.
func (w *loadWatch) parsed(i, done, total int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.read[i], w.size[i] = int64(done), int64(total)
	w.now.Read, w.now.Size, w.now.Waiting = 0, 0, 0
	for i, size := range w.size {
		if size < 0 {
			w.now.Waiting++
			continue
		}
		w.now.Read, w.now.Size = w.now.Read+w.read[i], w.now.Size+size
	}
	w.report(w.now)
}

// merged notes that the merge has merged done of total items.
func (w *loadWatch) merged(done, total int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.now.Merging, w.now.Merged, w.now.Items = true, done, total
	w.report(w.now)
}

func isLocalPath(s string) bool {
	return s != "-" && !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://")
}
