package pgtest

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// The server takes connections as the superuser postgres, makes a
// database per test, and comes back on its port after Down and Up.
func TestServer(t *testing.T) {
	s := Private(t)
	u := s.DB(t)
	ctx := context.Background()
	c, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	var user string
	if err := c.QueryRow(ctx, "select current_user").Scan(&user); err != nil || user != "postgres" {
		t.Fatalf("current_user %q, %v", user, err)
	}
	if _, err := c.Exec(ctx, "create table t (x int); insert into t values (1)"); err != nil {
		t.Fatal(err)
	}
	c.Close(ctx)
	s.Down()
	if _, err := pgx.Connect(ctx, u); err == nil {
		t.Fatal("connected to a server that is down")
	}
	if err := s.Up(); err != nil {
		t.Fatal(err)
	}
	c, err = pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	var n int
	if err := c.QueryRow(ctx, "select count(*) from t").Scan(&n); err != nil || n != 1 {
		t.Fatalf("after a restart: %d rows, %v", n, err)
	}
}
