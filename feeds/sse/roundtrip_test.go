package ssefeed

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// The feed rome-tools ships as its SSE 0.91 sample: sx:sharing under
// <rss>, 13 items with deleted="false" conflict="false".
func TestRomeRoundTrip(t *testing.T) {
	data := feedtest.ReadFile(t, "rome-rss-playlist-sse.xml")
	d := mustParse(t, "rome-rss-playlist-sse.xml", string(data))
	t.Run("items", func(t *testing.T) {
		items := d.Items()
		if len(items) != 13 || items[0].ID != "101" || items[12].ID != "113" {
			t.Fatalf("got %d items:\n%s", len(items), showItems(d))
		}
		want := `113 v1 "Riding With the King.mp3|\n                B. B. King and Eric Clapton - Riding With the King - 11 - Hold On Im Coming.mp3\n            "
  history Fri, 6 Jan 2006 19:24:09 GMT sseRSSConvert.js`
		if got := show(items[12]); got != want {
			t.Errorf("got:\n%s\nwant:\n%s", got, want)
		}
		if s := d.Sharing(); s == nil || s.Window != 30 || s.Version != "0.91" || !s.Since.Equal(at("Fri, 06 Jan 2006 19:24:09 GMT")) {
			t.Errorf("sharing = %+v", s)
		}
	})
	t.Run("sharing under rss is a warning", func(t *testing.T) {
		want := "rome-rss-playlist-sse.xml:2:5: sx:sharing: sx:sharing belongs inside channel (0.91 §2.1); read from here and left in place"
		if got := d.Warnings().Error(); got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	})
	t.Run("written back byte for byte", func(t *testing.T) {
		assertBytes(t, data, d.Bytes())
		assertXMLEqual(t, data, d.Bytes())
	})
	t.Run("untouched items byte for byte after an update", func(t *testing.T) {
		d := mustParse(t, "rome.xml", string(data))
		it := d.Item("105")
		title := "Rivers of Babylon.mp3"
		up, err := sse.Update(it, sse.Stamp{When: at("Sat, 07 Jan 2006 10:00:00 GMT"), By: "feedsync"},
			sse.Edit(it, d.NewData(it.Data, &title, nil)), sse.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d.Set(up)
		out := d.Bytes()
		in, got := itemElements(data), itemElements(out)
		if len(in) != len(got) {
			t.Fatalf("%d items written, want %d:\n%s", len(got), len(in), out)
		}
		for i := range in {
			if (i == 4) == (in[i] == got[i]) {
				t.Errorf("item %d written as read: %v\n%s", i+1, in[i] == got[i], got[i])
			}
		}
		back := reparse(t, d)
		if g, w := show(back.Item("105")), show(up); g != w {
			t.Errorf("read back:\n%s\nwant:\n%s", g, w)
		}
		// The earlier history keeps its text; the new one is in the spec's form.
		if !strings.Contains(got[4], `<sx:history when="Sat, 7 Jan 2006 10:00:00 GMT" by="feedsync">`) ||
			!strings.Contains(got[4], `<sx:update when="Fri, 6 Jan 2006 19:24:09 GMT" by="sseRSSConvert.js"/>`) {
			t.Errorf("item 105:\n%s", got[4])
		}
	})
}

var itemRE = regexp.MustCompile(`(?s)<item>.*?</item>`)

// itemElements returns the text of each <item> element.
func itemElements(data []byte) []string {
	var out []string
	for _, m := range itemRE.FindAll(data, -1) {
		out = append(out, string(m))
	}
	return out
}

// Both forms of the namespace are read, and a feed is written back in the
// form and with the prefix it uses, whatever the form of the feed an item
// came from.
func TestNamespaceForms(t *testing.T) {
	feed := func(ns, prefix string) string {
		return `<rss version="2.0" xmlns:` + prefix + `="` + ns + `"><channel>
 <item>
  <title>a</title>
  <` + prefix + `:sync id="a" version="1"><` + prefix + `:history when="Sat, 21 May 2005 09:43:33 GMT" by="e1"/></` + prefix + `:sync>
 </item>
</channel></rss>`
	}
	for _, tc := range []struct{ name, ns, prefix string }{
		{"https, as the spec", NS, "sx"},
		{"http, as real feeds", NSHTTP, "sx"},
		{"http with another prefix", NSHTTP, "sse"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			local := mustParse(t, "local.xml", feed(tc.ns, tc.prefix))
			other := NS
			if tc.ns == NS {
				other = NSHTTP
			}
			remote := mustParse(t, "remote.xml", strings.Replace(feed(other, "x"), `version="1"><x:history when="Sat, 21 May 2005 09:43:33 GMT" by="e1"/>`,
				`version="2"><x:history when="Sun, 22 May 2005 09:43:33 GMT" by="e2"><x:update when="Sat, 21 May 2005 09:43:33 GMT" by="e1"/></x:history>`, 1))
			m, err := Merge(local, remote)
			if err != nil {
				t.Fatal(err)
			}
			out := string(m.Bytes())
			if strings.Contains(out, other) || !strings.Contains(out, "<"+tc.prefix+`:sync id="a" version="2">`) {
				t.Errorf("written:\n%s", out)
			}
			if !Is([]byte(out)) {
				t.Errorf("Is(written) = false")
			}
			if got := show(reparse(t, m).Item("a")); got != show(remote.Item("a")) {
				t.Errorf("read back:\n%s\nwant:\n%s", got, show(remote.Item("a")))
			}
		})
	}
}

// Detection is by namespace, one feed at a time.
func TestIs(t *testing.T) {
	for _, tc := range []struct {
		name string
		feed string
		want bool
	}{
		{"https on rss", `<rss xmlns:sx="https://www.microsoft.com/schemas/rss/sse"><channel/></rss>`, true},
		{"http on rss", `<rss xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><channel/></rss>`, true},
		{"declared on channel", `<rss><channel xmlns:sx="https://www.microsoft.com/schemas/rss/sse"/></rss>`, true},
		{"OPML", `<opml xmlns:sx="https://www.microsoft.com/schemas/rss/sse"><body/></opml>`, true},
		{"FeedSync 1.0.2", `<rss xmlns:sx="http://feedsync.org/2007/feedsync"><channel/></rss>`, false},
		{"FeedSync 1.0.2 and SSE", `<rss xmlns:sx="http://feedsync.org/2007/feedsync" xmlns:s="http://www.microsoft.com/schemas/rss/sse"><channel/></rss>`, false},
		{"pre-1.0 SSE", `<rss xmlns:sx="http://www.microsoft.com/schemas/sse"><channel/></rss>`, false},
		{"plain RSS", `<rss><channel/></rss>`, false},
		{"declared only deep inside", `<rss><channel><item xmlns:sx="https://www.microsoft.com/schemas/rss/sse"/></channel></rss>`, false},
		{"malformed", `<rss xmlns:sx="https://www.microsoft.com/schemas/rss/sse"><channel>`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Is([]byte(tc.feed)); got != tc.want {
				t.Errorf("Is = %v, want %v", got, tc.want)
			}
		})
	}
}

// A feed without any SSE markup loads, and gets the namespace, in the
// spec's form, declared on its root once it has an item.
func TestPlainFeedGetsNamespace(t *testing.T) {
	d := mustParse(t, "plain.xml", "<rss version=\"2.0\">\n  <channel>\n    <title>t</title>\n  </channel>\n</rss>\n")
	title := "first"
	it, err := sse.New("i1", sse.Stamp{When: time.Date(2006, 1, 2, 3, 4, 5, 0, time.UTC), By: "me"}, sse.Change{Data: d.NewData(nil, &title, nil)})
	if err != nil {
		t.Fatal(err)
	}
	d.Set(it)
	want := `<rss version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse">
  <channel>
    <title>t</title>
    <item>
      <title>first</title>
      <sx:sync id="i1" version="1">
        <sx:history when="Mon, 2 Jan 2006 03:04:05 GMT" by="me"/>
      </sx:sync>
    </item>
  </channel>
</rss>
`
	assertBytes(t, []byte(want), d.Bytes())
	if !bytes.Equal(reparse(t, d).Bytes(), d.Bytes()) {
		t.Error("written twice differently")
	}
}
