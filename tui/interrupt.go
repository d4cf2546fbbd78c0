package tui

import (
	"context"
	"errors"
	"io"
	"sync"
)

// Interrupts. main.go turns SIGINT (Ctrl-C) into the cancellation of the
// context every command gets. Parsing and merging a feed do not look at
// it, and need not: a command that reads and writes feeds runs beside the
// watch of interruptible, which on an interrupt returns at once, before
// the command has finished, with errInterrupted (exit 130). What the
// command does after that cannot reach the user: its saves are refused
// (stopGate) and its output dropped, and the process exits; the feeds it
// reads off the heap are given back when it ends (fetch.OffHeap.Use),
// not when Run returns. The rule for a save is "all or nothing": an interrupt before a save begins writes
// nothing; one that comes while a save runs lets it finish (an atomic
// rename, which cannot be half done) and the command ends as it would
// have. Commands that watch the context themselves (serve, pull, sync,
// cse) and the resolver, which owns the terminal, are not run this way:
// an interrupt ends their downloads and waits, and they say "interrupted"
// (exit 130) without claiming that nothing was written.

// errInterrupted is an interrupt that came before the command wrote
// anything.
var errInterrupted = errors.New("interrupted; nothing was written")

// errInterruptedOutput is an interrupt that came while the command wrote
// its result to standard output or a stream, which may be incomplete.
var errInterruptedOutput = errors.New("interrupted while writing the result; the output is incomplete")

// stopGate stands between a command and what it makes visible: a save, or
// output. Once stopped, it lets nothing more through.
type stopGate struct {
	ctx       context.Context
	mu        sync.Mutex
	stopped   bool
	saving    bool // a save has begun: a stop waits for the command
	streaming bool // output has begun
}

// save runs write, which replaces a file, unless the command has been
// interrupted.
func (g *stopGate) save(write func() error) error {
	if g == nil {
		return write()
	}
	return g.run(&g.saving, write)
}

// stream runs write, which writes output that cannot be taken back,
// unless the command has been interrupted. An interrupt does not wait for
// it: a pipe may block for ever.
func (g *stopGate) stream(write func() error) error {
	if g == nil {
		return write()
	}
	return g.run(&g.streaming, write)
}

// run marks begun (one of g's flags, under g.mu) and runs write, unless
// the command has been interrupted.
func (g *stopGate) run(begun *bool, write func() error) error {
	g.mu.Lock()
	if g.stopped || g.ctx.Err() != nil {
		g.stopped = true
		g.mu.Unlock()
		return errInterrupted
	}
	*begun = true
	g.mu.Unlock()
	return write()
}

// stop closes the gate and tells whether a save has begun (the command is
// then waited for) and whether output has.
func (g *stopGate) stop() (saving, streaming bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.stopped = true
	return g.saving, g.streaming
}

// gatedWriter is standard output or error behind a stopGate: writes after
// a stop are dropped. Output (stream) marks the gate as streaming.
type gatedWriter struct {
	g      *stopGate
	w      io.Writer
	output bool
}

func (w gatedWriter) Write(p []byte) (int, error) {
	if w.output {
		err := w.g.stream(func() error { _, err := w.w.Write(p); return err })
		return len(p), err
	}
	w.g.mu.Lock() // a line of standard error is short: keep it whole
	defer w.g.mu.Unlock()
	if w.g.stopped {
		return len(p), nil
	}
	return w.w.Write(p)
}

// interruptible runs a command's work, fn, so that an interrupt (ctx
// cancelled) stops it at once (see above). A panic in fn is reported as
// Run reports one.
func interruptible(ctx context.Context, env *Env, fn func(env *Env) error) error {
	if ctx.Done() == nil || env.stop != nil {
		return fn(env) // nothing can interrupt it, or it runs so already
	}
	g := &stopGate{ctx: ctx}
	sub := *env
	sub.stop = g
	sub.Stdout = gatedWriter{g: g, w: env.Stdout, output: true}
	sub.Stderr = gatedWriter{g: g, w: env.Stderr}
	done := make(chan error, 1)
	// fn may read feeds held off the heap after Run returns and frees
	// them: they are given back when it ends.
	release := env.offHeap.Use()
	go func() {
		defer release()
		defer func() {
			if v := recover(); v != nil {
				done <- bugError(bugReport(v))
			}
		}()
		done <- fn(&sub)
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	switch saving, streaming := g.stop(); {
	case saving:
		return <-done
	case streaming:
		return errInterruptedOutput
	}
	return errInterrupted
}

// bugError is a panic's one-line report (bugReport), made where it was
// recovered.
type bugError string

func (e bugError) Error() string { return string(e) }
