package cse

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds"
)

// rss wraps channel content in an RSS document that binds the CSE
// namespace to the prefix "k".
func rss(channels ...string) []byte {
	return []byte(`<rss version="2.0" xmlns:k="` + Namespace + `"><channel>` +
		strings.Join(channels, "</channel><channel>") + `</channel></rss>`)
}

// TestNewer covers "Algorithm Definitions": an item's date is its
// csx:lastBuildDate, then its pubDate, then January 1st, 1601; a feed's is
// its first channel's lastBuildDate, then that channel's pubDate, then
// 1601.
func TestNewer(t *testing.T) {
	oct := func(d int) time.Time { return time.Date(2006, 10, d, 0, 0, 0, 0, time.UTC) }
	date := func(d int) string { return fmt.Sprintf("%d Oct 2006 00:00:00 GMT", d) }
	cases := []struct {
		name       string
		doc        []byte
		feed, item time.Time
	}{
		{"csx:lastBuildDate wins over pubDate",
			rss(`<lastBuildDate>` + date(9) + `</lastBuildDate><pubDate>` + date(8) + `</pubDate>` +
				`<item><k:lastBuildDate>` + date(3) + `</k:lastBuildDate><pubDate>` + date(2) + `</pubDate></item>`),
			oct(9), oct(3)},
		{"pubDate when there is no lastBuildDate",
			rss(`<pubDate>` + date(8) + `</pubDate><item><pubDate>` + date(2) + `</pubDate></item>`),
			oct(8), oct(2)},
		{"1601 when there is neither",
			rss(`<item><title>t</title></item>`),
			epoch, epoch},
		{"an unprefixed lastBuildDate in an item is RSS's, not CSE's",
			rss(`<item><lastBuildDate>` + date(5) + `</lastBuildDate><pubDate>` + date(2) + `</pubDate></item>`),
			epoch, oct(2)},
		{"the first channel decides the feed's date",
			rss(`<lastBuildDate>`+date(1)+`</lastBuildDate>`, `<lastBuildDate>`+date(9)+`</lastBuildDate><item/>`),
			oct(1), epoch},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := parseFeed("f.xml", tc.doc)
			if err != nil {
				t.Fatal(err)
			}
			if !f.date.Equal(tc.feed) || len(f.items) != 1 || !f.items[0].date.Equal(tc.item) {
				t.Errorf("feed %v, items %d, item %v; want %v, %v", f.date, len(f.items), f.items[0].date, tc.feed, tc.item)
			}
		})
	}
}

// TestExtensions covers "Extensions": csx:link anywhere below an item, the
// nestedFeed and onDemand attributes, "Only one <csx:link> per <item> can
// be flagged as a nested feed", and csx:hiddenItem as an attribute or an
// element, all matched by namespace URI.
func TestExtensions(t *testing.T) {
	cases := []struct {
		name  string
		item  string
		want  string // links as ref[n][d], then "hidden" and "nested=ref"
		notes int
	}{
		{"links at any depth", `<k:link>a</k:link><x><y><k:link>b</k:link></y></x>`, "a b", 0},
		{"link in the default namespace", `<link xmlns="` + Namespace + `">a</link><link>rss link</link>`, "a", 0},
		{"link bound to another prefix", `<z:link xmlns:z="` + Namespace + `">a</z:link>`, "a", 0},
		{"same local name, other namespace", `<z:link xmlns:z="http://example.test/">a</z:link>`, "", 0},
		{"attributes", `<k:link nestedFeed="true" onDemand="1">a</k:link>`, "a[n][d] nested=a", 0},
		{"namespaced attributes", `<k:link k:nestedFeed="TRUE">a</k:link>`, "a[n] nested=a", 0},
		{"bad attribute value read as false", `<k:link onDemand="yes">a</k:link>`, "a", 1},
		{"second nested feed", `<k:link nestedFeed="true">a</k:link><k:link nestedFeed="true">b</k:link>`, "a[n] b nested=a", 1},
		{"hiddenItem element", `<k:hiddenItem>true</k:hiddenItem>`, "hidden", 0},
		{"csx:Link is not a link", `<k:Link>a</k:Link>`, "", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := parseFeed("f.xml", rss(`<item><guid>g</guid>`+tc.item+`</item>`))
			if err != nil {
				t.Fatal(err)
			}
			if got := describeLinks(f.items[0]); got != tc.want || len(f.findings) != tc.notes {
				t.Errorf("got %q with %d notes, want %q with %d", got, len(f.findings), tc.want, tc.notes)
			}
		})
	}
}

func describeLinks(it *item) string {
	var parts []string
	for _, l := range it.links {
		s := l.ref
		if l.nested {
			s += "[n]"
		}
		if l.onDemand {
			s += "[d]"
		}
		parts = append(parts, s)
	}
	if it.hidden {
		parts = append(parts, "hidden")
	}
	if it.nested != nil {
		parts = append(parts, "nested="+it.nested.ref)
	}
	return strings.Join(parts, " ")
}

// TestHiddenItemAttribute covers csx:hiddenItem written as the spec's
// example writes it, an attribute of the item.
func TestHiddenItemAttribute(t *testing.T) {
	cases := []struct {
		name, attr string
		want       bool
	}{
		{"true", `k:hiddenItem="true"`, true},
		{"false", `k:hiddenItem="false"`, false},
		{"absent", ``, false},
		{"other namespace", `hiddenItem="true"`, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := parseFeed("f.xml", rss(`<item `+tc.attr+`><guid>g</guid></item>`))
			if err != nil || f.items[0].hidden != tc.want {
				t.Errorf("hidden = %v, %v; want %v", f.items[0].hidden, err, tc.want)
			}
		})
	}
}

// TestPullGUIDs covers "<guid> element as a child of RSS <item>": guid is
// required and unique within the tree. Violations are reported with their
// place; the items are still synced.
func TestPullGUIDs(t *testing.T) {
	srv := newServer(t, map[string][]byte{
		"root.xml": rss(`<item><guid>same</guid><k:link nestedFeed="true">child.xml</k:link></item>` +
			`<item><k:link>a.jpg</k:link></item>`),
		"child.xml": rss(`<item><guid>same</guid><k:link>b.jpg</k:link></item>`),
		"a.jpg":     []byte("a"),
		"b.jpg":     []byte("b"),
	})
	s, rep := pullTree(t, srv.Link("root.xml"), t.TempDir())
	want := []string{
		srv.Link("root.xml") + `:1:173: item: no guid (CSE requires one)`,
		srv.Link("child.xml") + `:1:105: guid: duplicate "same" (first in ` + srv.Link("root.xml") + `)`,
	}
	if s.failed != 0 || strings.Join(rep.lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("report:\n%s\nwant:\n%s", rep.text(), strings.Join(want, "\n"))
	}
	if len(rep.fetchedURLs) != 4 {
		t.Errorf("fetched %q", rep.fetchedURLs)
	}
}

// FuzzParseFeed checks that reading any document never panics, that a
// document refused is refused with placed problems (feeds.Problems, each
// with a line and column), and that whatever is noted about a feed read
// can be placed.
// $ go test -fuzz=FuzzParseFeed ./feeds/cse
func FuzzParseFeed(f *testing.F) {
	f.Add(rss(`<item k:hiddenItem="x"><guid>g</guid><k:link nestedFeed="true">a</k:link><k:Link/></item>`))
	f.Add([]byte("<rss>\n<channel>\n</rss>"))
	f.Add([]byte(latin1Feed))
	f.Add([]byte(`<?xml version="1.0" encoding="UTF-16"?><rss/>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fd, err := parseFeed("f.xml", data)
		if err != nil {
			ps, ok := err.(feeds.Problems)
			if !ok || len(ps) == 0 {
				t.Fatalf("error %T is not placed: %v", err, err)
			}
			for _, p := range ps {
				if p.Line < 1 || p.Col < 1 || p.File != "f.xml" {
					t.Errorf("unplaced problem %v", p)
				}
			}
			return
		}
		for _, p := range fd.problems("f.xml") {
			if p.Line < 1 || p.Col < 1 {
				t.Errorf("unplaced problem %v", p)
			}
		}
	})
}
