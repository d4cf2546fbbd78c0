package feeds

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// orderSync is the sx:sync of the item the order tests merge: updates
// 1 locally, 2 in the remote version, which wins.
func orderSync(updates int) string {
	s := `<sx:sync id="ep" updates="` + itoa(updates) + `">`
	if updates > 1 {
		s += `<sx:history sequence="2" when="2024-01-02T00:00:00Z" by="remote"/>`
	}
	return s + `<sx:history sequence="1" when="2024-01-01T00:00:00Z" by="local"/></sx:sync>`
}

// orderRSS is an RSS feed with one item of the given children.
func orderRSS(kids string) string {
	return `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"` +
		` xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"` +
		` xmlns:content="http://purl.org/rss/1.0/modules/content/"` +
		` xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>Show</title>
    <item>
      ` + kids + `
    </item>
  </channel>
</rss>
`
}

// orderAtom is an Atom feed with one entry of the given children.
func orderAtom(kids string) string {
	return `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
  <title>Show</title>
  <id>urn:show</id>
  <entry>
    ` + kids + `
  </entry>
</feed>
`
}

// itemOrder returns the names of the children of the feed's first item
// or entry, as written (prefix:local).
func itemOrder(t *testing.T, feed string) string {
	t.Helper()
	x := etree.NewDocument()
	if err := x.ReadFromString(feed); err != nil {
		t.Fatalf("result does not parse: %v\n%s", err, feed)
	}
	it := x.FindElement("//item")
	if it == nil {
		it = x.FindElement("//entry")
	}
	if it == nil {
		t.Fatalf("no item in\n%s", feed)
	}
	var names []string
	for _, e := range it.ChildElements() {
		names = append(names, e.FullTag())
	}
	return strings.Join(names, " ")
}

// When the remote version wins, the composed item (implementation note 1)
// keeps the local item's element order wherever the winner's shared
// elements pair with the local item's by name: publisher-specific elements
// interleaved with shared ones stay where they were, in RSS and Atom and
// across formats; a shared element the winner adds follows the one before
// it; one it removes drops out. Both ways of composing (from the bytes
// read, and from trees) give the same bytes, and merging the result
// again, with either input, changes nothing.
func TestMergeKeepsTheLocalItemsElementOrder(t *testing.T) {
	for _, tc := range []struct {
		name, local, remote, want string
	}{{
		name: "RSS_interleaved",
		local: orderRSS(`<title>Episode 11</title>
      <guid isPermaLink="false">ep-11</guid>
      <link>https://example.org/11</link>
      <itunes:author>Kim</itunes:author>
      <description>About eleven</description>
      <pubDate>Tue, 20 Feb 2024 06:00:00 +0000</pubDate>
      <content:encoded>Notes</content:encoded>
      <enclosure url="https://example.org/11.mp3" length="1" type="audio/mpeg"/>
      <media:thumbnail url="https://example.org/11.jpg"/>
      ` + orderSync(1)),
		remote: orderRSS(orderSync(2) + `
      <link>https://elsewhere.example/11</link>
      <title>Episode 11 (C)</title>
      <itunes:author>Kim</itunes:author>
      <description>About eleven</description>
      <content:encoded>Notes</content:encoded>
      <media:thumbnail url="https://example.org/11.jpg"/>
      <guid>other</guid>`),
		want: "title guid link itunes:author description pubDate content:encoded enclosure media:thumbnail sx:sync",
	}, {
		name: "Atom",
		local: orderAtom(`<id>urn:ep</id>
    <title>Episode 11</title>
    <link href="https://example.org/11"/>
    <updated>2024-01-01T00:00:00Z</updated>
    <summary>Short</summary>
    <category term="a"/>
    <author><name>Kim</name></author>
    <content>Long</content>
    ` + orderSync(1)),
		remote: orderAtom(`<title>Episode 11 (C)</title>
    <summary>Short</summary>
    <category term="a"/>
    <content>Long</content>
    <id>urn:other</id>
    <updated>2024-01-02T00:00:00Z</updated>
    ` + orderSync(2)),
		want: "id title link updated summary category author content sx:sync",
	}, {
		name: "winner_adds",
		local: orderRSS(orderSync(1) + `
      <title>Episode 11</title>
      <link>https://example.org/11</link>
      <description>About eleven</description>
      <guid>ep-11</guid>
      <pubDate>Tue, 20 Feb 2024 06:00:00 +0000</pubDate>`),
		remote: orderRSS(orderSync(2) + `
      <itunes:image href="https://example.org/11.jpg"/>
      <title>Episode 11</title>
      <description>About eleven</description>
      <itunes:duration>42:00</itunes:duration>
      <category>talk</category>`),
		want: "sx:sync itunes:image title link description itunes:duration category guid pubDate",
	}, {
		name: "winner_removes",
		local: orderRSS(`<guid>ep-11</guid>
      <title>Episode 11</title>
      <link>https://example.org/11</link>
      <description>About eleven</description>
      <category>talk</category>
      <pubDate>Tue, 20 Feb 2024 06:00:00 +0000</pubDate>
      <itunes:duration>42:00</itunes:duration>
      ` + orderSync(1)),
		remote: orderRSS(`<title>Episode 11</title>
      <category>talk</category>
      <itunes:duration>43:00</itunes:duration>
      ` + orderSync(2)),
		want: "guid title link category pubDate itunes:duration sx:sync",
	}, {
		name: "Atom_remote_into_RSS",
		local: orderRSS(`<title>Episode 11</title>
      <guid>ep-11</guid>
      <link>https://example.org/11</link>
      <description>About eleven</description>
      <pubDate>Tue, 20 Feb 2024 06:00:00 +0000</pubDate>
      <category>talk</category>
      ` + orderSync(1)),
		remote: orderAtom(`<id>urn:ep</id>
    <title>Episode 11 (C)</title>
    <updated>2024-01-02T00:00:00Z</updated>
    <content>About eleven</content>
    <category term="talk"/>
    ` + orderSync(2)),
		want: "title guid link description pubDate category sx:sync",
	}, {
		// 20 local and 19 winner categories: pairs found through a map.
		name: "many_categories",
		local: orderRSS(`<title>Episode 11</title>
      <category>c0</category>
      <category>c1</category>
      <category>c2</category>
      <category>c3</category>
      <category>c4</category>
      <category>c5</category>
      <category>c6</category>
      <category>c7</category>
      <category>c8</category>
      <category>c9</category>
      <guid>ep-11</guid>
      <category>c10</category>
      <category>c11</category>
      <category>c12</category>
      <category>c13</category>
      <category>c14</category>
      <category>c15</category>
      <category>c16</category>
      <category>c17</category>
      <category>c18</category>
      <category>c19</category>
      ` + orderSync(1)),
		remote: orderRSS(`<title>Episode 11</title>
      <category>w0</category>
      <category>w1</category>
      <category>w2</category>
      <category>w3</category>
      <category>w4</category>
      <category>w5</category>
      <category>w6</category>
      <category>w7</category>
      <category>w8</category>
      <category>w9</category>
      <category>w10</category>
      <category>w11</category>
      <category>w12</category>
      <category>w13</category>
      <category>w14</category>
      <category>w15</category>
      <category>w16</category>
      <category>w17</category>
      <category>w18</category>
      <itunes:duration>42:00</itunes:duration>
      ` + orderSync(2)),
		want: "title" + strings.Repeat(" category", 10) + " guid" + strings.Repeat(" category", 9) + " itunes:duration sx:sync",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			p := [2]string{tc.local, tc.remote}
			raw, trees := mergeOf(t, p, false), mergeOf(t, p, true)
			if raw != trees {
				t.Errorf("composed from the bytes read (-) and from trees (+):\n%s", feedtest.LineDiff(raw, trees))
			}
			if got := itemOrder(t, raw); got != tc.want {
				t.Errorf("children of the merged item:\n got %s\nwant %s\n%s", got, tc.want, raw)
			}
			// The shared data is the winner's, in the winner's order.
			m := mustParse(t, "merged.xml", raw)
			remote := mustParse(t, "remote.xml", tc.remote)
			if g, w := m.Item("ep").Data.Digest(), remote.Item("ep").Data.Digest(); g != w {
				t.Errorf("shared data is not the winner's:\n%+v\n%+v", SharedFields(m.Item("ep").Data), SharedFields(remote.Item("ep").Data))
			}
			for _, other := range []string{tc.remote, tc.local, raw} {
				if again := mergeOf(t, [2]string{raw, other}, false); again != raw {
					t.Errorf("merging the result again changed it:\n%s", feedtest.LineDiff(raw, again))
				}
			}
		})
	}
}

// interleave finds the same pairs comparing names one by one and through
// a map: the layout does not hang on the number of children.
func TestInterleavePairsAlikeByScanAndByMap(t *testing.T) {
	type k struct {
		name   string
		shared bool
	}
	name := func(x *k) (string, string, bool) { return "", x.name, x.shared }
	r := rand.New(rand.NewPCG(1, 2))
	names := []string{"a", "b", "c", "d", "e"}
	defer func(n int) { interleaveScan = n }(interleaveScan)
	for range 2000 {
		var lk, shared []k
		for range r.IntN(12) {
			lk = append(lk, k{names[r.IntN(len(names))], r.IntN(3) > 0})
		}
		for range r.IntN(12) {
			shared = append(shared, k{names[r.IntN(len(names))], true})
		}
		at := r.IntN(len(lk) + 1)
		interleaveScan = 1 << 30
		byScan, scanAt := interleave(nil, lk, at, shared, name)
		interleaveScan = -1
		byMap, mapAt := interleave(nil, lk, at, shared, name)
		if !slices.Equal(byScan, byMap) || scanAt != mapAt {
			t.Fatalf("local %v, winner %v, sx:sync at %d:\nscan %v %d\nmap  %v %d", lk, shared, at, byScan, scanAt, byMap, mapAt)
		}
		var got []k
		for _, x := range byScan {
			if x.shared {
				got = append(got, x)
			}
		}
		// Every shared element in the result is the winner's, in its order.
		if !slices.Equal(got, shared) && !(len(got) == 0 && len(shared) == 0) {
			t.Fatalf("shared elements %v, want the winner's %v (local %v)", got, shared, lk)
		}
	}
}
