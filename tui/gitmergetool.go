package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver"
)

// runGitMergetool is the merge tool git runs for 'git mergetool
// --tool=feedsync' (see 'feedsync git setup'):
//
//	feedsync git-mergetool MERGED [LOCAL REMOTE [BASE]]
//
// After git-merge left a path conflicted, MERGED is the merged feed with
// its conflicts as sx:conflicts (LOCAL, REMOTE and BASE are git's copies
// of ours, theirs and the ancestor, which the driver already merged): the
// resolver opens on MERGED and saves to it. When MERGED does not load (git
// merged it as text, with conflict markers, because the driver was not
// set up then), the resolver opens on the driver's merge of LOCAL and
// REMOTE and saves to MERGED. It exits 0 when MERGED, as it is on disk at
// the end, is a feed with no item in conflict, so that git (with
// mergetool.feedsync.trustExitCode) marks the path resolved; 1 when
// conflicts or git's markers are left; 2 when there is nothing it can
// open.
func runGitMergetool(ctx context.Context, env *Env, args []string) error {
	f := newFlags("git-mergetool")
	var st stampFlags
	st.register(f)
	pos, err := f.parseCount(env, args, "want MERGED, or MERGED LOCAL REMOTE [BASE]", 1, 3, 4)
	if err != nil {
		return err
	}
	merged := pos[0]
	if !env.IsTerminal {
		return fmt.Errorf("feedsync git-mergetool: the resolver needs a terminal; in scripts use\n"+
			"  feedsync resolve %s --id ID --pick winner|N -o %s", pathArg(merged), pathArg(merged))
	}
	quiet, warnings := holdWarnings(env)
	doc, title, err := mergetoolDoc(ctx, quiet, pos)
	if err != nil {
		env.Stderr.Write(warnings.Bytes())
		return err
	}
	if title == "" && doc.Conflicted() == 0 {
		fmt.Fprintf(env.Stderr, "feedsync: %s holds no item in conflict: resolved\n", merged)
		return nil
	}
	cfg, err := resolverConfig(env, st)
	if err != nil {
		return err
	}
	cfg.Title = title
	if cfg.Title == "" {
		cfg.Title = merged + " (merged by git)"
	}
	err = runResolver(ctx, env, cfg, merged, nil, func(*saving, func(resolver.Loading)) (*dialect.Doc, error) {
		return doc, nil // git-merge's result, loaded already
	})
	env.Stderr.Write(warnings.Bytes())
	if err != nil {
		return err
	}
	return checkResolved(ctx, env, merged)
}

// mergetoolDoc returns the document the merge tool opens: MERGED when it
// loads as a feed (title ""), else the merge of LOCAL and REMOTE by the
// git driver's rules.
func mergetoolDoc(ctx context.Context, env *Env, pos []string) (*dialect.Doc, string, error) {
	merged := pos[0]
	doc, err := load(ctx, env, merged)
	if err == nil && hasSyncData(doc) {
		return doc, "", nil
	}
	if err == nil {
		err = errors.New(merged + " is not a FeedSync or SSE feed")
	}
	if len(pos) < 3 {
		return nil, "", err
	}
	d := &gitDriver{env: env, cur: pos[1], other: pos[2], path: merged}
	if len(pos) == 4 {
		d.base = pos[3]
	}
	v, lerr := d.load(ctx)
	var out *gitOutcome
	if lerr == nil {
		out, lerr = mergeForGit(v)
	}
	if lerr != nil {
		return nil, "", fmt.Errorf("%w\n%s: ours and theirs do not merge as feeds either: %s\nuse another merge tool (git mergetool --tool=TOOL)",
			err, merged, strings.TrimRight(lerr.Error(), "\n"))
	}
	return out.doc, merged + ": ours ⇄ theirs", nil
}

// checkResolved reports whether the file the merge tool saved to is a
// feed with no item in conflict: exit 1 otherwise, so that git leaves the
// path unresolved.
func checkResolved(ctx context.Context, env *Env, merged string) error {
	quiet, _ := holdWarnings(env)
	doc, err := load(ctx, quiet, merged)
	switch {
	case err != nil:
		fmt.Fprintf(env.Stderr, "feedsync: %s was not saved as a feed; git leaves it unresolved\n", merged)
		return errConflicts
	case doc.Conflicted() > 0:
		fmt.Fprintf(env.Stderr, "feedsync: %s still holds %s in conflict; git leaves it unresolved\n", merged, count(doc.Conflicted(), "item"))
		return errConflicts
	}
	return nil
}
