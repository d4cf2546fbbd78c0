package tui

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/share/pgtest"
	"github.com/feedsync/feedsync/feeds/store"
	"github.com/jackc/pgx/v5"
)

// The db commands against a real server: import, ls printing the names
// alone, export printing the feed alone and writing a file with its
// version store, flags after the operands.
func TestDBCommands(t *testing.T) {
	u := pgtest.SharedServer(t).DB(t)
	h := newHarness(t)
	feed := h.write("todo.xml", oneItem)
	if code, out, errs := h.run("", "db", "import", u, "todo", feed); code != 0 || out != "" || !strings.Contains(errs, "feed todo made from") {
		t.Fatalf("db import: %d %q %q", code, out, errs)
	}
	h.write("other.xml", oneItem)
	if code, _, errs := h.run("", "db", "import", u, "other", h.path("other.xml")); code != 0 {
		t.Fatalf("db import other: %d %s", code, errs)
	}
	if code, out, errs := h.run("", "db", "ls", u); code != 0 || out != "other\ntodo\n" || errs != "" {
		t.Errorf("db ls: %d %q %q", code, out, errs)
	}
	code, out, errs := h.run("", "db", "export", u, "todo")
	if code != 0 || errs != "" {
		t.Fatalf("db export: %d %q", code, errs)
	}
	if d, err := dialect.Parse("stdout", []byte(out)); err != nil || len(d.Entries()) != 1 {
		t.Errorf("db export printed %q (%v)", out, err)
	}
	// A second import of a changed copy merges it in.
	if code, _, errs := h.run("", "update", feed, "--id", "item1", "--title", "Buy bread", "-o", feed); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := h.run("", "db", "import", u, "todo", feed); code != 0 || errs != "feedsync db import: "+feed+" merged into feed todo: 1 item changed, 1 item in all\n" {
		t.Fatalf("second import: %d %q", code, errs)
	}
	out2 := h.path("out.xml")
	if code, out, errs := h.run("", "db", "export", u, "todo", "-o", out2); code != 0 || out != "" {
		t.Fatalf("db export -o: %d %q %q", code, out, errs)
	}
	if !strings.Contains(h.read("out.xml"), "Buy bread") {
		t.Errorf("exported:\n%s", h.read("out.xml"))
	}
	// The version the update replaced is kept in OUT's version store.
	st, _ := store.Open(out2)
	defer st.Close()
	if got := st.Stats().Records; got < 2 {
		t.Errorf("OUT's version store holds %d versions, want the old and the new", got)
	}
}

// A feed that does not load is refused with its file:line:col, exit 2,
// and the database is unchanged.
func TestDBImportRefusesBadFeed(t *testing.T) {
	u := pgtest.SharedServer(t).DB(t)
	h := newHarness(t)
	bad := h.write("bad.xml", "<rss version=\"2.0\">\n<channel>\n<item>\n</channel>")
	code, out, errs := h.run("", "db", "import", u, "todo", bad)
	if code != 2 || out != "" || !strings.Contains(errs, bad+":4:") {
		t.Errorf("db import of a bad feed: %d %q %q", code, out, errs)
	}
	if code, out, _ := h.run("", "db", "ls", u); code != 0 || out != "" {
		t.Errorf("after a refused import: %d %q", code, out)
	}
	if code, _, errs := h.run("", "db", "import", u, "../x", h.write("ok.xml", oneItem)); code != 2 || !strings.Contains(errs, "NAME") {
		t.Errorf("a bad NAME: %d %s", code, errs)
	}
}

// A malformed URL, a wrong password, a missing database, an unreachable
// server and a newer schema: exit 2, a message naming the host, the port
// and the database, never the password (issue 28 item 5). A hub is
// refused the same, but for a server it cannot reach, which it waits out.
func TestDBBadURLs(t *testing.T) {
	srv := pgtest.SharedServer(t)
	u := srv.DB(t)
	const secret = "hunter2-" + "s3cret"
	if err := srv.RequirePassword("pwuser", secret); err != nil && !strings.Contains(err.Error(), "already exists") {
		t.Fatal(err)
	}
	port := strconv.Itoa(srv.Port)
	dbName := u[strings.LastIndex(u, "/")+1 : strings.Index(u, "?")]
	free := freePort(t)
	for _, tc := range []struct {
		name, url string
		want      []string
	}{
		{"malformed", "postgres://pwuser:" + secret + "@127.0.0.1:notaport/" + dbName, []string{"127.0.0.1", "notaport", dbName, "not a PostgreSQL connection URI"}},
		{"wrong_password", "postgres://pwuser:wrong-" + secret + "@127.0.0.1:" + port + "/" + dbName + "?sslmode=disable", []string{"127.0.0.1", port, dbName, "refused user pwuser"}},
		{"missing_database", "postgres://pwuser:" + secret + "@127.0.0.1:" + port + "/nosuchdb?sslmode=disable", []string{"127.0.0.1", port, "nosuchdb", "does not exist"}},
		{"keyword_value", "host=127.0.0.1 port=" + port + " user=pwuser password=" + secret + " dbname=" + dbName + " sslmode=bogus", []string{"127.0.0.1", port, dbName, "not a PostgreSQL connection URI"}},
		{"password_parameter", "postgres://pwuser@127.0.0.1:" + port + "/" + dbName + "?password=" + secret + "&sslmode=bogus", []string{"127.0.0.1", port, dbName, "not a PostgreSQL connection URI"}},
		{"host_parameter", "postgres://pwuser:" + secret + "@/" + dbName + "?host=127.0.0.1&port=notaport", []string{"127.0.0.1", "notaport", dbName, "not a PostgreSQL connection URI"}},
		{"unreachable", "postgres://pwuser:" + secret + "@127.0.0.1:" + free + "/" + dbName + "?sslmode=disable", []string{"127.0.0.1", free, dbName, "no server answers"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			cmds := [][]string{{"db", "ls", tc.url}, {"db", "export", tc.url, "todo"}}
			if tc.name != "unreachable" {
				// A hub waits out a server it cannot reach, answering 503
				// (TestServeDBStartsWhileTheDatabaseIsDown).
				cmds = append(cmds, []string{"serve", "--db", tc.url, "--addr", "127.0.0.1:0"})
			}
			for _, args := range cmds {
				code, out, errs := h.run("", args...)
				if code != 2 || out != "" {
					t.Errorf("%s: exit %d, stdout %q", args[0], code, out)
				}
				for _, w := range tc.want {
					if !strings.Contains(errs, w) {
						t.Errorf("%s: %q lacks %q", args[0], errs, w)
					}
				}
				if strings.Contains(errs, secret) {
					t.Errorf("%s: the password is in the message: %s", args[0], errs)
				}
			}
		})
	}
	t.Run("right_password_from_PGPASSWORD", func(t *testing.T) {
		t.Setenv("PGPASSWORD", secret)
		h := newHarness(t)
		if code, _, errs := h.run("", "db", "ls", "postgres://pwuser@127.0.0.1:"+port+"/"+dbName+"?sslmode=disable"); code != 0 {
			t.Errorf("with PGPASSWORD: %d %s", code, errs)
		}
	})
	t.Run("right_password_from_pgpass", func(t *testing.T) {
		home := t.TempDir()
		pass := filepath.Join(home, "pgpass")
		os.WriteFile(pass, []byte("127.0.0.1:"+port+":*:pwuser:"+secret+"\n"), 0o600)
		t.Setenv("PGPASSFILE", pass)
		h := newHarness(t)
		if code, _, errs := h.run("", "db", "ls", "postgres://pwuser@127.0.0.1:"+port+"/"+dbName+"?sslmode=disable"); code != 0 {
			t.Errorf("with a password file: %d %s", code, errs)
		}
	})
	t.Run("newer_schema", func(t *testing.T) {
		u := srv.DB(t)
		h := newHarness(t)
		if code, _, errs := h.run("", "db", "ls", u); code != 0 {
			t.Fatal(errs)
		}
		c, err := pgx.Connect(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		c.Exec(context.Background(), "UPDATE feedsync_schema SET version = 99")
		c.Close(context.Background())
		code, _, errs := h.run("", "db", "import", u, "todo", h.write("todo.xml", oneItem))
		if code != 2 || !strings.Contains(errs, "version 99, newer than this feedsync's") {
			t.Errorf("a newer schema: %d %s", code, errs)
		}
	})
	t.Run("schema_without_a_version", func(t *testing.T) {
		u := srv.DB(t)
		h := newHarness(t)
		if code, _, errs := h.run("", "db", "ls", u); code != 0 {
			t.Fatal(errs)
		}
		c, err := pgx.Connect(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		c.Exec(context.Background(), "DELETE FROM feedsync_schema")
		c.Close(context.Background())
		code, _, errs := h.run("", "db", "ls", u)
		if code != 2 || !strings.Contains(errs, "feedsync_schema holds no version") || !strings.Contains(errs, u[strings.LastIndex(u, "/")+1:strings.Index(u, "?")]) {
			t.Errorf("a schema without a version: %d %s", code, errs)
		}
	})
}

// 'db import --token-file' makes the feed and its token in one
// transaction: when the token cannot be set, no feed is left that the
// hubs would serve without it (here a trigger refuses the token; before,
// the feed was made, open to every holder of the hubs' token, and the
// command failed after).
func TestDBImportTokenWithTheFeedOrNotAtAll(t *testing.T) {
	u := pgtest.SharedServer(t).DB(t)
	h := newHarness(t)
	if code, _, errs := h.run("", "db", "ls", u); code != 0 { // makes the tables
		t.Fatal(errs)
	}
	c, err := pgx.Connect(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(context.Background())
	if _, err := c.Exec(context.Background(), `CREATE FUNCTION no_token() RETURNS trigger LANGUAGE plpgsql AS
		$$ BEGIN RAISE EXCEPTION 'no token today'; END $$;
		CREATE TRIGGER no_token BEFORE UPDATE OF token ON feedsync_feeds FOR EACH ROW EXECUTE FUNCTION no_token()`); err != nil {
		t.Fatal(err)
	}
	tok := h.write("own.token", "own-secret\n")
	os.Chmod(tok, 0o600)
	code, _, errs := h.run("", "db", "import", u, "todo", h.write("todo.xml", oneItem), "--token-file", tok)
	if code != 2 || !strings.Contains(errs, "no token today") {
		t.Errorf("db import with a token refused: %d %s", code, errs)
	}
	if code, out, _ := h.run("", "db", "ls", u); code != 0 || out != "" {
		t.Errorf("after the refused token the database holds %q; want no feed", out)
	}
}

// 'db import --token-file' says that it set the feed's token, on a new
// feed and on one that had another: the token it replaces locks out its
// holders, and sync's --token-file, a credential sent, reads alike.
// Before, an import into an existing feed replaced its token without a
// word ("F merged into feed todo: 1 item changed").
func TestDBImportSaysItSetTheToken(t *testing.T) {
	u := pgtest.SharedServer(t).DB(t)
	h := newHarness(t)
	feed := h.write("todo.xml", oneItem)
	for _, name := range []string{"one.token", "two.token"} {
		tok := h.write(name, name+"-secret\r\n")
		os.Chmod(tok, 0o600)
		code, _, errs := h.run("", "db", "import", u, "todo", feed, "--token-file", tok)
		if code != 0 || !strings.Contains(errs, "feed todo's token is now the first line of "+tok) {
			t.Errorf("db import --token-file %s: %d %q", name, code, errs)
		}
	}
	if code, _, errs := h.run("", "db", "import", u, "todo", feed); code != 0 || strings.Contains(errs, "token") {
		t.Errorf("db import without --token-file: %d %q", code, errs)
	}
}

// TestDBImportOfAPlainFeedSaysItsItemsAreNotSynced: a feed whose items
// have no sync data imports none of them as items (a merge takes synced
// items only, 1.0.2 §3.3); before, db import said "0 items changed, 0
// items in all" and nothing else, and a newcomer's hubs served nothing.
func TestDBImportOfAPlainFeedSaysItsItemsAreNotSynced(t *testing.T) {
	u := pgtest.SharedServer(t).DB(t)
	h := newHarness(t)
	plain := h.write("plain.xml", plainFeed)
	code, _, errs := h.run("", "db", "import", u, "news", plain)
	if code != 0 || !strings.Contains(errs, "with no sync data") || !strings.Contains(errs, "adopt it first") {
		t.Errorf("db import of a plain feed: %d %q", code, errs)
	}
	synced := h.write("todo.xml", oneItem)
	if code, _, errs := h.run("", "db", "import", u, "todo", synced); code != 0 || strings.Contains(errs, "no sync data") {
		t.Errorf("db import of a synced feed: %d %q", code, errs)
	}
}
