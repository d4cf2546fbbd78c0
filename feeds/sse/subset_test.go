package ssefeed

import (
	"reflect"
	"strings"
	"testing"

	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

const sharingRSS = `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>t</title>
  <sx:sharing version="0.91" since="Sat, 21 May 2005 09:00:00 GMT" until="Sat, 21 May 2005 10:00:00 GMT"/>
  <item><title>a</title><sx:sync id="a" version="1"><sx:history by="A"/></sx:sync></item>
  <item><title>b</title><sx:sync id="b" version="1"><sx:history by="A"/></sx:sync></item>
 </channel>
</rss>`

func TestSetSharing(t *testing.T) {
	s := &Sharing{
		Since: at("Sun, 22 May 2005 09:00:00 GMT"), Until: at("Mon, 23 May 2005 09:00:00 GMT"), Window: 3,
		Related: []Related{{Link: "http://x/complete", Type: "complete"}},
	}
	newSharing := `<sx:sharing since="Sun, 22 May 2005 09:00:00 GMT" until="Mon, 23 May 2005 09:00:00 GMT" version="0.91" window="3">
   <sx:related link="http://x/complete" type="complete"/>
  </sx:sharing>`
	for _, tc := range []struct {
		name, in string
		set      *Sharing
		want     string // the output contains it
		not      string // the output does not contain it
	}{
		{"rss_replace", sharingRSS, s, "<title>t</title>\n  " + newSharing + "\n  <item>", `since="Sat`},
		{"rss_remove", sharingRSS, nil, "<title>t</title>\n  <item>", "sharing"},
		{"rss_insert", `<rss version="2.0"><channel><title>t</title><item><title>x</title><sx:sync xmlns:sx="http://www.microsoft.com/schemas/rss/sse" id="x" version="1"><sx:history by="A"/></sx:sync></item></channel></rss>`, &Sharing{Version: "0.91"},
			`<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><channel><title>t</title><sx:sharing version="0.91"/><item>`, ""},
		{"rss_no_items", `<rss version="2.0">
 <channel>
  <title>t</title>
 </channel>
</rss>`, s, "<title>t</title>\n  " + newSharing + "\n </channel>", ""},
		{"rss_outside_channel", `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <sx:sharing version="0.91"/>
 <channel>
  <title>t</title>
 </channel>
</rss>`, s, "<title>t</title>\n  " + newSharing + "\n </channel>", `<sx:sharing version="0.91"/>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := mustParse(t, "s.xml", tc.in)
			d.SetSharing(tc.set)
			out := string(d.Bytes())
			if !strings.Contains(out, tc.want) || tc.not != "" && strings.Contains(out, tc.not) {
				t.Errorf("got\n%s\nwant it to contain\n%s\nand not %q", out, tc.want, tc.not)
			}
			back := mustParse(t, "out.xml", out)
			want := tc.set
			if want != nil && want.Version == "" {
				c := *want
				c.Version = "0.91"
				want = &c
			}
			if !reflect.DeepEqual(back.Sharing(), want) {
				t.Errorf("read back %+v, want %+v", back.Sharing(), want)
			}
			if len(back.Items()) != len(d.Items()) {
				t.Errorf("items lost:\n%s", out)
			}
		})
	}
}

func TestSetSharingOPML(t *testing.T) {
	s := &Sharing{Version: "0.91", Until: at("Mon, 23 May 2005 09:00:00 GMT"), Since: at("Mon, 23 May 2005 08:00:00 GMT")}
	for _, tc := range []struct{ name, in, want string }{
		{"replace", string(feedtest.ReadFile(t, subscriptions)), `<head>
    <title>Subscriptions</title>
    <sx:sharing since="Mon, 23 May 2005 08:00:00 GMT" until="Mon, 23 May 2005 09:00:00 GMT" version="0.91"/>
  </head>`},
		{"append_to_head", `<opml version="1.0">
  <head>
    <title>x</title>
  </head>
  <body/>
</opml>`, `<head>
    <title>x</title>
    <sx:sharing since="Mon, 23 May 2005 08:00:00 GMT" until="Mon, 23 May 2005 09:00:00 GMT" version="0.91"/>
  </head>`},
		{"empty_head", `<opml version="1.0"><head/><body/></opml>`,
			`<head><sx:sharing since="Mon, 23 May 2005 08:00:00 GMT" until="Mon, 23 May 2005 09:00:00 GMT" version="0.91"/></head>`},
		{"no_head", `<opml version="1.0">
  <body/>
</opml>`, `<opml version="1.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse">
  <head>
    <sx:sharing since="Mon, 23 May 2005 08:00:00 GMT" until="Mon, 23 May 2005 09:00:00 GMT" version="0.91"/>
  </head>
  <body/>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := mustParse(t, "s.opml", tc.in)
			d.SetSharing(s)
			out := string(d.Bytes())
			if !strings.Contains(out, tc.want) {
				t.Errorf("got\n%s\nwant it to contain\n%s", out, tc.want)
			}
			if back := mustParse(t, "out.opml", out); !reflect.DeepEqual(back.Sharing(), s) {
				t.Errorf("read back %+v", back.Sharing())
			}
		})
	}
}

func keepIDs(ids ...string) func(*sse.Item) bool {
	return func(it *sse.Item) bool {
		for _, id := range ids {
			if it.ID == id {
				return true
			}
		}
		return false
	}
}

// A partial RSS feed (§2.2.1) leaves items out with the white space before
// them; merging it brings in only what it holds.
func TestSubsetRSS(t *testing.T) {
	d := mustParse(t, "s.xml", sharingRSS)
	s := d.Subset(keepIDs("b"))
	want := strings.Replace(sharingRSS, "\n  <item><title>a</title><sx:sync id=\"a\" version=\"1\"><sx:history by=\"A\"/></sx:sync></item>", "", 1)
	if got := string(s.Bytes()); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if s.Item("a") != nil || len(s.Items()) != 1 || len(d.Items()) != 2 {
		t.Errorf("items: subset %d, a %v; input %d", len(s.Items()), s.Item("a"), len(d.Items()))
	}
	empty := mustParse(t, "e.xml", `<rss version="2.0"><channel><title>e</title></channel></rss>`)
	m, err := Merge(empty, s)
	if err != nil {
		t.Fatal(err)
	}
	if back := reparse(t, m); len(back.Items()) != 1 || back.Item("b") == nil {
		t.Errorf("merged subset:\n%s", showItems(back))
	}
}

// An outline kept under one left out is written with its position, so that
// a reader puts it back under its parent once it has the parent.
func TestSubsetOPML(t *testing.T) {
	d := mustParse(t, "s.opml", string(feedtest.ReadFile(t, subscriptions)))
	s := d.Subset(keepIDs("lemonde", "tech"))
	out := s.Bytes()
	if got, want := nesting(t, out), "Unsynced folder\n  Unsynced feed\nLe Monde\nTech\n"; !strings.Contains(got, "Le Monde\n") || strings.Contains(got, "BBC") || strings.Contains(got, "News") {
		t.Errorf("nesting:\n%s\nwant like\n%s\n%s", got, want, out)
	}
	back := mustParse(t, "partial.opml", string(out))
	if got := back.Item("lemonde").Position; got != d.Item("lemonde").Position {
		t.Errorf("lemonde read back at %+v, want %+v\n%s", got, d.Item("lemonde").Position, out)
	}
	m, err := Merge(d.Subset(keepIDs("news")), back)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := outline(reparse(t, m)), "news\n  lemonde\ntech\n"; got != want {
		t.Errorf("merged:\n%s\nwant\n%s", got, want)
	}
}
