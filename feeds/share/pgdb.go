package share

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DB is a PostgreSQL database of feeds, which any number of hubs serve at
// once (see "Hubs on PostgreSQL" in the package doc). It is safe for
// concurrent use; Close releases it.
type DB struct {
	pool  *pgxpool.Pool
	where where
	log   io.Writer

	url string // for scrub only

	ready atomic.Bool // the schema is made or checked
	smu   sync.Mutex  // held while it is
	probe sync.Mutex  // held by the one request that asks a database down whether it is back

	mu   sync.Mutex
	down time.Time // when the outage under way began, or zero
	// now, when set by a test, replaces the database's clock for stamps
	// and windows; the hubs read the database's otherwise.
	now func() time.Time
}

// where names a database in messages: never its password.
type where struct {
	host, port, database, user string
}

func (w where) String() string {
	return fmt.Sprintf("PostgreSQL at %s, database %s", net.JoinHostPort(w.host, w.port), w.database)
}

// DBError says why a database cannot be used (a URL that does not parse,
// a server that does not answer, a password it refuses, a database it
// lacks, a schema too new): it names the host, the port and the
// database, never the password.
type DBError struct {
	Host, Port, Database string
	Reason               string

	down bool // the server cannot be reached: ErrUnreachable
}

// Is reports whether the database could not be reached (ErrUnreachable).
func (e *DBError) Is(target error) bool { return target == errDown && e.down }

func (e *DBError) Error() string {
	return fmt.Sprintf("%s: %s", where{host: e.Host, port: e.Port, database: e.Database}, e.Reason)
}

// connectTimeout bounds a connection attempt when the URL sets none.
const connectTimeout = 10 * time.Second

// OpenDB connects to the database at the PostgreSQL connection URI u
// (libpq's conventions: the password from the URL, PGPASSWORD or
// ~/.pgpass) and makes feedsync's schema in it if it has none. A database
// of a newer schema is refused. log receives one line per outage.
func OpenDB(ctx context.Context, u string, log io.Writer) (*DB, error) {
	db, err := DialDB(u, log)
	if err != nil {
		return nil, err
	}
	if err := db.Check(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// DialDB is OpenDB without connecting: it parses u (a URL that does not
// parse is a *DBError) and returns the database, which connects and
// makes or checks its schema on first use. A hub starts with it, so that
// a database down when the hub starts is an outage like any other: the
// hub answers 503 until it is back, and then serves (see Check).
func DialDB(u string, log io.Writer) (*DB, error) {
	w := whereOf(u)
	cfg, err := pgxpool.ParseConfig(u)
	if err != nil {
		return nil, scrub(u, &DBError{w.host, w.port, w.database, "not a PostgreSQL connection URI (postgres://USER[:PASSWORD]@HOST:PORT/DB?sslmode=...): " + parseReason(err), false})
	}
	cc := cfg.ConnConfig
	w = where{host: cc.Host, port: strconv.Itoa(int(cc.Port)), database: cc.Database, user: cc.User}
	if cc.ConnectTimeout == 0 {
		cc.ConnectTimeout = connectTimeout
	}
	cfg.MaxConns = 32
	cfg.MinConns = 0 // no connection before the first use
	cfg.HealthCheckPeriod = 5 * time.Second
	if log == nil {
		log = io.Discard
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		return nil, scrub(u, w.fail(err))
	}
	return &DB{pool: pool, where: w, log: log, url: u}, nil
}

// Check connects to the database and makes feedsync's schema in it, or
// checks the one it has, unless that was done already. It returns nil
// once the database is usable, and otherwise a *DBError: one that
// errors.Is ErrUnreachable while the server cannot be reached, any other
// (a password refused, a missing database, a newer schema) a database
// this feedsync cannot use.
func (db *DB) Check(ctx context.Context) error {
	if db.ready.Load() {
		return nil
	}
	db.smu.Lock()
	defer db.smu.Unlock()
	return db.check(ctx)
}

// check is Check with db.smu held.
func (db *DB) check(ctx context.Context) error {
	if db.ready.Load() {
		return nil
	}
	err := db.schema(ctx)
	if err == nil {
		db.ready.Store(true)
		db.worked()
		return nil
	}
	var de *DBError
	if !errors.As(err, &de) {
		de = db.where.fail(err)
	}
	return scrub(db.url, de)
}

// Ping makes sure the database can be used now, as a hub's request does:
// nil, or an outage (logged, one line per outage; errors.Is
// ErrUnreachable), or why this feedsync cannot use the database.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.Check(ctx); err != nil {
		return db.downOr(err)
	}
	return db.run(ctx, true, func(pgx.Tx) error { return nil })
}

// downOr returns err, or errDown with its reason when it is an outage,
// which it notes (failed).
func (db *DB) downOr(err error) error {
	if db.failed(err) {
		return fmt.Errorf("%w: %v", errDown, db.reason(err))
	}
	return err
}

// reason is why the database failed, in words that name no password.
func (db *DB) reason(err error) string {
	var de *DBError
	if errors.As(err, &de) {
		return de.Reason
	}
	return db.where.fail(err).Reason
}

// ErrUnreachable is what errors.Is finds in an error of a database whose
// server cannot be reached now (no server answers, a connection lost, a
// server starting up or shutting down).
var ErrUnreachable = errDown

// Close releases the database's connections.
func (db *DB) Close() { db.pool.Close() }

// String names the database: host, port and database.
func (db *DB) String() string { return db.where.String() }

// whereOf reads the host, port and database from a URL that pgx may not
// parse, for the message that says it does not: by hand, past the
// scheme and the user and password, which it never keeps. A libpq
// keyword/value string (host=... dbname=...) is read too.
func whereOf(u string) where {
	w := where{host: "?", port: "5432", database: "?"}
	set := func(host, port, db string) {
		if host != "" {
			w.host = host
		}
		if port != "" {
			w.port = port
		}
		if db != "" {
			w.database = db
		}
	}
	rest, ok := strings.CutPrefix(u, "postgres://")
	if !ok {
		if rest, ok = strings.CutPrefix(u, "postgresql://"); !ok {
			kv := keywordValues(u)
			set(kv["host"], kv["port"], kv["dbname"])
			return w
		}
	}
	rest, query, _ := strings.Cut(rest, "?")
	hostport, db, _ := strings.Cut(rest, "/")
	if at := strings.LastIndex(hostport, "@"); at >= 0 {
		hostport = hostport[at+1:]
	}
	port := ""
	if h, p, err := net.SplitHostPort(hostport); err == nil {
		hostport, port = h, p
	}
	hostport = strings.Trim(hostport, "[]") // an IPv6 address unclosed
	d, err := url.PathUnescape(db)
	if err != nil {
		d = ""
	}
	set(hostport, port, d)
	if q, err := url.ParseQuery(query); err == nil {
		set(q.Get("host"), q.Get("port"), q.Get("dbname"))
	}
	return w
}

// keywordValues reads a libpq keyword/value connection string, as far as
// it can: key=value pairs, a value in single quotes with backslash
// escapes.
func keywordValues(s string) map[string]string {
	kv := map[string]string{}
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		key, rest, ok := strings.Cut(s, "=")
		if !ok {
			break
		}
		key, rest = strings.TrimSpace(key), strings.TrimLeft(rest, " \t")
		var v strings.Builder
		if strings.HasPrefix(rest, "'") {
			i := 1
			for ; i < len(rest) && rest[i] != '\''; i++ {
				if rest[i] == '\\' && i+1 < len(rest) {
					i++
				}
				v.WriteByte(rest[i])
			}
			s = rest[min(i+1, len(rest)):]
		} else {
			end := strings.IndexAny(rest, " \t\n")
			if end < 0 {
				end = len(rest)
			}
			v.WriteString(rest[:end])
			s = rest[end:]
		}
		kv[key] = v.String()
	}
	return kv
}

// parseReason is why pgx did not parse a URL, without the URL (whose
// password it may quote).
func parseReason(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	var pe *pgconn.ParseConfigError
	if errors.As(err, &pe) {
		if inner := errors.Unwrap(pe); inner != nil && !strings.Contains(inner.Error(), "://") {
			return inner.Error()
		}
	}
	return "it does not parse"
}

// fail words a failure to connect or to use the database.
func (w where) fail(err error) *DBError {
	e := &DBError{Host: w.host, Port: w.port, Database: w.database, down: outage(err)}
	var pe *pgconn.PgError
	var ne net.Error
	var oe *net.OpError
	switch {
	case errors.As(err, &pe) && pe.Code == "3D000":
		e.Reason = "the database does not exist (create it: createdb " + w.database + ")"
	case errors.As(err, &pe) && (pe.Code == "28P01" || pe.Code == "28000"):
		e.Reason = fmt.Sprintf("the server refused user %s: %s (the password comes from the URL, PGPASSWORD or ~/.pgpass)", w.user, pe.Message)
	case errors.As(err, &pe):
		e.Reason = pe.Message
	case errors.As(err, &oe):
		e.Reason = "no server answers: " + oe.Err.Error()
	case errors.As(err, &ne) && ne.Timeout(), errors.Is(err, context.DeadlineExceeded):
		e.Reason = "no server answered in time"
	case strings.Contains(err.Error(), "password"):
		e.Reason = fmt.Sprintf("the server wants a password for user %s, and none was given (in the URL, PGPASSWORD or ~/.pgpass)", w.user)
	default:
		e.Reason = "cannot connect: " + innermost(err)
	}
	return e
}

// innermost is the innermost message of err, which names no URL.
func innermost(err error) string {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err.Error()
		}
		err = next
	}
}

// scrub takes the URL's password out of an error's message, should any
// wording have quoted it.
func scrub(u string, err error) error {
	pw := urlPassword(u)
	if pw == "" || !strings.Contains(err.Error(), pw) {
		return err
	}
	var de *DBError
	if errors.As(err, &de) {
		c := *de
		for _, f := range []*string{&c.Host, &c.Port, &c.Database, &c.Reason} {
			*f = strings.ReplaceAll(*f, pw, "xxxxx")
		}
		return &c
	}
	return errors.New(strings.ReplaceAll(err.Error(), pw, "xxxxx"))
}

// urlPassword finds the password in a URL, parsed or not: its user
// information, a password= parameter, or a keyword/value string's.
func urlPassword(u string) string {
	if !strings.HasPrefix(u, "postgres://") && !strings.HasPrefix(u, "postgresql://") {
		return keywordValues(u)["password"]
	}
	if p, err := url.Parse(u); err == nil {
		if pw, ok := p.User.Password(); ok {
			return pw
		}
		return p.Query().Get("password")
	}
	rest, ok := strings.CutPrefix(u, "postgres://")
	if !ok {
		rest, _ = strings.CutPrefix(u, "postgresql://")
	}
	if at := strings.LastIndex(rest, "@"); at > 0 {
		if _, pw, ok := strings.Cut(rest[:at], ":"); ok {
			return pw
		}
	}
	return ""
}

// outage reports whether err says that the database cannot be reached
// (no server, a connection lost, a server shutting down or starting up),
// rather than that a statement failed: the hubs answer 503 meanwhile.
func outage(err error) bool {
	if err == nil {
		return false
	}
	var de *DBError
	if errors.As(err, &de) {
		return de.down
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return strings.HasPrefix(pe.Code, "08") || strings.HasPrefix(pe.Code, "57P") || pe.Code == "53300"
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	return errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		pgconn.SafeToRetry(err) || strings.Contains(err.Error(), "conn closed") || strings.Contains(err.Error(), "closed pool")
}

// refusedOnceUsed reports whether err is the database refusing a new
// connection (a password or role refused, the database dropped) after it
// was used: then an outage, answered 503 and logged once, until someone
// puts it right; at the first use it is a database this feedsync cannot
// use, which stops a hub (serve --db).
func (db *DB) refusedOnceUsed(err error) bool {
	var ce *pgconn.ConnectError
	return db.ready.Load() && errors.As(err, &ce)
}

// errDown is what a request meets while the database is unreachable.
var errDown = errors.New("the database is unreachable")

// failed notes a failure of the database: an outage begins (one line in
// the log, and the pool's connections are let go so that new ones are
// made once it is back), or goes on. It reports whether err is an outage.
func (db *DB) failed(err error) bool {
	if !outage(err) && !db.refusedOnceUsed(err) {
		return false
	}
	db.mu.Lock()
	first := db.down.IsZero()
	if first {
		db.down = time.Now()
	}
	db.mu.Unlock()
	if first {
		fmt.Fprintf(db.log, "%s warning: %s is unreachable (%s): answering 503 until it is back\n",
			time.Now().UTC().Format(time.RFC3339), db.where, db.reason(err))
		db.pool.Reset()
	}
	return true
}

// isDown reports whether an outage is under way.
func (db *DB) isDown() bool {
	db.mu.Lock()
	defer db.mu.Unlock()
	return !db.down.IsZero()
}

// worked notes a request the database answered: an outage under way ends,
// with one line in the log.
func (db *DB) worked() {
	db.mu.Lock()
	since := db.down
	db.down = time.Time{}
	db.mu.Unlock()
	if !since.IsZero() {
		fmt.Fprintf(db.log, "%s %s is back after %v\n", time.Now().UTC().Format(time.RFC3339), db.where, time.Since(since).Round(time.Millisecond))
	}
}

// run runs fn on a connection of the pool, in a transaction (read-only
// and on one snapshot when readOnly), and notes how the database did. A
// transaction that meets a connection broken while idle (the server
// restarted) is run once more on a new one: fn starts afresh, and a merge
// run twice changes nothing the first did not.
func (db *DB) run(ctx context.Context, readOnly bool, fn func(tx pgx.Tx) error) error {
	opts := pgx.TxOptions{}
	if readOnly {
		opts = pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}
	}
	return db.retry(ctx, func() error { return pgx.BeginTxFunc(ctx, db.pool, opts, fn) })
}

// retry runs do, and once more when it meets a connection broken while
// idle (an outage, as the server restarting makes), and notes how the
// database did: an outage is errDown with its reason (downOr). Every use
// of the database goes through it (run, runOn), and so through its gate:
// the schema is checked on first use, by one request at a time, the
// others meanwhile answered 503 at once, not after a wait; while an
// outage is under way one request at a time asks the database whether it
// is back, the others answered 503 at once, not after a connection
// attempt each, which against a server that says nothing lasts the whole
// request.
func (db *DB) retry(ctx context.Context, do func() error) error {
	if !db.ready.Load() {
		if !db.smu.TryLock() {
			return fmt.Errorf("%w: connecting to %s", errDown, db.where)
		}
		err := db.check(ctx)
		db.smu.Unlock()
		if err != nil {
			return db.downOr(err)
		}
	}
	if db.isDown() {
		if !db.probe.TryLock() {
			return fmt.Errorf("%w: %s is unreachable", errDown, db.where)
		}
		defer db.probe.Unlock()
	}
	var err error
	for try := 0; try < 2; try++ {
		err = do()
		if err == nil {
			db.worked()
			return nil
		}
		if !outage(err) || ctx.Err() != nil {
			break
		}
	}
	return db.downOr(err)
}
