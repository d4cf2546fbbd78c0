package tui

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// now is the clock of the CLI; tests replace it.
var now = time.Now

func runMerge(ctx context.Context, env *Env, args []string) error {
	f := newFlags("merge")
	out := f.out("write the merged feed to `OUT` (default standard output)")
	pos, err := f.parseCount(env, args, "want LOCAL and REMOTE", 2)
	if err != nil {
		return err
	}
	return writing(ctx, env, *out, pos, func(env *Env) error {
		local, remote, err := loadPair(ctx, env, pos[0], pos[1])
		if err != nil {
			return err
		}
		merged, err := dialect.Merge(local, remote)
		if err != nil {
			return err
		}
		notePlainItems(env, local, remote)
		warnMerged(env, merged)
		if env.batch() {
			remote.Release() // read no more: what the merge took from it is all it needs
		}
		return finish(env, *out, merged)
	})
}

// notePlainItems says, when LOCAL holds no sync data but items and REMOTE
// holds sync data, that those items stay beside REMOTE's: a merge leaves
// items without sync data as they are (1.0.2 §3.3, 0.91 §4.4), so merging
// a plain feed with its adopted copy holds every item twice.
func notePlainItems(env *Env, local, remote *dialect.Doc) {
	if local.Dialect() != dialect.None || remote.Dialect() == dialect.None {
		return
	}
	n, err := local.Unsynced()
	if err != nil || n == 0 {
		return
	}
	l, r := displayName(local.Name()), displayName(remote.Name())
	asIs := "them as they are"
	if n == 1 {
		asIs = "it as it is"
	}
	fmt.Fprintf(env.Stderr, "feedsync merge: note: %s has %s with no sync data; the merge keeps %s, beside %s's synced items. "+
		"If %s is %s adopted elsewhere, use it in place of %s: a feed is adopted once, by one endpoint ('feedsync help adopt')\n",
		l, count(n, "item"), asIs, r, r, l, l)
}

// loadPair loads LOCAL and REMOTE at once, reporting the problems of both.
func loadPair(ctx context.Context, env *Env, l, r string) (*dialect.Doc, *dialect.Doc, error) {
	docs, err := loadAll(ctx, env, []string{l, r}, nil)
	if err != nil {
		return nil, nil, err
	}
	return docs[0], docs[1], nil
}

// itemFlags are the flags of the commands that change one item.
type itemFlags struct {
	*flagSet
	id             string
	title, content optString
	stamp          stampFlags
	history        dialect.Options
	parent         optString
	place          int
	fields         []feeds.FieldEdit // --field and --remove-field, in order
	outPath        *string
}

// change is the change the flags ask for.
func (f *itemFlags) change() change {
	return change{Change: dialect.Change{Edit: f.edit(), Parent: f.parent.ptr(), Place: f.place}, opt: f.history}
}

// edit is the new data the flags give.
func (f *itemFlags) edit() dialect.Edit {
	return dialect.Edit{Title: f.title.ptr(), Content: f.content.ptr(), Fields: f.fields}
}

// registerPlace adds the OPML position flags of create and update.
func (f *itemFlags) registerPlace() {
	f.Var(&f.parent, "parent", "SSE 0.91 OPML: put the outline under the outline with this `ID` (\"\" for the top level)")
	f.IntVar(&f.place, "place", 0, "SSE 0.91 OPML: put the outline at place `N` among its siblings, from 1 (default last)")
}

// checkPlace refuses a --place given below 1: 0 would otherwise read as
// no --place at all.
func (f *itemFlags) checkPlace() error {
	given := false
	f.Visit(func(fl *flag.Flag) { given = given || fl.Name == "place" })
	if given && f.place < 1 {
		return usageError(f.cmd, "--place %d: places count from 1", f.place)
	}
	return nil
}

func newItemFlags(cmd string) *itemFlags {
	f := &itemFlags{flagSet: newFlags(cmd)}
	f.StringVar(&f.id, "id", "", "the item's sync `ID` (required)")
	f.Var(&f.title, "title", "set the item's title to `T`")
	f.Var(&f.content, "content", "set the item's content to `C` (atom:content in Atom, description in RSS)")
	f.Var(fieldFlag{&f.fields, false}, "field", "set the field `KEY=VALUE`, KEY as 'conflicts --json' names fields\n(summary, category[2], {namespace}local[1]); repeatable")
	if cmd != "create" { // a new item has no field to remove
		f.Var(fieldFlag{&f.fields, true}, "remove-field", "remove the field `KEY`; repeatable")
	}
	f.stamp.register(f.flagSet)
	f.outPath = f.out("write the feed to `OUT` (default standard output)")
	return f
}

// checkEdits refuses flags that say two things of one field, which would
// otherwise be settled silently by the order edits are made in: --title
// or --content beside a --field or --remove-field of that field, either
// given twice, and a --field whose key a later --field or --remove-field
// edits again (which undoes it). A --remove-field may be followed by
// edits of the same key: after a removal the fields are numbered anew.
//
// An empty --title or --content is refused, as the merge view refuses an
// empty title or content: --remove-field removes a field.
func (f *itemFlags) checkEdits() error {
	for _, o := range []struct {
		name string
		opt  optString
	}{{"title", f.title}, {"content", f.content}} {
		if o.opt.given > 1 {
			return usageError(f.cmd, "--%s is given twice", o.name)
		}
		if o.opt.set && o.opt.val == "" {
			if f.cmd == "create" {
				return usageError(f.cmd, "--%s is empty: give a %s, or leave --%s out", o.name, o.name, o.name)
			}
			return usageError(f.cmd, "--%s is empty: give a %s, or --remove-field %s to remove it", o.name, o.name, o.name)
		}
		for _, ed := range f.fields {
			if o.opt.set && fieldBase(ed.Key) == o.name {
				return usageError(f.cmd, "--%s and %s both set the %s: give one", o.name, fieldFlagText(ed), o.name)
			}
		}
	}
	for i, ed := range f.fields {
		if ed.Remove {
			continue
		}
		for _, later := range f.fields[i+1:] {
			if sameField(ed.Key, later.Key) {
				return usageError(f.cmd, "--field %s is set, then edited again by %s, which undoes it: give one", ed.Key, fieldFlagText(later))
			}
		}
	}
	return nil
}

// fieldBase is a field key without its number: "category" of "category[2]".
func fieldBase(key string) string {
	base, _, _ := strings.Cut(key, "[")
	return base
}

// sameField reports whether two keys name one field: "title" is "title[1]".
func sameField(a, b string) bool {
	norm := func(k string) string {
		if !strings.Contains(k, "[") {
			return k + "[1]"
		}
		return k
	}
	return norm(a) == norm(b)
}

// fieldFlagText is the flag that asked for ed, as a person typed it.
func fieldFlagText(ed feeds.FieldEdit) string {
	if ed.Remove {
		return "--remove-field " + ed.Key
	}
	return "--field " + ed.Key
}

// registerHistory adds the optional history trimming flags of update and resolve.
func (f *itemFlags) registerHistory() {
	f.BoolVar(&f.history.CleanHistory, "clean-history", false, "FeedSync 1.0.2: keep only the newest history entry of each endpoint (a MAY of 1.0.2 §3.2 and §4)")
	f.IntVar(&f.history.KeepVersions, "keep-versions", 0, "SSE 0.91: keep at most `N` versions, sx:history included, dropping sx:update from the bottom (0.91 §4.2)")
}

// parseOne parses the flags of a command that changes one item of one
// FEED, and returns FEED and the stamp of the change.
func (f *itemFlags) parseOne(env *Env, args []string) (string, engine.Stamp, error) {
	pos, err := f.parseCount(env, args, "want one FEED", 1)
	if err != nil {
		return "", engine.Stamp{}, err
	}
	if f.id == "" {
		return "", engine.Stamp{}, usageError(f.cmd, "--id is required")
	}
	if err := f.checkEdits(); err != nil {
		return "", engine.Stamp{}, err
	}
	st, err := f.stamp.stamp(env, now, pos[0])
	if err != nil {
		return "", engine.Stamp{}, err
	}
	return pos[0], st, nil
}

// changeOne loads FEED, applies change to it and writes the result to
// OUT, under OUT's lock (see writing).
func (f *itemFlags) changeOne(ctx context.Context, env *Env, src string, change func(*dialect.Doc) error) error {
	return writing(ctx, env, *f.outPath, []string{src}, func(env *Env) error {
		doc, err := load(ctx, env, src)
		if err != nil {
			return err
		}
		if err := change(doc); err != nil {
			return err
		}
		return finish(env, *f.outPath, doc)
	})
}

func runCreate(ctx context.Context, env *Env, args []string) error {
	f := newItemFlags("create")
	f.registerPlace()
	noconflicts := f.Bool("noconflicts", false, "FeedSync 1.0.2: never preserve conflicts for this item (1.0.2 §2.4)")
	src, st, err := f.parseOne(env, args)
	if err != nil {
		return err
	}
	if err := f.checkPlace(); err != nil {
		return err
	}
	c := f.change()
	c.NoConflicts = *noconflicts
	return f.changeOne(ctx, env, src, func(doc *dialect.Doc) error {
		return createItem(doc, f.id, st, c)
	})
}

func runUpdate(ctx context.Context, env *Env, args []string) error {
	f := newItemFlags("update")
	f.registerHistory()
	f.registerPlace()
	del := f.Bool("delete", false, "delete the item, keeping a tombstone (1.0.2 §3.2, 0.91 §4.2)")
	undel := f.Bool("undelete", false, "bring a deleted item back (1.0.2 §3.2, 0.91 §4.2)")
	src, st, err := f.parseOne(env, args)
	if err != nil {
		return err
	}
	if *del && *undel {
		return usageError("update", "--delete and --undelete exclude each other")
	}
	if err := f.checkPlace(); err != nil {
		return err
	}
	c := f.change()
	if !*del && !*undel && c.Edit.IsZero() && c.Parent == nil && c.Place == 0 {
		return usageError("update", "nothing to change: give --title, --content, --field, --remove-field, --delete, --undelete, --parent or --place")
	}
	if *del || *undel {
		c.Deleted = del
	}
	if f.history.KeepVersions < 0 {
		return usageError("update", "--keep-versions counts from 1")
	}
	return f.changeOne(ctx, env, src, func(doc *dialect.Doc) error {
		return updateItem(doc, f.id, st, c)
	})
}
