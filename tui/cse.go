package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/cse"
)

// cseCommands are the subcommands of 'feedsync cse', each with the usage
// framework of the others: 'feedsync cse pull -h' and so on.
var cseCommands []command

func init() {
	cseCommands = []command{
		{"pull", "ROOT DIR", "sync the tree at ROOT (an http or https URL, or a local\n" +
			"  feed file) into the cache directory DIR, downloading only\n" +
			"  what changed", runCSEPull},
		{"fetch", "DIR LINK", "download one link of the cached tree, typically an\n" +
			"  on-demand one, and the tree below it if it is a feed", runCSEFetch},
		{"ls", "DIR", "print the cached tree: feeds, items (hidden ones marked),\n" +
			"  links with their state (cached, on demand, stale, missing,\n" +
			"  refused) and size", runCSELs},
		{"stamp", "ROOT.xml", "propagate csx:lastBuildDate up a local tree of feed\n" +
			"  files and report the files changed", runCSEStamp},
	}
}

const cseUsageTail = `
Content Sync Extensions: keep a tree of nested RSS feeds, and the files they
link, in a local cache, downloading only what changed. An interrupted pull
resumes where it stopped when run again.

Exit codes:
  0  success
  1  finished, but a download failed, a feed has problems, or stamp found
     problems it could not fix (each is printed)
  2  bad usage, invalid input, or a failure that stopped the command
`

// runCSE runs 'feedsync cse SUBCOMMAND ...'.
func runCSE(ctx context.Context, env *Env, args []string) error {
	return runSubcommand(ctx, env, "cse", cseCommands, cseUsageText, args)
}

// runSubcommand runs one of the subcommands of cmd (cse, db), or prints
// their usage: on standard output when asked, on standard error with exit
// 2 when none is named.
func runSubcommand(ctx context.Context, env *Env, cmd string, list []command, usage func() string, args []string) error {
	if len(args) == 0 {
		io.WriteString(env.Stderr, usage())
		return exitStatus(ExitError)
	}
	if isHelp(args[0]) || args[0] == "help" {
		io.WriteString(env.Stdout, usage())
		return nil
	}
	for _, c := range list {
		if c.name == args[0] {
			return c.run(ctx, env, args[1:])
		}
	}
	fmt.Fprintf(env.Stderr, "feedsync %s: unknown command %q; run 'feedsync %s -h' for its commands\n", cmd, args[0], cmd)
	return exitStatus(ExitError)
}

func cseUsage(w io.Writer) { io.WriteString(w, cseUsageText()) }

func cseUsageText() string {
	var b strings.Builder
	b.WriteString("usage: feedsync cse <command> [arguments]\n\n")
	for _, c := range cseCommands {
		fmt.Fprintf(&b, "  %-15s %s\n", c.name+" "+c.args, strings.ReplaceAll(c.summary, "\n  ", "\n"+strings.Repeat(" ", 18)))
	}
	b.WriteString(cseUsageTail)
	return b.String()
}

// cseOperands parses a subcommand's arguments, which are operands only.
func cseOperands(env *Env, name string, args []string) ([]string, error) {
	cmd := "cse " + name
	ops, err := newFlags(cmd).parse(env, args)
	if err != nil {
		return nil, err
	}
	var want []string
	for _, c := range cseCommands {
		if c.name == name {
			want = strings.Fields(c.args)
		}
	}
	if len(ops) != len(want) {
		return nil, usageError(cmd, "want %s, got %s", strings.Join(want, " and "), count(len(ops), "argument"))
	}
	for _, op := range ops {
		if strings.TrimSpace(op) == "" {
			return nil, usageError(cmd, "an argument is empty")
		}
	}
	return ops, nil
}

// runCSEPull is 'feedsync cse pull ROOT DIR'.
func runCSEPull(ctx context.Context, env *Env, args []string) error {
	return runCSESync(ctx, env, "pull", args, 1, cse.Pull)
}

// runCSEFetch is 'feedsync cse fetch DIR LINK'.
func runCSEFetch(ctx context.Context, env *Env, args []string) error {
	return runCSESync(ctx, env, "fetch", args, 0, cse.Fetch)
}

// runCSESync runs pull or fetch, whose cache directory is operand dir,
// with the progress display.
func runCSESync(ctx context.Context, env *Env, name string, args []string, dir int,
	run func(context.Context, string, string, cse.Reporter) (cse.Summary, error)) error {
	ops, err := cseOperands(env, name, args)
	if err != nil {
		return err
	}
	p := newProgress(env)
	sum, err := run(ctx, ops[0], ops[1], p)
	return p.finish(ops[dir], sum, err)
}

// runCSEStamp is 'feedsync cse stamp ROOT.xml'.
func runCSEStamp(_ context.Context, env *Env, args []string) error {
	ops, err := cseOperands(env, "stamp", args)
	if err != nil {
		return err
	}
	changed, problems, err := cse.Stamp(ops[0])
	for _, name := range changed {
		fmt.Fprintf(env.Stdout, "stamped %s\n", name)
	}
	for _, p := range problems {
		fmt.Fprintln(env.Stderr, "feedsync cse stamp:", p)
	}
	switch {
	case err != nil:
		return err
	case len(problems) > 0:
		return exitStatus(ExitAttention)
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

// failureText is a failed download as a line (or, for a nested feed that
// does not parse, a line per problem, each starting with its place).
func failureText(u string, err error) string {
	var ps feeds.Problems
	if errors.As(err, &ps) {
		return ps.Error()
	}
	return u + ": " + userText(err)
}

// humanBytes is a size for people: 512 B, 1.5 KiB, 3.0 GiB.
func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

// runCSELs is 'feedsync cse ls DIR'.
func runCSELs(_ context.Context, env *Env, args []string) error {
	ops, err := cseOperands(env, "ls", args)
	if err != nil {
		return err
	}
	nodes, err := cse.List(ops[0])
	if err != nil {
		return err
	}
	var unreadable error
	for _, n := range nodes {
		indent := strings.Repeat("  ", n.Depth)
		if n.Kind == cse.ItemNode {
			fmt.Fprintf(env.Stdout, "%sitem %s\n", indent, itemText(n))
			continue
		}
		kind := "link"
		if n.Kind == cse.FeedNode {
			kind = "feed"
		}
		fmt.Fprintf(env.Stdout, "%s%s %-9s %10s  %s\n", indent, kind, n.State, sizeText(n), targetText(n))
		if n.Err != nil && n.URL != "" && unreadable == nil {
			unreadable = n.Err
		}
	}
	if unreadable != nil {
		return attention(fmt.Sprintf("%s: %v", ops[0], unreadable))
	}
	return nil
}

// itemText is an item as ls shows it: guid, title, hidden.
func itemText(n cse.Node) string {
	s := n.GUID
	if s == "" {
		s = "(no guid)"
	}
	if n.Title != "" {
		s += fmt.Sprintf(" %q", n.Title)
	}
	if n.Hidden {
		s += " hidden"
	}
	return s
}

func sizeText(n cse.Node) string {
	if n.Size < 0 {
		return "-"
	}
	return humanBytes(n.Size)
}

// targetText is what a link leads to: its URL, or why it is refused.
func targetText(n cse.Node) string {
	switch {
	case n.URL == "":
		return userText(n.Err)
	case n.Repeat:
		return n.URL + " (listed above)"
	case n.Err != nil:
		return fmt.Sprintf("%s (%s)", n.URL, userText(n.Err))
	}
	return n.URL
}
