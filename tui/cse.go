package tui

import (
	"context"
	"fmt"
	"strings"

	"github.com/feedsync/feedsync/feeds/cse"
)

// runCSE hands 'feedsync cse ...' to the CSE package, which keeps the same
// exit codes.
func runCSE(ctx context.Context, env *Env, args []string) error {
	if code := cse.Command(ctx, args, env.Stdin, env.Stdout, env.Stderr); code != ExitOK {
		return exitStatus(code)
	}
	return nil
}

// validateCSE checks the publisher invariants of the CSE tree rooted at a
// local feed file (the CSE spec's "Propagating the lastBuildDate").
func validateCSE(src string, data []byte) ([]string, bool) {
	if !cse.IsCSE(data) {
		return nil, false
	}
	if src == "-" || strings.HasPrefix(src, "http://") || strings.HasPrefix(src, "https://") {
		return []string{fmt.Sprintf("%s: a CSE tree is validated from a local file, where its nested feeds can be read", displayName(src))}, true
	}
	var out []string
	for _, p := range cse.ValidateTree(src) {
		out = append(out, p.String())
	}
	return out, true
}
