package ssefeed

import (
	"github.com/feedsync/feedsync/feeds/feedtest"
	"strings"
	"testing"
)

// crafted breaks most rules at once; every problem is reported, each at
// the element's start.
const crafted = `<?xml version="1.0"?>
<rss version="2.0" xmlns:s="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <s:sharing window="a week">
   <s:related link="http://x.com/all.xml" type="partial"/>
   <s:related title="no link, no type"/>
  </s:sharing>
  <item>
   <s:sync id="has space" version="0" deleted="yes" conflict="TRUE">
    <s:history/>
   </s:sync>
  </item>
  <item>
   <s:sync version="x">
    <s:history when="Sat, 21 May 05 09:43:33 GMT" by="REO 1750">
     <s:update when="Sat, 21 May 2005 09:43:33 EST"/>
     <s:update/>
    </s:history>
    <s:conflicts/>
   </s:sync>
   <s:sync id="two"/>
  </item>
  <item>
   <s:sync id="c" version="2">
    <s:history by="a"/>
    <s:conflicts>
     <s:conflict when="yesterday"/>
    </s:conflicts>
   </s:sync>
  </item>
 </channel>
</rss>
`

func TestValidateCrafted(t *testing.T) {
	want := `crafted.xml:4:3: s:sharing: window "a week" is not a whole number of days (0.91 §2.1)
crafted.xml:4:3: s:sharing: no version: it is required (0.91 §2.1)
crafted.xml:5:4: s:related: type "partial" is neither "complete" nor "aggregated" (0.91 §2.2)
crafted.xml:6:4: s:related: no link: it is required (0.91 §2.2)
crafted.xml:6:4: s:related: no type: it is required (0.91 §2.2)
crafted.xml:9:4: s:sync: id "has space" is not an RFC 2141 namespace specific string (0.91 §2.3)
crafted.xml:9:4: s:sync: version "0" is below 1 (0.91 §2.3)
crafted.xml:9:4: s:sync: deleted "yes" is not "true", "false" or empty (0.91 §2.3)
crafted.xml:9:4: s:sync: conflict "TRUE" is not "true", "false" or empty (0.91 §2.3)
crafted.xml:10:5: s:history: neither when nor by: one or both are required (0.91 §2.4)
crafted.xml:14:4: s:sync: version "x" is not an integer from 1 to 2147483647 (0.91 §2.3)
crafted.xml:14:4: s:sync: no id: it is required (0.91 §2.3)
crafted.xml:15:5: s:history: when "Sat, 21 May 05 09:43:33 GMT" has a two-digit year; 0.91 §1.2 requires four digits
crafted.xml:15:5: s:history: by "REO 1750" is not an RFC 2141 namespace specific string (0.91 §1.2)
crafted.xml:16:6: s:update: when "Sat, 21 May 2005 09:43:33 EST" is not in GMT (0.91 §1.2)
crafted.xml:17:6: s:update: neither when nor by: one or both are required (0.91 §2.5)
crafted.xml:19:5: s:conflicts: no sx:conflict: sx:conflicts must contain one or more (0.91 §5.1)
crafted.xml:21:4: s:sync: a second sx:sync in one item (0.91 §2.3)
crafted.xml:27:6: s:conflict: no version: it is required (0.91 §5.2)
crafted.xml:27:6: s:conflict: when "yesterday" is not an RFC 822 date-time (0.91 §1.2)`
	got := Validate("crafted.xml", []byte(crafted))
	if got.Error() != want {
		t.Errorf("got:\n%s\nwant:\n%s\ndiff (-want +got):\n%s", got.Error(), want, feedtest.LineDiff(want, got.Error()))
	}
	if d, err := Parse("crafted.xml", []byte(crafted)); d != nil || err == nil {
		t.Errorf("Parse loaded a feed with errors")
	}
}

// Each rule on its own, named by its section: the feed is the body of a
// channel or an OPML body, and want is the one problem expected (without
// the file name), or "" for a feed that loads.
func TestValidateRules(t *testing.T) {
	rss := func(body string) string {
		return "<rss version=\"2.0\" xmlns:sx=\"https://www.microsoft.com/schemas/rss/sse\"><channel>\n" + body + "\n</channel></rss>"
	}
	item := func(sync string) string { return rss("<item><title>t</title>" + sync + "</item>") }
	for _, tc := range []struct {
		name, feed, want string
	}{
		{"§1.1 https namespace", item(`<sx:sync id="a" version="1"><sx:history by="e"/></sx:sync>`), ""},
		{"§1.1 http namespace", strings.Replace(item(`<sx:sync id="a" version="1"><sx:history by="e"/></sx:sync>`), "https:", "http:", 1), ""},
		{"§1.2 date with seconds left out and UT", item(`<sx:sync id="a" version="1"><sx:history when="21 May 2005 09:43 UT"/></sx:sync>`), ""},
		{"§1.2 date not GMT", item(`<sx:sync id="a" version="1"><sx:history when="Sat, 21 May 2005 09:43:33 +0200"/></sx:sync>`),
			`2:51: sx:history: when "Sat, 21 May 2005 09:43:33 +0200" is not in GMT (0.91 §1.2)`},
		{"§1.2 day out of range", item(`<sx:sync id="a" version="1"><sx:history when="30 Feb 2005 09:43:33 GMT"/></sx:sync>`),
			`2:51: sx:history: when "30 Feb 2005 09:43:33 GMT" is not an RFC 822 date-time (0.91 §1.2)`},
		{"§1.2 by must be an NSS", item(`<sx:sync id="a" version="1"><sx:history by="a b"/></sx:sync>`),
			`2:51: sx:history: by "a b" is not an RFC 2141 namespace specific string (0.91 §1.2)`},
		{"§2.1 sharing needs a version", rss(`<sx:sharing/>`), `2:1: sx:sharing: no version: it is required (0.91 §2.1)`},
		{"§2.1 a second sharing", rss(`<sx:sharing version="0.91"/><sx:sharing version="0.91"/>`), `2:29: sx:sharing: a second sx:sharing (0.91 §2.1)`},
		{"§2.1 since must be a date", rss(`<sx:sharing version="0.91" since="now"/>`), `2:1: sx:sharing: since "now" is not an RFC 822 date-time (0.91 §1.2)`},
		{"§2.1 blank since and until", rss(`<sx:sharing version="0.91" since="" until=""/>`), ""},
		{"§2.2 related link must be a URL", rss(`<sx:sharing version="0.91"><sx:related link="%zz" type="complete"/></sx:sharing>`),
			`2:28: sx:related: link "%zz" is not a URL (0.91 §2.2)`},
		{"§2.2 related until must be a date", rss(`<sx:sharing version="0.91"><sx:related link="http://a/" type="complete" until="x"/></sx:sharing>`),
			`2:28: sx:related: until "x" is not an RFC 822 date-time (0.91 §1.2)`},
		{"§2.3 id required", item(`<sx:sync version="1"><sx:history by="e"/></sx:sync>`), `2:23: sx:sync: no id: it is required (0.91 §2.3)`},
		{"§2.3 version required", item(`<sx:sync id="a"><sx:history by="e"/></sx:sync>`), `2:23: sx:sync: no version: it is required (0.91 §2.3)`},
		{"§2.3 version too large", item(`<sx:sync id="a" version="2147483648"><sx:history by="e"/></sx:sync>`),
			`2:23: sx:sync: version "2147483648" is not an integer from 1 to 2147483647 (0.91 §2.3)`},
		{"§2.3 empty booleans are false", item(`<sx:sync id="a" version="1" deleted="" conflict=""><sx:history by="e"/></sx:sync>`), ""},
		{"§2.3 boolean upper case", item(`<sx:sync id="a" version="1" deleted="True"><sx:history by="e"/></sx:sync>`),
			`2:23: sx:sync: deleted "True" is not "true", "false" or empty (0.91 §2.3)`},
		{"§2.3 sync outside an item", rss(`<sx:sync id="a" version="1"><sx:history by="e"/></sx:sync>`), `2:1: sx:sync: sx:sync belongs inside an item (0.91 §2.3)`},
		{"§2.4 history required", item(`<sx:sync id="a" version="1"/>`), `2:23: sx:sync: no sx:history: sx:sync must contain one (0.91 §2.4)`},
		{"§2.4 empty when and by are absent", item(`<sx:sync id="a" version="1"><sx:history when="" by=""/></sx:sync>`),
			`2:51: sx:history: neither when nor by: one or both are required (0.91 §2.4)`},
		{"§2.4 a second history", item(`<sx:sync id="a" version="1"><sx:history by="e"/><sx:history by="e"/></sx:sync>`),
			`2:71: sx:history: a second sx:history in one sx:sync (0.91 §2.4, §5.1)`},
		{"§2.5 update needs when or by", item(`<sx:sync id="a" version="2"><sx:history by="e"><sx:update/></sx:history></sx:sync>`),
			`2:70: sx:update: neither when nor by: one or both are required (0.91 §2.5)`},
		{"§5.2 conflict version below 1", item(`<sx:sync id="a" version="1"><sx:history by="e"/><sx:conflicts><sx:conflict version="0" by="f"/></sx:conflicts></sx:sync>`),
			`2:85: sx:conflict: version "0" is below 1 (0.91 §5.2)`},
		{"§5.2 conflict needs when or by", item(`<sx:sync id="a" version="1"><sx:history by="e"/><sx:conflicts><sx:conflict version="1"/></sx:conflicts></sx:sync>`),
			`2:85: sx:conflict: neither when nor by: one or both are required (0.91 §5.2)`},
		{"FeedSync 1.0.2 is refused", `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel/></rss>`,
			`1:1: rss: FeedSync 1.0.2 feed (namespace http://feedsync.org/2007/feedsync): not SSE 0.91`},
		{"pre-1.0 SSE is refused", `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/sse"><channel/></rss>`,
			`1:1: rss: pre-1.0 SSE feed (namespace http://www.microsoft.com/schemas/sse): not SSE 0.91`},
		{"neither rss nor opml", `<feed xmlns="http://www.w3.org/2005/Atom"/>`,
			`1:1: feed: root element feed in namespace "http://www.w3.org/2005/Atom" is neither RSS 2.0 <rss> nor OPML <opml> (0.91 §1)`},
		{"rss without channel", `<rss version="2.0"/>`, `1:1: rss: rss without a channel`},
		{"malformed XML", "<rss version=\"2.0\"><channel>\n<item></channel></rss>", `2:7: item: <item> opened at 2:1 is closed by </channel>`},
		{"unbound prefix", rss(`<item><zz:sync id="a"/></item>`), `2:7: zz:sync: prefix "zz" is not bound to a namespace`},
		{"OPML sync outline inside one without", `<opml xmlns:sx="https://www.microsoft.com/schemas/rss/sse"><body>
<outline text="folder"><outline text="a"><sx:sync id="a" version="1"><sx:history by="e"/></sx:sync></outline></outline></body></opml>`,
			`2:24: outline: an outline with sx:sync inside outline without one: its place cannot be synced (0.91 §2.3, §3.2)`},
		{"opml without body", `<opml><head/></opml>`, `1:1: opml: opml without a body`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps := Validate("f.xml", []byte(tc.feed))
			want := ""
			if tc.want != "" {
				want = "f.xml:" + tc.want
			}
			if got := ps.Error(); got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// Warnings do not stop a feed from loading.
func TestWarnings(t *testing.T) {
	rss := func(body string) string {
		return "<rss version=\"2.0\" xmlns:sx=\"https://www.microsoft.com/schemas/rss/sse\"><channel>\n" + body + "\n</channel></rss>"
	}
	for _, tc := range []struct {
		name, feed, want string
	}{
		{"§2.1 sharing under rss", `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
<sx:sharing version="0.91"/><channel/></rss>`,
			`2:1: sx:sharing: sx:sharing belongs inside channel (0.91 §2.1); read from here and left in place`},
		{"§2.1 sharing under opml", `<opml xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
<sx:sharing version="0.91"/><head/><body/></opml>`,
			`2:1: sx:sharing: sx:sharing belongs inside head (0.91 §2.1); read from here and left in place`},
		{"§2.1 another sharing version", rss(`<sx:sharing version="1.0"/>`), `2:1: sx:sharing: version "1.0": this is SSE 0.91`},
		{"§2.2 relative link", rss(`<sx:sharing version="0.91"><sx:related link="all.xml" type="complete"/></sx:sharing>`),
			`2:28: sx:related: link "all.xml" is a relative URL`},
		{"§2.3 two items with one id", rss(`<item><sx:sync id="a" version="1"><sx:history by="e"/></sx:sync></item>
<item><sx:sync id="a" version="2"><sx:history by="f"><sx:update by="e"/></sx:history></sx:sync></item>`),
			`3:7: sx:sync: id "a" is used by an earlier item too; ids are unique in a feed (0.91 §2.3), so the two were merged`},
		{"§4.2 more updates than versions", rss(`<item><sx:sync id="a" version="1"><sx:history by="e"><sx:update by="e"/></sx:history></sx:sync></item>`),
			`2:35: sx:history: 1 sx:update elements in version 1, which has only 0 earlier versions (0.91 §4.2)`},
		{"§1.2 day of the week", rss(`<item><sx:sync id="a" version="1"><sx:history when="Mon, 21 May 2005 09:43:33 GMT"/></sx:sync></item>`),
			`2:35: sx:history: when "Mon, 21 May 2005 09:43:33 GMT" names Mon but the date is a Sat`},
		{"rss version", `<rss version="0.92"><channel/></rss>`, `1:1: rss: rss version "0.92": read as RSS 2.0, its superset`},
		{"rss without version", `<rss><channel/></rss>`, `1:1: rss: rss without a version attribute: read as RSS 2.0`},
		{"rss version not read as 2.0", `<rss version="3.0"><channel/></rss>`, `1:1: rss: rss version "3.0": not RSS 2.0, nor 0.91 to 0.94, which are read as it; SSE 0.91 extends RSS 2.0 (0.91 §1)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Parse("f.xml", []byte(tc.feed))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := d.Warnings().Error(), "f.xml:"+tc.want; got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
