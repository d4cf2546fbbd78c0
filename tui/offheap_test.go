package tui

import (
	"bytes"
	"context"
	"io"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/fetch"
)

// TestBatchCommandsReadOffTheHeapAndGiveItBack: merge, conflicts and
// validate of feeds larger than fetch.OffHeapMin read them off the heap,
// write and print what the library gives for the same feeds read onto
// it, and hold nothing once Run returns; a command that keeps what it
// reads (the resolver, the hub) reads onto the heap.
func TestBatchCommandsReadOffTheHeapAndGiveItBack(t *testing.T) {
	l, r := feedgen.Pair(5_000, 0.1, 3)
	if len(l) < fetch.OffHeapMin {
		t.Fatalf("a pair of %d bytes is read onto the heap", len(l))
	}
	h := newHarness(t)
	lp, rp := h.write("local.xml", string(l)), h.write("remote.xml", string(r))
	env := &Env{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{},
		Getenv: func(k string) string { return h.env[k] }}
	if code := Run(context.Background(), []string{"merge", lp, rp, "-o", h.path("out.xml")}, env); code > 1 {
		t.Fatalf("merge: exit %d: %s", code, env.Stderr)
	}
	if env.offHeap != nil {
		t.Error("merge returned holding what it read")
	}
	ld, err := dialect.Parse("local.xml", l)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := dialect.Parse("remote.xml", r)
	if err != nil {
		t.Fatal(err)
	}
	m, err := dialect.Merge(ld, rd)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if _, err := m.WriteTo(&want); err != nil {
		t.Fatal(err)
	}
	if got := h.read("out.xml"); got != want.String() {
		t.Errorf("merge wrote %d bytes off the heap, the library %d on it", len(got), want.Len())
	}
	for _, args := range [][]string{{"conflicts", h.path("out.xml"), "--json"}, {"validate", h.path("out.xml")}} {
		code, out, stderr := h.run("", args...)
		if code > 1 || out == "" && stderr == "" {
			t.Errorf("%s: exit %d, %q %q", args[0], code, out, stderr)
		}
		if code2, out2, _ := h.run("", args...); code2 != code || out2 != out {
			t.Errorf("%s gave two answers", args[0])
		}
	}
	for _, name := range []string{"resolve", "serve", "demo", "cse", "git-mergetool"} {
		if batchCommands[name] {
			t.Errorf("%s keeps what it reads, but reads it off the heap", name)
		}
	}
}

// TestInterruptedCommandReadsItsFeedsUntilItEnds: an interrupt returns
// from a batch command at once (interruptible) while the command's work
// goes on until the process exits; what it read off the heap is given
// back when that work ends, not when Run returns. It was given back when
// Run returned: the merge, still reading LOCAL's strings, faulted
// ("unexpected fault address", the process killed).
func TestInterruptedCommandReadsItsFeedsUntilItEnds(t *testing.T) {
	l, r := feedgen.Pair(5_000, 0.1, 3)
	h := newHarness(t)
	lp, out := h.write("local.xml", string(l)), h.path("out.xml")
	merged := make(chan struct{})
	beforeSave = func(string) { close(merged) }
	defer func() { beforeSave = nil }()
	ctx, cancel := context.WithCancel(context.Background())
	returned := make(chan struct{})
	stdin := &interruptingReader{cancel: cancel, returned: returned, r: bytes.NewReader(r)}
	code, _, stderr := h.runCtx(ctx, stdin, "merge", lp, "-", "-o", out)
	close(returned)
	if code != ExitInterrupted {
		t.Errorf("exit %d: %s", code, stderr)
	}
	select {
	case <-merged: // the merge read LOCAL whole after Run returned
	case <-time.After(time.Minute):
		t.Fatal("the interrupted merge did not reach its save")
	}
}

// interruptingReader is a standard input that interrupts the command
// when first read, once LOCAL, read beside it, is in its mapping, and
// gives REMOTE once Run has returned.
type interruptingReader struct {
	cancel   context.CancelFunc
	returned chan struct{}
	once     sync.Once
	r        io.Reader
}

func (s *interruptingReader) Read(p []byte) (int, error) {
	s.once.Do(func() {
		time.Sleep(200 * time.Millisecond) // LOCAL is read meanwhile
		s.cancel()
		<-s.returned
	})
	return s.r.Read(p)
}

// TestPanicReportReadsWhatTheCommandRead: a panic in a batch command is
// reported (bugReport) before what the command read off the heap is given
// back: its value may be made of a feed's bytes. The report read them
// after Run had given them back, and faulted.
func TestPanicReportReadsWhatTheCommandRead(t *testing.T) {
	l, _ := feedgen.Pair(5_000, 0.1, 3)
	h := newHarness(t)
	lp := h.write("local.xml", string(l))
	saved := commands
	defer func() { commands = saved }()
	commands = []command{{name: "validate", run: func(_ context.Context, env *Env, args []string) error {
		data, err := readSource(context.Background(), env, args[0])
		if err != nil {
			return err
		}
		panic(feedText(data[len(data)-8:]))
	}}}
	code, _, stderr := h.run("", "validate", lp)
	if want := "bug: " + string(l[len(l)-8:]); code != ExitError || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, %q; want %d and %q", code, stderr, ExitError, want)
	}
}

// feedText is a panic value that reads a feed's bytes when printed.
type feedText []byte

func (f feedText) String() string { return string(f) }

// TestLoadingsThatOverlapSetTheCollectorBack: two loads at once (two
// commands Run in one process) raise GOGC while either runs and set it
// back to what it was when both are done, in whichever order they end.
// The first to start set it back under the second, and the second left
// it at 400 for good.
func TestLoadingsThatOverlapSetTheCollectorBack(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	a, b := loading(), loading()
	a()
	if got := debug.SetGCPercent(-1); got != 400 {
		t.Errorf("GOGC %d while one load runs, want 400", got)
	}
	debug.SetGCPercent(400)
	b()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC %d after both loads, want 100", got)
	}
}

// TestPanicInTheWriteWaitsForTheStore: a panic while the result is
// written is reported once the store, recording what leaves on another
// goroutine, is done with what the command read: it went on reading the
// feeds after Run had given them back, and faulted.
func TestPanicInTheWriteWaitsForTheStore(t *testing.T) {
	l, r := feedgen.Pair(5_000, 0.5, 3)
	h := newHarness(t)
	lp, rp, out := h.write("local.xml", string(l)), h.write("remote.xml", string(r)), h.path("out.xml")
	saved := commands
	defer func() { commands = saved }()
	commands = []command{{name: "merge", run: func(ctx context.Context, env *Env, args []string) error {
		return writing(ctx, env, out, nil, func(env *Env) error {
			local, remote, err := loadPair(ctx, env, lp, rp)
			if err != nil {
				return err
			}
			merged, err := dialect.Merge(local, remote)
			if err != nil {
				return err
			}
			return finish(env, out, panicking{merged})
		})
	}}}
	for range 5 {
		code, _, stderr := h.run("", "merge")
		if code != ExitError || !strings.Contains(stderr, "bug: writing") {
			t.Fatalf("exit %d, %q; want %d and the bug", code, stderr, ExitError)
		}
	}
}

// panicking is a result whose write panics.
type panicking struct{ *dialect.Doc }

func (p panicking) WriteTo(io.Writer) (int64, error) { panic("writing") }
