package tui

import (
	"context"
	"strconv"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// runResolve is 'resolve --pick' when --pick is given, the interactive
// resolver otherwise.
func runResolve(ctx context.Context, env *Env, args []string) error {
	f := newItemFlags("resolve")
	f.Lookup("o").Usage = "write the feed to `OUT`: with --pick or --auto, standard output when absent;\n" +
		"interactive, LOCAL or FEED when absent (- writes it to standard output when the session ends)"
	f.registerHistory()
	pick := f.String("pick", "", "`winner|N`: winner keeps the winner's data, N takes conflict version N's (1-based, as 'conflicts' numbers them)")
	only := f.String("only", "", "fold in only versions `N,M,...` and leave the others in conflict")
	markers := f.Bool("markers", false, "interactive: mark changed words [-old-]{+new+} in colour too")
	auto := f.Bool("auto", false, "resolve every item whose versions combine three-way against their base (from the\n"+
		"version store beside FEED) with the combination; leave the rest. Nothing is written when nothing combines")
	pos, err := f.parse(env, args)
	if err != nil {
		return err
	}
	if *auto {
		return runAuto(ctx, env, f, pos, *pick != "" || *only != "" || *markers)
	}
	if *pick == "" {
		if f.id != "" || *only != "" || f.title.set || f.content.set || len(f.fields) > 0 || f.history != (dialect.Options{}) {
			return usageError("resolve", "--id, --only, --title, --content, --field, --remove-field, --clean-history and --keep-versions go with --pick")
		}
		return resolveInteractive(ctx, env, pos, *f.outPath, f.stamp, *markers)
	}
	if len(pos) != 1 {
		return usageError("resolve", "--pick takes one FEED, got %s", count(len(pos), "argument"))
	}
	if f.id == "" {
		return usageError("resolve", "--pick needs --id")
	}
	if err := f.checkEdits(); err != nil {
		return err
	}
	n := 0
	if *pick != "winner" {
		if n, err = strconv.Atoi(*pick); err != nil || n < 1 {
			return usageError("resolve", "--pick %q: want winner or a version number (1, 2, ...)", *pick)
		}
	}
	var versions []int
	if *only != "" {
		if versions, err = parseIndexes(*only); err != nil {
			return usageError("resolve", "--only: %v", err)
		}
	}
	st, err := f.stamp.stamp(env, now, pos[0])
	if err != nil {
		return err
	}
	if f.history.KeepVersions < 0 {
		return usageError("resolve", "--keep-versions wants a number of versions, 1 or more")
	}
	r := dialect.Resolution{Pick: n, Only: versions, Edit: f.edit()}
	return f.changeOne(ctx, env, pos[0], func(doc *dialect.Doc) error {
		return resolveItem(doc, f.id, st, r, f.history)
	})
}

// runAuto is 'resolve FEED --auto'; other says whether flags that do not
// go with it were given.
func runAuto(ctx context.Context, env *Env, f *itemFlags, pos []string, other bool) error {
	if other || f.id != "" || f.title.set || f.content.set || len(f.fields) > 0 || f.history != (dialect.Options{}) {
		return usageError("resolve", "--auto takes only --by, --when and -o")
	}
	if len(pos) != 1 {
		return usageError("resolve", "--auto takes one FEED, got %s", count(len(pos), "argument"))
	}
	st, err := f.stamp.stamp(env, now, pos[0])
	if err != nil {
		return err
	}
	return autoResolve(ctx, env, pos[0], *f.outPath, st)
}
