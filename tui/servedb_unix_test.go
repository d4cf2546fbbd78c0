//go:build unix

package tui

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/share/pgtest"
)

// dbHubProc is a real 'feedsync serve --db' process.
type dbHubProc struct {
	cmd  *exec.Cmd
	out  *lines
	url  string // http://127.0.0.1:PORT/
	addr string
}

var servingPort = regexp.MustCompile(`at http://(127\.0\.0\.1:\d+)/NAME`)

func startDBHubProc(t *testing.T, bin, u, addr string, args ...string) *dbHubProc {
	t.Helper()
	p := &dbHubProc{out: &lines{}}
	p.cmd = exec.Command(bin, append([]string{"serve", "--db", u, "--addr", addr}, args...)...)
	p.cmd.Stderr = p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.cmd.Process.Kill(); p.cmd.Wait() })
	for range 1500 {
		if m := servingPort.FindStringSubmatch(p.out.String()); m != nil {
			p.addr, p.url = m[1], "http://"+m[1]+"/"
			return p
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the hub did not start:\n%s", p.out)
	return nil
}

// postOne posts a feed holding one new item; it reports whether the hub
// answered 200.
func postOne(url, id string) (int, error) {
	body := strings.Replace(oneItem, `id="item1"`, `id="`+id+`"`, 1)
	resp, err := (&http.Client{Timeout: 30 * time.Second}).Post(url, "application/rss+xml", strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	return resp.StatusCode, nil
}

// Two real hubs on one database under concurrent posters, one of them
// killed with SIGKILL and started again on its port (issue 28 items 2, 3
// and the contract): it answers HTTP again within seconds, and every POST
// either hub answered 200 is in both hubs' GET and in 'db export'. Then
// two endpoints syncing through the two hubs, with a window, converge.
func TestServeDBKillAndConverge(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	u := pgtest.SharedServer(t).DB(t)
	bin := builtFeedsync(t)
	h := newHarness(t)
	if code, _, errs := h.run("", "db", "import", u, "todo", h.write("todo.xml", oneItem)); code != 0 {
		t.Fatal(errs)
	}
	hubs := []*dbHubProc{
		startDBHubProc(t, bin, u, "127.0.0.1:0", "--window", "3"),
		startDBHubProc(t, bin, u, "127.0.0.1:0", "--window", "3"),
	}
	var mu sync.Mutex
	acked := map[string]bool{}
	codes := map[int]int{}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for p := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				id := fmt.Sprintf("p%d-%d", p, i)
				mu.Lock()
				url := hubs[(p+i)%2].url + "todo"
				mu.Unlock()
				code, err := postOne(url, id)
				mu.Lock()
				codes[code]++
				if err == nil && code == 200 {
					acked[id] = true
				}
				mu.Unlock()
			}
		}()
	}
	time.Sleep(time.Second)
	killed := hubs[0]
	killed.cmd.Process.Signal(syscall.SIGKILL)
	killed.cmd.Wait()
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	again := startDBHubProc(t, bin, u, killed.addr, "--window", "3")
	var answered time.Duration
	for range 300 {
		if resp, err := http.Get(again.url + "todo"); err == nil {
			resp.Body.Close()
			answered = time.Since(start)
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if answered == 0 {
		t.Fatalf("the hub started again on %s does not answer:\n%s", killed.addr, again.out)
	}
	t.Logf("started again on its port after SIGKILL: answered HTTP %v after its start", answered.Round(time.Millisecond))
	mu.Lock()
	hubs[0] = again
	mu.Unlock()
	time.Sleep(time.Second)
	close(stop)
	wg.Wait()
	t.Logf("%d POSTs acknowledged; answers %v", len(acked), codes)
	for code := range codes {
		if code != 200 && code != 0 && code != 503 {
			t.Errorf("%d answers %d", codes[code], code)
		}
	}
	code, exported, errs := h.run("", "db", "export", u, "todo")
	if code != 0 {
		t.Fatal(errs)
	}
	for name, body := range map[string][]byte{"hub 0": get(t, hubs[0].url+"todo/complete"), "hub 1": get(t, hubs[1].url+"todo/complete"), "db export": []byte(exported)} {
		d, err := dialect.Parse(name, body)
		if err != nil {
			t.Fatal(err)
		}
		have := map[string]bool{}
		for _, e := range d.Entries() {
			have[e.ID()] = true
		}
		for id := range acked {
			if !have[id] {
				t.Errorf("%s lacks %s, acknowledged", name, id)
			}
		}
	}

	// Two endpoints syncing through different hubs, with a window, converge.
	dir := t.TempDir()
	ends := []string{filepath.Join(dir, "a.xml"), filepath.Join(dir, "b.xml")}
	for _, e := range ends {
		os.WriteFile(e, []byte(strings.Replace(oneItem, "<item>", "<!--x--><item>", 1)), 0o644)
	}
	feedsync := func(args ...string) int {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+dir)
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() <= 1 {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatalf("feedsync %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return 0
	}
	for round := range 3 {
		for i, e := range ends {
			feedsync("create", e, "--id", fmt.Sprintf("e%d-r%d", i, round), "--title", "new", "--by", fmt.Sprintf("E%d", i), "-o", e)
			feedsync("update", e, "--id", "item1", "--title", fmt.Sprintf("by E%d in round %d", i, round), "--by", fmt.Sprintf("E%d", i), "-o", e)
			feedsync("sync", e, hubs[i].url+"todo", "--by", fmt.Sprintf("E%d", i))
		}
	}
	for i, e := range ends {
		feedsync("sync", e, hubs[i].url+"todo", "--by", fmt.Sprintf("E%d", i))
	}
	_, exported, _ = h.run("", "db", "export", u, "todo")
	want := itemDigests(t, "export", []byte(exported))
	for _, e := range ends {
		data, _ := os.ReadFile(e)
		got := itemDigests(t, e, data)
		if len(got) != len(want) {
			t.Errorf("%s holds %d items, the database %d", e, len(got), len(want))
		}
		for id, sum := range want {
			if got[id] != sum {
				t.Errorf("%s: item %s differs from the database's", e, id)
			}
		}
	}
}

func get(t *testing.T, url string) []byte {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d %s", url, resp.StatusCode, b.String())
	}
	return b.Bytes()
}

// itemDigests maps a feed's items to a digest of their sync data, data
// and conflicts.
func itemDigests(t *testing.T, name string, data []byte) map[string]string {
	t.Helper()
	d, err := dialect.Parse(name, data)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range d.Entries() {
		w := e.Winner()
		s := fmt.Sprintf("%v %s %d", w.State(), w.Digest(), len(e.Versions()))
		for _, v := range e.Versions() {
			s += " " + v.Digest()
		}
		out[e.ID()] = s
	}
	return out
}

// A hub started while its database is down is an outage like any other
// (issue 28 item 3 and the contract: a hub answers HTTP within seconds of
// starting and never exits while the database is unreachable): it answers
// 503 with Retry-After at once, logs one line naming the host, the port
// and the database, and serves the feeds once the database is back,
// without a restart.
func TestServeDBStartsWhileTheDatabaseIsDown(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	srv := pgtest.Private(t)
	u := srv.DB(t)
	bin := builtFeedsync(t)
	h := newHarness(t)
	if code, _, errs := h.run("", "db", "import", u, "todo", h.write("todo.xml", oneItem)); code != 0 {
		t.Fatal(errs)
	}
	srv.Down()
	hub := startDBHubProc(t, bin, u, "127.0.0.1:0")
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Get(hub.url + "todo")
	if err != nil {
		t.Fatalf("the hub started while the database is down does not answer: %v\n%s", err, hub.out)
	}
	resp.Body.Close()
	if resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" {
		t.Errorf("while the database is down: %d, Retry-After %q; want 503 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if err := srv.Up(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := (&http.Client{Timeout: 5 * time.Second}).Get(hub.url + "todo")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the hub does not serve once the database is back:\n%s", hub.out)
		}
		time.Sleep(200 * time.Millisecond)
	}
	log := hub.out.String()
	port := strconv.Itoa(srv.Port)
	dbName := u[strings.LastIndex(u, "/")+1 : strings.Index(u, "?")]
	if n := strings.Count(log, "is unreachable"); n != 1 || !strings.Contains(log, "127.0.0.1:"+port) || !strings.Contains(log, dbName) {
		t.Errorf("want one line for the outage naming the host, port and database:\n%s", log)
	}
	if !strings.Contains(log, "is back") {
		t.Errorf("the end of the outage is not logged:\n%s", log)
	}
}
