package tui

import (
	"context"
	"fmt"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// runAdopt gives the items of FEED that have no sync data sync data, as
// a create would (dialect.Doc.Adopt), and writes the feed to OUT. It is
// done once, by one endpoint, and the result shared (README, "Feeds in
// git").
func runAdopt(ctx context.Context, env *Env, args []string) error {
	f := newFlags("adopt")
	var stamp stampFlags
	stamp.register(f)
	as := f.String("dialect", "", "`1.0.2|0.91`: adopt in FeedSync 1.0.2 (Atom and RSS) or in SSE 0.91 (RSS and OPML);\ndefault: the feed's sync data's, else 1.0.2 for Atom and RSS, 0.91 for OPML")
	out := f.out("write the feed to `OUT` (default standard output)")
	pos, err := f.parseCount(env, args, "want one FEED", 1)
	if err != nil {
		return err
	}
	dl, err := adoptDialect(*as)
	if err != nil {
		return err
	}
	st, err := stamp.stamp(env, now, pos[0])
	if err != nil {
		return err
	}
	return writing(ctx, env, *out, pos, func(env *Env) error {
		doc, err := load(ctx, env, pos[0])
		if err != nil {
			return err
		}
		adopted, err := doc.Adopt(st, dl)
		if err != nil {
			return err
		}
		// writing found whether OUT is FEED (env.saving.same: none for a stream).
		if len(adopted.Items) > 0 || env.saving == nil || !env.saving.same[pos[0]] {
			// Adopting a feed with nothing to adopt into itself writes
			// nothing: the same bytes would only add a backup.
			if err := finish(env, *out, adopted); err != nil {
				return err
			}
		}
		reportAdopted(env, doc.Name(), adopted.Dialect, adopted.Items)
		return nil
	})
}

// adoptDialect reads --dialect.
func adoptDialect(s string) (dialect.Dialect, error) {
	switch s {
	case "":
		return dialect.None, nil
	case "1.0.2", "feedsync-1.0.2":
		return dialect.FeedSync102, nil
	case "0.91", "sse-0.91":
		return dialect.SSE091, nil
	}
	return dialect.None, usageError("adopt", "--dialect %q: want 1.0.2 or 0.91", s)
}

// reportAdopted tells standard error which items were adopted, with the
// id each got and what it was made from.
func reportAdopted(env *Env, name string, dl dialect.Dialect, done []dialect.Adopted) {
	if len(done) == 0 {
		fmt.Fprintf(env.Stderr, "feedsync adopt: %s: every item has sync data already; nothing to adopt\n", name)
		return
	}
	fmt.Fprintf(env.Stderr, "feedsync adopt: %s: adopted %s as %s; share this result, do not adopt the feed again elsewhere\n", name, count(len(done), "item"), dl)
	for i, a := range done {
		if i == maxListed { // as the git driver's reports do
			fmt.Fprintf(env.Stderr, "  ... and %d more\n", len(done)-i)
			return
		}
		fmt.Fprintf(env.Stderr, "  %s:%d: id %s (from %s)\n", name, a.Line, a.ID, a.From)
	}
}
