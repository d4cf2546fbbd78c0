package share

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/fetch"
	"github.com/feedsync/feedsync/feeds/store"
)

// Headers of the protocol beyond HTTP's own (see the package doc).
const (
	// HeaderUntil carries, on a POST, the until the subscriber cached from
	// its last read; the answer holds every change after it.
	HeaderUntil = "FeedSync-Until"
	// HeaderBy carries the subscriber's endpoint id, for the access log.
	HeaderBy = "FeedSync-By"
	// HeaderETag carries, on the answer to a POST, the ETag of the feed
	// GET would now answer to the poster, who holds all of it.
	HeaderETag = "FeedSync-ETag"
)

// DefaultMaxBody is the default cap on a POST body.
const DefaultMaxBody = 64 << 20

// DefaultMaxPosts is the default number of POSTs a hub takes at once.
const DefaultMaxPosts = 4

// RetryAfter is what the hub asks a POST beyond Options.MaxPosts to wait
// before it tries again, in the Retry-After header of its 503.
const RetryAfter = time.Second

// maxViews bounds the rendered feeds a hub keeps: the complete one and a
// partial one per link to the complete feed (per Host without PublicURL).
const maxViews = 8

// Options configure a Hub.
type Options struct {
	// Window makes GET / a partial feed; zero serves the complete feed.
	Window Window
	// Expires, when not zero, sets 1.0.2's expires to that long after the
	// feed is rendered (§4.2.1 step 1.3, §4.2.2). 0.91 has no expires.
	Expires time.Duration
	// Token, when set, is required as "Authorization: Bearer TOKEN" on
	// every request, or only on POST when OpenRead is set.
	Token    string
	OpenRead bool
	// MaxBody caps a POST body (DefaultMaxBody when 0); larger ones are
	// refused with 413.
	MaxBody int64
	// MaxPosts bounds the POSTs whose bodies the hub holds at once, read,
	// parsed or waiting for their merge (DefaultMaxPosts when 0), so that
	// its memory has a ceiling: about MaxPosts × 3 × MaxBody beyond the
	// feed's own. A POST beyond it is answered 503 with Retry-After.
	MaxPosts int
	// Posts, when set, is the semaphore of POSTs shared by several hubs
	// (a Dir's): the bound of MaxPosts, its capacity, is then on their
	// POSTs together, and so is the memory ceiling. Nil: the hub's own.
	Posts chan struct{}
	// PublicURL is the absolute URL subscribers reach GET / at; the
	// complete feed's link is PublicURL/complete. Empty: formed from the
	// address the client connected to (never the request's Host) and
	// Prefix.
	PublicURL string
	// Prefix is the path the hub is served under when it is not the
	// server's root ("/todo" in a Dir): the complete feed's link is then
	// PublicURL/complete, or the address + Prefix + /complete.
	Prefix string
	// Log receives one line per request and the hub's warnings.
	Log io.Writer
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// MaxFeed, when set, is the size a feed held in a database may grow
	// to, in place of FeedCap (CheckGrowth, the one rule); a POST past it
	// is refused with 413, before it is acknowledged.
	MaxFeed int64
}

// Hub publishes a feed held in a file over HTTP and incorporates what
// subscribers POST (see the package doc). It is an http.Handler; Close
// releases it.
//
// A Hub is the protocol's front (front: paths, tokens, bodies and their
// bounds) over the file hub's state (hubState: what GET answers, what a
// POST changes), which is four parts, each a type of its own: the model
// (hubModel: the feed in memory, its stamps and generation), the journal
// and its folds (hubJournal), the disk (hubDisk: FEED, its identity and
// lock, the version store) and the view cache (hubViews). A feed held in
// PostgreSQL is the other hubState (dbFeedState).
//
// Locks, always taken in this order:
//
//  1. foldMu, one fold at a time;
//  2. FEED's file lock (atomicfile), held by a fold while it writes FEED:
//     the fold takes mu under it for a moment, and a writer under mu only
//     tries it, never waits for it (refresh);
//  3. mu, the writers: POSTs, the taking in of FEED's changes, the start
//     and end of a fold;
//  4. rw, the model: written under mu, read by GETs;
//  5. vmu, the view cache;
//  6. a view's own mu, held by the GET that renders it, never under rw;
//  7. the journal's mu, innermost (journal.go).
type Hub struct {
	front
	hubDisk
	hubModel
	hubJournal
	hubViews
}

// hubDisk is FEED on disk as the hub last read or wrote it.
type hubDisk struct {
	path    string
	state   string                 // publisher state file
	diskID  atomic.Pointer[fileID] // FEED as last read or written (setID); read without h.mu by current
	sum     [32]byte               // the digest of FEED's bytes as last read or written
	base    [32]byte               // the digest of FEED as last read: the ETags change with it
	bad     error                  // FEED on disk does not load: POSTs are refused
	size    int64                  // the running size of FEED as a fold would write it (size.go)
	release func()
	// versions is the version store beside FEED (versions.go).
	versions *store.Store
}

// hubModel is the feed in memory: changed in place under mu, and under rw
// as well, which readers hold to copy what they serve.
type hubModel struct {
	mu      sync.Mutex
	rw      sync.RWMutex
	name    string // the feed as clients know it (publicName): the model's name
	doc     feed
	st      *stamps
	gen     uint64            // the model's generation: each change adds one
	takes   uint64            // the times FEED was read into the model
	related []dialect.Related // FEED's own sx:related of type "aggregated", republished
	shell   []byte            // the model without its items (pick)
	shellOf dialect.Dialect   // the model's dialect when it was made
}

// hubJournal is the journal (journal.go) and its folding into FEED
// (fold.go).
type hubJournal struct {
	j          *journal
	unfolded   map[string]uint64 // items changed since the last fold, by the record that changed them last
	pending    int               // records since the last fold
	pendingB   int64             // their bytes
	foldTook   time.Duration     // how long the last fold took
	lastChange time.Time
	foldIdle   time.Duration // foldIdle when the hub started
	foldMu     sync.Mutex
	writing    chan struct{} // while a fold holds FEED's lock; closed when it lets go
	kick, quit chan struct{}
	wake       chan struct{} // the journal holds a record again: the folder's clock starts
	done       chan struct{}
}

// hubViews are the feeds GET answers (view.go).
type hubViews struct {
	vmu           sync.Mutex
	views         map[string]*view // the feeds GET answers, each rendered once per generation
	served        map[string]*view // the views last answered
	kept          map[string]*view // views rendered, to be answered once durable (view.go)
	warnedExpires atomic.Bool
}

// fileID identifies a version of a file on disk cheaply: its size and
// modification time, and where the system gives them (fileid_*.go) its
// device, inode and change time, which a file put in its place by rename
// always changes.
type fileID struct {
	dev, ino  uint64
	size      int64
	mtime     time.Time
	ctimeNsec int64
}

func statID(path string) (fileID, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return fileID{}, err
	}
	id := fileID{size: fi.Size(), mtime: fi.ModTime()}
	sysID(fi, &id)
	return id, nil
}

// publicName is the name a hub's answers give its feed, as its clients
// know it: NAME for the feed a Dir serves at /NAME (Options.Prefix), "the
// hub's feed" for one served at the root. Never FEED's path: where the
// server keeps its files is the server's business, and only its log
// names them.
func publicName(prefix string) string {
	if name := strings.Trim(prefix, "/"); name != "" {
		return name
	}
	return "the hub's feed"
}

// parseModel loads FEED's bytes (or the model's shell) under the name
// its clients know (h.name), for what a merge into the model says may be
// answered to a POST; bytes that do not load are worded with FEED's
// path, for the log and the command that started the hub.
func (h *Hub) parseModel(data []byte) (feed, error) {
	doc, err := parse(h.name, data)
	if err != nil {
		_, err = parse(h.path, data)
	}
	return doc, err
}

// ErrBusy is returned by NewHub when another process serves the feed.
var ErrBusy = errors.New("another feedsync serve publishes this feed")

// NewHub loads the feed at path and its publisher state, brings the state
// up to date with the feed and takes the feed for this process: a second
// hub on one feed gets ErrBusy.
func NewHub(path string, opts Options) (*Hub, error) {
	h := &Hub{front: newFront(opts)}
	h.path, h.state, h.name = path, statePath(path, "serve"), publicName(opts.Prefix)
	h.unfolded, h.foldIdle = map[string]uint64{}, foldIdle
	h.kick, h.wake, h.quit, h.done = make(chan struct{}, 1), make(chan struct{}, 1), make(chan struct{}), make(chan struct{})
	h.views, h.served, h.kept = map[string]*view{}, map[string]*view{}, map[string]*view{}
	dir := filepath.Dir(h.state)
	_, statErr := os.Stat(dir)
	made := errors.Is(statErr, fs.ErrNotExist) // tidied away if the feed does not load
	if err := atomicfile.MkdirBeside(dir, path); err != nil {
		return nil, err
	}
	// The state file's lock is held for as long as the hub runs.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	lock, err := atomicfile.Acquire(ctx, h.state)
	if le := (*atomicfile.LockedError)(nil); errors.As(err, &le) {
		if le.PID > 0 {
			return nil, fmt.Errorf("%s: %w (pid %d)", path, ErrBusy, le.PID)
		}
		return nil, fmt.Errorf("%s: %w", path, ErrBusy)
	}
	if err != nil {
		return nil, err
	}
	h.release = func() { lock.Release() }
	if err := h.start(); err != nil {
		if h.j != nil {
			h.j.close()
		}
		lock.Release()
		if made { // a feed that does not load leaves nothing behind
			if name, lerr := atomicfile.LockPath(h.state); lerr == nil {
				os.Remove(name)
			}
			os.Remove(dir) // only if empty: another command may use it now
		}
		return nil, err
	}
	go h.folder()
	if hubStarted != nil {
		hubStarted(h)
	}
	return h, nil
}

// hubStarted and hubClosed, when set by a test, are called as a hub
// starts and closes: the tests fold the journal of the hub whose FEED
// they read.
var hubStarted, hubClosed func(*Hub)

// Close folds the journal into FEED and releases the feed.
func (h *Hub) Close() {
	select {
	case <-h.quit:
		return
	default:
	}
	if hubClosed != nil {
		hubClosed(h)
	}
	close(h.quit)
	<-h.done
	if err := h.fold(); err != nil {
		h.logf("warning: folding the journal into %s: %v (the journal keeps every change; the next start folds it)", h.path, err)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.j.close()
	if h.release != nil {
		h.release()
		h.release = nil
	}
	h.versions.Close()
}

// readFeed reads FEED, which must exist. Its identity on disk (statID)
// is the caller's, taken before the read.
func (h *Hub) readFeed() (*atomicfile.Snapshot, error) {
	snap, err := atomicfile.Read(h.path)
	switch {
	case err != nil:
		return nil, fileError(h.path, err)
	case !snap.Exists():
		return nil, fileError(h.path, nil)
	}
	return snap, nil
}

// fileError words a FEED that cannot be read, or is missing (err nil), as
// every other command words it: "FEED: a directory, not a regular file",
// "FEED: no such file or directory" (package fetch's wording).
func fileError(path string, err error) error {
	info, serr := os.Stat(path)
	var pe *fs.PathError
	switch {
	case serr == nil && !info.Mode().IsRegular():
		return fmt.Errorf("%s: %w", path, &fetch.NotRegularError{Mode: info.Mode()})
	case errors.As(serr, &pe):
		return fmt.Errorf("%s: %w", path, pe.Err)
	case err == nil:
		return fmt.Errorf("%s: %w", path, fs.ErrNotExist)
	}
	return err
}

func (h *Hub) saveState() {
	if err := h.st.save(h.state); err != nil {
		h.logf("warning: saving the publisher state: %v", err)
	}
}

func (h *Hub) logf(format string, args ...any) {
	fmt.Fprintf(h.opts.Log, format+"\n", args...)
}

// ServeHTTP answers GET, HEAD and POST of / and /complete (front). A
// POST to either merges; they differ in the feed whose ETag the answer
// gives.
func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	lw := &logWriter{ResponseWriter: w}
	defer func() { h.access(r, lw, time.Since(start)) }()
	h.serveFeed(lw, r, h, tokenCheck{token: h.opts.Token}, h.link(r))
}

// get answers the partial or the complete feed, or 304 to a conditional
// GET of an unchanged one, from the model: a GET waits for no POST's
// merge, only for the journal to hold what it answers (a few
// milliseconds at most, one fsync shared with the POSTs).
func (h *Hub) get(w http.ResponseWriter, r *http.Request, partial bool, link string) {
	h.current()
	v, body, seq := h.serve(partial, link, r.Header.Get("If-None-Match"))
	if err := h.j.wait(seq); err != nil {
		// What the model holds is not durable (neither the journal nor a
		// fold could keep it): answered, a kill of the hub would take it
		// back from a subscriber that cached it.
		h.logf("warning: %v", err)
		w.Header().Set("Retry-After", strconv.Itoa(int(RetryAfter/time.Second)))
		http.Error(w, "503 the hub cannot make its feed durable now (see its log); try again later", http.StatusServiceUnavailable)
		return
	}
	if body != nil {
		h.answered(partial, link, v)
	}
	hd := w.Header()
	hd.Set("Content-Type", withCharset(v.ctype, body))
	hd.Set("ETag", v.etag)
	hd.Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, "", v.modified, bytes.NewReader(body))
}
