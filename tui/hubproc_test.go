//go:build unix

package tui

import (
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// The hub of TestHubLoopback: a 'feedsync serve' process, started, killed
// and stopped, and the last checks.

// hubProc is a running 'feedsync serve'.
type hubProc struct {
	cmd    *exec.Cmd
	out    *lines
	exited chan struct{} // closed once the process has exited
}

// start starts the hub, with a window chosen anew, on the port it had
// (the first time, or when that is taken, on any).
func (lb *loopback) start() {
	lb.window = []string{"", "", "3", "10"}[lb.rng.IntN(4)]
	for _, port := range []string{lb.port, "0"} {
		args := []string{"serve", lb.feed, "--addr", "127.0.0.1:" + port}
		if lb.window != "" {
			args = append(args, "--window", lb.window)
		}
		p := &hubProc{cmd: exec.Command(lb.bin, args...), out: &lines{}, exited: make(chan struct{})}
		p.cmd.Env, p.cmd.Stderr = lb.env, p.out
		if err := p.cmd.Start(); err != nil {
			lb.fatalf("%v", err)
		}
		go func() { p.cmd.Wait(); close(p.exited) }()
		if url, ok := p.wait(); ok {
			lb.mu.Lock()
			lb.hub, lb.url, lb.up = p, url, true
			lb.port = url[strings.LastIndex(url[:len(url)-1], ":")+1 : len(url)-1]
			lb.mu.Unlock()
			return
		}
		if port == "0" || !strings.Contains(p.out.String(), "address already in use") {
			lb.fatalf("the hub did not start (%s):\n%s", strings.Join(args, " "), p.out)
		}
	}
}

// wait waits a minute at most for the hub to say where it serves.
func (p *hubProc) wait() (string, bool) {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if m := servingAt.FindStringSubmatch(p.out.String()); m != nil {
			return m[1], true
		}
		select {
		case <-p.exited:
			return "", false
		case <-time.After(20 * time.Millisecond):
		}
	}
	p.cmd.Process.Kill()
	<-p.exited
	return "", false
}

// goingDown marks the hub down, before it is.
func (lb *loopback) goingDown() {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	lb.up = false
	lb.downs++
}

// kill kills the hub with SIGKILL, wherever it is.
func (lb *loopback) kill() {
	lb.goingDown()
	lb.hub.cmd.Process.Signal(syscall.SIGKILL)
	<-lb.hub.exited
	lb.hub = nil
	lb.kills++
}

// stop stops the hub with SIGTERM, which lets the requests under way end:
// it must exit 0 within 30 s.
func (lb *loopback) stop() {
	lb.goingDown()
	lb.hub.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-lb.hub.exited:
	case <-time.After(30 * time.Second):
		lb.hub.cmd.Process.Kill()
		<-lb.hub.exited
		lb.fatalf("the hub did not stop within 30 s of SIGTERM:\n%s", lb.hub.out)
	}
	if code := lb.hub.cmd.ProcessState.ExitCode(); code != 0 {
		lb.t.Errorf("the hub exited %d after SIGTERM (-loopback.seed=%d):\n%s", code, lb.seed, lb.hub.out)
	}
	lb.hub = nil
	lb.stops++
}

// checkServed checks that the complete feed the hub serves holds every
// change of cs.
func (lb *loopback) checkServed(what string, cs lbChanges) {
	c := &http.Client{Timeout: time.Minute}
	resp, err := c.Get(lb.url + "complete")
	if err != nil {
		lb.fatalf("%s: %v", what, err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		lb.fatalf("%s: %s %v\n%s", what, resp.Status, err, body)
	}
	doc, err := dialect.Parse("complete", body)
	if err != nil {
		lb.fatalf("%s: %v", what, err)
	}
	lbCheckHolds(lb.t, lb.seed, what, doc, cs)
}

// checkFeed checks FEED on disk: it holds every change accepted, and
// 'feedsync validate' passes it.
func (lb *loopback) checkFeed(what string) *dialect.Doc {
	doc, err := lbRead(lb.feed)
	if err != nil {
		lb.fatalf("%s: %v", what, err)
	}
	lbCheckHolds(lb.t, lb.seed, what, doc, lb.accepted)
	if code, stderr := lb.run("validate", lb.feed); code != 0 {
		lb.t.Errorf("%s: feedsync validate: exit %d: %s (-loopback.seed=%d)", what, code, stderr, lb.seed)
	}
	return doc
}

// finish stops the hub cleanly and checks FEED; then starts it again,
// syncs every endpoint twice, one at a time, stops it, and checks that
// every endpoint holds what FEED holds.
func (lb *loopback) finish() {
	lb.stop()
	lb.checkFeed("FEED on disk after a clean stop")
	lb.start()
	lb.checkServed("the complete feed after the last start", lb.accepted)
	for range 2 {
		for _, e := range lb.eps {
			lb.sync(e)
		}
	}
	lb.stop()
	want := lbSyncData(lb.checkFeed("FEED on disk after the last syncs"))
	for _, e := range lb.eps {
		doc, err := lbRead(e.local)
		if err != nil {
			lb.t.Errorf("%s: %v (-loopback.seed=%d)", e.by, err, lb.seed)
			continue
		}
		if d := lbDifferences(want, lbSyncData(doc), 5); len(d) > 0 {
			lb.t.Errorf("%s has not converged with the hub (-loopback.seed=%d):\n\t%s", e.by, lb.seed, strings.Join(d, "\n\t"))
		}
	}
	lb.t.Log(fmt.Sprintf("the hub's feed holds %d items", len(want)))
}
