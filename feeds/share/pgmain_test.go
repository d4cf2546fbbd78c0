package share

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/share/pgtest"
)

// The PostgreSQL tests start one server for the package (pgtest), each
// test a database of its own; they skip, saying how to run them, where
// PostgreSQL is not installed.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// testDB is a new database on the package's server, opened, closed when
// the test ends.
func testDB(t testing.TB) (*DB, string) {
	t.Helper()
	u := pgtest.SharedServer(t).DB(t)
	db, err := OpenDB(context.Background(), u, &syncBuffer{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db, u
}

// dbHub is a DBServer on 127.0.0.1 serving a test database.
type dbHub struct {
	db  *DB
	srv *httptest.Server
	log *syncBuffer
}

func startDBHub(t testing.TB, db *DB, opts Options) *dbHub {
	t.Helper()
	h := &dbHub{db: db, log: &syncBuffer{}}
	opts.Log = h.log
	h.srv = httptest.NewServer(NewDBServer(db, opts))
	t.Cleanup(h.srv.Close)
	return h
}

// importKind imports an empty feed of the kind as feed name.
func importKind(t testing.TB, db *DB, name, kind string) {
	t.Helper()
	if _, err := db.Import(context.Background(), name, mustParse(t, kind, []byte(emptyFeeds[kind])), 0); err != nil {
		t.Fatal(err)
	}
}

var _ = time.Second

// httpDo sends a request and returns the status and body.
func httpDo(t testing.TB, method, url string, body []byte, hdr ...string) (int, []byte) {
	t.Helper()
	code, _, b := httpDoH(t, method, url, body, hdr...)
	return code, b
}

func httpDoH(t testing.TB, method, url string, body []byte, hdr ...string) (int, http.Header, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}
