package share

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// schemaVersion is the version of the tables this feedsync makes and
// reads. A database whose schema is newer is refused; an older one would
// be brought up to this version (there is none yet).
const schemaVersion = 1

// schemaLock is the advisory lock under which the first commands that
// connect to an empty database make the schema, one at a time.
const schemaLock = 0x66656564 // "feed"

// schemaSQL makes version 1: a feed's shell and stamps in feedsync_feeds,
// its items in feedsync_items, the versions that left it (the version
// store's bases) in feedsync_versions. Ids sort by byte ("C").
const schemaSQL = `
CREATE TABLE feedsync_schema (version integer NOT NULL);
CREATE TABLE feedsync_feeds (
	id      bigserial PRIMARY KEY,
	name    text COLLATE "C" NOT NULL UNIQUE,
	format  smallint NOT NULL,
	dialect text NOT NULL,
	shell   bytea NOT NULL,
	ins     integer NOT NULL,
	origin  bigint NOT NULL,
	until   bigint NOT NULL,
	purged  bigint NOT NULL,
	digest  bytea NOT NULL,
	seq     bigint NOT NULL DEFAULT 0,
	items   bigint NOT NULL DEFAULT 0,
	size    bigint NOT NULL,
	token   bytea
);
CREATE TABLE feedsync_items (
	feed   bigint NOT NULL REFERENCES feedsync_feeds ON DELETE CASCADE,
	id     text COLLATE "C" NOT NULL,
	seq    bigint NOT NULL,
	stamp  bigint NOT NULL,
	sum    text NOT NULL,
	parent text COLLATE "C" NOT NULL DEFAULT '',
	body   bytea NOT NULL,
	PRIMARY KEY (feed, id)
);
CREATE INDEX feedsync_items_stamp ON feedsync_items (feed, stamp, id);
CREATE INDEX feedsync_items_seq ON feedsync_items (feed, seq);
CREATE TABLE feedsync_versions (
	feed bigint NOT NULL REFERENCES feedsync_feeds ON DELETE CASCADE,
	id   text COLLATE "C" NOT NULL,
	sum  text NOT NULL,
	body bytea NOT NULL,
	PRIMARY KEY (feed, id, sum)
);
`

// schema makes the schema in a database that has none, and refuses one
// whose schema is newer than this feedsync's.
func (db *DB) schema(ctx context.Context) error {
	return pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", schemaLock); err != nil {
			return err
		}
		var exists bool
		if err := tx.QueryRow(ctx, "SELECT to_regclass('feedsync_schema') IS NOT NULL").Scan(&exists); err != nil {
			return err
		}
		if !exists {
			if _, err := tx.Exec(ctx, schemaSQL); err != nil {
				return fmt.Errorf("making feedsync's tables: %w", err)
			}
			_, err := tx.Exec(ctx, "INSERT INTO feedsync_schema VALUES ($1)", schemaVersion)
			return err
		}
		var version *int // max() of no rows is NULL
		err := tx.QueryRow(ctx, "SELECT max(version) FROM feedsync_schema").Scan(&version)
		switch {
		case err != nil:
			return err
		case version == nil:
			return db.where.refuse("its table feedsync_schema holds no version: not feedsync's, or damaged")
		}
		switch v := *version; {
		case v > schemaVersion:
			return db.where.refuse(fmt.Sprintf("its feedsync schema is version %d, newer than this feedsync's %d: use a newer feedsync", v, schemaVersion))
		case v < 1:
			return db.where.refuse(fmt.Sprintf("its feedsync schema has version %d, which no feedsync made", v))
		}
		return nil
	})
}

// refuse words a database feedsync will not use.
func (w where) refuse(reason string) *DBError {
	return &DBError{Host: w.host, Port: w.port, Database: w.database, Reason: reason}
}
