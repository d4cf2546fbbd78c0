package share

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// dbFeed is a feed's row of feedsync_feeds: its shell, its stamps (the
// publisher state of "Stamps: since and until", kept per feed), the
// digest of its items for the ETags and its size.
type dbFeed struct {
	id      int64
	name    string
	format  dialect.Format
	dialect string
	shell   []byte
	ins     int
	origin  int64
	until   int64
	purged  int64
	digest  [16]byte
	seq     int64 // the last item's place: items are written in its order
	items   int64
	size    int64 // the complete feed's bytes: the shell's and the items'
	token   []byte
	now     int64 // the database's clock as the row was read, in whole seconds
}

// floor is the lowest since the feed can have (stamps.floor).
func (f *dbFeed) floor() int64 { return max(f.origin, f.purged) }

const feedColumns = `id, name, format, dialect, shell, ins, origin, until, purged, digest, seq, items, size, token,
	floor(extract(epoch from clock_timestamp()))::bigint`

// errNoDBFeed says the database holds no feed of that name.
var errNoDBFeed = errors.New("no such feed in the database")

// loadFeed reads feed name's row, locked for the transaction when lock
// is set: a POST holds it from its read to its commit, so that POSTs to
// one feed through any number of hubs take turns.
func (db *DB) loadFeed(ctx context.Context, tx querier, name string, lock bool) (*dbFeed, error) {
	q := "SELECT " + feedColumns + " FROM feedsync_feeds WHERE name = $1"
	if lock {
		q += " FOR UPDATE"
	}
	f, err := scanFeed(tx.QueryRow(ctx, q, name))
	if err != nil {
		return nil, err
	}
	if lock {
		// The clock once the lock is held: a POST that waited for another
		// stamps after it.
		if err := tx.QueryRow(ctx, clockQuery).Scan(&f.now); err != nil {
			return nil, err
		}
	}
	if db.now != nil {
		f.now = db.now().Unix()
	}
	return f, nil
}

// shellInfo is what the hubs need of a shell, parsed once per process.
type shellInfo struct {
	sum     [32]byte
	dialect dialect.Dialect
	format  dialect.Format
	related []dialect.Related // its own sx:related of type "aggregated", republished
	ctype   string

	mu        sync.Mutex
	templates map[string]*sharingTemplate // by the shape of sx:sharing (withSharing)
}

// shells caches shellInfo by the shell's digest.
type shells struct {
	mu sync.Mutex
	m  map[[32]byte]*shellInfo
}

// maxShells bounds the shells a process keeps parsed.
const maxShells = 256

func (s *shells) of(f *dbFeed) (*shellInfo, error) {
	sum := sha256.Sum256(f.shell)
	s.mu.Lock()
	si := s.m[sum]
	s.mu.Unlock()
	if si != nil {
		return si, nil
	}
	doc, err := parse(f.name, compose(f.shell, f.ins, nil))
	if err != nil {
		return nil, fmt.Errorf("feed %s in the database: its shell does not load: %w", f.name, err)
	}
	si = &shellInfo{sum: sum, dialect: doc.Dialect(), format: doc.Format(), ctype: withCharset(mediaType(doc), nil)} // the database keeps feeds in UTF-8 (UTF8Bytes)
	if sh := doc.Sharing(); sh != nil {
		for _, r := range sh.Related {
			if r.Type != "complete" {
				si.related = append(si.related, r)
			}
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil || len(s.m) >= maxShells {
		s.m = map[[32]byte]*shellInfo{}
	}
	s.m[sum] = si
	return si, nil
}

// dbItem is an item's row of feedsync_items.
type dbItem struct {
	id     string
	seq    int64
	stamp  int64
	sum    string
	parent string
	body   []byte
	dirty  bool // changed in the transaction, to be written
	fresh  bool // new in the transaction: not in the table yet
}

// Names returns the names of the database's feeds, sorted by byte.
func (db *DB) Names(ctx context.Context) ([]string, error) {
	var names []string
	err := db.run(ctx, true, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT name FROM feedsync_feeds ORDER BY name`)
		if err != nil {
			return err
		}
		names, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	return names, err
}

// newFeedRow makes the row of a new feed from the feed it is created from
// (its feed-level data and dialect) and returns it locked, in the
// transaction under way on conn, with that feed cut into its shell and its
// items (fill writes them); nil for the cut when another command made the
// feed first, which from is then merged into.
func (db *DB) newFeedRow(ctx context.Context, conn *pgxpool.Conn, name string, from feed) (*dbFeed, *cut, error) {
	ids := map[string]bool{}
	for _, e := range from.Entries() {
		ids[e.ID()] = true
	}
	c, err := cutFeed(from.UTF8Bytes(), from.Format(), ids, placesOf(from))
	if err != nil {
		return nil, nil, err
	}
	shell, err := parse(name, compose(c.shell, c.ins, nil))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: its feed-level data alone does not load: %w", from.Name(), err)
	}
	var now int64
	if err := conn.QueryRow(ctx, clockQuery).Scan(&now); err != nil {
		return nil, nil, err
	}
	if db.now != nil {
		now = db.now().Unix()
	}
	o := now - 1
	tag, err := conn.Exec(ctx, `INSERT INTO feedsync_feeds (name, format, dialect, shell, ins, origin, until, purged, digest, size)
		VALUES ($1, $2, $3, $4, $5, $6, $6, $6, $7, $8) ON CONFLICT (name) DO NOTHING`,
		name, int16(from.Format()), shell.Dialect().String(), c.shell, c.ins, o, make([]byte, 16), len(c.shell))
	if err != nil {
		return nil, nil, err
	}
	if tag.RowsAffected() == 0 {
		c = nil // another command made it meanwhile: merge into it
	}
	f, err := db.loadFeed(ctx, conn, name, true)
	return f, c, err
}

// fill notes for flush the items of from, the feed the transaction's new
// feed was made from (c: from cut), as from holds them, stamped as one
// incorporation: a feed imported is exported as it was, its layout
// included, rather than laid out again by a merge into its empty shell.
// It returns how many items it wrote.
func (tx *feedTx) fill(from feed, c *cut, maxFeed int64) (int, error) {
	if len(c.items) == 0 {
		return 0, nil
	}
	ids := make([]string, len(c.items)) // in document order: the feed's order
	pieces := make(map[string][]byte, len(c.items))
	for i, p := range c.items {
		ids[i], pieces[p.id] = p.id, p.body
	}
	return len(ids), tx.write(from, ids, nil, pieces, c, maxFeed)
}

// ImportResult says what an import changed.
type ImportResult struct {
	Created bool // the feed was new
	Changed int  // its items that the merge changed or added
	Items   int64
}

// Import merges the items of src, a loaded feed, into the database's feed
// name (1.0.2 §3.3, 0.91 §4.4), creating it from src (its feed-level data
// and dialect) when there is none, in one transaction: what src does not
// merge into leaves the database unchanged. The items it changes are
// stamped as one incorporation.
func (db *DB) Import(ctx context.Context, name string, src feed, maxFeed int64) (ImportResult, error) {
	return db.ImportWithToken(ctx, name, src, maxFeed, "")
}

// ImportWithToken is Import, and gives feed name its own token (as
// SetToken; "" leaves the feed's as it is) in the same transaction, so
// that no hub serves a feed so made without it, even for a moment, nor
// keeps one made whose token could not be set.
func (db *DB) ImportWithToken(ctx context.Context, name string, src feed, maxFeed int64, token string) (ImportResult, error) {
	if !validName(name) {
		return ImportResult{}, fmt.Errorf("feed name %q: a NAME is letters, digits, '.', '_' and '-', beginning with a letter or digit, at most %d bytes", name, maxNameLen)
	}
	var res ImportResult
	ids := postedIDs(src)
	err := db.runOn(ctx, func(conn *pgxpool.Conn) error {
		res = ImportResult{}
		tx, err := db.beginFeedTx(ctx, conn, name, ids, src.Format() == dialect.OPML)
		var c *cut // the cut of src when it makes the feed
		if errors.Is(err, errNoDBFeed) {
			res.Created = true
			tx = &feedTx{conn: conn, read: map[string]*dbItem{}}
			if tx.f, c, err = db.newFeedRow(ctx, conn, name, src); err == nil && c == nil {
				// Made by another command meanwhile, it may hold items.
				res.Created = false
				err = tx.readMore(ctx, ids)
			}
		}
		if err != nil {
			return err
		}
		if c != nil {
			res.Changed, err = tx.fill(src, c, maxFeed)
			res.Items = tx.f.items
		} else {
			var m *merged
			if m, err = tx.merge(src, maxFeed); err == nil {
				res.Changed, res.Items = len(m.changed), m.feed.items
			}
		}
		if err != nil {
			return err
		}
		if token == "" {
			return tx.flush(ctx, nil, nil, true)
		}
		return tx.flush(ctx, func(b *pgx.Batch) { b.Queue(setTokenSQL, name, tokenDigest(token)) },
			func(br pgx.BatchResults) error {
				tag, err := br.Exec()
				if err == nil && tag.RowsAffected() == 0 {
					return errNoDBFeed
				}
				return err
			}, true)
	})
	return res, err
}

// merged is what a merge into the database changed.
type merged struct {
	feed    *dbFeed // the row as written
	doc     feed    // the feed merged into: the shell and the items loaded
	changed []string
}

// checkDBGrowth applies the one rule of a feed's size (CheckGrowth) to
// a feed held in a database growing from size to grown bytes, or, when
// maxFeed is set (a test's smaller limit), that cap.
func checkDBGrowth(size, grown, maxFeed int64) error {
	if maxFeed <= 0 {
		return CheckGrowth(size, grown-size)
	}
	if grown > size && grown > maxFeed {
		return &GrowthError{Size: size, Grown: grown, Cap: maxFeed, Limit: maxFeed}
	}
	return nil
}

// merge merges posted into the transaction's feed as a hub merges a
// POST: only the items posted (in OPML, with the outlines above them),
// which the transaction read, are merged in place (dialect.Doc.MergeIn),
// and those the merge changed noted for flush, stamped as one
// incorporation at the database's clock (the later of now and the last
// stamp plus a second), with the versions that left (feedsync_versions).
// A merge refused (badPost, GrowthError) changes nothing.
func (tx *feedTx) merge(posted feed, maxFeed int64) (*merged, error) {
	f := tx.f
	rows := tx.items(postedIDs(posted))
	old := make(map[string]*dbItem, len(rows))
	bodies := make([][]byte, len(rows))
	for i, it := range rows {
		old[it.id], bodies[i] = it, it.body
	}
	doc, err := parse(f.name, compose(f.shell, f.ins, bodies))
	if err != nil {
		return nil, fmt.Errorf("feed %s in the database does not load: %w", f.name, err)
	}
	// The items read may hold no sync data, but the feed has its
	// dialect (the row's, else its shell's), which a POST of the other
	// must not take over.
	if posted, err = admit(f.name, parseDialect(f.dialect), doc, posted); err != nil {
		return nil, &badPost{err}
	}
	before := entriesOf(doc, posted)
	changed, err := doc.MergeIn(posted)
	if err != nil {
		return nil, &badPost{err}
	}
	m := &merged{feed: f, doc: doc, changed: changed}
	if len(changed) == 0 {
		return m, nil
	}
	all := map[string]bool{}
	for _, e := range doc.Entries() {
		all[e.ID()] = true
	}
	c, err := cutFeed(doc.UTF8Bytes(), doc.Format(), all, placesOf(doc))
	if err != nil {
		return nil, fmt.Errorf("writing feed %s: %w", f.name, err)
	}
	pieces := make(map[string][]byte, len(c.items))
	for _, p := range c.items {
		pieces[p.id] = p.body
	}
	if err := tx.write(doc, changed, old, pieces, c, maxFeed); err != nil {
		return nil, err
	}
	if err := tx.keepLeft(c, before, posted, doc, old); err != nil {
		return nil, err
	}
	return m, nil
}

// badPost is a POST that does not merge into the feed (another dialect,
// another format): the poster's mistake, 400.
type badPost struct{ err error }

func (e *badPost) Error() string { return e.err.Error() }
func (e *badPost) Unwrap() error { return e.err }

// postedIDs are the ids a merge of posted reads: its items', and in an
// OPML outline the parents its versions name.
func postedIDs(posted feed) []string {
	seen := map[string]bool{}
	var ids []string
	add := func(id string) {
		if id != "" && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, e := range posted.Entries() {
		add(e.ID())
		if posted.Format() == dialect.OPML {
			add(e.Winner().Position().Parent)
			for _, v := range e.Versions() {
				add(v.Position().Parent)
			}
		}
	}
	return ids
}

// entriesOf returns doc's entries of the items posted holds.
func entriesOf(doc, posted feed) []dialect.Entry {
	var out []dialect.Entry
	for _, e := range posted.Entries() {
		if m, err := doc.Entry(e.ID()); err == nil {
			out = append(out, m)
		}
	}
	return out
}

// write notes the changed items and the feed's row for flush: the items
// whose sync digest changed get the incorporation's stamp, the others
// (written otherwise, the same sync data) keep theirs. A change refused
// for its size notes nothing.
func (tx *feedTx) write(doc feed, changed []string, old map[string]*dbItem, pieces map[string][]byte, c *cut, maxFeed int64) error {
	f := tx.f
	var s summer
	stamp := max(f.now, f.until+1)
	stamped := false
	size := f.size - int64(len(f.shell)) + int64(len(c.shell))
	// The row changes only once the change is taken: a POST refused for
	// its size leaves it as it was, for the next POST of its batch.
	seqN, items, digest := f.seq, f.items, f.digest
	out := make([]*dbItem, 0, len(changed))
	for _, id := range changed {
		e, err := doc.Entry(id)
		body, ok := pieces[id]
		if err != nil || !ok {
			return fmt.Errorf("writing feed %s: item %q changed but was not written", f.name, id)
		}
		it := s.item(e)
		o := old[id]
		n := &dbItem{id: id, stamp: stamp, sum: it.Sum, parent: it.Parent, body: body}
		switch {
		case o == nil:
			seqN++
			items++
			n.seq = seqN
			stamped = true
		case o.sum != it.Sum:
			n.seq = o.seq
			stamped = true
		default:
			n.stamp, n.seq = o.stamp, o.seq
		}
		if o != nil {
			size -= int64(len(o.body))
			flipDigest(&digest, id, o.sum)
		}
		size += int64(len(body))
		flipDigest(&digest, id, it.Sum)
		out = append(out, n)
	}
	if err := checkDBGrowth(f.size, size, maxFeed); err != nil {
		return err
	}
	for _, n := range out {
		tx.set(n)
	}
	d := doc.Dialect().String()
	if stamped || d != f.dialect {
		f.until = stamp
	}
	f.size, f.dialect, f.seq, f.items, f.digest = size, d, seqN, items, digest
	if !bytes.Equal(c.shell, f.shell) || c.ins != f.ins {
		f.shell, f.ins = c.shell, c.ins
		tx.shellMoved = true
	}
	tx.moved = true
	return nil
}

// flipDigest adds an item to the digest of a feed's items, or takes it
// out: the XOR of itemDigest, which the file hub's index keeps too.
func flipDigest(d *[16]byte, id, sum string) {
	x := itemDigest(id, sum)
	for i := range d {
		d[i] ^= x[i]
	}
}

// keepLeft keeps the versions that left the feed (the items the merge
// replaced, and what the POST held that the feed did not take), which a
// later conflict may have as its base: the version store of a feed held
// in the database (see feeds/store), exported beside the feed file by
// 'feedsync db export -o'.
func (tx *feedTx) keepLeft(c *cut, before []dialect.Entry, posted, kept feed, old map[string]*dbItem) error {
	f := tx.f
	var s summer
	for _, e := range before {
		if k, err := kept.Entry(e.ID()); err == nil && k == e {
			continue
		}
		o := old[e.ID()]
		if o == nil {
			continue
		}
		tx.left = append(tx.left, dbVersion{o.id, o.sum, o.body})
	}
	// What the POST held that the feed now holds otherwise: set into the
	// shell, written in its context.
	var left []dialect.Entry
	for _, e := range posted.Entries() {
		it := s.item(e)
		if k, err := kept.Entry(e.ID()); err == nil && s.item(k).Sum != it.Sum {
			left = append(left, e)
		}
	}
	if len(left) > 0 {
		holder, err := parse(f.name, compose(c.shell, c.ins, nil))
		if err != nil {
			return err
		}
		ids := map[string]bool{}
		for _, e := range left {
			holder.Set(e)
			ids[e.ID()] = true
		}
		if hc, err := cutFeed(holder.UTF8Bytes(), holder.Format(), ids, placesOf(holder)); err == nil {
			for _, p := range hc.items {
				e, _ := holder.Entry(p.id)
				tx.left = append(tx.left, dbVersion{p.id, s.item(e).Sum, p.body})
			}
		}
	}
	return nil
}

// exportDeadline bounds an export's transaction.
const exportDeadline = time.Hour

// relatedOf returns the sx:related a shell republishes.
func relatedOf(si *shellInfo) []dialect.Related { return slices.Clone(si.related) }

// Export writes feed name as a feed file: its feed-level data as the
// database holds it (its own sx:sharing, never a hub's) and every item,
// in the feed's order. It is read in one snapshot into a spool first, so
// that w gets the whole feed or, on an error, nothing.
func (db *DB) Export(ctx context.Context, name string, w io.Writer) error {
	sp := &spool{}
	defer sp.Close()
	err := db.run(ctx, true, func(tx pgx.Tx) error {
		sp.Reset()
		f, err := db.loadFeed(ctx, tx, name, false)
		if err != nil {
			return err
		}
		return db.render(ctx, tx, f, &dbView{}, sp)
	})
	if err != nil {
		return err
	}
	r, err := sp.reader()
	if err == nil {
		_, err = io.Copy(w, r)
	}
	return err
}

// Versions calls fn with the versions kept of feed name's items that left
// it (the version store's bases), a batch at a time: each batch the
// entries of a feed that holds one version of each item.
func (db *DB) Versions(ctx context.Context, name string, fn func([]dialect.Entry) error) error {
	var batches []feed
	err := db.run(ctx, true, func(tx pgx.Tx) error {
		batches = nil
		f, err := db.loadFeed(ctx, tx, name, false)
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT id, body FROM feedsync_versions WHERE feed = $1 ORDER BY id, sum`, f.id)
		if err != nil {
			return err
		}
		var items [][]byte
		seen := map[string]bool{}
		flush := func() error {
			if len(items) == 0 {
				return nil
			}
			doc, err := parse(name+" (versions)", compose(f.shell, f.ins, items))
			if err != nil {
				return err
			}
			batches = append(batches, doc)
			items, seen = nil, map[string]bool{}
			return nil
		}
		for rows.Next() {
			var id string
			var body []byte
			if err := rows.Scan(&id, &body); err != nil {
				rows.Close()
				return err
			}
			if seen[id] || len(items) >= 1000 {
				if err := flush(); err != nil {
					rows.Close()
					return err
				}
			}
			seen[id] = true
			items = append(items, body)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		return flush()
	})
	if err != nil {
		return err
	}
	for _, b := range batches {
		if err := fn(b.Entries()); err != nil {
			return err
		}
	}
	return nil
}

// ErrNoFeed is returned for a feed name the database does not hold.
var ErrNoFeed = errNoDBFeed

// SetToken gives feed name its own token, which replaces the token for
// all of the hubs that serve it ("" takes it away); the database keeps its
// SHA-256 only.
func (db *DB) SetToken(ctx context.Context, name, token string) error {
	return db.run(ctx, false, func(tx pgx.Tx) error { return setToken(ctx, tx, name, token) })
}

const setTokenSQL = `UPDATE feedsync_feeds SET token = $2 WHERE name = $1`

// tokenDigest is what the database keeps of a token: its SHA-256, nil
// for none.
func tokenDigest(token string) []byte {
	if token == "" {
		return nil
	}
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// setToken is SetToken in tx.
func setToken(ctx context.Context, tx pgx.Tx, name, token string) error {
	tag, err := tx.Exec(ctx, setTokenSQL, name, tokenDigest(token))
	if err == nil && tag.RowsAffected() == 0 {
		return errNoDBFeed
	}
	return err
}
