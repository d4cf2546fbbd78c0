package share

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// A feed imported into the database, posted to through a hub and
// exported holds every item posted; GET, the partial feed and the POST's
// answer carry since and until.
func TestDBImportPostExport(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			db, _ := testDB(t)
			importKind(t, db, "todo", kind)
			h := startDBHub(t, db, Options{Window: Window{Items: 2}})
			local := mustParse(t, "local", []byte(emptyFeeds[kind]))
			for i := range 4 {
				if err := create(fmt.Sprintf("i%d", i), fmt.Sprintf("item %d", i))(local, stamp{"A", t0}); err != nil {
					t.Fatal(err)
				}
			}
			code, body := httpDo(t, "POST", h.srv.URL+"/todo", local.Bytes())
			if code != 200 {
				t.Fatalf("POST: %d %s", code, body)
			}
			answer := mustParse(t, "answer", body)
			if answer.Sharing() == nil {
				t.Errorf("answer without sharing:\n%s", body)
			}
			code, body = httpDo(t, "GET", h.srv.URL+"/todo/complete", nil)
			if code != 200 {
				t.Fatalf("GET complete: %d %s", code, body)
			}
			c := mustParse(t, "complete", body)
			if got := len(c.Entries()); got != 4 {
				t.Errorf("complete feed holds %d items\n%s", got, body)
			}
			code, body = httpDo(t, "GET", h.srv.URL+"/todo", nil)
			p := mustParse(t, "partial", body)
			if code != 200 || p.Sharing() == nil || p.Sharing().Complete() == "" {
				t.Errorf("partial: %d\n%s", code, body)
			}
			var out bytes.Buffer
			if err := db.Export(context.Background(), "todo", &out); err != nil {
				t.Fatal(err)
			}
			e := mustParse(t, "export", out.Bytes())
			if got := len(e.Entries()); got != 4 || strings.Contains(out.String(), "sharing") {
				t.Errorf("export holds %d items\n%s", got, out.String())
			}
			for id, sum := range sums(local) {
				if sums(e)[id] != sum {
					t.Errorf("item %s exported otherwise", id)
				}
			}
		})
	}
}

// A feed imported as a new feed is exported as it was, byte for byte: its
// items as written (their indentation, the blank lines between them, CRLF
// line ends), not laid out again by a merge into its empty shell. Two
// imports making one feed at once lose neither's items.
func TestDBImportKeepsTheFeedAsItWas(t *testing.T) {
	const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <title>To do</title>
    <entry>
      <title>One</title>
      <sx:sync id="a" updates="1"><sx:history sequence="1" when="2005-05-21T09:43:33Z" by="A"/></sx:sync>
    </entry>

    <entry>
      <title>Two</title>
      <sx:sync id="b" updates="1"><sx:history sequence="1" when="2005-05-21T09:43:33Z" by="A"/></sx:sync>
    </entry>
</feed>
`
	const rss = `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>t</title>
<item><title>One</title><sx:sync id="a" updates="1"><sx:history sequence="1" when="2005-05-21T09:43:33Z" by="A"/></sx:sync></item>
<item><title>Two</title><sx:sync id="b" updates="1"><sx:history sequence="1" when="2005-05-21T09:43:33Z" by="A"/></sx:sync></item>
</channel></rss>
`
	db, _ := testDB(t)
	for name, data := range map[string]string{"atom": atom, "rss": rss, "crlf": strings.ReplaceAll(rss, "\n", "\r\n")} {
		t.Run(name, func(t *testing.T) {
			if _, err := db.Import(context.Background(), name, mustParse(t, name, []byte(data)), 0); err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := db.Export(context.Background(), name, &out); err != nil {
				t.Fatal(err)
			}
			if out.String() != data {
				t.Errorf("exported:\n%q\nimported:\n%q", out.String(), data)
			}
		})
	}
	t.Run("two_at_once", func(t *testing.T) {
		for round := range 5 {
			name := fmt.Sprintf("race%d", round)
			var wg sync.WaitGroup
			for _, id := range []string{"x", "y"} {
				// Item b in both, changed by each: a conflict, which
				// keeps both versions.
				data := strings.ReplaceAll(rss, `id="a"`, `id="`+id+`"`)
				data = strings.Replace(data, "<title>Two</title>", "<title>Two by "+id+"</title>", 1)
				data = strings.Replace(data, `by="A"/></sx:sync></item>
</channel>`, `by="`+id+`"/></sx:sync></item>
</channel>`, 1)
				src := mustParse(t, id, []byte(data))
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, err := db.Import(context.Background(), name, src, 0); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			var out bytes.Buffer
			if err := db.Export(context.Background(), name, &out); err != nil {
				t.Fatal(err)
			}
			got := sums(mustParse(t, "export", out.Bytes()))
			for _, id := range []string{"x", "y", "b"} {
				if _, ok := got[id]; !ok {
					t.Errorf("round %d: item %s of an import is lost:\n%s", round, id, out.String())
				}
			}
			for _, title := range []string{"Two by x", "Two by y"} {
				if !strings.Contains(out.String(), title) {
					t.Errorf("round %d: the version %q of an import is lost:\n%s", round, title, out.String())
				}
			}
		}
	})
}
