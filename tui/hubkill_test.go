//go:build unix

package tui

import (
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedgen"
)

// $ go test ./tui -run TestHubLoopback -v
// $ go test ./tui -run TestHubLoopback -loopback.seed=N -loopback.rounds=40 -loopback.endpoints=8
var (
	loopbackSeed   = flag.Uint64("loopback.seed", 0, "seed of TestHubLoopback's choices (0: from the clock)")
	loopbackRounds = flag.Int("loopback.rounds", 0, "rounds of TestHubLoopback (0: 12, 3 with -short)")
	// More endpoints than the hub takes POSTs at once (4) make it answer
	// 503, which sync sends again.
	loopbackEndpoints = flag.Int("loopback.endpoints", 4, "endpoints of TestHubLoopback")
)

// TestHubLoopback is issue 21's loopback property test, on the real
// binary: 'feedsync serve FEED' on 127.0.0.1 (a generated feed of 300
// items, FeedSync 1.0.2 Atom or SSE 0.91 RSS as the seed is even or odd),
// four endpoints (-loopback.endpoints) that create, change, delete and
// undelete items of their LOCAL ('feedsync create', 'update'; the first
// 15 items most, so that conflicts arise) and sync, other commands
// changing FEED while the hub serves it, and the hub killed with SIGKILL
// (or stopped with SIGTERM) up to twice a round at random moments and
// started again at once, on the same port when it is free, with a window
// chosen anew. Each round runs all of these at once.
//
// A change is accepted when the command that made it reported success: a
// sync that exited 0 or 1 (conflicts remain) has given the hub every item
// its LOCAL held before it (the hub answered its POST, or held them
// already); a create or update of FEED that exited 0 or 1 wrote it
// (what holding a change means in each dialect: see lbAccepted). A
// sync cut off by a kill may or may not have been taken and is not
// counted. After each restart the complete feed the hub serves must hold
// every change accepted before it went down; after a clean stop
// (SIGTERM), so must FEED on disk, which 'feedsync validate' passes;
// after two more rounds of syncs, one endpoint at a time, every endpoint
// holds the items of FEED with the same sync data and data, conflicts
// included.
//
// The seed decides the choices (which command, which item, when to kill;
// it is in each failure message); what the commands find depends on the
// moments processes meet, so a seed repeats the choices, not always the
// failure. A sync that fails while the hub was up fails the test.
func TestHubLoopback(t *testing.T) {
	seed := *loopbackSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	rounds := *loopbackRounds
	if rounds == 0 {
		rounds = 12
		if testing.Short() {
			rounds = 3
		}
	}
	t.Logf("-loopback.seed=%d, %d rounds", seed, rounds)
	lb := newLoopback(t, seed)
	lb.start()
	for r := range rounds {
		lb.round(r)
	}
	lb.finish()
	t.Logf("%d syncs accepted, %d cut off; %d changes of FEED by other commands; %d kills, %d clean stops; %d changes checked",
		lb.syncs, lb.cutOff, lb.edits, lb.kills, lb.stops, len(lb.accepted))
}

// loopback is the world of TestHubLoopback.
type loopback struct {
	t    *testing.T
	seed uint64
	rng  *rand.Rand
	bin  string
	env  []string
	feed string // the hub's FEED
	eps  []*lbEndpoint

	hub    *hubProc
	port   string // the port the hub listens on, kept across restarts
	window string
	url    string
	up     bool // the hub serves at url
	downs  int  // the times it was killed or stopped

	mu                  sync.Mutex
	accepted            lbChanges
	syncs, cutOff       int
	edits, kills, stops int
}

// lbEndpoint is an endpoint with a LOCAL of its own.
type lbEndpoint struct {
	by    string
	local string
	made  int // items created
}

func newLoopback(t *testing.T, seed uint64) *loopback {
	dir := t.TempDir()
	lb := &loopback{t: t, seed: seed, rng: rand.New(rand.NewPCG(seed, 0)), bin: builtFeedsync(t),
		env:  append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "FEEDSYNC_BY="),
		feed: filepath.Join(dir, "hub", "hub.xml"), port: "0"}
	if err := os.MkdirAll(filepath.Dir(lb.feed), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range *loopbackEndpoints {
		e := &lbEndpoint{by: fmt.Sprintf("E%d", i+1), local: filepath.Join(dir, fmt.Sprintf("e%d", i+1), "local.xml")}
		if err := os.MkdirAll(filepath.Dir(e.local), 0o755); err != nil {
			t.Fatal(err)
		}
		lb.eps = append(lb.eps, e)
	}
	// FeedSync 1.0.2 Atom or SSE 0.91 RSS, of a size where a POST takes
	// long enough for kills to land in it now and then.
	pair, dl := feedgen.Pair, "FeedSync 1.0.2 Atom"
	if seed%2 == 1 {
		pair, dl = feedgen.PairSSE, "SSE 0.91 RSS"
	}
	data, _ := pair(300, 0.1, int64(seed%1000))
	t.Logf("a hub of %s", dl)
	if err := os.WriteFile(lb.feed, data, 0o644); err != nil {
		t.Fatal(err)
	}
	doc, err := dialect.Parse("feed", data)
	if err != nil {
		t.Fatal(err)
	}
	lb.accepted = lbChanges{}
	lb.accepted.add(lbNewest(doc, "the feed at the start")...)
	t.Cleanup(func() {
		if lb.hub != nil {
			lb.hub.cmd.Process.Kill()
			<-lb.hub.exited
		}
	})
	return lb
}

// fatalf ends the test, naming the seed.
func (lb *loopback) fatalf(format string, args ...any) {
	lb.t.Helper()
	lb.t.Fatalf(format+" (-loopback.seed=%d)", append(args, lb.seed)...)
}

// run runs feedsync with args, bounded in time, and returns its exit code
// and standard error.
func (lb *loopback) run(args ...string) (int, string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, lb.bin, args...)
	cmd.Env = lb.env
	var errb strings.Builder
	cmd.Stdout, cmd.Stderr = io.Discard, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		return -1, "timed out: " + errb.String()
	}
	if err != nil && cmd.ProcessState == nil {
		return -1, err.Error()
	}
	return cmd.ProcessState.ExitCode(), errb.String()
}

// round runs every endpoint and an editor of FEED, all at once, while
// the hub is killed (SIGKILL) or stopped (SIGTERM) up to twice at random
// moments and started again at once. After each start, the complete feed
// it serves must hold every change accepted before it went down.
func (lb *loopback) round(r int) {
	var wg sync.WaitGroup
	for i, e := range lb.eps {
		rng := rand.New(rand.NewPCG(lb.seed, uint64(r*100+i+1)))
		wg.Go(func() { lb.endpoint(e, rng) })
	}
	edits := rand.New(rand.NewPCG(lb.seed, uint64(r*100+99)))
	wg.Go(func() { lb.editFeed(edits, r) })
	for range lb.rng.IntN(3) {
		time.Sleep(time.Duration(lb.rng.IntN(500)) * time.Millisecond)
		if lb.rng.IntN(5) == 0 {
			lb.stop()
		} else {
			lb.kill()
		}
		lb.mu.Lock()
		before := maps.Clone(lb.accepted)
		lb.mu.Unlock()
		lb.start()
		lb.checkServed(fmt.Sprintf("round %d: the complete feed after a restart", r), before)
	}
	wg.Wait()
}

// endpoint changes LOCAL and syncs, once or twice.
func (lb *loopback) endpoint(e *lbEndpoint, rng *rand.Rand) {
	for range 1 + rng.IntN(2) {
		for range rng.IntN(3) {
			lb.change(e, rng)
		}
		lb.sync(e)
	}
}

// change makes one change to LOCAL, once it exists: a new item, or a
// new title, a deletion or an undeletion of one it holds.
func (lb *loopback) change(e *lbEndpoint, rng *rand.Rand) {
	doc, err := lbRead(e.local)
	if os.IsNotExist(err) {
		return
	}
	if err != nil {
		lb.t.Errorf("%s: %v (-loopback.seed=%d)", e.local, err, lb.seed)
		return
	}
	es := doc.Entries()
	args := []string{"update", e.local, "--by", e.by, "-o", e.local}
	if len(es) == 0 || rng.IntN(4) == 0 {
		e.made++
		args = []string{"create", e.local, "--by", e.by, "-o", e.local, "--id", fmt.Sprintf("%s-%d", e.by, e.made), "--title", "new"}
	} else {
		it := lbPick(es, rng)
		args = append(args, "--id", it.ID())
		switch deleted := it.Winner().Deleted(); {
		case deleted && rng.IntN(2) == 0:
			args = append(args, "--undelete")
		case !deleted && rng.IntN(6) == 0:
			args = append(args, "--delete")
		default:
			args = append(args, "--title", fmt.Sprintf("%s %d", e.by, rng.Uint32()))
		}
	}
	if code, stderr := lb.run(args...); code != 0 && code != 1 {
		lb.t.Errorf("%s: exit %d: %s (-loopback.seed=%d)", strings.Join(args, " "), code, stderr, lb.seed)
	}
}

// sync syncs the endpoint with the hub. A sync that succeeds (exit 0, or
// 1 for conflicts left) has given the hub what LOCAL held before it. One
// that fails must have met the hub down: started while it was, or cut off
// by a kill or a stop; otherwise it fails the test.
func (lb *loopback) sync(e *lbEndpoint) {
	var before []lbAccepted
	if doc, err := lbRead(e.local); err == nil {
		before = lbNewest(doc, "a sync by "+e.by)
	}
	lb.mu.Lock()
	url, up, downs := lb.url, lb.up, lb.downs
	lb.mu.Unlock()
	code, stderr := lb.run("sync", e.local, url, "--by", e.by)
	lb.mu.Lock()
	defer lb.mu.Unlock()
	if code == 0 || code == 1 {
		lb.syncs++
		lb.accepted.add(before...)
		return
	}
	lb.cutOff++
	if up && downs == lb.downs {
		lb.t.Errorf("sync %s %s, the hub up all along: exit %d: %s (-loopback.seed=%d)", e.local, url, code, stderr, lb.seed)
	}
}

// editFeed changes FEED as other commands do while the hub serves it (or
// lies dead): new items, new titles, deletions and undeletions, and
// conflicts resolved with the winner. Each change has an endpoint id of
// its own, so that the change is known by it.
func (lb *loopback) editFeed(rng *rand.Rand, r int) {
	for k := range 1 + rng.IntN(3) {
		time.Sleep(time.Duration(rng.IntN(300)) * time.Millisecond)
		by := fmt.Sprintf("H%d-%d", r, k)
		doc, err := lbRead(lb.feed)
		if err != nil {
			lb.t.Errorf("%s: %v (-loopback.seed=%d)", lb.feed, err, lb.seed)
			return
		}
		id, args := lbFeedEdit(doc, by, rng)
		code, stderr := lb.run(append(args, "--by", by, "-o", lb.feed)...)
		if code != 0 && code != 1 {
			if lbOvertaken(lb.feed, id, stderr) {
				continue // the hub changed the item between the read and the command, which refused rightly
			}
			lb.t.Errorf("%s: exit %d: %s (-loopback.seed=%d)", strings.Join(args, " "), code, stderr, lb.seed)
			continue
		}
		c := lbWritten(lb.feed, id, by)
		lb.mu.Lock()
		lb.edits++
		lb.accepted.add(c)
		lb.mu.Unlock()
	}
}

// lbOvertaken tells whether a command that changed item id of feed was
// refused because the item is no longer what it was when the command was
// chosen (the hub merged a POST into feed meanwhile): a deletion of an
// item now deleted, an undeletion of one now live, a resolution of one
// now in no conflict, each as feed now holds it. Any other refusal is a
// failure.
func lbOvertaken(feed, id, stderr string) bool {
	doc, err := lbRead(feed)
	if err != nil {
		return false
	}
	e, err := doc.Entry(id)
	if err != nil {
		return false
	}
	switch {
	case strings.Contains(stderr, "is already deleted"):
		return e.Winner().Deleted()
	case strings.Contains(stderr, "nothing to undelete"):
		return !e.Winner().Deleted()
	case strings.Contains(stderr, "has no conflicts to resolve"):
		return !e.InConflict()
	}
	return false
}

// lbFeedEdit chooses a change of doc by endpoint by: the item and the
// command's arguments but --by and -o.
func lbFeedEdit(doc *dialect.Doc, by string, rng *rand.Rand) (string, []string) {
	es := doc.Entries()
	if rng.IntN(4) == 0 || len(es) == 0 {
		return by, []string{"create", doc.Name(), "--id", by, "--title", "made beside the hub"}
	}
	e := lbPick(es, rng)
	args := []string{"update", doc.Name(), "--id", e.ID()}
	switch deleted := e.Winner().Deleted(); {
	case e.InConflict() && rng.IntN(2) == 0:
		args = []string{"resolve", doc.Name(), "--id", e.ID(), "--pick", "winner"}
	case deleted && rng.IntN(2) == 0:
		args = append(args, "--undelete")
	case !deleted && rng.IntN(8) == 0:
		args = append(args, "--delete")
	default:
		args = append(args, "--title", "changed beside the hub by "+by)
	}
	return e.ID(), args
}

// lbWritten is the change by of item id that a command wrote to feed, as
// the feed now records it (its number and when); only its author, with
// the number 1, when the feed no longer shows it (in SSE 0.91 a POST
// merged at once may have replaced it).
func lbWritten(feed, id, by string) lbAccepted {
	c := lbAccepted{id: id, by: by, seq: 1, how: "a change of FEED by " + by}
	doc, err := lbRead(feed)
	if err != nil {
		return c
	}
	e, err := doc.Entry(id)
	if err != nil {
		return c
	}
	for _, v := range append([]dialect.Version{e.Winner()}, e.Versions()...) {
		for _, h := range v.History() {
			if h.By == by {
				c.seq, c.when = h.Number, h.When
				return c
			}
		}
	}
	return c
}

// lbPick chooses an item, three times in four among the first 15, so that
// endpoints often change the same items and conflicts arise.
func lbPick(es []dialect.Entry, rng *rand.Rand) dialect.Entry {
	if rng.IntN(4) != 0 {
		return es[rng.IntN(min(15, len(es)))]
	}
	return es[rng.IntN(len(es))]
}
