package share

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedgen"
)

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
