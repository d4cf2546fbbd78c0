package tui

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/fetch"
	"github.com/feedsync/feedsync/feeds/share"
)

// Timeouts of every connection to 'feedsync serve': a client that sends
// its headers or body slowly, or reads slowly, is cut off (slow-loris).
// Variables for the tests.
var (
	serveHeaderTimeout = 10 * time.Second
	serveReadTimeout   = 2 * time.Minute // the whole request, a 64 MiB body included
	serveWriteTimeout  = 2 * time.Minute
	serveIdleTimeout   = time.Minute
	serveShutdown      = 10 * time.Second // for requests under way at SIGINT or SIGTERM
)

func runServe(ctx context.Context, env *Env, args []string) error {
	f := newFlags("serve")
	addr := f.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT`; an address other than loopback needs --token-file")
	window := f.String("window", "", "serve a partial feed at /: `N|DURATION`, the N items most recently incorporated, or those of a DURATION (72h, 3d); SSE 0.91 never splits an incorporation")
	tokenFile := f.String("token-file", "", "require \"Authorization: Bearer TOKEN\", TOKEN being the first line of file `F`; with DIR, of every feed NAME without its own DIR/.feedsync/NAME.token (both chmod 600)")
	openRead := f.Bool("open-read", false, "with --token-file: read (GET) without the token; POST still needs it")
	expires := f.String("expires", "", "FeedSync 1.0.2: write sx:sharing expires `DURATION` ahead, renewed once half of it has passed (1.0.2 §4.2.2)")
	publicURL := f.String("public-url", "", "the absolute `URL` subscribers read / at; the complete feed's link is URL/complete (default: http:// and the address the client connected to; never the request's Host); with DIR, feed NAME's is URL/NAME")
	maxBody := f.size("max-body", min(share.DefaultMaxBody, atomicfile.Limit()), 1, atomicfile.Limit(), "refuse a POST body larger than `SIZE` (1 B to the size limit, 256 MiB unless $FEEDSYNC_MAX_BYTES raises it: 512KiB, 64MiB) with 413")
	dbURL := f.String("db", "", "serve every feed of the PostgreSQL database at `URL` (postgres://USER[:PASSWORD]@HOST:PORT/DB?sslmode=...) at /NAME, with any number of other hubs on it; see 'feedsync help sync'")
	pos, err := f.parse(env, args)
	if err != nil {
		return err
	}
	switch {
	case *dbURL != "" && len(pos) != 0:
		return usageError("serve", "--db serves the database's feeds: want no FEED or DIR, got %s", count(len(pos), "argument"))
	case *dbURL == "" && len(pos) != 1:
		return usageError("serve", "want one FEED or DIR, or --db URL, got %s", count(len(pos), "argument"))
	}
	opts := share.Options{OpenRead: *openRead, MaxBody: *maxBody, PublicURL: *publicURL, Log: env.Stderr}
	if *window != "" {
		if opts.Window, err = share.ParseWindow(*window); err != nil {
			return usageError("serve", "--%v", err)
		}
	}
	if *expires != "" {
		if opts.Expires, err = time.ParseDuration(*expires); err != nil || opts.Expires < time.Second {
			return usageError("serve", "--expires %q: want a duration of at least a second (24h)", *expires)
		}
	}
	if err := checkPublicURL(*publicURL); err != nil {
		return usageError("serve", "%v", err)
	}
	dir := *dbURL != "" || isDir(pos[0])
	if *tokenFile != "" {
		if dir {
			opts.Token, err = share.ReadTokenFile(*tokenFile)
		} else {
			opts.Token, err = readToken(env, *tokenFile)
		}
		if err != nil {
			return err
		}
	} else if *openRead {
		return usageError("serve", "--open-read goes with --token-file")
	}
	if err := checkBind(*addr, opts.Token != ""); err != nil {
		return err
	}
	if *dbURL != "" {
		return serveDB(ctx, env, *dbURL, *addr, opts)
	}
	if dir {
		return serveDir(ctx, env, pos[0], *addr, opts)
	}
	hub, err := share.NewHub(pos[0], opts)
	if err != nil {
		return err
	}
	defer hub.Close()
	what := "the complete feed"
	if !opts.Window.IsZero() {
		what = fmt.Sprintf("a partial feed (window %s), the complete one at /complete", opts.Window)
	}
	return serve(ctx, env, hub, *addr, func(a net.Addr) string {
		return fmt.Sprintf("serving %s at http://%s/: %s", pos[0], a, what)
	})
}

// isDir reports whether the operand of serve is a DIR, every feed of
// which is served at /NAME: a directory whose name does not end in .xml.
// One that does is taken for a FEED and refused as it always was.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir() && !strings.HasSuffix(filepath.Clean(path), share.FeedExt)
}

// serveDir serves every feed of the folder dir (share.Dir).
func serveDir(ctx context.Context, env *Env, dir, addr string, opts share.Options) error {
	d, err := share.NewDir(dir, opts)
	if err != nil {
		return err
	}
	defer d.Close()
	what := "complete feeds"
	if !opts.Window.IsZero() {
		what = fmt.Sprintf("partial feeds (window %s), the complete ones at /NAME/complete", opts.Window)
	}
	return serve(ctx, env, d, addr, func(a net.Addr) string {
		return fmt.Sprintf("serving %s of %s at http://%s/NAME (the list at /): %s",
			count(len(d.Names()), "feed"), dir, a, what)
	})
}

// serveDB serves every feed of the PostgreSQL database at url
// (share.DBServer): one hub of any number on the database. It listens
// before it connects: a database down when the hub starts is an outage
// like any other (503 until it is back, one line in the log), while one
// this feedsync cannot use (a password refused, a missing database, a
// newer schema) stops the hub, exit 2.
func serveDB(ctx context.Context, env *Env, url, addr string, opts share.Options) error {
	db, err := share.DialDB(url, env.Stderr)
	if err != nil {
		return err
	}
	defer db.Close()
	srv := share.NewDBServer(db, opts)
	what := "complete feeds"
	if !opts.Window.IsZero() {
		what = fmt.Sprintf("partial feeds (window %s), the complete ones at /NAME/complete", opts.Window)
	}
	ctx, refuse := context.WithCancelCause(ctx)
	defer refuse(nil)
	go func() {
		if err := db.Ping(ctx); err != nil && !errors.Is(err, share.ErrUnreachable) && ctx.Err() == nil {
			refuse(err)
		}
	}()
	err = serve(ctx, env, srv, addr, func(a net.Addr) string {
		return fmt.Sprintf("serving the feeds of %s at http://%s/NAME (the list at /): %s", db, a, what)
	})
	if cause := context.Cause(ctx); cause != nil && cause != ctx.Err() {
		return cause // refused, not stopped
	}
	return err
}

// serve runs the hub's server until ctx ends or SIGINT or SIGTERM comes,
// then lets the requests under way finish, or cuts them off (shutdown).
func serve(ctx context.Context, env *Env, hub http.Handler, addr string, serving func(net.Addr) string) error {
	ln, err := net.Listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		return fmt.Errorf("%s is in use by another program: choose another address with --addr HOST:PORT", addr)
	}
	if err != nil {
		return err
	}
	busy := &busyConns{active: map[net.Conn]bool{}}
	srv := &http.Server{
		ConnState:         busy.track,
		Handler:           hub,
		ReadHeaderTimeout: serveHeaderTimeout,
		ReadTimeout:       serveReadTimeout,
		WriteTimeout:      serveWriteTimeout,
		IdleTimeout:       serveIdleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          log.New(env.Stderr, "feedsync serve: ", 0),
	}
	fmt.Fprintf(env.Stderr, "feedsync serve: %s\n", serving(ln.Addr()))
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintln(env.Stderr, "feedsync serve: stopping")
	if err := shutdown(env, srv, busy); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// shutdown shuts the server down: no new connection, and serveShutdown for the
// requests under way, after which those still running are cut off and
// counted. A stop that was asked for succeeds all the same; a POST cut off
// in its merge still ends it (the hub's Close waits), and one cut off
// before has changed nothing.
func shutdown(env *Env, srv *http.Server, busy *busyConns) error {
	ctx, cancel := context.WithTimeout(context.Background(), serveShutdown)
	defer cancel()
	err := srv.Shutdown(ctx)
	if !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	n := busy.count()
	if err := srv.Close(); err != nil {
		return err
	}
	fmt.Fprintf(env.Stderr, "feedsync serve: stopped, cutting off %s still under way after %v\n", count(n, "request"), serveShutdown)
	return nil
}

// busyConns tracks the connections with a request under way (from its
// first byte to the end of its answer), to say how many a stop cut off.
type busyConns struct {
	mu     sync.Mutex
	active map[net.Conn]bool
}

func (b *busyConns) track(c net.Conn, s http.ConnState) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if s == http.StateActive {
		b.active[c] = true
	} else {
		delete(b.active, c)
	}
}

func (b *busyConns) count() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.active)
}

// readToken reads the first line of the token file. A file that others may
// read is worth a warning.
func readToken(env *Env, path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("--token-file: %w", err)
	}
	token, _, _ := strings.Cut(string(data), "\n")
	token = strings.TrimSpace(token)
	if token == "" {
		return "", fmt.Errorf("--token-file %s: the first line is empty", path)
	}
	if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&0o077 != 0 {
		env.warn(path + " can be read by others (chmod 600 it)")
	}
	return token, nil
}

// checkBind refuses to listen beyond this machine without a token: a hub
// on the network without one would take any POST.
func checkBind(addr string, token bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return usageError("serve", "--addr %q: want HOST:PORT (127.0.0.1:8080)", addr)
	}
	if token || host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	if host == "" {
		host = "every interface"
	}
	return fmt.Errorf("feedsync serve: refusing to listen on %s without --token-file: anyone who reaches it could change the feed; give a token, or listen on 127.0.0.1", host)
}

// checkPublicURL checks --public-url: an absolute http(s) URL (1.0.2
// §2.3 wants the complete feed's link absolute).
func checkPublicURL(s string) error {
	if s == "" {
		return nil
	}
	if !isURL(s) || strings.ContainsAny(s, "?# ") {
		return fmt.Errorf("--public-url %q: want an absolute http(s) URL without query or fragment", fetch.Redacted(s))
	}
	if u, err := url.Parse(s); err != nil || u.User != nil {
		// The link is published in the feed, for anyone who reads it.
		return fmt.Errorf("--public-url %q: no user or password: the complete feed's link is published in every partial feed", fetch.Redacted(s))
	}
	return nil
}
