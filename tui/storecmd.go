package tui

import (
	"context"
	"fmt"

	"github.com/feedsync/feedsync/feeds/store"
)

// runStore shows FEED's version store (package feeds/store): where it is,
// how many versions of how many items it holds, and its size; --prune
// compacts it against FEED by the retention policy. A store that cannot
// be used is set aside with a warning, as every command does.
func runStore(ctx context.Context, env *Env, args []string) error {
	f := newFlags("store")
	prune := f.Bool("prune", false, "drop the versions the retention policy does not keep and rewrite the store")
	pos, err := f.parseCount(env, args, "want one FEED", 1)
	if err != nil {
		return err
	}
	if !isLocalPath(pos[0]) {
		return usageError("store", "%s is no file: a version store stands beside a feed file", pos[0])
	}
	return interruptible(ctx, env, func(env *Env) error {
		st, warn := store.Open(pos[0])
		if warn != nil {
			env.warn(warn.Error())
		}
		defer st.Close()
		before := st.Stats()
		if *prune {
			doc, err := load(ctx, env, pos[0])
			if err != nil {
				return err
			}
			if err := st.Prune(doc); err != nil {
				return err
			}
		}
		printStore(env, before, st.Stats(), *prune)
		return nil
	})
}

// printStore prints a store's figures, and with prune what it dropped.
func printStore(env *Env, before, after store.Stats, prune bool) {
	if after.Records == 0 && before.Records == 0 {
		fmt.Fprintf(env.Stdout, "%s: no versions recorded yet\n", after.Path)
		return
	}
	fmt.Fprintf(env.Stdout, "%s: %s of %s, %s\n", after.Path, count(after.Records, "version"), count(after.Items, "item"), byteCount(after.Bytes))
	if prune {
		fmt.Fprintf(env.Stdout, "pruned %s, %s\n", count(before.Records-after.Records, "version"), byteCount(before.Bytes-after.Bytes))
	}
}

// byteCount is a size as people read it: "812 bytes", "3.4 MiB".
func byteCount(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return count(int(n), "byte")
}
