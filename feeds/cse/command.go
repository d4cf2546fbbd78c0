package cse

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
)

// Exit codes of Command.
const (
	ExitOK       = 0 // the command did all it was asked
	ExitReported = 1 // it ran, but reported something: a failed download, a problem in a feed
	ExitUsage    = 2 // bad usage or invalid input
)

const usageText = `usage: feedsync cse <command> [arguments]

Content Sync Extensions: keep a tree of nested RSS feeds, and the files they
link, in a local cache, downloading only what changed.

  pull ROOT DIR    sync the tree at ROOT (an http or https URL, or a local
                   feed file) into the cache directory DIR
  fetch DIR LINK   download one link of the cached tree, typically an
                   on-demand one, and the tree below it if it is a feed
  ls DIR           print the cached tree: feeds, items (hidden ones marked),
                   links with their state (cached, on demand, stale,
                   missing) and size
  stamp ROOT.xml   propagate csx:lastBuildDate up a local tree of feed files
                   and report the files changed

An interrupted pull resumes where it stopped when run again.

Exit status: 0 success; 1 something was reported (a failed download, a
problem in a feed, a violation stamp could not fix); 2 bad usage or input.
`

// Command runs "feedsync cse ARGS…". Errors go to stderr as "place: message"
// lines; the exit code is ExitOK, ExitReported or ExitUsage.
func Command(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usageText)
		return ExitUsage
	}
	run, ok := commands[args[0]]
	switch {
	case args[0] == "-h" || args[0] == "--help" || args[0] == "help":
		fmt.Fprint(stdout, usageText)
		return ExitOK
	case !ok:
		fmt.Fprintf(stderr, "cse: unknown command %q\n\n%s", args[0], usageText)
		return ExitUsage
	}
	cmd := &invocation{ctx: ctx, stdout: stdout, stderr: stderr}
	operands, code, ok := cmd.parse(args[0], args[1:])
	if !ok {
		return code
	}
	return run(cmd, operands)
}

// invocation is one run of a subcommand.
type invocation struct {
	ctx            context.Context
	stdout, stderr io.Writer
}

var commands = map[string]func(*invocation, []string) int{
	"pull":  runPull,
	"fetch": runFetch,
	"ls":    runLs,
	"stamp": runStamp,
}

var synopsis = map[string]string{
	"pull":  "pull ROOT DIR",
	"fetch": "fetch DIR LINK",
	"ls":    "ls DIR",
	"stamp": "stamp ROOT.xml",
}

// parse checks a subcommand's arguments: -h, and the number of operands.
func (cmd *invocation) parse(name string, args []string) ([]string, int, bool) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	usage := fmt.Sprintf("usage: feedsync cse %s\n", synopsis[name])
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(cmd.stdout, usage)
		return nil, ExitOK, false
	} else if err != nil {
		fmt.Fprintf(cmd.stderr, "cse %s: %v\n%s", name, err, usage)
		return nil, ExitUsage, false
	}
	if want := countOperands(synopsis[name]); fs.NArg() != want {
		fmt.Fprintf(cmd.stderr, "cse %s: want %d arguments, got %d\n%s", name, want, fs.NArg(), usage)
		return nil, ExitUsage, false
	}
	return fs.Args(), ExitOK, true
}

func countOperands(synopsis string) int {
	n := 0
	for _, r := range synopsis {
		if r == ' ' {
			n++
		}
	}
	return n
}

// fail prints "place: message" and returns code.
func (cmd *invocation) fail(code int, place string, err error) int {
	fmt.Fprintln(cmd.stderr, describe(place, err))
	return code
}
