package share

import (
	"context"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/share/pgtest"
	"github.com/jackc/pgx/v5"
)

// A sync through a hub whose database restarts waits the outage out (the
// hub answers 503 with Retry-After, its GET as its POST) instead of
// failing: what help sync promises of a hub on PostgreSQL.
func TestSyncWaitsOutADatabaseRestart(t *testing.T) {
	srv := pgtest.Private(t)
	db, err := OpenDB(context.Background(), srv.DB(t), &syncBuffer{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	importKind(t, db, "todo", "rss")
	h := startDBHub(t, db, Options{})
	s := &Subscription{Local: filepath.Join(t.TempDir(), "E.xml"), URL: h.srv.URL + "/todo", By: "E", Now: time.Now(), Client: &Client{By: "E"}}
	if _, err := s.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	srv.Down()
	up := make(chan error, 1)
	go func() {
		time.Sleep(1500 * time.Millisecond)
		up <- srv.Up()
	}()
	s.Now = time.Now()
	_, err = s.Sync(context.Background())
	if err := <-up; err != nil {
		t.Fatal(err)
	}
	if err != nil {
		t.Errorf("sync during a restart of the hub's database: %v; want it to wait the 503s out", err)
	}
}

// silentProxy passes TCP connections to a server until hush, after which
// it passes nothing, on the connections open and the new ones it accepts:
// a server that accepts TCP and says nothing (a network partition, a
// hung host).
type silentProxy struct {
	ln     net.Listener
	to     string
	silent atomic.Bool
	mu     sync.Mutex
	conns  []net.Conn
}

func newSilentProxy(t *testing.T, to string) *silentProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &silentProxy{ln: ln, to: to}
	t.Cleanup(p.close)
	go p.accept()
	return p
}

func (p *silentProxy) accept() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		p.conns = append(p.conns, c)
		p.mu.Unlock()
		if p.silent.Load() {
			continue // held open, never answered
		}
		s, err := net.Dial("tcp", p.to)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, s)
		p.mu.Unlock()
		go p.pipe(c, s)
		go p.pipe(s, c)
	}
}

// pipe copies from one side to the other while the proxy speaks.
func (p *silentProxy) pipe(from, to net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := from.Read(buf)
		if err != nil {
			to.Close()
			return
		}
		if p.silent.Load() {
			continue // swallowed
		}
		if _, err := to.Write(buf[:n]); err != nil {
			return
		}
	}
}

func (p *silentProxy) close() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
}

// While the database says nothing, a hub answers 503 at once: one request
// at a time waits for the database (to find it back), the others do not
// each wait out a connection attempt, which against a silent server is
// the whole of the request's time (30 s; a subscriber's header timeout is
// as long). Once the database answers again, so does the hub.
// A POST goes through the same gate as a GET: its group commit runs on a
// connection of its own (runOn), which once bypassed it, so that while a
// GET asked the database whether it was back, each POST batch waited out
// a connection attempt of its own.
func TestDBSilentDatabaseAnswers503AtOnce(t *testing.T) {
	for _, method := range []string{"GET", "POST"} {
		t.Run(method, func(t *testing.T) { silentDatabase(t, method) })
	}
}

func silentDatabase(t *testing.T, method string) {
	defer func(d time.Duration) { dbTimeout = d }(dbTimeout)
	dbTimeout = 2 * time.Second
	srv := pgtest.SharedServer(t)
	direct := srv.DB(t)
	proxy := newSilentProxy(t, fmt.Sprintf("127.0.0.1:%d", srv.Port))
	u := strings.Replace(direct, fmt.Sprintf(":%d/", srv.Port), fmt.Sprintf(":%d/", proxy.ln.Addr().(*net.TCPAddr).Port), 1)
	log := &syncBuffer{}
	db, err := OpenDB(context.Background(), u, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	importKind(t, db, "todo", "rss")
	h := startDBHub(t, db, Options{})
	if code, _ := httpDo(t, "GET", h.srv.URL+"/todo", nil); code != 200 {
		t.Fatalf("GET: %d", code)
	}
	proxy.silent.Store(true)
	if code, _ := httpDo(t, "GET", h.srv.URL+"/todo", nil); code != 503 {
		t.Fatalf("GET of a silent database: %d, want 503", code)
	}
	var wg sync.WaitGroup
	var quick atomic.Int64
	if method == "POST" {
		// A GET asks the database first; the POSTs come while it waits.
		wg.Add(1)
		go func() {
			defer wg.Done()
			httpDo(t, "GET", h.srv.URL+"/todo", nil)
		}()
		time.Sleep(dbTimeout / 10)
	}
	for i := range 8 {
		var body []byte
		if method == "POST" {
			local := mustParse(t, "local", []byte(emptyFeeds["rss"]))
			if err := create(fmt.Sprintf("p%d", i), "posted in an outage")(local, stamp{"A", t0}); err != nil {
				t.Fatal(err)
			}
			body = local.Bytes()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			code, hdr, _ := httpDoH(t, method, h.srv.URL+"/todo", body)
			if code != 503 || hdr.Get("Retry-After") == "" {
				t.Errorf("%s to a silent database: %d, Retry-After %q", method, code, hdr.Get("Retry-After"))
			}
			if time.Since(start) < dbTimeout/2 {
				quick.Add(1)
			}
		}()
	}
	wg.Wait()
	if n := quick.Load(); n < 7 {
		t.Errorf("%d of 8 %ss answered 503 at once while the outage was known; want all but the one asking the database", n, method)
	}
	proxy.silent.Store(false)
	deadline := time.Now().Add(20 * time.Second)
	for {
		code, _ := httpDo(t, "GET", h.srv.URL+"/todo", nil)
		if code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the hub does not answer once the database does: %d\n%s", code, log)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if n := strings.Count(log.String(), "is unreachable"); n != 1 {
		t.Errorf("the outage is logged %d times, want once:\n%s", n, log)
	}
}

// A database that refuses a running hub's connections (its password
// changed, the role or database dropped) is an outage like a server
// down: 503 with Retry-After, one line in the log saying why, and the
// hub serves again once the database takes it back; never a 500 and a
// line per request. At start such a database stops the hub
// (TestDBBadURLs).
func TestDBRefusedWhileServingIsAnOutage(t *testing.T) {
	srv := pgtest.Private(t)
	const secret = "rotate-" + "me"
	if err := srv.RequirePassword("rot", secret); err != nil {
		t.Fatal(err)
	}
	direct := srv.DB(t)
	u := strings.Replace(direct, "postgres://postgres@", "postgres://rot:"+secret+"@", 1)
	log := &syncBuffer{}
	db, err := OpenDB(context.Background(), u, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	importKind(t, db, "todo", "rss")
	h := startDBHub(t, db, Options{})
	if code, _ := httpDo(t, "GET", h.srv.URL+"/todo", nil); code != 200 {
		t.Fatalf("GET: %d", code)
	}
	setPassword := func(pw string) {
		c, err := pgx.Connect(context.Background(), direct)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close(context.Background())
		if _, err := c.Exec(context.Background(), "ALTER ROLE rot PASSWORD '"+pw+"'"); err != nil {
			t.Fatal(err)
		}
	}
	setPassword("another")
	srv.Down() // the hub's connections go: new ones are refused
	if err := srv.Up(); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		code, hdr, body := httpDoH(t, "GET", h.srv.URL+"/todo", nil)
		if code != 503 || hdr.Get("Retry-After") == "" {
			t.Errorf("GET while the database refuses the hub: %d %s, Retry-After %q; want 503", code, body, hdr.Get("Retry-After"))
		}
	}
	if n := strings.Count(log.String(), "is unreachable"); n != 1 || !strings.Contains(log.String(), "refused user rot") {
		t.Errorf("want one line for the outage, saying the user was refused:\n%s", log)
	}
	if strings.Contains(log.String(), secret) {
		t.Errorf("the password is in the log:\n%s", log)
	}
	setPassword(secret)
	deadline := time.Now().Add(20 * time.Second)
	for {
		if code, _ := httpDo(t, "GET", h.srv.URL+"/todo", nil); code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the hub does not serve once the password is right again:\n%s", log)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
