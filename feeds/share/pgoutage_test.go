package share

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/share/pgtest"
)

// A sync through a hub whose database restarts waits the outage out (the
// hub answers 503 with Retry-After, its GET as its POST) instead of
// failing: what help sync promises of a hub on PostgreSQL.
func TestSyncWaitsOutADatabaseRestart(t *testing.T) {
	srv := pgtest.Private(t)
	db, err := OpenDB(context.Background(), srv.DB(t), &syncBuffer{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	importKind(t, db, "todo", "rss")
	h := startDBHub(t, db, Options{})
	s := &Subscription{Local: filepath.Join(t.TempDir(), "E.xml"), URL: h.srv.URL + "/todo", By: "E", Now: time.Now(), Client: &Client{By: "E"}}
	if _, err := s.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	srv.Down()
	up := make(chan error, 1)
	go func() {
		time.Sleep(1500 * time.Millisecond)
		up <- srv.Up()
	}()
	s.Now = time.Now()
	_, err = s.Sync(context.Background())
	if err := <-up; err != nil {
		t.Fatal(err)
	}
	if err != nil {
		t.Errorf("sync during a restart of the hub's database: %v; want it to wait the 503s out", err)
	}
}
