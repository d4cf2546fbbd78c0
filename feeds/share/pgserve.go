package share

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DBServer serves every feed of a database at /NAME and /NAME/complete,
// as a Dir serves a folder's (see "Hubs on PostgreSQL" in the package
// doc). Any number of DBServers, in any number of processes, may serve
// one database at once. It is an http.Handler.
type DBServer struct {
	db     *DB
	fr     front
	shells shells

	pmu    sync.Mutex
	queues map[string]*postQueue // the POSTs waiting, by feed

	tokens tokenCache
}

// dbTimeout bounds what one request asks of the database (a variable for
// the tests).
var dbTimeout = 30 * time.Second

// NewDBServer serves the feeds of db. opts apply to every feed, but for
// Token, which a feed's own token replaces, and PublicURL, the base under
// which each feed's NAME goes; MaxPosts bounds the POSTs of all the feeds
// together.
func NewDBServer(db *DB, opts Options) *DBServer {
	return &DBServer{db: db, fr: newFront(opts), queues: map[string]*postQueue{}}
}

// ServeHTTP answers GET / with the names of the feeds, one a line, and
// hands /NAME and /NAME/complete to feed NAME. Any other path, a NAME the
// database lacks and one escaped in any way is 404. While the database is
// unreachable every request is answered 503 with Retry-After.
func (s *DBServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	lw := &logWriter{ResponseWriter: w}
	defer func() { accessLine(s.fr.opts.Log, time.Now(), r, r.URL.RequestURI(), lw, time.Since(start)) }()
	ctx, cancel := context.WithTimeout(r.Context(), dbTimeout)
	defer cancel()
	p := r.URL.EscapedPath()
	if p == "/" {
		s.list(ctx, lw, r)
		return
	}
	name, rest, ok := route(p)
	if !ok {
		http.NotFound(lw, r)
		return
	}
	own, err := s.ownToken(ctx, name, r)
	if err != nil {
		s.fail(lw, err)
		return
	}
	public := ""
	if s.fr.opts.PublicURL != "" {
		public = strings.TrimSuffix(s.fr.opts.PublicURL, "/") + "/" + name
	}
	r2 := new(http.Request)
	*r2 = *r.WithContext(ctx)
	u := *r.URL
	u.Path, u.RawPath = rest, ""
	r2.URL = &u
	st := dbFeedState{s: s, name: name, own: own, auth: r.Header.Get("Authorization")}
	s.fr.serveFeed(lw, r2, st, s.tokenFor(own), linkFor(r, public, "/"+name))
}

// dbFeedState is feed name of a database: the hubState of its hubs, for
// a request checked against the feed's own token own (nil: the one for
// all), whose Authorization header is auth.
type dbFeedState struct {
	s    *DBServer
	name string
	own  []byte
	auth string
}

func (d dbFeedState) get(w http.ResponseWriter, r *http.Request, partial bool, link string) {
	d.s.get(r.Context(), w, r, d, partial, link)
}

func (d dbFeedState) post(ctx context.Context, posted feed, until, link string, complete bool) (postAnswer, int, error) {
	return d.s.post(ctx, d, posted, until, link, complete)
}

// tokenCache holds the feeds' own tokens (their SHA-256, nil for none),
// against which a request is first checked: it saves the round trip to
// the database that reading the token before each request took. Each
// request's transaction reads its feed's row, token included, and one
// checked against a token no longer the feed's is checked again against
// the row's before anything is answered or merged (moved): a token set
// or taken away holds from the next transaction on, through every hub.
type tokenCache struct {
	mu sync.Mutex
	m  map[string][]byte // by feed name; present: the feed exists
}

// maxTokens bounds the feeds whose tokens a hub keeps.
const maxTokens = 4096

func (c *tokenCache) get(name string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	own, ok := c.m[name]
	return own, ok
}

func (c *tokenCache) put(name string, own []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxTokens {
		c.m = map[string][]byte{}
	}
	c.m[name] = own
}

func (c *tokenCache) drop(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, name)
}

// ownToken returns feed name's own token (its SHA-256, nil for none), as
// last read, or read again when that one refuses r (a token taken away
// meanwhile must not refuse it); errNoDBFeed when the database has no
// such feed.
func (s *DBServer) ownToken(ctx context.Context, name string, r *http.Request) ([]byte, error) {
	if own, ok := s.tokens.get(name); ok {
		t := s.tokenFor(own)
		open := r.Method != http.MethodPost && s.fr.opts.OpenRead
		if open || t.none() || t.matches(r.Header.Get("Authorization")) {
			return own, nil
		}
	}
	var own []byte
	err := s.db.runOn(ctx, func(conn *pgxpool.Conn) error {
		return conn.QueryRow(ctx, `SELECT token FROM feedsync_feeds WHERE name = $1`, name).Scan(&own)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNoDBFeed
	}
	if err != nil {
		return nil, err
	}
	s.tokens.put(name, own)
	return own, nil
}

// tokenFor is the token a request needs of a feed whose own is own: that
// one, or the one for all.
func (s *DBServer) tokenFor(own []byte) tokenCheck {
	if own != nil {
		return tokenCheck{digest: own}
	}
	return tokenCheck{token: s.fr.opts.Token}
}

// moved reports whether the request was checked against another token
// than f's, now read, and notes f's; ok whether the request holds f's
// (or needs none).
func (s *DBServer) moved(d dbFeedState, f *dbFeed) (moved, ok bool) {
	if bytes.Equal(d.own, f.token) {
		return false, true
	}
	s.tokens.put(d.name, f.token)
	t := s.tokenFor(f.token)
	return true, t.none() || t.matches(d.auth)
}

// status is the status of a request the database could not serve: 404
// for a feed it lacks, 503 while it is unreachable, 413 for a feed that
// would grow past what feedsync reads, 400 for a POST that does not
// merge, 500 otherwise (and a line in the log).
func (s *DBServer) status(err error) int {
	var big *GrowthError
	var bad *badPost
	switch {
	case errors.Is(err, errNoDBFeed):
		return http.StatusNotFound
	case errors.Is(err, errDown), errors.Is(err, context.DeadlineExceeded):
		return http.StatusServiceUnavailable
	case errors.As(err, &big):
		return http.StatusRequestEntityTooLarge
	case errors.As(err, &bad):
		return http.StatusBadRequest
	}
	fmt.Fprintf(s.fr.opts.Log, "%s warning: %v\n", time.Now().UTC().Format(time.RFC3339), err)
	return http.StatusInternalServerError
}

// fail answers a request the database could not serve (status).
func (s *DBServer) fail(w http.ResponseWriter, err error) {
	code := s.status(err)
	msg := err.Error()
	switch code {
	case http.StatusServiceUnavailable:
		w.Header().Set("Retry-After", strconv.Itoa(int(RetryAfter/time.Second)))
		msg = "503 the hub's database is unreachable; try again later"
	case http.StatusNotFound:
		msg = "404 no such feed"
	case http.StatusInternalServerError:
		msg = "500 the hub failed to answer: see its log"
	}
	http.Error(w, msg, code)
}

// list answers GET / with the names of the feeds, one a line.
func (s *DBServer) list(ctx context.Context, w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, r.Method+" is not allowed", http.StatusMethodNotAllowed)
		return
	}
	if !s.fr.authorized(w, r, tokenCheck{token: s.fr.opts.Token}, s.fr.opts.OpenRead) {
		return
	}
	names, err := s.db.Names(ctx)
	if err != nil {
		s.fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	for _, n := range names {
		fmt.Fprintln(w, n)
	}
}

// get answers a feed, or 304 to a conditional GET of an unchanged one:
// the view is made from the feed's row in a transaction of one snapshot,
// its body written into a spool before the answer begins, so that the
// database going away midway makes a 503, never a feed cut short.
func (s *DBServer) get(ctx context.Context, w http.ResponseWriter, r *http.Request, d dbFeedState, partial bool, link string) {
	sp := &spool{}
	defer sp.Close()
	var v *dbView
	inm := r.Header.Get("If-None-Match")
	refused := false
	err := s.db.run(ctx, true, func(tx pgx.Tx) error {
		sp.Reset()
		f, err := s.db.loadFeed(ctx, tx, d.name, false)
		if err != nil {
			return err
		}
		if moved, ok := s.moved(d, f); moved && !ok && !s.fr.opts.OpenRead {
			refused = true
			return nil
		}
		si, err := s.shells.of(f)
		if err != nil {
			return err
		}
		if v, err = s.db.makeView(ctx, tx, f, si, &s.fr.opts, partial, link); err != nil {
			return err
		}
		if notModified(inm, v.etag) {
			return nil // 304: no body
		}
		return s.db.render(ctx, tx, f, v, sp)
	})
	if errors.Is(err, errNoDBFeed) {
		s.tokens.drop(d.name)
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	if refused {
		unauthorized(w)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", v.ctype)
	hd.Set("ETag", v.etag)
	hd.Set("Cache-Control", "no-cache")
	body, err := sp.reader()
	if err != nil {
		s.fail(w, err)
		return
	}
	http.ServeContent(w, r, "", v.modified, body)
}

// post merges a POST into the feed in a transaction, answered once it has
// committed. The POSTs to one feed that reach this hub while a
// transaction of its own on that feed is under way wait for it and are
// then merged together, one after the other, in the next one (group
// commit): a feed's row is locked, and the commit's flush waited for,
// once per batch rather than once per POST. Each merge of a batch is an
// incorporation of its own, with its own stamp; a POST refused (400,
// 413) changes nothing, and the others of its batch go on.
func (s *DBServer) post(_ context.Context, d dbFeedState, posted feed, until, link string, complete bool) (postAnswer, int, error) {
	name := d.name
	j := &postJob{st: d, posted: posted, until: until, link: link, complete: complete, wake: make(chan struct{})}
	s.pmu.Lock()
	q := s.queues[name]
	if q == nil {
		q = &postQueue{}
		s.queues[name] = q
	}
	q.waiting = append(q.waiting, j)
	if !q.busy {
		q.busy, j.lead = true, true
	}
	s.pmu.Unlock()
	if !j.lead {
		<-j.wake // done, or to lead the next batch
	}
	if !j.lead {
		return j.ans, j.code, j.err
	}
	s.pmu.Lock()
	batch := q.waiting
	q.waiting = nil
	s.pmu.Unlock()
	s.runBatch(name, batch)
	s.pmu.Lock()
	for _, b := range batch {
		if b != j {
			close(b.wake)
		}
	}
	if len(q.waiting) > 0 {
		next := q.waiting[0]
		next.lead = true
		close(next.wake)
	} else {
		q.busy = false
		delete(s.queues, name)
	}
	s.pmu.Unlock()
	return j.ans, j.code, j.err
}

// postQueue is the POSTs to one feed waiting for their batch.
type postQueue struct {
	waiting []*postJob
	busy    bool // a batch is under way
}

// postJob is one POST of a batch, and its outcome.
type postJob struct {
	st          dbFeedState // the request's: its token checked
	posted      feed
	until, link string
	complete    bool
	lead        bool          // it runs the next batch
	wake        chan struct{} // closed when it is done, or is to lead
	ans         postAnswer
	code        int
	err         error
	warnings    []string
}

// drop lets the job's answer go.
func (j *postJob) drop() {
	if j.ans.done != nil {
		j.ans.done()
	}
	j.ans = postAnswer{}
}

// runBatch merges a batch of POSTs to feed name in one transaction, and
// gives each its answer, made once all are merged: what the poster lacks
// of the feed as the batch leaves it. The transaction takes two round
// trips to the database (feedTx): the first locks the row and reads the
// items the batch names, the second writes what the merges changed,
// reads what the posters lack and commits; a partial feed's ETag, which
// reads its window, takes more before the commit.
func (s *DBServer) runBatch(name string, batch []*postJob) {
	ctx, cancel := context.WithTimeout(context.Background(), dbTimeout)
	defer cancel()
	var ids []string
	seen := map[string]bool{}
	opml := false
	for _, j := range batch {
		for _, id := range postedIDs(j.posted) {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
		opml = opml || j.posted.Format() == dialect.OPML
	}
	err := s.db.runOn(ctx, func(conn *pgxpool.Conn) error {
		for _, j := range batch {
			j.drop()
			j.code, j.err, j.warnings = 0, nil, nil
		}
		tx, err := s.db.beginFeedTx(ctx, conn, name, ids, opml)
		if errors.Is(err, errNoDBFeed) {
			s.tokens.drop(name)
		}
		if err != nil {
			return err
		}
		f := tx.f
		var taken []*postJob
		for _, j := range batch {
			if _, ok := s.moved(j.st, f); !ok {
				j.code, j.err = http.StatusUnauthorized, errUnauthorized
				continue
			}
			m, err := tx.merge(j.posted, s.fr.opts.MaxFeed)
			var big *GrowthError
			var bad *badPost
			if errors.As(err, &big) || errors.As(err, &bad) {
				j.code, j.err = s.status(err), err // nothing of it was written
				continue
			}
			if err != nil {
				return err
			}
			mergeWarnings(m.doc, func(msg string) { j.warnings = append(j.warnings, msg) })
			taken = append(taken, j)
		}
		si, err := s.shells.of(f)
		if err != nil {
			return err
		}
		window := !s.fr.opts.Window.IsZero()
		partial := false
		for _, j := range taken {
			partial = partial || window && !j.complete
		}
		var q lacksQuery
		answers := make([]*answerWriter, len(taken))
		defer func() {
			for _, a := range answers {
				if a != nil && a.sp != nil {
					a.sp.Close() // not handed to its POST
				}
			}
		}()
		for i, j := range taken {
			if answers[i], err = s.db.newAnswer(f, si, j.until); err != nil {
				return err
			}
		}
		queue := func(b *pgx.Batch) {
			if len(taken) > 0 {
				q = f.lacksQuery(taken)
				b.Queue(q.sql, q.args...)
			}
		}
		read := func(br pgx.BatchResults) error {
			if len(taken) == 0 {
				return nil
			}
			rows, err := br.Query()
			return q.lacks(rows, err, func(i int, body []byte) error { return answers[i].item(body) })
		}
		// The ETags of partial feeds read the window before the commit.
		if err := tx.flush(ctx, queue, read, !partial); err != nil {
			return err
		}
		views := map[string]*dbView{}
		for i, j := range taken {
			if j.ans.body, err = answers[i].finish(ctx); err != nil {
				return err
			}
			sp := answers[i].sp
			j.ans.done, answers[i].sp = sp.Close, nil
			part := window && !j.complete
			key := viewKey(part, j.link)
			v := views[key]
			if v == nil {
				if v, err = s.db.makeView(ctx, conn, f, si, &s.fr.opts, part, j.link); err != nil {
					return err
				}
				views[key] = v
			}
			j.ans.ctype, j.ans.etag, j.code = si.ctype, v.etag, http.StatusOK
		}
		if partial {
			return tx.commit(ctx)
		}
		return nil
	})
	for _, j := range batch {
		switch {
		case err != nil:
			j.drop()
			j.code, j.err = s.status(err), err
		case j.err == nil:
			for _, msg := range j.warnings {
				fmt.Fprintf(s.fr.opts.Log, "%s: warning: %s\n", name, msg)
			}
		}
	}
}

// lacksQuery is the query of the items the posters of a batch may lack,
// each of whose last read ended at its until (see Hub.answer): those
// stamped after the earliest until, and those any sent, each row read
// once for all of them. Two index scans, not one OR over the feed: the
// items stamped after until (feedsync_items_stamp) and those sent (the
// primary key), one after the other (UNION ALL: an item both stamped
// after until and sent comes twice, and is taken once).
type lacksQuery struct {
	sql   string
	args  []any
	froms []int64
	sent  []map[string]string
}

func (f *dbFeed) lacksQuery(jobs []*postJob) lacksQuery {
	q := lacksQuery{sql: `SELECT id, sum, stamp, body FROM feedsync_items WHERE feed = $1 AND stamp > $2
		UNION ALL SELECT id, sum, stamp, body FROM feedsync_items WHERE feed = $1 AND id = ANY($3)`}
	var ids []string
	seen := map[string]bool{}
	from := int64(1<<63 - 1)
	for _, j := range jobs {
		q.froms = append(q.froms, f.answerFrom(j.until))
		sent := sums(j.posted)
		q.sent = append(q.sent, sent)
		from = min(from, q.froms[len(q.froms)-1])
		for id := range sent {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	q.args = []any{f.id, from, ids}
	return q
}

// answerFrom is the stamp after which a poster whose last read ended at
// until lacks the items stamped.
func (f *dbFeed) answerFrom(until string) int64 {
	from := f.floor()
	if u, ok := parseMark(parseDialect(f.dialect), until); ok {
		from = max(from, u.Unix())
	}
	return from
}

// lacks reads the query's rows and gives each poster's answer (its
// index in the batch) the bodies of the items stamped after its until
// that it did not send as they now are, and of those it sent that the
// feed holds otherwise.
func (q lacksQuery) lacks(rows pgx.Rows, err error, add func(i int, body []byte) error) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	seen := map[string]bool{}
	for rows.Next() {
		var id, sum string
		var stamp int64
		if err := rows.Scan(&id, &sum, &stamp, nil); err != nil {
			return err
		}
		if seen[id] {
			continue
		}
		seen[id] = true
		body := rows.RawValues()[3] // valid until the next row
		for i, from := range q.froms {
			s, was := q.sent[i][id]
			if stamp > from && s != sum || was && s != sum {
				if err := add(i, body); err != nil {
					return err
				}
			}
		}
	}
	return rows.Err()
}

// answerWriter writes a POST's answer, what a poster whose last read
// ended at until lacks (see Hub.answer), into a spool as lacks finds its
// items: the feed's shell with sx:sharing since that until and until the
// latest stamp, around them. An OPML outline, which nests, is laid out
// through its Doc (layOut) once they all came, its items spooled
// meanwhile.
type answerWriter struct {
	f     *dbFeed
	sh    *dialect.Sharing
	shell []byte
	ins   int
	sp    *spool // the answer, or the items of an outline
	n     int64  // the items' bytes
}

func (db *DB) newAnswer(f *dbFeed, si *shellInfo, until string) (*answerWriter, error) {
	d := parseDialect(f.dialect)
	a := &answerWriter{f: f, sp: &spool{}}
	if d != dialect.None {
		a.sh = &dialect.Sharing{Since: sinceMark(d, min(f.answerFrom(until), f.until-sinceStep(d))), Until: stampMark(d, time.Unix(f.until, 0)), Related: relatedOf(si)}
	}
	if f.format == dialect.OPML {
		return a, nil
	}
	var err error
	if a.shell, a.ins, err = si.withSharing(f, a.sh); err != nil {
		return nil, err
	}
	_, err = a.sp.Write(a.shell[:a.ins])
	return a, err
}

// item adds an item's body.
func (a *answerWriter) item(body []byte) error {
	a.n += int64(len(body))
	if a.f.format == dialect.OPML {
		var n [binary.MaxVarintLen64]byte
		if _, err := a.sp.Write(n[:binary.PutUvarint(n[:], uint64(len(body)))]); err != nil {
			return err
		}
	}
	_, err := a.sp.Write(body)
	return err
}

// finish ends the answer; its body is then in a.sp.
func (a *answerWriter) finish(ctx context.Context) (io.Reader, error) {
	if a.f.format != dialect.OPML {
		if _, err := a.sp.Write(a.shell[a.ins:]); err != nil {
			return nil, err
		}
		return a.sp.reader()
	}
	items, err := a.sp.reader()
	if err != nil {
		return nil, err
	}
	out := &spool{}
	err = layOut(ctx, a.f, a.n, a.sh, func(add func([]byte)) error {
		r := bufio.NewReader(items)
		for {
			n, err := binary.ReadUvarint(r)
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			b := make([]byte, n)
			if _, err := io.ReadFull(r, b); err != nil {
				return err
			}
			add(b)
		}
	}, out)
	a.sp.Close()
	a.sp = out
	if err != nil {
		return nil, err
	}
	return out.reader()
}

// errUnauthorized is a POST whose token the feed no longer takes: 401.
var errUnauthorized = errors.New("401 unauthorized")

// tokenCheck is the token a request needs: none, a token, or a token's
// SHA-256 (a feed's own, as the database keeps it).
type tokenCheck struct {
	token  string
	digest []byte
}

// matches reports whether an Authorization header carries the token, in
// constant time (tokenMatches).
func (t tokenCheck) matches(header string) bool {
	if t.digest == nil {
		return tokenMatches(header, t.token)
	}
	scheme, got, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		got = ""
	}
	sum := sha256.Sum256([]byte(strings.TrimSpace(got)))
	return subtle.ConstantTimeCompare(sum[:], t.digest) == 1 && ok
}

func (t tokenCheck) none() bool { return t.digest == nil && t.token == "" }

// spoolMemory is how much of a body a spool holds in memory, and
// spoolsMemory how much the spools of the process hold together: the rest
// goes to temporary files, so that what a hub holds of the bodies it is
// answering is bounded, whatever their number and size.
const (
	spoolMemory  = 4 << 20
	spoolsMemory = 64 << 20
)

// spoolsHeld is the memory the spools of the process hold.
var spoolsHeld atomic.Int64

// spool holds a body before it is answered: in memory up to spoolMemory
// (and while the process's spools hold less than spoolsMemory), then in
// a temporary file, removed when the spool is closed.
type spool struct {
	buf  []byte
	held int64 // of spoolsHeld
	f    *os.File
	w    *bufio.Writer // to f
}

func (s *spool) Write(p []byte) (int, error) {
	if s.f == nil {
		if n := len(s.buf) + len(p); n <= spoolMemory && s.hold(int64(n)) {
			s.buf = append(s.buf, p...)
			return len(p), nil
		}
		if err := s.toFile(); err != nil {
			return 0, err
		}
	}
	return s.w.Write(p)
}

// hold takes what a buffer of n bytes needs more than the spool holds
// from the process's spoolsMemory, in steps of 64 KiB; false when it is
// spent.
func (s *spool) hold(n int64) bool {
	if n <= s.held {
		return true
	}
	more := (n - s.held + 64<<10 - 1) &^ (64<<10 - 1)
	if spoolsHeld.Add(more) > spoolsMemory {
		spoolsHeld.Add(-more)
		return false
	}
	s.held += more
	return true
}

// toFile moves the spool's bytes to a temporary file.
func (s *spool) toFile() error {
	f, err := os.CreateTemp("", "feedsync-spool-")
	if err != nil {
		return err
	}
	os.Remove(f.Name()) // gone with its last descriptor
	s.f, s.w = f, bufio.NewWriterSize(f, 64<<10)
	if _, err := s.w.Write(s.buf); err != nil {
		return err
	}
	s.buf = nil
	s.release()
	return nil
}

func (s *spool) release() {
	spoolsHeld.Add(-s.held)
	s.held = 0
}

// Reset empties the spool, for a transaction run again.
func (s *spool) Reset() {
	s.Close()
	s.buf = s.buf[:0]
}

func (s *spool) reader() (io.ReadSeeker, error) {
	if s.f == nil {
		return bytes.NewReader(s.buf), nil
	}
	if err := s.w.Flush(); err != nil {
		return nil, err
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return s.f, nil
}

// Close lets the spool's memory or file go.
func (s *spool) Close() {
	s.release()
	if s.f != nil {
		s.f.Close()
		s.f, s.w = nil, nil
	}
}
