package share

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// cutOf cuts a feed as the database store does.
func cutOf(t *testing.T, f feed) *cut {
	t.Helper()
	ids := map[string]bool{}
	for _, e := range f.Entries() {
		ids[e.ID()] = true
	}
	c, err := cutFeed(f.Bytes(), f.Format(), ids, placesOf(f))
	if err != nil {
		t.Fatalf("cutting: %v\n%s", err, f.Bytes())
	}
	return c
}

// Every kind of feed cut into its shell and items and composed again,
// its items in another order or some of them alone, loads with the same
// items (sync digests, and in OPML the same places): what the database
// store relies on.
func TestCutAndCompose(t *testing.T) {
	for _, kind := range append(kinds, "plain-rss", "plain-opml") {
		t.Run(kind, func(t *testing.T) {
			f := mustParse(t, kind, []byte(emptyFeeds[kind]))
			if f.Dialect() == dialect.None {
				// no sync data yet: the shell alone, and an item put in
				c := cutOf(t, f)
				mustParse(t, "shell", compose(c.shell, c.ins, nil))
				if len(c.items) != 0 {
					t.Fatalf("%d items in a feed without sync data", len(c.items))
				}
				if err := xmlscan.Check(c.shell); err != nil {
					t.Fatal(err)
				}
				return
			}
			st := stamp{"A", t0}
			for i := range 6 {
				if err := create(fmt.Sprintf("i%d", i), fmt.Sprintf("item %d", i))(f, st); err != nil {
					t.Fatal(err)
				}
			}
			if f.Format() == dialect.OPML {
				for i, parent := range []string{"i0", "i1", "i1"} {
					e, _ := f.Entry(fmt.Sprintf("i%d", i+2))
					p := parent
					up, err := f.Update(e, engine.Stamp{When: t0, By: "A"}, dialect.Change{Parent: &p}, dialect.Options{})
					if err != nil {
						t.Fatal(err)
					}
					f.Set(up)
				}
				f = mustParse(t, "nested", f.Bytes())
			}
			c := cutOf(t, f)
			if len(c.items) != 6 {
				t.Fatalf("%d items cut, want 6", len(c.items))
			}
			want := sums(f)
			wantPlaces := placesOf(f)
			bodies := map[string][]byte{}
			for _, p := range c.items {
				bodies[p.id] = p.body
			}
			rng := rand.New(rand.NewPCG(1, 2))
			for round := range 5 {
				var keep []string
				for id := range want {
					if round == 0 || rng.IntN(2) == 0 {
						keep = append(keep, id)
					}
				}
				rng.Shuffle(len(keep), func(i, j int) { keep[i], keep[j] = keep[j], keep[i] })
				var items [][]byte
				for _, id := range keep {
					items = append(items, bodies[id])
				}
				data := compose(c.shell, c.ins, items)
				g := mustParse(t, "composed", data)
				got := sums(g)
				if len(got) != len(keep) {
					t.Fatalf("round %d: %d items, want %d\n%s", round, len(got), len(keep), data)
				}
				for _, id := range keep {
					if got[id] != want[id] {
						t.Errorf("round %d: item %s: digest %s, want %s\n%s", round, id, got[id], want[id], data)
					}
					gp, _ := placesOf(g)(id)
					wp, _ := wantPlaces(id)
					if gp != wp {
						t.Errorf("round %d: item %s at %+v, want %+v", round, id, gp, wp)
					}
				}
				// What the composed feed writes cuts again into the same items.
				again := cutOf(t, g)
				if len(again.items) != len(keep) {
					t.Errorf("round %d: cut again: %d items", round, len(again.items))
				}
			}
		})
	}
}

// A feed cut and composed again with all its items in order is the feed
// it was, byte for byte, whatever its line ends: the white space before
// an item goes with it, a carriage return included (mesh4x writes CRLF).
// The database store relies on this to export a feed as imported.
func TestCutKeepsWhiteSpaceWithItsItem(t *testing.T) {
	const rss = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>To Do List</title>
  <item>
   <title>Buy groceries</title>
   <sx:sync id="a" updates="1">
    <sx:history sequence="1" when="2005-05-21T09:43:33Z" by="REO1750"/>
   </sx:sync>
  </item>
  <item>
   <title>Other</title>
   <sx:sync id="b" updates="1">
    <sx:history sequence="1" when="2005-05-21T09:43:33Z" by="REO1750"/>
   </sx:sync>
  </item>
 </channel>
</rss>
`
	for name, data := range map[string]string{"LF": rss, "CRLF": strings.ReplaceAll(rss, "\n", "\r\n"), "tabs": strings.ReplaceAll(rss, "  ", "\t")} {
		t.Run(name, func(t *testing.T) {
			f := mustParse(t, name, []byte(data))
			c := cutOf(t, f)
			var items [][]byte
			for _, p := range c.items {
				items = append(items, p.body)
				if strings.TrimLeft(string(p.body), " \t\r\n") == string(p.body) {
					t.Errorf("item %s begins %q: not with the white space before it", p.id, p.body[:min(len(p.body), 12)])
				}
			}
			if got := string(compose(c.shell, c.ins, items)); got != data {
				t.Errorf("composed again:\n%q\nwant\n%q", got, data)
			}
		})
	}
}
