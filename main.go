// Command feedsync merges FeedSync feeds exactly as the spec says and
// resolves their conflicts, interactively or from scripts. See README.md.
package main

import (
	"context"
	"io"
	"os"
	"os/signal"

	"github.com/feedsync/feedsync/tui"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command line and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return tui.Run(ctx, args, &tui.Env{
		Stdin: stdin, Stdout: stdout, Stderr: stderr,
		Getenv:      os.Getenv,
		IsTerminal:  tui.IsTerminal(stdin) && tui.IsTerminal(stdout),
		ErrTerminal: tui.IsTerminal(stderr),
	})
}
