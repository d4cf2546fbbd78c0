package tui

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/cse"
)

// progress is what a person sees of a CSE pull or fetch: a cse.Reporter
// that ends with a summary line.
type progress interface {
	cse.Reporter
	// finish ends the display and prints the summary of a run into dir,
	// and turns its outcome into the command's result.
	finish(dir string, sum cse.Summary, err error) error
}

// newProgress shows a status line on standard error when it is a
// terminal, and plain lines otherwise.
func newProgress(env *Env) progress {
	base := progressBase{env: env}
	if env.progressLine() {
		return &lineProgress{progressBase: base}
	}
	return &plainProgress{progressBase: base}
}

// progressBase is what both displays share: the summary and exit code.
type progressBase struct {
	env *Env
}

func (b progressBase) summary(dir string, sum cse.Summary, err error) error {
	// A run that stopped before it did anything (no cache, a root that is
	// refused) has nothing to sum up: its error says it all.
	if err == nil || sum != (cse.Summary{}) {
		fmt.Fprintf(b.env.Stdout, "%d fetched (%s), %d unchanged, %d failed, %d problems, %d removed\n",
			sum.Fetched, humanBytes(sum.Bytes), sum.Unchanged, sum.Failed, sum.Problems, sum.Removed)
	}
	switch {
	case errors.Is(err, context.Canceled):
		return exitMessage{ExitInterrupted, dir + ": interrupted; pull again to resume"}
	case errors.Is(err, context.DeadlineExceeded):
		return exitMessage{ExitError, dir + ": stopped; pull again to resume"}
	case err != nil:
		return err
	case sum.Attention():
		return exitStatus(ExitAttention)
	}
	return nil
}

// plainProgress writes a line per event: downloads to standard output,
// failures and problems to standard error.
type plainProgress struct{ progressBase }

func (p *plainProgress) Start(string) {}
func (p *plainProgress) Fetched(u string, size int64) {
	fmt.Fprintf(p.env.Stdout, "fetched %s (%d bytes)\n", u, size)
}
func (p *plainProgress) Unchanged(u string) { fmt.Fprintf(p.env.Stdout, "unchanged %s\n", u) }
func (p *plainProgress) Removed(u string)   { fmt.Fprintf(p.env.Stdout, "removed %s\n", u) }
func (p *plainProgress) Failed(u string, err error) {
	fmt.Fprintln(p.env.Stderr, failureText(u, err))
}
func (p *plainProgress) Problem(pr feeds.Problem) { fmt.Fprintln(p.env.Stderr, pr) }
func (p *plainProgress) finish(dir string, sum cse.Summary, err error) error {
	return p.summary(dir, sum, err)
}

// lineProgress keeps one status line up to date on standard error, a
// terminal: files and bytes so far and the file being fetched. Failures
// and problems are printed above it.
type lineProgress struct {
	progressBase
	files   int
	bytes   int64
	current string
}

func (p *lineProgress) Start(u string) {
	p.current = u
	p.draw()
}

func (p *lineProgress) Fetched(_ string, size int64) {
	p.files++
	p.bytes += size
	p.draw()
}

func (p *lineProgress) Unchanged(string)           { p.draw() }
func (p *lineProgress) Removed(string)             {}
func (p *lineProgress) Failed(u string, err error) { p.above(failureText(u, err)) }
func (p *lineProgress) Problem(pr feeds.Problem)   { p.above(pr.String()) }
func (p *lineProgress) finish(dir string, sum cse.Summary, err error) error {
	io.WriteString(p.env.Stderr, "\r\x1b[K")
	return p.summary(dir, sum, err)
}

func (p *lineProgress) above(line string) {
	fmt.Fprintf(p.env.Stderr, "\r\x1b[K%s\n", line)
	p.draw()
}

func (p *lineProgress) draw() {
	status := fmt.Sprintf("%d files, %s  ", p.files, humanBytes(p.bytes))
	room := 78 - len(status)
	cur := p.current
	if len(cur) > room && room > 1 {
		cur = "…" + cur[len(cur)-room+1:]
	}
	fmt.Fprintf(p.env.Stderr, "\r\x1b[K%s%s", status, cur)
}
