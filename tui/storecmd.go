package tui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/feedsync/feedsync/feeds/atomicfile"
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
	if err := feedFile(pos[0]); err != nil {
		return err
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

// feedFile checks that a store's FEED is a regular file, without reading
// it: a store stands beside a feed, never at a place made up from a name.
func feedFile(path string) error {
	if path == "" {
		return usageError("store", "FEED is empty: name a feed file")
	}
	info, err := os.Stat(path)
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", path, pe.Err)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s: %s, not a regular file", path, atomicfile.FileKind(info.Mode()))
	}
	return nil
}

// inputsExist checks that the local files among srcs are there, without
// reading them, so that a command that would stop on something else first
// (the resolver without a terminal) names a missing input first.
func inputsExist(srcs []string) error {
	for _, src := range srcs {
		if !isLocalPath(src) {
			continue
		}
		if _, err := os.Stat(src); err != nil {
			if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
				err = pe.Err
			}
			return fmt.Errorf("%s: %w", src, err)
		}
	}
	return nil
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
