package tui

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/feedgen"
)

// $ go test ./tui -run TestServeKilledDuringPost -kill.trials=200
var killTrials = flag.Int("kill.trials", 3, "kill -9 trials of TestServeKilledDuringPost")

func TestServeUsage(t *testing.T) {
	h := newHarness(t)
	feed := h.write("f.xml", oneItem)
	token := h.write("token", "s3cret\n")
	os.Chmod(token, 0o600)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no_feed", []string{"serve"}, "want one FEED"},
		{"network_without_token", []string{"serve", feed, "--addr", "0.0.0.0:0"}, "refusing to listen on 0.0.0.0 without --token-file"},
		{"every_interface_without_token", []string{"serve", feed, "--addr", ":0"}, "refusing to listen on every interface"},
		{"name_without_token", []string{"serve", feed, "--addr", "example.org:80"}, "refusing to listen on example.org"},
		{"bad_addr", []string{"serve", feed, "--addr", "nowhere"}, "want HOST:PORT"},
		{"bad_window", []string{"serve", feed, "--window", "0"}, "window \"0\""},
		{"max_body_zero", []string{"serve", feed, "--addr", "127.0.0.1:0", "--max-body", "0"}, `invalid value "0" for flag --max-body: want a size from 1 B to 256 MiB`},
		{"max_body_negative", []string{"serve", feed, "--addr", "127.0.0.1:0", "--max-body", "-1"}, `invalid value "-1" for flag --max-body: want a size`},
		{"max_body_over_read_limit", []string{"serve", feed, "--addr", "127.0.0.1:0", "--max-body", "268435457"}, `invalid value "268435457" for flag --max-body: want a size from 1 B to 256 MiB (the most feedsync reads)`},
		{"max_body_over_read_limit_in_units", []string{"serve", feed, "--addr", "127.0.0.1:0", "--max-body", "1GiB"}, `invalid value "1GiB" for flag --max-body: want a size from 1 B to 256 MiB`},
		{"max_body_not_a_size", []string{"serve", feed, "--addr", "127.0.0.1:0", "--max-body", "64 parsecs"}, `invalid value "64 parsecs" for flag --max-body: want a size`},
		{"bad_expires", []string{"serve", feed, "--expires", "soon"}, "--expires \"soon\""},
		{"open_read_alone", []string{"serve", feed, "--open-read"}, "--open-read goes with --token-file"},
		{"relative_public_url", []string{"serve", feed, "--public-url", "/todo"}, "absolute http(s) URL"},
		{"public_url_with_password", []string{"serve", feed, "--addr", "127.0.0.1:0", "--public-url", "https://u:s3cret@example.org/"}, `--public-url "https://u:xxxxx@example.org/": no user or password`},
		{"empty_token", []string{"serve", feed, "--token-file", h.write("empty", "\n")}, "the first line is empty"},
		{"missing_feed", []string{"serve", h.path("none.xml")}, "none.xml: no such file"},
		{"bad_feed", []string{"serve", h.write("bad.xml", "<rss")}, "bad.xml:1:"},
		{"sync_no_url", []string{"sync", feed}, "want LOCAL and URL"},
		{"sync_not_http", []string{"sync", feed, "file.xml"}, "want an http or https URL"},
		{"pull_bad_when", []string{"pull", feed, "http://127.0.0.1:1/", "--when", "yesterday"}, "--when"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A serve that accepts what it should refuse serves until the
			// deadline, and fails the test rather than hanging it.
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			var errb bytes.Buffer
			code := Run(ctx, tc.args, &Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &errb,
				Getenv: func(k string) string { return h.env[k] }})
			stderr := errb.String()
			if code != ExitError || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 and %q", code, stderr, tc.want)
			}
		})
	}
}

// lines is a writer whose lines a test waits for.
type lines struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

var servingAt = regexp.MustCompile(`serving .* at (http://127\.0\.0\.1:\d+/)`)

// waitURL waits for the hub to say where it listens.
func waitURL(t *testing.T, out fmt.Stringer) string {
	t.Helper()
	for range 3000 { // a minute: parsing a large feed on a loaded machine
		if m := servingAt.FindStringSubmatch(out.String()); m != nil {
			return m[1]
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the hub did not start:\n%s", out)
	return ""
}

// serveHere runs 'feedsync serve FEED --addr 127.0.0.1:0 ARGS...' in this
// process and returns the URL it serves at, its log, and stop, which ends
// it and returns its exit code (the test fails when it does not stop
// within 15 s). A test that does not call stop has it stopped at its end.
func serveHere(t *testing.T, feed string, args ...string) (url string, log *lines, stop func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	log = &lines{}
	done := make(chan int, 1)
	go func() {
		done <- Run(ctx, append([]string{"serve", feed, "--addr", "127.0.0.1:0"}, args...),
			&Env{Stdout: io.Discard, Stderr: log, Getenv: func(string) string { return "" }})
	}()
	stop = sync.OnceValue(func() int {
		cancel()
		select {
		case code := <-done:
			return code
		case <-time.After(15 * time.Second):
			t.Error("serve did not stop")
			return -1
		}
	})
	t.Cleanup(func() { stop() })
	return waitURL(t, log), log, stop
}

// The commands end to end, in one process: a hub, two endpoints, a
// conflict made on purpose, exit 1 while it stands, its resolution synced
// back, and the hub stopping when its context ends.
func TestServeSyncPull(t *testing.T) {
	h := newHarness(t)
	hub := h.write("hub.xml", oneItem)
	url, log, stop := serveHere(t, hub, "--window", "10")
	a, b := h.path("a.xml"), h.path("b.xml")
	run := func(want int, args ...string) string {
		t.Helper()
		code, _, stderr := h.run("", args...)
		if code != want {
			t.Fatalf("feedsync %s: exit %d, want %d\n%s", strings.Join(args, " "), code, want, stderr)
		}
		return stderr
	}
	run(0, "sync", a, url, "--by", "A")
	if got := run(0, "pull", b, url, "--by", "B"); !strings.Contains(got, "1 item new or changed (read the complete feed)") {
		t.Errorf("pull says %q", got)
	}
	run(0, "update", a, "--id", "item1", "--title", "A's title", "--by", "A", "-o", a)
	run(0, "update", b, "--id", "item1", "--title", "B's title", "--by", "B", "-o", b)
	run(0, "sync", a, url, "--by", "A")
	if got := run(1, "sync", b, url, "--by", "B"); !strings.Contains(got, "1 item is in conflict; resolve it with 'feedsync resolve") {
		t.Errorf("sync with a conflict says %q", got)
	}
	run(0, "resolve", b, "--id", "item1", "--pick", "winner", "--by", "B", "-o", b)
	run(0, "sync", b, url, "--by", "B")
	run(0, "sync", a, url, "--by", "A")
	if got := run(0, "sync", a, url, "--by", "A"); !strings.Contains(got, "is up to date") {
		t.Errorf("a sync with nothing new says %q", got)
	}
	waitFolded(t, hub)
	if h.read("a.xml") != h.read("hub.xml") && !sameItems(t, h.read("a.xml"), h.read("hub.xml")) {
		t.Errorf("A and the hub differ:\n%s\n%s", h.read("a.xml"), h.read("hub.xml"))
	}
	code, stdout, _ := h.run("", "pull", a, url, "-o", "-")
	if code != 0 || !sameItems(t, stdout, h.read("a.xml")) {
		t.Errorf("pull -o -: exit %d\n%s", code, stdout)
	}
	// Another command edits the hub's feed while it serves it.
	waitFolded(t, hub)
	run(0, "update", hub, "--id", "item1", "--title", "edited on the hub", "--by", "H", "-o", hub)
	if got := run(0, "sync", a, url, "--by", "A"); !strings.Contains(got, "1 item new or changed") || !strings.Contains(h.read("a.xml"), "edited on the hub") {
		t.Errorf("after an edit of the hub's feed, sync says %q", got)
	}
	if code := stop(); code != 0 || !strings.Contains(log.String(), "stopping") {
		t.Errorf("serve ended with %d:\n%s", code, log)
	}
}

// sameItems reports whether two 1.0.2 feeds hold the same items.
func sameItems(t *testing.T, a, b string) bool {
	t.Helper()
	da, err := feeds.Parse("a", []byte(a))
	if err != nil {
		t.Fatal(err)
	}
	db, err := feeds.Parse("b", []byte(b))
	if err != nil {
		t.Fatal(err)
	}
	ia, ib := da.Items(), db.Items()
	if len(ia) != len(ib) {
		return false
	}
	for i := range ia {
		x, y := ia[i], db.Item(ia[i].Sync.ID)
		if y == nil || x.Sync.Updates != y.Sync.Updates || len(x.Conflicts) != len(y.Conflicts) || x.Data.Digest() != y.Data.Digest() {
			return false
		}
	}
	return true
}

// server is the real binary serving a feed.
type server struct {
	cmd *exec.Cmd
	out *lines
	url string
}

func startServer(t *testing.T, bin, feed string, args ...string) *server {
	t.Helper()
	s := &server{out: &lines{}}
	s.cmd = exec.Command(bin, append([]string{"serve", feed, "--addr", "127.0.0.1:0"}, args...)...)
	s.cmd.Stderr = s.out
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.cmd.Process.Kill(); s.cmd.Wait() })
	s.url = waitURL(t, s.out)
	return s
}

// A hub killed with SIGKILL at any moment of a POST leaves its feed
// whole: the feed as it was or as the merge made it, never a mix; the
// hub starts again on it, and a later save leaves no temporary file.
// SIGTERM stops it gracefully.
func TestServeKilledDuringPost(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := builtFeedsync(t)
	local, remote := feedgen.Pair(2000, 0.02, 7)
	ld, err := feeds.Parse("local", local)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := feeds.Parse("remote", remote)
	if err != nil {
		t.Fatal(err)
	}
	md, err := feeds.Merge(ld, rd)
	if err != nil {
		t.Fatal(err)
	}
	merged := md.Bytes()
	feed := filepath.Join(dir, "hub.xml")
	rnd := rand.New(rand.NewPCG(1, 2))
	var took time.Duration
	outcomes := map[string]int{}
	for trial := range *killTrials {
		if err := os.WriteFile(feed, local, 0o644); err != nil {
			t.Fatal(err)
		}
		s := startServer(t, bin, feed)
		type result struct {
			d  time.Duration
			ok bool
		}
		posted := make(chan result, 1)
		start := time.Now()
		go func() {
			resp, err := http.Post(s.url, "application/atom+xml", bytes.NewReader(remote))
			if err == nil {
				_, err = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			posted <- result{time.Since(start), err == nil && resp.StatusCode == 200}
		}()
		if trial == 0 {
			took = (<-posted).d // the first POST runs to its end, to time the others
		} else {
			time.Sleep(time.Duration(rnd.Int64N(int64(took))))
		}
		s.cmd.Process.Signal(syscall.SIGKILL)
		s.cmd.Wait()
		if trial > 0 {
			if r := <-posted; r.ok { // the kill came too late: aim earlier
				took = min(took, r.d)
			}
		}
		got, err := os.ReadFile(feed)
		switch {
		case err != nil:
			t.Fatal(err)
		case bytes.Equal(got, local):
			outcomes["as it was"]++
		case bytes.Equal(got, merged):
			outcomes["merged"]++
		default:
			t.Fatalf("trial %d: the feed is neither the old one nor the merged one (%d bytes)", trial, len(got))
		}
	}
	t.Logf("%d trials, POST %v: %v", *killTrials, took, outcomes)
	// The hub starts on what is left, a save clears the temporary files
	// of the killed ones, and SIGTERM stops it.
	s := startServer(t, bin, feed)
	if resp, err := http.Post(s.url, "application/atom+xml", strings.NewReader("<feed")); err != nil || resp.StatusCode != 400 {
		t.Errorf("a broken body: %v %v", resp, err)
	}
	body := string(local[:bytes.Index(local, []byte("<entry"))]) + `<entry><title>x</title><id>urn:x</id><sx:sync id="extra" updates="1"><sx:history sequence="1" by="T"/></sx:sync></entry></feed>`
	resp, err := http.Post(s.url, "application/atom+xml", strings.NewReader(body))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("a POST after the kills: %v %v", resp, err)
	}
	resp.Body.Close()
	temps, _ := filepath.Glob(filepath.Join(dir, ".hub.xml.tmp-*"))
	if len(temps) > 0 {
		t.Errorf("temporary files left: %v", temps)
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	if err := s.cmd.Wait(); err != nil || !strings.Contains(s.out.String(), "stopping") {
		t.Errorf("after SIGTERM: %v\n%s", err, s.out)
	}
}

// With --token-file the hub wants the token; pull and sync send it.
func TestServeToken(t *testing.T) {
	h := newHarness(t)
	hub := h.write("hub.xml", oneItem)
	token := h.write("token", "s3cret\n")
	os.Chmod(token, 0o600)
	url, _, _ := serveHere(t, hub, "--token-file", token)
	local := h.path("l.xml")
	want := "feedsync sync: reading " + url + ": HTTP 401: the hub wants a token: give --token-file\n"
	if code, _, stderr := h.run("", "sync", local, url); code != ExitError || stderr != want {
		t.Errorf("without the token: exit %d, %q; want %q", code, stderr, want)
	}
	wrong := h.write("wrong", "nope\n")
	os.Chmod(wrong, 0o600)
	want = "feedsync sync: reading " + url + ": HTTP 401: the hub refused the token given with --token-file\n"
	if code, _, stderr := h.run("", "sync", local, url, "--token-file", wrong); code != ExitError || stderr != want {
		t.Errorf("with a wrong token: exit %d, %q; want %q", code, stderr, want)
	}
	if _, err := os.Stat(local); err == nil {
		t.Error("a failed sync wrote LOCAL")
	}
	if code, _, stderr := h.run("", "sync", local, url, "--token-file", token); code != 0 {
		t.Errorf("with the token: exit %d, %q", code, stderr)
	}
}

// Every connection has timeouts: a client that sends its headers, or its
// body, too slowly is cut off (slow-loris), and the others are served.
func TestServeTimeouts(t *testing.T) {
	defer func(h, r time.Duration) { serveHeaderTimeout, serveReadTimeout = h, r }(serveHeaderTimeout, serveReadTimeout)
	serveHeaderTimeout, serveReadTimeout = 300*time.Millisecond, 600*time.Millisecond
	h := newHarness(t)
	hub := h.write("hub.xml", oneItem)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	log := &lines{}
	done := make(chan int, 1)
	go func() {
		done <- Run(ctx, []string{"serve", hub, "--addr", "127.0.0.1:0"},
			&Env{Stdout: io.Discard, Stderr: log, Getenv: func(string) string { return "" }})
	}()
	url := waitURL(t, log)
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/")
	for name, send := range map[string]string{
		"slow_headers": "GET / HTTP/1.1\r\nHost: x\r\n",
		"slow_body":    "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n<rss",
	} {
		t.Run(name, func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.Write([]byte(send))
			conn.SetReadDeadline(time.Now().Add(5 * time.Second))
			start := time.Now()
			_, err = io.ReadAll(conn) // the server closes the connection
			if err != nil || time.Since(start) > 4*time.Second {
				t.Errorf("the connection was not cut off: %v after %v", err, time.Since(start))
			}
		})
	}
	if code, _, stderr := h.run("", "pull", h.path("l.xml"), url); code != 0 {
		t.Errorf("a pull after the slow clients: exit %d %s", code, stderr)
	}
	cancel()
	<-done
}

// A requested stop (SIGINT, SIGTERM, or here the context) lets the
// requests under way finish for a while, then cuts off those still
// running, says how many, and exits 0: a stop that was asked for is not a
// failure. FEED is untouched by the POST cut off.
func TestServeStopCutsOffStuckClient(t *testing.T) {
	defer func(d time.Duration) { serveShutdown = d }(serveShutdown)
	serveShutdown = 300 * time.Millisecond
	h := newHarness(t)
	hub := h.write("hub.xml", oneItem)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	log := &lines{}
	done := make(chan int, 1)
	go func() {
		done <- Run(ctx, []string{"serve", hub, "--addr", "127.0.0.1:0"},
			&Env{Stdout: io.Discard, Stderr: log, Getenv: func(string) string { return "" }})
	}()
	url := waitURL(t, log)
	conn, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// A POST whose body never comes: its handler waits for it.
	conn.Write([]byte("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n<rss"))
	time.Sleep(200 * time.Millisecond)
	cancel()
	select {
	case code := <-done:
		if code != 0 || !strings.Contains(log.String(), "stopped, cutting off 1 request still under way after 300ms") {
			t.Errorf("exit %d; want 0 and the request cut off named:\n%s", code, log)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("serve did not stop:\n%s", log)
	}
	if got := h.read("hub.xml"); got != oneItem {
		t.Errorf("FEED changed:\n%s", got)
	}
}

// An address another program listens on is named, with the flag that
// changes it, not as the system's "bind: address already in use".
func TestServeAddressInUse(t *testing.T) {
	h := newHarness(t)
	hub := h.write("hub.xml", oneItem)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	code, _, stderr := h.run("", "serve", hub, "--addr", ln.Addr().String())
	want := "feedsync serve: " + ln.Addr().String() + " is in use by another program: choose another address with --addr HOST:PORT\n"
	if code != ExitError || stderr != want {
		t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr, ExitError, want)
	}
}

// TestServeMaxBodyInUnits: serve -h shows --max-body's default in units
// (it showed 67108864), and --max-body takes a size with a unit: a POST
// larger than 1KiB is refused with 413, a smaller one is merged.
func TestServeMaxBodyInUnits(t *testing.T) {
	h := newHarness(t)
	if code, stdout, _ := h.run("", "serve", "-h"); code != ExitOK || !strings.Contains(stdout, "--max-body SIZE") || !strings.Contains(stdout, "(default 64 MiB)") {
		t.Errorf("serve -h: exit %d\n%s", code, stdout)
	}
	hub := h.write("hub.xml", oneItem)
	url, log, stop := serveHere(t, hub, "--max-body", "1KiB")
	var answer string
	post := func(body string) int {
		resp, err := http.Post(url, "application/rss+xml", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		answer = string(b)
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post(oneItem + strings.Repeat(" ", 1024-len(oneItem)+1)); code != http.StatusRequestEntityTooLarge {
		t.Errorf("a body of 1 KiB and a byte: HTTP %d, want 413", code)
	}
	// The cap in the unit --max-body took it in, as serve -h shows it
	// (the answer said "1024 bytes").
	if !strings.Contains(answer, "the hub's cap of 1 KiB") {
		t.Errorf("the 413 answer: %q", answer)
	}
	if len(oneItem) > 1024 {
		t.Fatalf("the test feed is %d bytes, more than 1 KiB", len(oneItem))
	}
	if code := post(oneItem); code != http.StatusOK {
		t.Errorf("a body of %d bytes: HTTP %d, want 200", len(oneItem), code)
	}
	if code := stop(); code != ExitOK {
		t.Errorf("serve exits %d\n%s", code, log)
	}
}
