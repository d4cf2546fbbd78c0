package tui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/share"
	"github.com/feedsync/feedsync/feeds/store"
)

// dbCommands are the subcommands of 'feedsync db': feeds held in a
// PostgreSQL database, which any number of 'feedsync serve --db' hubs
// serve at once (package share, "Hubs on PostgreSQL").
var dbCommands []command

func init() {
	dbCommands = []command{
		{"import", "URL NAME FEED [--token-file F]", "merge FEED's items into the database's feed NAME (1.0.2 §3.3, 0.91 §4.4),\n" +
			"  made from FEED when new; --token-file gives NAME a token of its own", runDBImport},
		{"export", "URL NAME [-o OUT]", "write feed NAME as a feed file (standard output without -o)", runDBExport},
		{"ls", "URL", "list the names of the database's feeds, one a line", runDBList},
	}
}

const dbUsageTail = `
URL is a PostgreSQL connection URI, postgres://USER[:PASSWORD]@HOST:PORT/DB
(?sslmode=disable for a server without TLS), as libpq reads it: the
password from the URL, PGPASSWORD or ~/.pgpass. The first command that
connects makes feedsync's tables in the database; a database made by a
newer feedsync is refused. 'feedsync serve --db URL' serves every feed of
the database at /NAME, as 'serve DIR' serves a folder's, and any number of
such hubs may serve one database behind any load balancer. See 'feedsync
help sync'.

Exit codes:
  0  success
  2  bad usage, a feed that does not load (the database unchanged), or a
     database that cannot be used: its host, port and database are named,
     never its password
`

// runDB runs 'feedsync db SUBCOMMAND ...'.
func runDB(ctx context.Context, env *Env, args []string) error {
	return runSubcommand(ctx, env, "db", dbCommands, dbUsageText, args)
}

func dbUsageText() string {
	var b strings.Builder
	b.WriteString("usage: feedsync db COMMAND ...\n  feeds in a PostgreSQL database, served by 'feedsync serve --db URL'\n\nCommands:\n")
	for _, c := range dbCommands {
		fmt.Fprintf(&b, "  %s %s\n      %s\n", c.name, c.args, strings.ReplaceAll(c.summary, "\n  ", "\n      "))
	}
	b.WriteString(dbUsageTail)
	return b.String()
}

// openDB connects to the database at url, making feedsync's tables there
// when it has none.
func openDB(ctx context.Context, env *Env, url string) (*share.DB, error) {
	return share.OpenDB(ctx, url, env.Stderr)
}

// runDBImport is 'feedsync db import URL NAME FEED'.
func runDBImport(ctx context.Context, env *Env, args []string) error {
	f := newFlags("db import")
	tokenFile := f.String("token-file", "", "give feed NAME a token of its own, the first line of file `F` (chmod 600), which every 'serve --db' hub then asks of its requests instead of theirs")
	pos, err := f.parseCount(env, args, "want URL NAME FEED", 3)
	if err != nil {
		return err
	}
	var token string
	if *tokenFile != "" {
		if token, err = share.ReadTokenFile(*tokenFile); err != nil {
			return err
		}
	}
	data, err := readSource(ctx, env, pos[2])
	if err != nil {
		return err
	}
	doc, err := dialect.Parse(displayName(pos[2]), data)
	if err != nil {
		return err
	}
	db, err := openDB(ctx, env, pos[0])
	if err != nil {
		return err
	}
	defer db.Close()
	res, err := db.ImportWithToken(ctx, pos[1], doc, 0, token)
	if err != nil {
		return fmt.Errorf("importing %s into feed %s: %w", displayName(pos[2]), pos[1], err)
	}
	what := fmt.Sprintf("%s merged into feed %s", displayName(pos[2]), pos[1])
	if res.Created {
		what = fmt.Sprintf("feed %s made from %s", pos[1], displayName(pos[2]))
	}
	fmt.Fprintf(env.Stderr, "feedsync db import: %s: %s changed, %s in all\n",
		what, count(res.Changed, "item"), count(int(res.Items), "item"))
	if n, err := doc.Unsynced(); err == nil && n > 0 {
		// A merge takes synced items only (1.0.2 §3.3, 0.91 §4.4): a
		// plain feed imported would otherwise give hubs nothing to sync,
		// in silence.
		fmt.Fprintf(env.Stderr, "feedsync db import: note: %s has %s with no sync data, which the hubs do not sync: adopt it first, once, by one endpoint ('feedsync help adopt'), and import the adopted feed\n",
			displayName(pos[2]), count(n, "item"))
	}
	if token != "" {
		// Said, since a token it replaced locks out whoever held the old
		// one, and sync's --token-file is a credential sent, not set.
		fmt.Fprintf(env.Stderr, "feedsync db import: feed %s's token is now the first line of %s: every hub asks it, and no other, of requests for /%s\n",
			pos[1], *tokenFile, pos[1])
	}
	return nil
}

// runDBExport is 'feedsync db export URL NAME [-o OUT]'. Written to a
// file, the feed's kept versions (the version store's bases) are recorded
// in OUT's version store, for 'feedsync resolve OUT'.
func runDBExport(ctx context.Context, env *Env, args []string) error {
	f := newFlags("db export")
	out := f.String("o", "", "write the feed to `OUT` (default: standard output), atomically, with its version store beside it")
	pos, err := f.parseCount(env, args, "want URL NAME", 2)
	if err != nil {
		return err
	}
	db, err := openDB(ctx, env, pos[0])
	if err != nil {
		return err
	}
	defer db.Close()
	var buf bytes.Buffer
	if err := db.Export(ctx, pos[1], &buf); err != nil {
		if errors.Is(err, share.ErrNoFeed) {
			return fmt.Errorf("%s holds no feed %s ('feedsync db ls' lists them)", db, pos[1])
		}
		return err
	}
	if *out == "" || *out == "-" {
		_, err := env.Stdout.Write(buf.Bytes())
		return err
	}
	doc, err := dialect.Parse(*out, buf.Bytes())
	if err != nil {
		return fmt.Errorf("feed %s does not load as exported: %w", pos[1], err)
	}
	err = writing(ctx, env, *out, nil, func(env *Env) error { return writeDoc(env, *out, doc) })
	if err != nil || isStream(*out) {
		return err
	}
	return recordVersions(ctx, env, db, pos[1], *out, doc)
}

// recordVersions records the versions the database kept of feed name in
// the version store beside out, the feed exported: a warning, never a
// failure, when it cannot.
func recordVersions(ctx context.Context, env *Env, db *share.DB, name, out string, doc *dialect.Doc) error {
	st, warn := store.Open(out)
	if warn != nil {
		env.warn(warn.Error())
	}
	defer st.Close()
	err := db.Versions(ctx, name, func(es []dialect.Entry) error {
		return st.RecordLeft([][]dialect.Entry{es}, doc)
	})
	if err != nil {
		env.warn("recording the versions kept in the database beside " + out + ": " + err.Error())
	}
	return nil
}

// runDBList is 'feedsync db ls URL'.
func runDBList(ctx context.Context, env *Env, args []string) error {
	pos, err := newFlags("db ls").parseCount(env, args, "want URL", 1)
	if err != nil {
		return err
	}
	db, err := openDB(ctx, env, pos[0])
	if err != nil {
		return err
	}
	defer db.Close()
	names, err := db.Names(ctx)
	if err != nil {
		return err
	}
	for _, n := range names {
		fmt.Fprintln(env.Stdout, n)
	}
	return nil
}
