package tui

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// runCtx runs feedsync in h with ctx, which a test cancels as an
// interrupt would, and standard input stdin. It returns when Run does.
func (h *harness) runCtx(ctx context.Context, stdin io.Reader, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	env := &Env{Stdin: stdin, Stdout: lockedWriter(&out), Stderr: lockedWriter(&errb),
		Getenv: func(k string) string { return h.env[k] }}
	code := Run(ctx, args, env)
	return code, out.String(), errb.String()
}

// lockedWriter is w, safe for the goroutine an interrupt leaves behind.
func lockedWriter(w io.Writer) io.Writer { return &syncWriter{w: w} }

type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// within runs f and fails the test if it has not returned after a while:
// a guard against a command that ignores an interrupt, not a speed check.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the command did not stop at the interrupt")
	}
}

// TestInterruptStopsACommandAtOnce guards QA's S1: Ctrl-C during a long
// merge was ignored (main.go's context reached only lock waits and
// downloads): the merge ran on for 6.5 s, wrote OUT and exited 1. An
// interrupt stops a command at once, whatever it is doing (here: reading
// a standard input that never ends), with exit 130, one line saying so,
// and nothing written.
func TestInterruptStopsACommandAtOnce(t *testing.T) {
	h := newHarness(t)
	good := h.write("good.xml", oneItem)
	out := h.path("out.xml")
	for _, args := range [][]string{
		{"merge", "-", good, "-o", out},
		{"merge", "-", good},
		{"update", "-", "--id", "item1", "--title", "x", "--by", "A", "-o", out},
		{"validate", "-"},
		{"conflicts", "-"},
		{"git-merge", good, "-", good},
	} {
		t.Run(strings.Join(args[:2], " "), func(t *testing.T) {
			stdin, w := io.Pipe() // never written: the command waits on it
			defer w.Close()
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(50*time.Millisecond, cancel)
			var code int
			var stdout, stderr string
			within(t, func() { code, stdout, stderr = h.runCtx(ctx, stdin, args...) })
			if code != ExitInterrupted || stdout != "" || stderr != "feedsync "+args[0]+": interrupted; nothing was written\n" {
				t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
			}
			if _, err := os.Lstat(out); err == nil {
				t.Error("OUT was written")
			}
		})
	}
	if h.read("good.xml") != oneItem {
		t.Error("git-merge's CURRENT was written")
	}
}

// TestInterruptJustBeforeTheSaveWritesNothing: an interrupt that comes
// after the work is done but before the save starts still writes nothing.
func TestInterruptJustBeforeTheSaveWritesNothing(t *testing.T) {
	h := newHarness(t)
	feed := h.write("f.xml", oneItem)
	ctx, cancel := context.WithCancel(context.Background())
	beforeSave = func(string) { cancel() }
	defer func() { beforeSave = nil }()
	var code int
	var stderr string
	within(t, func() {
		code, _, stderr = h.runCtx(ctx, strings.NewReader(""), "update", feed, "--id", "item1", "--title", "x", "--by", "A", "-o", feed)
	})
	if code != ExitInterrupted || stderr != "feedsync update: interrupted; nothing was written\n" {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if h.read("f.xml") != oneItem {
		t.Error("the feed was written")
	}
}

// TestInterruptDuringASaveLetsItFinish: a save that has begun when the
// interrupt comes is finished, and the command's own result reported: an
// atomic save is quick, and saying "nothing was written" would be untrue.
func TestInterruptDuringASaveLetsItFinish(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	saved := false
	var err error
	within(t, func() {
		err = interruptible(ctx, &Env{Stdout: io.Discard, Stderr: io.Discard}, func(env *Env) error {
			return env.stop.save(func() error {
				cancel()
				time.Sleep(50 * time.Millisecond) // the interrupt is seen meanwhile
				saved = true
				return nil
			})
		})
	})
	if err != nil || !saved {
		t.Fatalf("err %v, saved %v: the save begun was not let finish", err, saved)
	}
}

// TestInterruptWhileWaitingForTheLock guards QA's S1: Ctrl-C while waiting
// for OUT's lock said "locked by another writer; gave up after 1s".
func TestInterruptWhileWaitingForTheLock(t *testing.T) {
	h := newHarness(t)
	feed := h.write("f.xml", oneItem)
	held, err := atomicfile.Acquire(context.Background(), feed)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Release()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	var code int
	var stderr string
	within(t, func() {
		code, _, stderr = h.runCtx(ctx, strings.NewReader(""), "update", feed, "--id", "item1", "--title", "x", "--by", "A", "-o", feed)
	})
	if code != ExitInterrupted || stderr != "feedsync update: interrupted; nothing was written\n" {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestPanicAfterAnInterruptibleStartIsReported: a panic in a command that
// runs beside the interrupt watch is reported as Run reports any panic.
func TestPanicInAnInterruptibleCommandIsReported(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr bytes.Buffer
	err := interruptible(ctx, &Env{Stdout: io.Discard, Stderr: &stderr}, func(*Env) error {
		var m map[string]int
		m["x"] = 1
		return nil
	})
	code := exitCode(&stderr, "merge", err, nil)
	if code != ExitError || !strings.HasPrefix(stderr.String(), "feedsync merge: bug: assignment to entry in nil map in tui.TestPanicInAnInterruptibleCommandIsReported.func") ||
		strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	if errors.Is(err, context.Canceled) {
		t.Error("a panic read as an interrupt")
	}
}
