package threeway

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// updated applies changes to the feed data, each at its minute by, and
// records every version it makes in mem, as a store beside it would.
func updated(t *testing.T, data string, mem Memory, changes ...struct {
	min int
	by  string
	ch  dialect.Change
}) string {
	t.Helper()
	for _, c := range changes {
		d := parse(t, data)
		st := engine.Stamp{When: time.Date(2026, 3, 2, 9, c.min, 0, 0, time.UTC), By: c.by}
		e, err := d.Update(entry(t, d), st, c.ch, dialect.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d.Set(e)
		data = string(d.Bytes())
		mem.Add(entry(t, parse(t, data)))
	}
	return data
}

// fromAttrs matches the attributes a peer that keeps no foreign markup drops.
var fromAttrs = regexp.MustCompile(` [a-z]+:from(When|By)="[^"]*"`)

type change = struct {
	min int
	by  string
	ch  dialect.Change
}

// TestSSEBaseIsSharedByBothLines: in SSE 0.91 the versions in conflict
// may have parted before the version the record names (each side made
// version 2 and then 3 on its own). The base is then no version of the
// winner's line: the loser never held it, and combining against it took
// the loser's lack of the winner's earlier change for a change, and
// undid that change without a word (resolve --auto, and the git driver
// after a re-merge, lost an edit so). A record now says which version
// its loser was made from (fso:fromWhen, fso:fromBy), and the base is the
// winner's version before the record's only when it is that one; else
// nothing is combined, as for a record from a peer that dropped them.
// Lines that share it combine as before.
func TestSSEBaseIsSharedByBothLines(t *testing.T) {
	for _, k := range []struct {
		kind, base      string
		v2, both, other dialect.Change // C's v2, B's v3, B's v2
		lost            string
	}{
		{"RSS", rss091, title("Buy milk today"), title("Buy oat milk"), field("link", "http://shop2.example/"), "today"},
		{"OPML", opml091, title("Tech news today"), title("Tech daily news"), field("@xmlUrl", "http://tech.example/atom"), "today"},
	} {
		kind, base := k.kind, k.base
		t.Run(kind+" parted before", func(t *testing.T) {
			mem := Memory{}
			mem.Add(entry(t, parse(t, base)))
			// C: "today" at v2, later than all of B's; then a change of
			// the content at v3, which wins.
			c := updated(t, base, mem, change{5, "C", k.v2}, change{7, "C", content("Get milk from the shop")})
			// B: its own v2 and v3, the title's first words at v3.
			b := updated(t, base, mem, change{2, "B", k.other}, change{3, "B", k.both})
			merged, err := dialect.Merge(parse(t, c), parse(t, b))
			if err != nil {
				t.Fatal(err)
			}
			e := entry(t, parse(t, string(merged.Bytes())))
			if len(e.Versions()) != 1 {
				t.Fatalf("%d conflict versions, want 1", len(e.Versions()))
			}
			p, err := Combine(e, mem)
			if err == nil && p.Clean() {
				res := resolve(t, merged, e, p)
				t.Fatalf("combined against #%d by %s into %q: C's %q is lost", p.Base.Number, p.Base.By, values(res.Winner())["title"], k.lost)
			}
			if err != nil && (!errors.Is(err, ErrNoBase) || !strings.Contains(err.Error(), "conflict 1 was not made from the winner's version 2")) {
				t.Fatal(err)
			}
		})
		t.Run(kind+" parted at the record's version", func(t *testing.T) {
			mem := Memory{}
			mem.Add(entry(t, parse(t, base)))
			v2 := updated(t, base, mem, change{2, "B", k.v2})
			c := updated(t, v2, mem, change{5, "C", content("Get milk from the shop")})
			b := updated(t, v2, mem, change{3, "B", k.both})
			merged, err := dialect.Merge(parse(t, c), parse(t, b))
			if err != nil {
				t.Fatal(err)
			}
			written := string(merged.Bytes())
			e := entry(t, parse(t, written))
			p, err := Combine(e, mem)
			if err != nil || !p.Clean() {
				t.Fatalf("Combine: %v, clashes %+v; want the lines' shared #2 by B as the base", err, p.Clashes)
			}
			res := resolve(t, merged, e, p)
			if got := values(res.Winner()); got["title"] != *k.both.Edit.Title || got["content"] != "Get milk from the shop" {
				t.Errorf("combined %q, %q", got["title"], got["content"])
			}
			// A peer that drops feedsync's attributes: the record no
			// longer says, nothing is combined, the versions stay.
			dropped := fromAttrs.ReplaceAllString(written, "")
			if dropped == written {
				t.Fatalf("no fso:fromWhen or fso:fromBy written:\n%s", written)
			}
			e = entry(t, parse(t, dropped))
			if p, err := Combine(e, mem); !errors.Is(err, ErrNoBase) || !strings.Contains(err.Error(), "conflict 1 does not say which version it was made from") {
				t.Errorf("a record that does not say combined: %v, base %+v", err, p.Base)
			}
			if len(e.Versions()) != 1 {
				t.Errorf("%d conflict versions after the attributes were dropped, want 1", len(e.Versions()))
			}
		})
	}
}
