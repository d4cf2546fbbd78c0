package gitmerge

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// feed is a FeedSync 1.0.2 RSS feed with the channel's title and
// lastBuildDate and the items given.
func feed(title, date string, items ...string) string {
	return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>` + title + `</title>
  <lastBuildDate>` + date + `</lastBuildDate>
` + strings.Join(items, "") + ` </channel>
</rss>
`
}

// item is an RSS item with sync data; each of hist is "SEQUENCE BY", the
// newest first.
func item(id, title string, hist ...string) string {
	var h strings.Builder
	for _, e := range hist {
		var seq int
		var by string
		fmt.Sscan(e, &seq, &by)
		fmt.Fprintf(&h, "    <sx:history sequence=\"%d\" when=\"2026-03-0%dT09:00:00Z\" by=\"%s\"/>\n", seq, seq, by)
	}
	return fmt.Sprintf("  <item>\n   <title>%s</title>\n   <sx:sync id=%q updates=\"%d\">\n%s   </sx:sync>\n  </item>\n", title, id, len(hist), h.String())
}

const (
	day1 = "Sun, 01 Mar 2026 09:00:00 GMT"
	day2 = "Mon, 02 Mar 2026 09:00:00 GMT"
	day3 = "Tue, 03 Mar 2026 09:00:00 GMT"
)

var (
	x1 = item("x1", "Buy milk", "1 A")
	x2 = item("x2", "Call mom", "1 A")
)

func parse(t *testing.T, name, data string) *dialect.Doc {
	t.Helper()
	d, err := dialect.Parse(name, []byte(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return d
}

// merge runs Merge on the three feeds; base "" is no ancestor.
func merge(t *testing.T, base, ours, theirs string) *Outcome {
	t.Helper()
	v := Versions{Ours: parse(t, "ours", ours), Theirs: parse(t, "theirs", theirs)}
	if base != "" {
		v.Base = NewBase(parse(t, "base", base))
	}
	out, err := Merge(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func title(t *testing.T, out *Outcome, id string) string {
	t.Helper()
	e, err := out.Doc.Entry(id)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return e.Title()
}

// TestMergeItems checks the item rule: which side changed an item
// relative to git's ancestor decides whether it is taken whole or merged
// by 1.0.2 §3.3.
func TestMergeItems(t *testing.T) {
	base := feed("To do", day1, x1, x2)
	cases := []struct {
		name            string
		base, ours, the string
		ours1, theirs1  []string // Changed
		both            []string
		removed         [2][]string
		want            map[string]string // id: title in the result
		conflict        []string
	}{
		{name: "ours changed, 1.0.2 §3.3 would agree", base: base,
			ours: feed("To do", day1, item("x1", "Buy oat milk", "2 B", "1 A"), x2), the: base,
			ours1: []string{"x1"}, want: map[string]string{"x1": "Buy oat milk", "x2": "Call mom"}},
		{name: "theirs edited by hand, no new sx:history: taken whole", base: base,
			ours: base, the: feed("To do", day1, item("x1", "Buy bread", "1 A"), x2),
			theirs1: []string{"x1"}, want: map[string]string{"x1": "Buy bread"}},
		{name: "theirs reverted to an older version: taken whole", base: feed("To do", day1, item("x1", "Buy oat milk", "2 B", "1 A"), x2),
			ours: feed("To do", day1, item("x1", "Buy oat milk", "2 B", "1 A"), x2), the: base,
			theirs1: []string{"x1"}, want: map[string]string{"x1": "Buy milk"}},
		{name: "both changed: merged by 1.0.2 §3.3, a conflict", base: base,
			ours: feed("To do", day1, item("x1", "Buy oat milk", "2 B", "1 A"), x2),
			the:  feed("To do", day1, item("x1", "Buy 2 litres of milk", "2 C", "1 A"), x2),
			both: []string{"x1"}, conflict: []string{"x1"}},
		{name: "both made the same change: nothing to say", base: base,
			ours: feed("To do", day1, item("x1", "Buy oat milk", "2 B", "1 A"), x2),
			the:  feed("To do", day1, item("x1", "Buy oat milk", "2 B", "1 A"), x2),
			want: map[string]string{"x1": "Buy oat milk"}},
		{name: "ours removed by hand: it comes back from theirs", base: base,
			ours: feed("To do", day1, x1), the: base,
			removed: [2][]string{{"x2"}, nil}, want: map[string]string{"x2": "Call mom"}},
		{name: "theirs removed one ours changed: it comes back, changed", base: base,
			ours: feed("To do", day1, x1, item("x2", "Call dad", "2 B", "1 A")), the: feed("To do", day1, x1),
			removed: [2][]string{nil, {"x2"}}, want: map[string]string{"x2": "Call dad"}},
		{name: "theirs added one", base: base,
			ours: base, the: feed("To do", day1, x1, x2, item("x3", "Water plants", "1 C")),
			theirs1: []string{"x3"}, want: map[string]string{"x3": "Water plants"}},
		{name: "no ancestor: every differing item is merged by the spec", base: "",
			ours: feed("To do", day1, item("x1", "Buy oat milk", "2 B", "1 A"), x2), the: base,
			both: []string{"x1"}, want: map[string]string{"x1": "Buy oat milk"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := merge(t, c.base, c.ours, c.the)
			check := func(what string, got, want []string) {
				if !slices.Equal(got, want) {
					t.Errorf("%s = %q, want %q", what, got, want)
				}
			}
			check("Changed[Ours]", out.Changed[Ours], c.ours1)
			check("Changed[Theirs]", out.Changed[Theirs], c.theirs1)
			check("Both", out.Both, c.both)
			check("Removed[Ours]", out.Removed[Ours], c.removed[Ours])
			check("Removed[Theirs]", out.Removed[Theirs], c.removed[Theirs])
			for id, want := range c.want {
				if got := title(t, out, id); got != want {
					t.Errorf("%s: title %q, want %q", id, got, want)
				}
			}
			var conflicted []string
			for _, e := range out.Doc.Entries() {
				if e.InConflict() {
					conflicted = append(conflicted, e.ID())
				}
			}
			check("in conflict", conflicted, c.conflict)
		})
	}
}

// TestMergeFeedLevel checks the feed-level data, which the spec does not
// merge: part by part, as git would.
func TestMergeFeedLevel(t *testing.T) {
	base := feed("To do", day1, x1)
	t.Run("only theirs changed: theirs' is the result's", func(t *testing.T) {
		out := merge(t, base, base, feed("Chores", day1, x1))
		if !out.HostTheirs || len(out.LevelBoth)+len(out.LevelLost) > 0 {
			t.Errorf("HostTheirs %v, LevelBoth %q, LevelLost %q", out.HostTheirs, out.LevelBoth, out.LevelLost)
		}
		if got := level(out, "title"); got != "<title>Chores</title>" {
			t.Errorf("title %s", got)
		}
	})
	t.Run("each changed another part: both kept", func(t *testing.T) {
		out := merge(t, base, feed("Chores", day1, x1), feed("To do", day2, x1))
		if out.HostTheirs || len(out.LevelBoth)+len(out.LevelLost) > 0 {
			t.Errorf("HostTheirs %v, LevelBoth %q, LevelLost %q", out.HostTheirs, out.LevelBoth, out.LevelLost)
		}
		if level(out, "title") != "<title>Chores</title>" || !strings.Contains(level(out, "lastBuildDate"), day2) {
			t.Errorf("title %s, lastBuildDate %s", level(out, "title"), level(out, "lastBuildDate"))
		}
	})
	t.Run("both changed the title: ours kept, theirs' quoted", func(t *testing.T) {
		out := merge(t, base, feed("Chores", day1, x1), feed("Errands", day1, x1))
		if !slices.Equal(out.LevelBoth, []string{"title"}) || len(out.LevelTheirs) != 1 || out.LevelTheirs[0].XML != "<title>Errands</title>" {
			t.Errorf("LevelBoth %q, LevelTheirs %v", out.LevelBoth, out.LevelTheirs)
		}
		if got := level(out, "title"); got != "<title>Chores</title>" {
			t.Errorf("title %s", got)
		}
	})
	t.Run("both changed the date: the later kept, no clash", func(t *testing.T) {
		for _, sides := range [][2]string{{day2, day3}, {day3, day2}} {
			out := merge(t, base, feed("To do", sides[0], x1), feed("To do", sides[1], x1))
			if len(out.LevelBoth) > 0 || !slices.Equal(out.LevelDates, []string{"lastBuildDate"}) {
				t.Errorf("%v: LevelBoth %q, LevelDates %q", sides, out.LevelBoth, out.LevelDates)
			}
			if got := level(out, "lastBuildDate"); !strings.Contains(got, day3) {
				t.Errorf("%v: lastBuildDate %s, want %s", sides, got, day3)
			}
		}
	})
	t.Run("no ancestor: ours', what differs is both", func(t *testing.T) {
		out := merge(t, "", feed("Chores", day1, x1), base)
		if out.HostTheirs || !slices.Equal(out.LevelBoth, []string{"title"}) {
			t.Errorf("HostTheirs %v, LevelBoth %q", out.HostTheirs, out.LevelBoth)
		}
	})
}

// level returns the XML of the result's one feed-level part named name.
func level(out *Outcome, name string) string {
	for _, p := range out.Doc.FeedLevel() {
		if p.Name == name {
			return p.XML
		}
	}
	return ""
}

// TestItemsDigest checks that an item's digest changes with anything in
// it, publisher-specific data included, and not with the feed around it.
func TestItemsDigest(t *testing.T) {
	digest := func(data string) Item {
		items, _ := Items(parse(t, "f", data))
		return items["x1"]
	}
	a := digest(feed("To do", day1, x1))
	if b := digest(feed("Chores", day2, x1, x2)); b.Digest != a.Digest {
		t.Error("the digest changed with the feed around the item")
	}
	for _, other := range []string{item("x1", "Buy bread", "1 A"), item("x1", "Buy milk", "1 B"), item("x1", "Buy milk", "2 A", "1 A"),
		strings.Replace(x1, "</title>", "</title><pubDate>"+day2+"</pubDate>", 1)} {
		if digest(feed("To do", day1, other)).Digest == a.Digest {
			t.Errorf("the same digest for\n%s", other)
		}
	}
	if a.Title != "Buy milk" {
		t.Errorf("title %q", a.Title)
	}
}

func TestSideString(t *testing.T) {
	if Ours.String() != "ours" || Theirs.String() != "theirs" {
		t.Errorf("%s, %s", Ours, Theirs)
	}
}
