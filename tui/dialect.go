package tui

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// load reads and parses one feed in the dialect its namespaces declare. A
// feed that fails to parse or validate is an error listing every problem
// as file:line:col; warnings go to standard error.
func load(ctx context.Context, env *Env, src string) (*dialect.Doc, error) {
	data, err := readSource(ctx, env, src)
	if err != nil {
		return nil, err
	}
	doc, err := parseFeed(env, displayName(src), data)
	if err == nil {
		noteRead(env, doc) // as read, before the command changes it
	}
	return doc, err
}

// loadAll loads the feeds at once, each in its own goroutine (a merge's
// two feeds take the machine's two cores), and tells watch, if not nil,
// how many of each source's bytes are parsed, from the goroutine that
// parses it (dialect.ParseWithProgress). Warnings are printed in the order
// of srcs, and the errors of all the feeds are returned, joined in that
// order.
func loadAll(ctx context.Context, env *Env, srcs []string, watch func(src, done, total int)) ([]*dialect.Doc, error) {
	type result struct {
		doc *dialect.Doc
		err error
	}
	results := make([]chan result, len(srcs))
	if env.batch() {
		defer loading()()
	}
	for i, src := range srcs {
		results[i] = make(chan result, 1)
		go func() {
			data, err := readSource(ctx, env, src)
			var doc *dialect.Doc
			if err == nil {
				doc, err = dialect.ParseWithProgress(displayName(src), data, parsing(watch, i, len(data)))
			}
			results[i] <- result{doc, err}
		}()
	}
	docs := make([]*dialect.Doc, len(srcs))
	errs := make([]error, len(srcs))
	for i := range srcs {
		r := <-results[i]
		docs[i], errs[i] = r.doc, r.err
		if r.doc != nil {
			for _, w := range r.doc.Warnings() {
				env.warn(w.String())
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	noteRead(env, docs...)
	return docs, nil
}

// loading lets the heap grow to five times what it holds, not twice,
// while feeds held off the heap are parsed, and returns what sets it back:
// a parse keeps most of what it allocates, so the collections a heap that
// starts small would run are work for nothing (a merge of the 100k pair
// ran 9 during its parse, not 2). GOGC=off or above 400 is left as set.
// Loads that overlap (commands Run at once in one process) share the
// raise: the last to end sets GOGC back to what it was before the first.
func loading() (restore func()) {
	raised.Lock()
	defer raised.Unlock()
	if raised.loads == 0 {
		old := debug.SetGCPercent(400)
		if old < 0 || old > 400 {
			debug.SetGCPercent(old)
			return func() {}
		}
		raised.old = old
	}
	raised.loads++
	return lastOut(&raised.Mutex, func() {
		if raised.loads--; raised.loads == 0 {
			debug.SetGCPercent(raised.old)
		}
	})
}

// raised is the GOGC raise of the loads under way (loading).
var raised struct {
	sync.Mutex
	loads int // the loads under way
	old   int // GOGC before the first
}

// parsing returns the progress of the parse of source i for watch, which
// it first tells that the source is read, or nil when watch is.
func parsing(watch func(src, done, total int), i, size int) feeds.Progress {
	if watch == nil {
		return nil
	}
	watch(i, 0, size)
	return func(done, total int) { watch(i, done, total) }
}

// parseFeed parses a feed read from name and prints its warnings.
func parseFeed(env *Env, name string, data []byte) (*dialect.Doc, error) {
	doc, err := dialect.Parse(name, data)
	if err != nil {
		return nil, err
	}
	for _, w := range doc.Warnings() {
		env.warn(w.String())
	}
	return doc, nil
}

// change is what the item flags ask of an item, with the history options.
type change struct {
	dialect.Change
	opt dialect.Options
}

// createItem adds an item (1.0.2 §3.1, 0.91 §4.1).
func createItem(doc *dialect.Doc, id string, st engine.Stamp, c change) error {
	e, err := doc.Create(id, st, c.Change)
	if err != nil {
		return cliError("create", err)
	}
	doc.Set(e)
	return nil
}

// updateItem changes, deletes, undeletes or moves an item (1.0.2 §3.2; 0.91
// §4.2 and §3.2: a move is an update).
func updateItem(doc *dialect.Doc, id string, st engine.Stamp, c change) error {
	e, err := doc.Entry(id)
	if err == nil {
		err = unchanged(doc, e, c.Change)
	}
	if err == nil {
		e, err = doc.Update(e, st, c.Change, c.opt)
	}
	if err != nil {
		return cliError("update", err)
	}
	doc.Set(e)
	return nil
}

// unchanged refuses an update whose only change is what the item already
// is: --delete of a deleted item, --undelete of a live one. The spec does
// not forbid it, but it would be a new version (1.0.2 §3.2, 0.91 §4.2)
// that changes nothing, which an edit made meanwhile elsewhere would then
// meet as a conflict; asked for on the command line, it is a mistake.
func unchanged(doc *dialect.Doc, e dialect.Entry, c dialect.Change) error {
	if c.Deleted == nil || !c.Edit.IsZero() || c.Parent != nil || c.Place != 0 || *c.Deleted != e.Winner().Deleted() {
		return nil
	}
	if *c.Deleted {
		return fmt.Errorf("%s: item %q is already deleted", doc.Name(), e.ID())
	}
	return fmt.Errorf("%s: item %q is not deleted: nothing to undelete", doc.Name(), e.ID())
}

// resolveItem resolves an item's conflicts (1.0.2 §3.4, §4; 0.91 §5).
func resolveItem(doc *dialect.Doc, id string, st engine.Stamp, r dialect.Resolution, opt dialect.Options) error {
	e, err := doc.Entry(id)
	if err == nil {
		e, err = doc.Resolve(e, st, r, opt)
	}
	if err != nil {
		return cliError("resolve", err)
	}
	doc.Set(e)
	return nil
}

// cliError words the errors of package dialect that are the command line's
// to explain in its own terms: its flags and commands.
func cliError(cmd string, err error) error {
	var (
		pick   *dialect.PickError
		option *dialect.OptionError
		opml   *dialect.OPMLOnlyError
		exists *dialect.ExistsError
		field  *feeds.FieldError
		text   *dialect.IncompleteError
		xhtml  *feeds.XHTMLError
	)
	switch {
	case errors.As(err, &pick) && pick.Only:
		return usageError(cmd, "--only %d: the item has %d conflict version(s)", pick.Pick, pick.Count)
	case errors.As(err, &pick):
		return usageError(cmd, "--pick %d: want winner or a version from 1 to %d", pick.Pick, pick.Count)
	case errors.Is(err, dialect.ErrNotSelective):
		return usageError(cmd, "--only: SSE 0.91 resolves all of an item's conflicts at once (0.91 §5)")
	case errors.As(err, &option) && option.Option == dialect.NoConflicts:
		return usageError(cmd, "--noconflicts is FeedSync 1.0.2; SSE 0.91 has no such attribute")
	case errors.As(err, &option) && option.Option == dialect.CleanHistory:
		return fmt.Errorf("%s: --clean-history is for FeedSync 1.0.2 feeds; SSE 0.91 has --keep-versions", option.Feed)
	case errors.As(err, &option):
		return fmt.Errorf("%s: --keep-versions is for SSE 0.91 feeds; FeedSync 1.0.2 has --clean-history", option.Feed)
	case errors.As(err, &opml) && opml.Dialect == dialect.FeedSync102:
		return fmt.Errorf("%s: --parent and --place are for SSE 0.91 OPML outlines; FeedSync 1.0.2 items have no position", opml.Feed)
	case errors.As(err, &opml):
		return fmt.Errorf("%s: --parent and --place are for OPML outlines; RSS items have no position", opml.Feed)
	case errors.As(err, &exists):
		return fmt.Errorf("%w; use 'feedsync update'", err)
	case errors.As(err, &text) && cmd == "create" && text.Format == dialect.RSS:
		return fmt.Errorf("%w: give --title or --content", err)
	case errors.As(err, &text) && cmd == "create":
		return fmt.Errorf("%w: give --title", err)
	case errors.As(err, &text):
		return fmt.Errorf("%w, which the change would take away", err)
	case errors.As(err, &field) && errors.As(err, &xhtml): // the value, not the command, is wrong: no usage
		return fmt.Errorf("the new %s: %w", field.Key, xhtml)
	case errors.As(err, &field) && errors.Is(err, feeds.ErrNotShared):
		return usageError(cmd, "--field %s: %s", field.Key, notSharedText(field.Key))
	case errors.As(err, &field):
		return usageError(cmd, "--field %s: %s", field.Key, strings.TrimPrefix(field.Err.Error(), "feeds: "))
	}
	return err
}

// publisherSpecific are the elements of an Atom entry or RSS item that are
// each publisher's own (implementation note 1; feeds/doc.go), in lower case.
var publisherSpecific = []string{"id", "author", "contributor", "link", "published", "updated", "rights", "source",
	"guid", "comments", "enclosure", "pubdate"}

// notSharedText says why a key names no shared field, with the key it
// could have been: a shared field's key in other letters, RSS's
// description, whose key is content, or publisher-specific data.
func notSharedText(key string) string {
	base, _, _ := strings.Cut(key, "[")
	lower := strings.ToLower(base)
	switch {
	case lower == "description":
		return "an RSS item's description has the key content"
	case slices.Contains([]string{"title", "content", "summary", "category"}, lower) && lower != base:
		return "no shared field has this key; did you mean " + lower + "?"
	case slices.Contains(publisherSpecific, lower):
		return base + " is publisher-specific data (implementation note 1): each publisher's own, which --field does not edit"
	}
	return "no shared field has this key; keys are title, content, summary, category[N] and, for other elements, " +
		"{namespace}name[N], as 'conflicts --json' names them"
}

// warnMerged prints, as warnings, what a merge kept but must say
// (dialect.Doc.MergeWarnings): items one endpoint changed twice with one
// sequence, and items the two feeds held with the same sync data and
// different data.
func warnMerged(env *Env, doc *dialect.Doc) {
	for _, p := range doc.MergeWarnings() {
		env.warn(p.String())
	}
}

// clip shortens s to n bytes at most, on a rune boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
