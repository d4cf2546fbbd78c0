package cli

import (
	"context"
	"errors"
)

// Wired when the resolver and CSE packages land.
func resolveInteractive(ctx context.Context, env *Env, pos []string, out string, st stampFlags) error {
	if len(pos) < 1 || len(pos) > 2 {
		return usageError("resolve", "want FEED, or LOCAL and REMOTE, got %d argument(s)", len(pos))
	}
	if !env.IsTerminal {
		return errors.New("resolve: the interactive resolver needs a terminal; in scripts use\n" +
			"  feedsync conflicts --json FEED                    to list the conflicts, and\n" +
			"  feedsync resolve FEED --id ID --pick winner|N     to resolve one")
	}
	return usageError("resolve", "the interactive resolver is not wired yet")
}
func runDemo(ctx context.Context, env *Env, args []string) error {
	return usageError("demo", "not wired yet")
}
