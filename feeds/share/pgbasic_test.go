package share

import (
	"bytes"
	"context"
	"fmt"
	"strings"
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
