package cse

import (
	"context"
	"errors"
	"fmt"
)

// runPull is "cse pull ROOT DIR".
func runPull(cmd *invocation, args []string) int {
	src, err := openSource(args[0])
	if err != nil {
		return cmd.fail(ExitUsage, args[0], err)
	}
	defer src.close()
	c, err := openCache(args[1], true)
	if err != nil {
		return cmd.fail(ExitUsage, args[1], err)
	}
	defer c.close()
	rep, t := newReporter(cmd.stdout, cmd.stderr)
	s, err := pull(cmd.ctx, c, src, rep)
	rep.finish()
	if s == nil {
		return cmd.fail(ExitUsage, args[1], err)
	}
	return cmd.finish(args[1], s, t, err)
}

// runFetch is "cse fetch DIR LINK".
func runFetch(cmd *invocation, args []string) int {
	c, err := openCache(args[0], false)
	if err != nil {
		return cmd.fail(ExitUsage, args[0], err)
	}
	defer c.close()
	src, err := reopenSource(c)
	if err != nil {
		return cmd.fail(ExitUsage, args[0], err)
	}
	defer src.close()
	rep, t := newReporter(cmd.stdout, cmd.stderr)
	s, err := fetchLink(cmd.ctx, c, src, args[1], rep)
	rep.finish()
	if s == nil {
		return cmd.fail(ExitUsage, args[0], err)
	}
	return cmd.finish(args[0], s, t, err)
}

// finish prints a sync's summary and picks the exit code.
func (cmd *invocation) finish(dir string, s *syncer, t *tally, err error) int {
	fmt.Fprintf(cmd.stdout, "%d fetched (%s), %d unchanged, %d failed, %d problems, %d removed\n",
		t.files, humanBytes(t.bytes), t.unchanged, s.failed, s.problems, t.removed)
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return cmd.fail(ExitReported, dir, errors.New("interrupted; pull again to resume"))
	case err != nil:
		return cmd.fail(ExitReported, dir, err)
	case s.failed > 0 || s.problems > 0:
		return ExitReported
	}
	return ExitOK
}

// runLs is "cse ls DIR".
func runLs(cmd *invocation, args []string) int {
	c, err := openCache(args[0], false)
	if err != nil {
		return cmd.fail(ExitUsage, args[0], err)
	}
	defer c.close()
	root, err := c.root()
	if err != nil {
		return cmd.fail(ExitUsage, args[0], err)
	}
	err = list(cmd.stdout, c, root)
	switch {
	case errors.Is(err, errRootMissing):
		return cmd.fail(ExitUsage, args[0], err)
	case err != nil:
		return cmd.fail(ExitReported, args[0], err)
	}
	return ExitOK
}

// runStamp is "cse stamp ROOT.xml".
func runStamp(cmd *invocation, args []string) int {
	changed, problems, err := stamp(args[0])
	for _, name := range changed {
		fmt.Fprintf(cmd.stdout, "stamped %s\n", name)
	}
	for _, p := range problems {
		fmt.Fprintln(cmd.stderr, p)
	}
	switch {
	case errors.Is(err, errRootUnreadable) && len(problems) > 0:
		return ExitUsage
	case errors.Is(err, errRootUnreadable):
		return cmd.fail(ExitUsage, args[0], err)
	case err != nil:
		return cmd.fail(ExitReported, args[0], err)
	case len(problems) > 0:
		return ExitReported
	}
	return ExitOK
}
