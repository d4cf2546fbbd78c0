package ssefeed

import (
	"strings"
	"testing"
)

// quotedFeeds are feeds whose tags etree would write in other bytes, on
// the root, the channel or head and body, a child of the channel or
// head, an unchanged item and an element of its data: attributes in
// single quotes, white space other than one space before each attribute
// (two spaces, a newline, a space before '>' and in an end tag),
// references etree does not write (&apos;, &#39;, &#233;), an empty
// element written as a start and an end tag. A second item, "Changed",
// is one that the remote feed changes, in a start tag of that kind too.
var quotedFeeds = map[string]string{
	KindRSS: `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"  xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:ext='urn:ext'
     ext:a='1' ext:q="it&apos;s &#39;x&#39; &#233;" >
 <channel ext:b='2' >
  <title>To do</title>
  <cloud ext:e='1'></cloud>
  <image ext:i = "&#233;"><url>u</url></image >
  <item ext:c='3'>
   <title>Kept</title>
   <sx:sync id="k" version="1">
    <sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/>
   </sx:sync>
  </item>
  <item ext:d='4'>
   <title>Changed</title>
   <ext:x ext:y='5'></ext:x>
   <sx:sync id="x" version="1">
    <sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/>
   </sx:sync>
  </item>
 </channel>
</rss>
`,
	KindOPML: `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0"  xmlns:sx="http://www.microsoft.com/schemas/rss/sse" xmlns:ext='urn:ext'
      ext:a='1' ext:q="it&apos;s &#39;x&#39; &#233;" >
 <head ext:h='1'><title ext:t='2'>Outline</title><expansionState ext:e='1'></expansionState ></head>
 <body ext:b='2' >
  <outline text="Kept"  ext:c='3'>
   <outline text='note' ext:n="&#233;"></outline>
   <sx:sync id="k" version="1">
    <sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/>
   </sx:sync>
  </outline>
  <outline ext:d='4' text="Changed">
   <outline text='note' ext:n="&#233;"></outline>
   <sx:sync id="x" version="1">
    <sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/>
   </sx:sync>
  </outline>
 </body>
</opml>
`,
}

// TestForeignAttributesKeepTheirQuotes guards that the SSE 0.91 binding
// keeps the bytes of the tags of what a merge did not change, as the
// FeedSync 1.0.2 binding does: the root, the channel, head or body, a
// child of the channel or head, an unchanged item and what is inside it
// keep the quotes of their attributes, the white space and references in
// their tags and an empty element's end tag, whether the feed is written
// as read or merged; and an item the merge takes from the remote feed
// keeps those of the remote's tags, its own start tag and those of its
// data. Before, everything but an unchanged RSS item went through etree,
// which writes every attribute in double quotes, after one space.
func TestForeignAttributesKeepTheirQuotes(t *testing.T) {
	for kind, feed := range quotedFeeds {
		t.Run(kind, func(t *testing.T) {
			remote := strings.NewReplacer(`"Changed"`, `"Changed there"`, `>Changed<`, `>Changed there<`, `id="x" version="1">
    <sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/>`, `id="x" version="2">
    <sx:history when="Mon, 02 Mar 2026 09:00:00 GMT" by="you"><sx:update when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/></sx:history>`).Replace(feed)
			m, err := Merge(mustParse(t, "local.xml", feed), mustParse(t, "remote.xml", remote))
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{"as read": string(mustParse(t, "local.xml", feed).Bytes()), "merged": string(m.Bytes())}
			if !strings.Contains(got["merged"], "Changed there") {
				t.Fatalf("the merge did not take the remote's change:\n%s", got["merged"])
			}
			if got["as read"] != feed {
				t.Errorf("as read, the feed is not written as read:\n%s\nwant\n%s", got["as read"], feed)
			}
			kept := feed[:strings.Index(feed, "Changed")]
			if !strings.HasPrefix(got["merged"], kept) {
				t.Errorf("merged, the feed does not keep what the merge did not change:\n%s\nwant it to begin\n%s", got["merged"], kept)
			}
			for _, tag := range []string{`<item ext:d='4'>`, `<ext:x ext:y='5'></ext:x>`, `<outline ext:d='4' text="Changed there">`, `<outline text='note' ext:n="&#233;"></outline>`} {
				if strings.Contains(remote, tag) && !strings.Contains(got["merged"], tag) {
					t.Errorf("merged, the item taken from the remote feed lost the bytes of %s:\n%s", tag, got["merged"])
				}
			}
		})
	}
}

// TestRootTagKeepsItsBytesAroundWhatChanges guards that a root tag whose
// declarations feedsync changes keeps the bytes of the rest: a
// declaration of feedsync's namespace that nothing uses any more is cut
// out with the white space before it, and one of the SSE prefix that the
// feed now needs goes after the last attribute, before the white space
// that ends the tag.
func TestRootTagKeepsItsBytesAroundWhatChanges(t *testing.T) {
	t.Run("cut", func(t *testing.T) {
		feed := strings.Replace(quotedFeeds[KindRSS], `xmlns:ext='urn:ext'`, `xmlns:fso='`+NSOutline+`' xmlns:ext='urn:ext'`, 1)
		got := string(mustParse(t, "feed.xml", feed).Bytes())
		if got != quotedFeeds[KindRSS] {
			t.Errorf("got\n%s\nwant\n%s", got, quotedFeeds[KindRSS])
		}
	})
	t.Run("spliced", func(t *testing.T) {
		feed := `<rss version='2.0' xmlns:ext='urn:ext'
  ext:a='1' ><channel ext:b='2'><title>t</title></channel></rss>`
		d := mustParse(t, "feed.xml", feed)
		d.SetSharing(&Sharing{Version: "0.91"})
		got := string(d.Bytes())
		want := `<rss version='2.0' xmlns:ext='urn:ext'
  ext:a='1' xmlns:sx="` + NS + `" ><channel ext:b='2'><title>t</title>`
		if !strings.HasPrefix(got, want) {
			t.Errorf("got\n%s\nwant it to begin\n%s", got, want)
		}
	})
}

// TestLosingOutlineKeepsItsEmptyTags guards the bytes of the outline a
// conflict record keeps of a losing version (0.91 §5.2): one without
// children, read as a start and an end tag, is written so, as every other
// element read so is, written as read and when a merge writes its record
// anew (the item changed again, the record kept).
func TestLosingOutlineKeepsItsEmptyTags(t *testing.T) {
	feed := `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
 <head><title>Outline</title></head>
 <body>
  <outline text="Won">
   <sx:sync id="x" version="2" conflict="true">
    <sx:history when="Mon, 02 Mar 2026 09:00:00 GMT" by="you"/>
    <sx:conflicts>
     <sx:conflict when="Mon, 02 Mar 2026 08:00:00 GMT" by="me" version="2">
      <outline text='Lost'></outline>
     </sx:conflict>
    </sx:conflicts>
   </sx:sync>
  </outline>
  <outline text="Other">
   <sx:sync id="o" version="1">
    <sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/>
   </sx:sync>
  </outline>
 </body>
</opml>
`
	remote := strings.NewReplacer(`"Won"`, `"Won again"`, `id="x" version="2" conflict="true">
    <sx:history when="Mon, 02 Mar 2026 09:00:00 GMT" by="you"/>`, `id="x" version="3" conflict="true">
    <sx:history when="Tue, 03 Mar 2026 09:00:00 GMT" by="you"><sx:update when="Mon, 02 Mar 2026 09:00:00 GMT" by="you"/></sx:history>`).Replace(feed)
	m, err := Merge(mustParse(t, "local.xml", feed), mustParse(t, "remote.xml", remote))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(m.Bytes()), "Won again") {
		t.Fatalf("the merge did not take the remote's change:\n%s", m.Bytes())
	}
	for name, got := range map[string]string{"as read": string(mustParse(t, "local.xml", feed).Bytes()), "merged": string(m.Bytes())} {
		if !strings.Contains(got, `<outline text='Lost'></outline>`) {
			t.Errorf("%s, the losing outline lost its tags:\n%s", name, got)
		}
	}
}
