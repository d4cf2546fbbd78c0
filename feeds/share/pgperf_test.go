package share

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedgen"
)

// A hub keeps the feeds' own tokens (tokenCache) rather than reading the
// token before each request, and checks each request again against the
// token its transaction reads: a token set or taken away by another
// process ('feedsync db import --token-file') while a hub serves holds
// at the hub's next request, GET and POST alike.
func TestDBTokenChangedWhileServing(t *testing.T) {
	db, u := testDB(t)
	importKind(t, db, "todo", "rss")
	h := startDBHub(t, db, Options{Token: "for-all"})
	other, err := OpenDB(context.Background(), u, nil) // another process's
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(other.Close)
	n := 0
	check := func(step string, want map[string]int) {
		t.Helper()
		for auth, code := range want {
			n++
			hdr := []string{"Authorization", auth}
			if got, body := httpDo(t, "GET", h.srv.URL+"/todo", nil, hdr...); got != code {
				t.Errorf("%s: GET with %q: %d, want %d: %s", step, auth, got, code, body)
			}
			f := mustParse(t, "rss", []byte(emptyFeeds["rss"]))
			if err := create(fmt.Sprint("x", n), "X")(f, stamp{"P", t0}); err != nil {
				t.Fatal(err)
			}
			if got, body := httpDo(t, "POST", h.srv.URL+"/todo", f.Bytes(), hdr...); got != code {
				t.Errorf("%s: POST with %q: %d, want %d: %s", step, auth, got, code, body)
			}
		}
	}
	check("no token of its own", map[string]int{"Bearer for-all": 200, "Bearer own": 401})
	if err := other.SetToken(context.Background(), "todo", "own"); err != nil {
		t.Fatal(err)
	}
	check("its own token set", map[string]int{"Bearer for-all": 401, "Bearer own": 200})
	if err := other.SetToken(context.Background(), "todo", ""); err != nil {
		t.Fatal(err)
	}
	check("its own token taken away", map[string]int{"Bearer for-all": 200, "Bearer own": 401})
}

// A shell's sx:sharing filled into a template (shellInfo.withSharing)
// is byte for byte what the shell read, given that sx:sharing and written
// gives (withSharing), for every kind of feed and shape of sx:sharing,
// with since and until of every length (0.91's RFC 822 days of one and
// two digits), and for a shell that names a sentinel itself (no template).
func TestSharingTemplateWritesWhatTheShellWould(t *testing.T) {
	for _, kind := range append(kinds, "plain-rss") {
		for _, shape := range []string{"bare", "expires", "window", "related"} {
			t.Run(kind+"/"+shape, func(t *testing.T) {
				shells := map[string]string{"plain": emptyFeeds[kind]}
				if kind == "rss" || kind == "sse-rss" {
					// The sentinels named in the feed-level data.
					shells["sentinel"] = strings.Replace(emptyFeeds[kind], "<title>To do</title>",
						"<title>1973-03-03T03:03:03Z Sat, 3 Mar 1973 03:03:03 GMT</title>", 1)
				}
				for name, data := range shells {
					f := dbFeedOf(t, data, kind != "plain-rss")
					d := parseDialect(f.dialect)
					if d == dialect.None {
						d = dialect.FeedSync102 // sx:sharing set makes the feed 1.0.2's
					}
					if (kind == "sse-rss" || kind == "sse-opml") != (d == dialect.SSE091) {
						t.Fatalf("%s feed of dialect %v", kind, d)
					}
					si := &shellInfo{}
					for _, at := range []time.Time{t0, t0.Add(24 * time.Hour), t0.AddDate(0, 0, 10), time.Date(2031, 12, 31, 23, 59, 59, 0, time.UTC)} {
						sh := &dialect.Sharing{Since: sinceMark(d, at.Add(-time.Hour).Unix()), Until: stampMark(d, at)}
						switch shape {
						case "expires":
							sh.Expires = at.Add(time.Hour)
						case "window":
							sh.Window = 7
						case "related":
							sh.Related = []dialect.Related{{Link: "http://example.com/a?b=c&d=<e>", Type: "complete"}, {Link: "http://example.com/x", Type: "aggregated", Title: `"X" & Y`}}
						}
						want, wantIns, err := withSharing(f, sh)
						if err != nil {
							t.Fatal(err)
						}
						got, gotIns, err := si.withSharing(f, sh)
						if err != nil {
							t.Fatal(err)
						}
						if string(got) != string(want) || gotIns != wantIns {
							t.Errorf("%s shell at %v: template gives (ins %d)\n%s\nwant (ins %d)\n%s", name, at, gotIns, got, wantIns, want)
						}
					}
				}
			})
		}
	}
}

// dbFeedOf is the row a database holds for a feed of data, with an item
// (of its dialect) created in it when synced: its shell.
func dbFeedOf(t *testing.T, data string, synced bool) *dbFeed {
	t.Helper()
	src := mustParse(t, "feed", []byte(data))
	if synced {
		if err := create("i1", "item 1")(src, stamp{"A", t0}); err != nil {
			t.Fatal(err)
		}
	}
	c := cutOf(t, src)
	return &dbFeed{name: "todo", format: src.Format(), dialect: src.Dialect().String(), shell: c.shell, ins: c.ins}
}

// An import of more items than copyAbove copies them into the table
// (COPY); a second import of the feed changed updates them in place: the
// export holds every item as the feed does, in its order.
func TestDBImportCopiesManyItems(t *testing.T) {
	db, _ := testDB(t)
	local, remote := feedgen.Pair(copyAbove+500, 0.1, 7)
	for i, data := range [][]byte{local, remote} {
		src := mustParse(t, "feed", data)
		res, err := db.Import(context.Background(), "big", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if res.Created != (i == 0) || i == 0 && res.Changed < copyAbove || res.Changed == 0 {
			t.Fatalf("import %d: %+v", i, res)
		}
		want := sums(src)
		if i == 1 {
			m, err := dialect.Merge(mustParse(t, "local", local), src)
			if err != nil {
				t.Fatal(err)
			}
			want = sums(m)
		}
		var out bytes.Buffer
		if err := db.Export(context.Background(), "big", &out); err != nil {
			t.Fatal(err)
		}
		e := mustParse(t, "export", out.Bytes())
		got := sums(e)
		if len(got) != len(want) {
			t.Fatalf("import %d: export holds %d items, want %d", i, len(got), len(want))
		}
		for id, sum := range want {
			if got[id] != sum {
				t.Errorf("import %d: item %s exported otherwise", i, id)
			}
		}
		if i == 0 {
			var order, wantOrder []string
			for _, x := range e.Entries() {
				order = append(order, x.ID())
			}
			for _, x := range src.Entries() {
				wantOrder = append(wantOrder, x.ID())
			}
			if !slices.Equal(order, wantOrder) {
				t.Errorf("exported in another order than imported")
			}
		}
	}
}

// A POST from a poster that names no until is answered the whole feed:
// from a spool that went to a temporary file past spoolMemory, not from
// memory, and the spools of the process hold nothing once the answers and
// GETs are written (spoolsHeld).
func TestDBLargeAnswerFromSpool(t *testing.T) {
	db, _ := testDB(t)
	data, _ := feedgen.Pair(6000, 0, 3)
	if len(data) <= spoolMemory {
		t.Fatalf("a feed of %d bytes: want more than spoolMemory", len(data))
	}
	src := mustParse(t, "feed", data)
	if _, err := db.Import(context.Background(), "big", src, 0); err != nil {
		t.Fatal(err)
	}
	h := startDBHub(t, db, Options{})
	post := mustParse(t, "feed", data).Subset(func(e dialect.Entry) bool { return e.ID() == src.Entries()[0].ID() })
	code, body := httpDo(t, "POST", h.srv.URL+"/big", post.Bytes())
	if code != 200 {
		t.Fatalf("POST: %d %.300s", code, body)
	}
	if got, want := len(mustParse(t, "answer", body).Entries()), len(src.Entries())-1; got != want {
		t.Errorf("the answer holds %d items, want %d (all but the one posted as the hub holds it)", got, want)
	}
	if code, body := httpDo(t, "GET", h.srv.URL+"/big/complete", nil); code != 200 || len(mustParse(t, "complete", body).Entries()) != len(src.Entries()) {
		t.Errorf("GET /big/complete: %d", code)
	}
	if n := spoolsHeld.Load(); n != 0 {
		t.Errorf("the spools hold %d bytes after the answers", n)
	}
}

// budget: what is taken waits until that much is free; one larger than
// all of it takes all of it; a taker whose context ends stops waiting
// and takes nothing.
func TestBudget(t *testing.T) {
	b := newBudget(100)
	ctx := context.Background()
	n1, _ := b.take(ctx, 60)
	if n1 != 60 {
		t.Fatalf("took %d", n1)
	}
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, err := b.take(short, 50); err == nil {
		t.Fatal("took 50 of the 40 left")
	}
	got := make(chan int64)
	go func() {
		n, _ := b.take(ctx, 1000)
		got <- n
	}()
	select {
	case n := <-got:
		t.Fatalf("took %d while 60 was taken", n)
	case <-time.After(50 * time.Millisecond):
	}
	b.give(n1)
	if n := <-got; n != 100 {
		t.Errorf("one larger than all took %d, want all 100", n)
	}
	b.give(100)
	if n, err := b.take(ctx, 100); n != 100 || err != nil {
		t.Errorf("all of it given back: took %d, %v", n, err)
	}
}
