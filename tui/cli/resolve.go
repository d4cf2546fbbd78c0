package cli

import (
	"context"
	"fmt"
	"strconv"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
)

// runResolve is 'resolve --pick' when --pick is given, the interactive
// resolver otherwise.
func runResolve(ctx context.Context, env *Env, args []string) error {
	f := newItemFlags("resolve")
	pick := f.String("pick", "", "`winner` to keep the winner's data, or N to take conflict version N's")
	only := f.String("only", "", "fold in only versions `N,M,...` and leave the others in conflict")
	pos, err := f.parse(env, args)
	if err != nil {
		return err
	}
	if *pick == "" {
		if f.id != "" || *only != "" || f.title.set || f.content.set {
			return usageError("resolve", "--id, --only, --title and --content go with --pick")
		}
		return resolveInteractive(ctx, env, pos, *f.out, f.stamp)
	}
	if len(pos) != 1 {
		return usageError("resolve", "--pick takes one FEED, got %d argument(s)", len(pos))
	}
	if f.id == "" {
		return usageError("resolve", "--pick needs --id")
	}
	st, err := f.stamp.stamp(env, now)
	if err != nil {
		return err
	}
	doc, err := load(ctx, env, pos[0])
	if err != nil {
		return err
	}
	it := doc.Item(f.id)
	if it == nil {
		return fmt.Errorf("%s: no item with id %q", doc.Name(), f.id)
	}
	if len(it.Conflicts) == 0 {
		return fmt.Errorf("%s: item %q has no conflicts to resolve", doc.Name(), f.id)
	}
	r, err := resolution(doc, it, *pick, *only, f.title.ptr(), f.content.ptr())
	if err != nil {
		return err
	}
	res, err := engine.Resolve(it, st, r, engine.Options{})
	if err != nil {
		return err
	}
	doc.Set(res)
	return finish(env, *f.out, doc)
}

// resolution builds the §3.4 decision from the flags: the picked data,
// overridden by --title and --content, and the versions to fold in.
func resolution(doc *feeds.Doc, it *engine.Item, pick, only string, title, content *string) (engine.Resolution, error) {
	var r engine.Resolution
	if pick == "winner" {
		r.Change = engine.PickWinner(it)
	} else {
		n, err := strconv.Atoi(pick)
		if err != nil || n < 1 || n > len(it.Conflicts) {
			return r, usageError("resolve", "--pick %q: want winner or a version from 1 to %d", pick, len(it.Conflicts))
		}
		if r.Change, err = engine.PickVersion(it, n-1); err != nil {
			return r, err
		}
	}
	if title != nil || content != nil {
		r.Change.Data = doc.NewData(r.Change.Data, title, content)
	}
	if only != "" {
		ns, err := parseIndexes(only)
		if err != nil {
			return r, usageError("resolve", "--only: %v", err)
		}
		for _, n := range ns {
			if n > len(it.Conflicts) {
				return r, usageError("resolve", "--only %d: the item has %d conflict version(s)", n, len(it.Conflicts))
			}
			r.Versions = append(r.Versions, n-1)
		}
	}
	return r, nil
}
