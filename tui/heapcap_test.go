package tui

import (
	"bytes"
	"context"
	"math"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

// TestCapForGrowsWithWhatIsReadAndKeepsRoom: the cap is capFloor until
// capFloor/capPer bytes are read, then capPer per byte read; it is never
// below capRoom times the live heap, and never goes down.
func TestCapForGrowsWithWhatIsReadAndKeepsRoom(t *testing.T) {
	const mib = 1 << 20
	big := int64(200 * mib)
	for _, c := range []struct {
		read, live, now, want int64
	}{
		{0, 0, 0, capFloor},
		{mib, 0, capFloor, capFloor},
		{big, 0, capFloor, int64(capPer * float64(big))},
		{big, 250 * mib, 0, int64(capRoom * float64(250*mib))},
		{big, mib, 900 * mib, 900 * mib},
	} {
		if got := capFor(c.read, c.live, c.now, capRoom); got != c.want {
			t.Errorf("capFor(read %d, live %d, now %d) = %d, want %d", c.read, c.live, c.now, got, c.want)
		}
	}
	// The git merge driver is held to room for a collection as GOGC=100
	// would give it (issue 30 item 2); every other command to capRoom.
	if got, want := capFor(big, 250*mib, 0, capRoomOf("git-merge")), int64(2*float64(250*mib)); got != want {
		t.Errorf("the driver's cap %d, want %d", got, want)
	}
	if capRoomOf("merge") != capRoom {
		t.Errorf("merge is held to %v, want %v", capRoomOf("merge"), capRoom)
	}
}

// TestBatchCommandCapsTheHeapAndLiftsIt: a merge runs under a memory
// limit that grew with the bytes it read, and the limit is the one before
// it once Run returns.
func TestBatchCommandCapsTheHeapAndLiftsIt(t *testing.T) {
	l, r := feedgen.Pair(20_000, 0.1, 3)
	h := newHarness(t)
	lp, rp := h.write("local.xml", string(l)), h.write("remote.xml", string(r))
	var seen int64
	capSet = func(c int64) { seen = max(seen, c) }
	defer func() { capSet = nil }()
	env := &Env{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{},
		Getenv: func(k string) string { return h.env[k] }}
	if code := Run(context.Background(), []string{"merge", lp, rp, "-o", h.path("out.xml")}, env); code > 1 {
		t.Fatalf("merge: exit %d: %s", code, env.Stderr)
	}
	if want := int64(capPer * float64(len(l)+len(r))); seen < want {
		t.Errorf("the cap reached %d during the merge, want at least %d for %d bytes read", seen, want, len(l)+len(r))
	}
	if got, want := lastRead(), int64(len(l)+len(r)); got != want {
		t.Errorf("the cap grew by %d bytes read, want %d (LOCAL and REMOTE)", got, want)
	}
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("the memory limit is %d after the merge, want none", got)
	}
}

// TestACapTheUserSetIsLeft: with GOMEMLIMIT set (here by the test, as
// the runtime sets it from the environment), a batch command leaves it.
func TestACapTheUserSetIsLeft(t *testing.T) {
	const mine = 3 << 30
	old := debug.SetMemoryLimit(mine)
	defer debug.SetMemoryLimit(old)
	capSet = func(c int64) { t.Errorf("the cap was set to %d under the user's limit", c) }
	defer func() { capSet = nil }()
	l, _ := feedgen.Pair(10, 0, 1)
	h := newHarness(t)
	p := h.write("feed.xml", string(l))
	env := &Env{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{},
		Getenv: func(k string) string { return h.env[k] }}
	if code := Run(context.Background(), []string{"validate", p}, env); code != 0 {
		t.Fatalf("validate: exit %d: %s", code, env.Stderr)
	}
	if got := debug.SetMemoryLimit(-1); got != mine {
		t.Errorf("the memory limit is %d after the command, want the user's %d", got, mine)
	}
}

// TestTheCapRisesAboveALiveHeapThatOutgrowsIt: when what a command holds
// outgrows the cap, the check after the next collection raises the cap
// to capRoom times it, so that the collector does not run without end.
func TestTheCapRisesAboveALiveHeapThatOutgrowsIt(t *testing.T) {
	lift := capHeap(capRoom)
	defer lift()
	held := make([]byte, 2*capFloor) // live, and twice the cap
	for i := range held {
		held[i] = byte(i)
	}
	want := int64(capRoom * float64(len(held)))
	deadline := time.Now().Add(10 * time.Second)
	for {
		runtime.GC()
		heapCap.Lock()
		got := heapCap.cap
		heapCap.Unlock()
		if got >= want {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cap is %d with %d bytes live, want at least %d", got, len(held), want)
		}
		time.Sleep(10 * time.Millisecond)
	}
	runtime.KeepAlive(held)
}

// TestCappingLeavesGOGCToLoads: capHeap reads GOGC without setting it,
// so a load that overlaps it (loading, which sets GOGC and sets it back)
// never sees the collector off, and GOGC is what it was once both end.
// Reading GOGC by setting it off and back lost a load's raise, or left
// the collector off or at 400 for good, when a load began or ended in
// between.
func TestCappingLeavesGOGCToLoads(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	done := make(chan struct{})
	off := make(chan int, 1)
	go func() {
		defer close(done)
		for i := 0; i < 2000; i++ {
			if gogc() < 0 {
				off <- i
				return
			}
			loading()()
		}
	}()
	for running := true; running; {
		select {
		case <-done:
			running = false
		default:
			capHeap(capRoom)()
		}
	}
	select {
	case i := <-off:
		t.Errorf("load %d saw the collector off while batch commands began", i)
	default:
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC is %d once the loads and commands ended, want 100", got)
	}
}

// TestGOGCOffIsLeftUncapped: with the collector off (GOGC=off, here set
// by the test), capHeap sets no limit, which would turn it back on.
func TestGOGCOffIsLeftUncapped(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	capSet = func(c int64) { t.Errorf("the cap was set to %d with GOGC=off", c) }
	defer func() { capSet = nil }()
	capHeap(capRoom)()
	if got := gogc(); got != -1 {
		t.Errorf("gogc() = %d with the collector off, want -1", got)
	}
}

// lastRead returns the bytes the last batch commands under the cap read
// (heapCap.read, which their end leaves as it was).
func lastRead() int64 {
	heapCap.Lock()
	defer heapCap.Unlock()
	return heapCap.read
}

// TestPullAndSyncCapByWhatTheyRead: pull and sync read LOCAL and the feed
// downloaded through package share, whose reads grow the cap as a merge's
// do: the cap is not left at capFloor, collecting at 1.25 times the live
// heap, for a big feed. (The bytes read were not counted before.)
func TestPullAndSyncCapByWhatTheyRead(t *testing.T) {
	if debug.SetMemoryLimit(-1) != math.MaxInt64 {
		t.Skip("GOMEMLIMIT is set: no cap")
	}
	l, r := feedgen.Pair(50, 0.2, 3)
	url := feedServer(t, string(r)).URL + "/feed.xml"
	for _, cmd := range []string{"pull", "sync"} {
		t.Run(cmd, func(t *testing.T) {
			h := newHarness(t)
			local := h.write("local.xml", string(l))
			env := &Env{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{},
				Getenv: func(k string) string { return h.env[k] }}
			args := []string{cmd, local, url, "--by", "me", "--when", "2024-01-01T00:00:00Z"}
			Run(context.Background(), args, env)
			if got, want := lastRead(), int64(len(l)+len(r)); got < want {
				t.Errorf("%s: the cap grew by %d bytes read, want at least %d (LOCAL and the feed); stderr: %s", cmd, got, want, env.Stderr)
			}
		})
	}
}
