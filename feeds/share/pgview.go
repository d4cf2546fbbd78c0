package share

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/jackc/pgx/v5"
)

// dbView is what a GET of a feed held in the database answers: made from
// the feed's row and, for a partial feed, its window's stamps, without
// reading an item's bytes; two hubs make the same view, ETag included,
// from the same state.
type dbView struct {
	etag     string
	modified time.Time
	ctype    string
	keep     []string // the partial feed's items; nil for the complete feed
	sharing  *dialect.Sharing
	si       *shellInfo // the shell's, nil for none (Export)
}

// parseDialect reads a dialect's name (Dialect.String).
func parseDialect(s string) dialect.Dialect {
	for _, d := range []dialect.Dialect{dialect.FeedSync102, dialect.SSE091} {
		if d.String() == s {
			return d
		}
	}
	return dialect.None
}

// makeView makes the view of feed f: the complete feed, or the partial
// one by opts.Window with link to the complete one. Its rules are the
// file hub's (stamps.choose): since is the greatest stamp left out, 0.91
// never splits an incorporation nor holds none, an OPML outline's
// ancestors come along.
func (db *DB) makeView(ctx context.Context, tx querier, f *dbFeed, si *shellInfo, opts *Options, partial bool, link string) (*dbView, error) {
	d := parseDialect(f.dialect)
	v := &dbView{ctype: si.ctype, modified: time.Unix(f.until, 0).UTC(), si: si}
	since := f.floor()
	if partial {
		var err error
		v.keep, since, err = chooseDB(ctx, tx, f, opts.Window, f.now, inclusive(d))
		if err != nil {
			return nil, err
		}
		if v.keep == nil {
			v.keep = []string{}
		}
	}
	if d != dialect.None {
		sh := &dialect.Sharing{Since: sinceMark(d, since), Until: stampMark(d, time.Unix(f.until, 0)), Related: relatedOf(si)}
		if d == dialect.SSE091 {
			sh.Window = opts.Window.days()
		}
		if partial {
			sh.Related = append([]dialect.Related{{Link: link, Type: "complete"}}, sh.Related...)
		}
		if opts.Expires > 0 && d != dialect.SSE091 {
			sh.Expires = sharedExpiry(f.now, opts.Expires)
		}
		v.sharing = sh
	}
	v.etag = dbETag(f, si, d, partial, v.sharing)
	return v, nil
}

// sharedExpiry is 1.0.2's expires at now (§4.2.2): renewed once half of
// expires has passed, at the same moments on every hub (whole multiples
// of half of it since 1970), so that hubs agree on it and on the ETag.
func sharedExpiry(now int64, expires time.Duration) time.Time {
	half := max(int64(expires/time.Second)/2, 1)
	return time.Unix((now/half)*half+int64(expires/time.Second), 0).UTC()
}

// dbETag digests what a view holds: the shell, the items (their ids and
// sync digests), the kind of view and its sx:sharing.
func dbETag(f *dbFeed, si *shellInfo, d dialect.Dialect, partial bool, sh *dialect.Sharing) string {
	b := append(si.sum[:], f.digest[:]...)
	b = fmt.Appendf(b, "%v %v %d", partial, d, si.format)
	if sh != nil {
		b = fmt.Appendf(b, " %q %q %q %d %v", sh.Since.Text, sh.Until.Text, sh.Expires.Format(time.RFC3339), sh.Window, sh.Related)
	}
	sum := sha256.Sum256(b)
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}

// stampRow is an item's id and stamp.
type stampRow struct {
	id    string
	stamp int64
}

func queryStamps(ctx context.Context, tx querier, q string, args ...any) ([]stampRow, error) {
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (stampRow, error) {
		var s stampRow
		err := r.Scan(&s.id, &s.stamp)
		return s, err
	})
}

// chooseDB picks the items of a partial feed and its since, walking the
// stamps' index back from the latest as stampIndex.choose does.
func chooseDB(ctx context.Context, tx querier, f *dbFeed, w Window, now int64, incl bool) ([]string, int64, error) {
	var rows []stampRow
	var err error
	switch {
	case w.Items > 0:
		rows, err = queryStamps(ctx, tx, `SELECT id, stamp FROM feedsync_items WHERE feed = $1 ORDER BY stamp DESC, id DESC LIMIT $2`, f.id, w.Items)
	default:
		edge := now - int64(w.Span/time.Second)
		rows, err = queryStamps(ctx, tx, `SELECT id, stamp FROM feedsync_items WHERE feed = $1 AND stamp > $2 ORDER BY stamp DESC, id DESC`, f.id, edge)
	}
	if err != nil {
		return nil, 0, err
	}
	if incl {
		// 0.91: never split an incorporation, never hold none.
		var extra []stampRow
		switch {
		case len(rows) == 0 && f.items > 0:
			extra, err = queryStamps(ctx, tx, `SELECT id, stamp FROM feedsync_items WHERE feed = $1 AND stamp = (SELECT max(stamp) FROM feedsync_items WHERE feed = $1)`, f.id)
		case len(rows) > 0:
			extra, err = queryStamps(ctx, tx, `SELECT id, stamp FROM feedsync_items WHERE feed = $1 AND stamp = $2`, f.id, rows[len(rows)-1].stamp)
		}
		if err != nil {
			return nil, 0, err
		}
		for _, x := range extra {
			if !slices.ContainsFunc(rows, func(r stampRow) bool { return r.id == x.id }) {
				rows = append(rows, x)
			}
		}
	}
	keep := make([]string, 0, len(rows))
	last := int64(-1 << 62)
	for i, r := range rows {
		keep = append(keep, r.id)
		if i == 0 || r.stamp < last {
			last = r.stamp
		}
	}
	if f.format == dialect.OPML && len(keep) > 0 {
		up, err := queryAll(ctx, tx, pgx.RowTo[string], `WITH RECURSIVE up(id) AS (
			SELECT parent FROM feedsync_items WHERE feed = $1 AND id = ANY($2) AND parent <> ''
			UNION
			SELECT i.parent FROM feedsync_items i JOIN up ON i.feed = $1 AND i.id = up.id WHERE i.parent <> ''
		) SELECT id FROM up`, f.id, keep)
		if err != nil {
			return nil, 0, err
		}
		for _, id := range up {
			if !slices.Contains(keep, id) {
				keep = append(keep, id)
			}
		}
	}
	since := f.floor()
	var left *int64
	if len(rows) == 0 {
		err = tx.QueryRow(ctx, `SELECT max(stamp) FROM feedsync_items WHERE feed = $1`, f.id).Scan(&left)
	} else {
		err = tx.QueryRow(ctx, `SELECT max(stamp) FROM feedsync_items WHERE feed = $1 AND stamp <= $2 AND NOT (id = ANY($3))`, f.id, last, keep).Scan(&left)
	}
	if err != nil {
		return nil, 0, err
	}
	if left != nil {
		since = max(since, *left)
	}
	return keep, since, nil
}

// queryAll runs a query and collects its rows.
func queryAll[T any](ctx context.Context, tx querier, fn pgx.RowToFunc[T], q string, args ...any) ([]T, error) {
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, fn)
}

// render writes the view: the shell with the view's sx:sharing and the
// items, each written as the database holds it, in the feed's order (the
// complete feed streamed from the database); an OPML outline, which
// nests, is laid out by its Doc.
func (db *DB) render(ctx context.Context, tx pgx.Tx, f *dbFeed, v *dbView, w io.Writer) error {
	q := `SELECT body FROM feedsync_items WHERE feed = $1 ORDER BY seq`
	args := []any{f.id}
	if v.keep != nil {
		q = `SELECT body FROM feedsync_items WHERE feed = $1 AND id = ANY($2) ORDER BY seq`
		args = append(args, v.keep)
	}
	if f.format == dialect.OPML {
		est := f.size
		if v.keep != nil && f.items > 0 {
			est = f.size * int64(len(v.keep)) / f.items
		}
		return layOut(ctx, f, est, v.sharing, func(add func([]byte)) error {
			items, err := queryAll(ctx, tx, pgx.RowTo[[]byte], q, args...)
			for _, it := range items {
				add(it)
			}
			return err
		}, w)
	}
	shell, ins, err := v.si.withSharing(f, v.sharing)
	if err != nil {
		return err
	}
	if _, err := w.Write(shell[:ins]); err != nil {
		return err
	}
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if _, err := w.Write(rows.RawValues()[0]); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	_, err = w.Write(shell[ins:])
	return err
}

// withSharing returns the feed's shell with sh as its sx:sharing, and
// where the items go in it. A hub answers a POST, and a GET, with a shell
// whose sx:sharing differs from the last one's in its since and until
// alone: the shell written with a sx:sharing of that shape (all but
// since and until) is kept, made once per shape with since and until
// of sentinel values that are then replaced in its bytes (templates),
// rather than the shell read and written each time.
func (si *shellInfo) withSharing(f *dbFeed, sh *dialect.Sharing) ([]byte, int, error) {
	if sh == nil {
		return f.shell, f.ins, nil
	}
	if si == nil || sh.Since.IsZero() || sh.Until.IsZero() {
		return withSharing(f, sh)
	}
	d := parseDialect(f.dialect)
	key := fmt.Sprintf("%v %d %d %q", d, sh.Expires.Unix(), sh.Window, sh.Related)
	si.mu.Lock()
	t, ok := si.templates[key]
	si.mu.Unlock()
	if !ok {
		var err error
		if t, err = makeTemplate(f, d, sh); err != nil {
			return nil, 0, err
		}
		si.mu.Lock()
		if si.templates == nil || len(si.templates) >= maxTemplates {
			si.templates = map[string]*sharingTemplate{}
		}
		si.templates[key] = t
		si.mu.Unlock()
	}
	if t == nil { // the sentinels were not found once each
		return withSharing(f, sh)
	}
	return t.fill(stampText(d, sh.Since), stampText(d, sh.Until))
}

// maxTemplates bounds the templates kept of a shell.
const maxTemplates = 16

// sharingTemplate is a shell written with a sx:sharing whose since and
// until are sentinels, found at since and until (offsets of sentinel
// texts).
type sharingTemplate struct {
	shell        []byte
	ins          int
	since, until int
	sinceLen     int
	untilLen     int
}

// The sentinels' stamps: moments no feed names in its shell, or else the
// template is not used (makeTemplate checks that each is found once).
var (
	sentinelSince = time.Date(1973, 3, 3, 3, 3, 3, 0, time.UTC)
	sentinelUntil = time.Date(1974, 4, 4, 4, 4, 4, 0, time.UTC)
)

// stampText is how a since or until mark is written: its text in 1.0.2,
// its moment in 0.91 (dialect.Mark).
func stampText(d dialect.Dialect, m dialect.Mark) string {
	if d == dialect.SSE091 {
		return stampMark(d, m.At).Text
	}
	return m.Text
}

// makeTemplate writes f's shell with sh's sx:sharing, its since and until
// the sentinels; nil when they are not found once each.
func makeTemplate(f *dbFeed, d dialect.Dialect, sh *dialect.Sharing) (*sharingTemplate, error) {
	s := *sh
	s.Since, s.Until = stampMark(d, sentinelSince), stampMark(d, sentinelUntil)
	shell, ins, err := withSharing(f, &s)
	if err != nil {
		return nil, err
	}
	since, until := []byte(s.Since.Text), []byte(s.Until.Text)
	if bytes.Count(shell, since) != 1 || bytes.Count(shell, until) != 1 {
		return nil, nil
	}
	return &sharingTemplate{shell: shell, ins: ins, since: bytes.Index(shell, since), until: bytes.Index(shell, until),
		sinceLen: len(since), untilLen: len(until)}, nil
}

// fill returns the template's shell with since and until, and where the
// items go in it.
func (t *sharingTemplate) fill(since, until string) ([]byte, int, error) {
	type splice struct {
		at, n int
		text  string
	}
	sp := []splice{{t.since, t.sinceLen, since}, {t.until, t.untilLen, until}}
	if sp[0].at > sp[1].at {
		sp[0], sp[1] = sp[1], sp[0]
	}
	out := make([]byte, 0, len(t.shell)+len(since)+len(until))
	ins, at := t.ins, 0
	for _, x := range sp {
		out = append(append(out, t.shell[at:x.at]...), x.text...)
		at = x.at + x.n
		if x.at < t.ins {
			ins += len(x.text) - x.n
		}
	}
	return append(out, t.shell[at:]...), ins, nil
}

// withSharing is shellInfo.withSharing without templates: the shell read,
// its sx:sharing set, written and cut again.
func withSharing(f *dbFeed, sh *dialect.Sharing) ([]byte, int, error) {
	if sh == nil {
		return f.shell, f.ins, nil
	}
	doc, err := parse(f.name, compose(f.shell, f.ins, nil))
	if err != nil {
		return nil, 0, fmt.Errorf("feed %s in the database: its shell does not load: %w", f.name, err)
	}
	doc.SetSharing(sh)
	c, err := cutFeed(doc.UTF8Bytes(), doc.Format(), nil, nil)
	if err != nil {
		return nil, 0, err
	}
	return c.shell, c.ins, nil
}
