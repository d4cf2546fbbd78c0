package share

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// querier runs statements: a transaction, or a connection in one.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// feedTx is a write transaction on one feed (a POST, a batch of POSTs,
// an import) in two round trips to the database, whatever the merges in
// it: the first begins it, locks the feed's row, reads the clock once
// the lock is held and reads the items the merges name; the merges run
// in memory on those items (merge); the second writes what they changed,
// the row once, and commits (flush), with whatever the caller queues
// beside (a POST's answers). The statements of a round trip go in one
// pipeline (pgx.Batch).
type feedTx struct {
	conn  *pgxpool.Conn
	f     *dbFeed
	read  map[string]*dbItem // the items read, as the merges leave them
	dirty []string           // the ids of those the merges changed, in the order first changed
	left  []dbVersion        // the versions that left the feed (feedsync_versions)
	moved bool               // the row changed
	// shellMoved: the shell changed, and is written (an unchanged one,
	// TOASTed when large, is left as it is).
	shellMoved bool
}

// dbVersion is a version kept in feedsync_versions.
type dbVersion struct {
	id, sum string
	body    []byte
}

// itemsByName reads items of feed name by id; itemsUpByName, for an
// OPML outline, the outlines above them too. Both are read after the
// row's lock is held (each statement of a READ COMMITTED transaction
// sees what committed before it began).
const (
	itemsByName = `SELECT id, seq, stamp, sum, parent, body FROM feedsync_items
		WHERE feed = (SELECT id FROM feedsync_feeds WHERE name = $1) AND id = ANY($2)`
	itemsUpByName = `WITH RECURSIVE f AS (SELECT id FROM feedsync_feeds WHERE name = $1), up(id) AS (
			SELECT unnest($2::text[]) COLLATE "C"
			UNION
			SELECT i.parent FROM feedsync_items i, f, up WHERE i.feed = f.id AND i.id = up.id AND i.parent <> ''
		)
		SELECT i.id, i.seq, i.stamp, i.sum, i.parent, i.body FROM feedsync_items i, f, up WHERE i.feed = f.id AND i.id = up.id`
	clockQuery = `SELECT floor(extract(epoch from clock_timestamp()))::bigint`
)

// beginFeedTx begins a transaction on feed name on conn, locking its row
// and reading the items of ids (with the outlines above them when opml),
// in one round trip. errNoDBFeed when there is no such feed: the
// transaction is under way, for the caller to make the row or roll back.
func (db *DB) beginFeedTx(ctx context.Context, conn *pgxpool.Conn, name string, ids []string, opml bool) (*feedTx, error) {
	q := itemsByName
	if opml {
		q = itemsUpByName
	}
	b := &pgx.Batch{}
	b.Queue("begin")
	b.Queue("SELECT "+feedColumns+" FROM feedsync_feeds WHERE name = $1 FOR UPDATE", name)
	b.Queue(clockQuery) // once the lock is held: a POST that waited stamps after
	b.Queue(q, name, ids)
	br := conn.SendBatch(ctx, b)
	tx := &feedTx{conn: conn}
	err := func() error {
		if _, err := br.Exec(); err != nil {
			return err
		}
		f, err := scanFeed(br.QueryRow())
		if err != nil && !errors.Is(err, errNoDBFeed) {
			return err
		}
		var now int64
		if err := br.QueryRow().Scan(&now); err != nil {
			return err
		}
		rows, qerr := br.Query()
		items, err := collectItems(rows, qerr)
		if err != nil {
			return err
		}
		if f == nil {
			return errNoDBFeed
		}
		f.now = now
		tx.f = f
		tx.read = make(map[string]*dbItem, len(items))
		for i := range items {
			tx.read[items[i].id] = &items[i]
		}
		return nil
	}()
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	if db.now != nil {
		tx.f.now = db.now().Unix()
	}
	if tx.f.format == dialect.OPML && !opml {
		// An outline's ancestors, which the merge needs: read again.
		return tx, tx.readMore(ctx, ids)
	}
	return tx, nil
}

// readMore reads the items of ids the transaction has not read, with
// the outlines above them in an OPML outline.
func (tx *feedTx) readMore(ctx context.Context, ids []string) error {
	q := itemsByName
	if tx.f.format == dialect.OPML {
		q = itemsUpByName
	}
	rows, err := tx.conn.Query(ctx, q, tx.f.name, ids)
	items, err := collectItems(rows, err)
	if err != nil {
		return err
	}
	if tx.read == nil {
		tx.read = map[string]*dbItem{}
	}
	for i := range items {
		if tx.read[items[i].id] == nil {
			tx.read[items[i].id] = &items[i]
		}
	}
	return nil
}

// scanFeed reads a feed's row (feedColumns); errNoDBFeed for none.
func scanFeed(row pgx.Row) (*dbFeed, error) {
	f := &dbFeed{}
	var format int16
	var digest []byte
	err := row.Scan(&f.id, &f.name, &format, &f.dialect, &f.shell, &f.ins, &f.origin, &f.until,
		&f.purged, &digest, &f.seq, &f.items, &f.size, &f.token, &f.now)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNoDBFeed
	}
	if err != nil {
		return nil, err
	}
	f.format = dialect.Format(format)
	copy(f.digest[:], digest)
	return f, nil
}

// collectItems reads rows of items (id, seq, stamp, sum, parent, body).
func collectItems(rows pgx.Rows, err error) ([]dbItem, error) {
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (dbItem, error) {
		var it dbItem
		err := r.Scan(&it.id, &it.seq, &it.stamp, &it.sum, &it.parent, &it.body)
		return it, err
	})
}

// items returns the items of ids the transaction holds, with the
// outlines above them in an OPML outline, in the feed's order.
func (tx *feedTx) items(ids []string) []*dbItem {
	seen := map[string]bool{}
	var out []*dbItem
	for _, id := range ids {
		for it := tx.read[id]; it != nil && !seen[it.id]; it = tx.read[it.parent] {
			seen[it.id] = true
			out = append(out, it)
			if tx.f.format != dialect.OPML || it.parent == "" {
				break
			}
		}
	}
	slices.SortFunc(out, func(a, b *dbItem) int { return cmp.Compare(a.seq, b.seq) })
	return out
}

// set notes an item as a merge leaves it, to be written by flush.
func (tx *feedTx) set(it *dbItem) {
	o := tx.read[it.id]
	if o == nil || !o.dirty {
		tx.dirty = append(tx.dirty, it.id)
	}
	it.dirty = true
	it.fresh = o == nil || o.fresh
	tx.read[it.id] = it
}

// copyAbove is the number of new items from which flush copies them into
// the table (COPY, a round trip of its own) rather than inserting them
// with the other writes: an import's.
const copyAbove = 1000

// copyFresh copies the new items into feedsync_items, when they are
// many, and leaves the others to queueWrites.
func (tx *feedTx) copyFresh(ctx context.Context) error {
	var fresh, rest []string
	for _, id := range tx.dirty {
		if tx.read[id].fresh {
			fresh = append(fresh, id)
		} else {
			rest = append(rest, id)
		}
	}
	if len(fresh) < copyAbove {
		return nil
	}
	_, err := tx.conn.CopyFrom(ctx, pgx.Identifier{"feedsync_items"}, []string{"feed", "id", "seq", "stamp", "sum", "parent", "body"},
		pgx.CopyFromSlice(len(fresh), func(i int) ([]any, error) {
			it := tx.read[fresh[i]]
			return []any{tx.f.id, it.id, it.seq, it.stamp, it.sum, it.parent, it.body}, nil
		}))
	if err != nil {
		return err
	}
	tx.dirty = rest
	return nil
}

// queueWrites queues what the merges changed: the items (each once, as
// the last merge left it), the versions that left, the row.
func (tx *feedTx) queueWrites(b *pgx.Batch) {
	f := tx.f
	// New items are inserted, the others updated in place: the row lock
	// keeps any other writer of the feed's items away meanwhile.
	var fresh, old itemColumns
	for _, id := range tx.dirty {
		if it := tx.read[id]; it.fresh {
			fresh.add(it)
		} else {
			old.add(it)
		}
	}
	if len(fresh.id) > 0 {
		b.Queue(`INSERT INTO feedsync_items (feed, id, seq, stamp, sum, parent, body)
		SELECT $1, * FROM unnest($2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::bytea[])`,
			f.id, fresh.id, fresh.seq, fresh.stamp, fresh.sum, fresh.parent, fresh.body)
	}
	if len(old.id) > 0 {
		b.Queue(`UPDATE feedsync_items i SET stamp = u.stamp, sum = u.sum, parent = u.parent, body = u.body
		FROM unnest($2::text[], $3::bigint[], $4::text[], $5::text[], $6::bytea[]) AS u(id, stamp, sum, parent, body)
		WHERE i.feed = $1 AND i.id = u.id`,
			f.id, old.id, old.stamp, old.sum, old.parent, old.body)
	}
	if n := len(tx.left); n > 0 {
		idA, sumA, bodyA := make([]string, 0, n), make([]string, 0, n), make([][]byte, 0, n)
		for _, v := range tx.left {
			idA, sumA, bodyA = append(idA, v.id), append(sumA, v.sum), append(bodyA, v.body)
		}
		b.Queue(`INSERT INTO feedsync_versions (feed, id, sum, body)
		SELECT $1, * FROM unnest($2::text[], $3::text[], $4::bytea[]) ON CONFLICT DO NOTHING`, f.id, idA, sumA, bodyA)
	}
	if tx.moved {
		var shell []byte
		if tx.shellMoved {
			shell = f.shell
		}
		b.Queue(`UPDATE feedsync_feeds SET dialect = $2, shell = coalesce($3, shell), ins = $4, until = $5, digest = $6, seq = $7, items = $8, size = $9 WHERE id = $1`,
			f.id, f.dialect, shell, f.ins, f.until, f.digest[:], f.seq, f.items, f.size)
	}
}

// itemColumns are items as the columns of statements that write them.
type itemColumns struct {
	id, sum, parent []string
	seq, stamp      []int64
	body            [][]byte
}

func (c *itemColumns) add(it *dbItem) {
	c.id, c.sum, c.parent = append(c.id, it.id), append(c.sum, it.sum), append(c.parent, it.parent)
	c.seq, c.stamp, c.body = append(c.seq, it.seq), append(c.stamp, it.stamp), append(c.body, it.body)
}

// flush writes what the merges changed, runs what more queues (reading
// its results with read, in the order queued) and commits, when commit
// is set, all in one round trip.
func (tx *feedTx) flush(ctx context.Context, more func(*pgx.Batch), read func(pgx.BatchResults) error, commit bool) error {
	if err := tx.copyFresh(ctx); err != nil {
		return err
	}
	b := &pgx.Batch{}
	tx.queueWrites(b)
	writes := b.Len()
	if more != nil {
		more(b)
	}
	if commit {
		b.Queue("commit")
	}
	if b.Len() == 0 {
		return nil
	}
	br := tx.conn.SendBatch(ctx, b)
	err := func() error {
		for range writes {
			if _, err := br.Exec(); err != nil {
				return err
			}
		}
		if read != nil {
			if err := read(br); err != nil {
				return err
			}
		}
		if commit {
			if _, err := br.Exec(); err != nil {
				return err
			}
		}
		return nil
	}()
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err == nil && commit && tx.conn.Conn().PgConn().TxStatus() != 'I' {
		err = fmt.Errorf("feed %s: the transaction did not commit", tx.f.name)
	}
	return err
}

// runOn runs fn on a connection of the pool (which may begin a
// transaction, beginFeedTx, and end it) and notes how the database did,
// as run does: fn meeting a connection broken while idle is run once more
// on a new one. A connection left in a transaction (fn failed midway) is
// rolled back, or let go by the pool.
func (db *DB) runOn(ctx context.Context, fn func(conn *pgxpool.Conn) error) error {
	return db.retry(ctx, func() error { return db.withConn(ctx, fn) })
}

func (db *DB) withConn(ctx context.Context, fn func(conn *pgxpool.Conn) error) error {
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	err = fn(conn)
	if pc := conn.Conn().PgConn(); !pc.IsClosed() && !pc.IsBusy() && pc.TxStatus() != 'I' {
		rollback(ctx, pc)
	}
	return err
}

// rollback ends a transaction left under way; should it fail, the pool
// lets the connection go on its release.
func rollback(ctx context.Context, pc *pgconn.PgConn) {
	pc.Exec(ctx, "rollback").Close()
}

// commit commits the transaction.
func (tx *feedTx) commit(ctx context.Context) error {
	if _, err := tx.conn.Exec(ctx, "commit"); err != nil {
		return err
	}
	if tx.conn.Conn().PgConn().TxStatus() != 'I' {
		return fmt.Errorf("feed %s: the transaction did not commit", tx.f.name)
	}
	return nil
}
