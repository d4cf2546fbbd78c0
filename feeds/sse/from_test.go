package ssefeed

import (
	"strings"
	"testing"
)

// partedFeeds are an item whose two lines parted at version 1: alice made
// versions 2 and 3, bob his own 2 and 3, later, which win (0.91 §4.4).
func partedFeeds(kind string) [2]string {
	sync := func(by, h2, h3 string) string {
		return `<sx:sync id="x1" version="3">
    <sx:history when="Mon, 02 Mar 2026 ` + h3 + `:00:00 GMT" by="` + by + `"><sx:update when="Mon, 02 Mar 2026 ` + h2 + `:00:00 GMT" by="` + by + `"/><sx:update when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/></sx:history>
   </sx:sync>`
	}
	if kind == KindRSS {
		item := func(title, sync string) string {
			return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>To do</title>
  <item>
   <title>` + title + `</title>
   ` + sync + `
  </item>
 </channel>
</rss>
`
		}
		return [2]string{item("Buy milk today", sync("alice", "09", "10")), item("Buy oat milk", sync("bob", "11", "12"))}
	}
	outline := func(text, sync string) string {
		return `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:pos="https://github.com/feedsync/feedsync/ns/outline">
 <head><title>Outline</title></head>
 <body>
  <outline text="` + text + `">
   ` + sync + `
  </outline>
 </body>
</opml>
`
	}
	return [2]string{outline("Buy milk today", sync("alice", "09", "10")), outline("Buy oat milk", sync("bob", "11", "12"))}
}

// 0.91 §5.2 as read (package doc, "What a losing version was made
// from"): the record of alice's losing version 3 carries fso:fromWhen and
// fso:fromBy, her version 2, under the prefix the feed binds feedsync's
// namespace to (fso where none); they read back in RSS (the token scan) and OPML (a tree),
// either side local, are written again as read, and merging either side
// in again changes nothing.
func TestConflictSaysWhatItsLoserWasMadeFrom(t *testing.T) {
	const from = "from Mon, 2 Mar 2026 09:00:00 GMT alice"
	for _, kind := range []string{KindRSS, KindOPML} {
		feeds := partedFeeds(kind)
		for _, swap := range []bool{false, true} {
			a, b := mustParse(t, "alice.xml", feeds[0]), mustParse(t, "bob.xml", feeds[1])
			if swap {
				a, b = b, a
			}
			t.Run(kind+" "+a.Name(), func(t *testing.T) {
				m, err := Merge(a, b)
				if err != nil {
					t.Fatal(err)
				}
				out := string(m.Bytes())
				prefix := "fso"
				if kind == KindOPML {
					prefix = "pos"
				}
				if !strings.Contains(out, ` `+prefix+`:fromWhen="Mon, 02 Mar 2026 09:00:00 GMT" `+prefix+`:fromBy="alice"`) {
					t.Fatalf("the record does not say it was made from alice's version 2 under %s:\n%s", prefix, out)
				}
				back := mustParse(t, "merged.xml", out)
				it := back.Item("x1")
				if len(it.Conflicts) != 1 || !strings.HasSuffix(show(it), from) {
					t.Fatalf("read back:\n%s\nwant a record %s\n%s", show(it), from, out)
				}
				if w := back.Warnings(); w != nil {
					t.Errorf("warnings: %v", w)
				}
				assertXMLEqual(t, []byte(out), reparse(t, back).Bytes())
				for _, again := range []*Doc{a, b, back} {
					m2, err := Merge(back, again)
					if err != nil {
						t.Fatal(err)
					}
					if got := show(m2.Item("x1")); got != show(it) {
						t.Errorf("merging %s again: %s, want %s", again.Name(), got, show(it))
					}
				}
			})
		}
	}
}

// The attributes are read as sx:update's when and by are (0.91 §2.5,
// §1.2): either alone says; a value that does not read is a warning and
// the record reads as not saying, which combines nothing (package
// feeds/threeway) rather than against a wrong base.
func TestConflictFromMarkValues(t *testing.T) {
	feed := func(kind, attrs string) string {
		rec := `<sx:conflicts><sx:conflict when="Mon, 02 Mar 2026 10:00:00 GMT" by="alice" version="3"` + attrs + `>%s</sx:conflict></sx:conflicts>`
		hist := `<sx:history when="Mon, 02 Mar 2026 12:00:00 GMT" by="bob"><sx:update when="Mon, 02 Mar 2026 11:00:00 GMT" by="bob"/></sx:history>`
		if kind == KindRSS {
			return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:fso="https://github.com/feedsync/feedsync/ns/outline">
 <channel>
  <item>
   <title>Buy oat milk</title>
   <sx:sync id="x1" version="3" conflict="true">` + hist + strings.Replace(rec, "%s", "<title>Buy milk today</title>", 1) + `</sx:sync>
  </item>
 </channel>
</rss>
`
		}
		return `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:fso="https://github.com/feedsync/feedsync/ns/outline">
 <head><title>Outline</title></head>
 <body>
  <outline text="Buy oat milk">
   <sx:sync id="x1" version="3" conflict="true">` + hist + strings.Replace(rec, "%s", `<outline text="Buy milk today"/>`, 1) + `</sx:sync>
  </outline>
 </body>
</opml>
`
	}
	for _, kind := range []string{KindRSS, KindOPML} {
		for _, c := range []struct {
			attrs, from string
			warns       bool
		}{
			{` fso:fromWhen="Mon, 02 Mar 2026 09:00:00 GMT" fso:fromBy="alice"`, "Mon, 2 Mar 2026 09:00:00 GMT alice", false},
			{` fso:fromBy="alice"`, "- alice", false},
			{` fso:fromWhen="Mon, 02 Mar 2026 09:00:00 GMT"`, "Mon, 2 Mar 2026 09:00:00 GMT -", false},
			{``, "", false},
			{` fso:fromWhen="yesterday" fso:fromBy="alice"`, "", true},
			{` fso:fromWhen="Mon, 02 Mar 2026 09:00:00 GMT" fso:fromBy="al ice"`, "", true},
			{` fso:fromWhen="" fso:fromBy=""`, "", true},
		} {
			d := mustParse(t, "f.xml", feed(kind, c.attrs))
			it := d.Item("x1")
			if it == nil || len(it.Conflicts) != 1 {
				t.Fatalf("%s %s: no record read", kind, c.attrs)
			}
			r := it.Conflicts[0]
			got := ""
			if r.HasFrom {
				got = showStamp(r.From)
			}
			if got != c.from {
				t.Errorf("%s%s: read from %q, want %q", kind, c.attrs, got, c.from)
			}
			if warned := d.Warnings() != nil && strings.Contains(d.Warnings().Error(), "fso:from"); warned != c.warns {
				t.Errorf("%s%s: warned %v, want %v: %v", kind, c.attrs, warned, c.warns, d.Warnings())
			}
		}
	}
}
