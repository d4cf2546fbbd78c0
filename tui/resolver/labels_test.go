package resolver

import "testing"

// TestKindOfForeignElements guards issue 31 item 5: a foreign element's
// value is the element written out, whose tags made every one "html", and
// r rendered an element of attributes alone to "(empty)". An element is
// "html" only when it holds HTML (content:encoded always, as RSS's
// content module says; another when its text holds escaped tags or
// entities); else "xml", and r shows its text and attributes.
func TestKindOfForeignElements(t *testing.T) {
	const itunes, media, yt = "{http://www.itunes.com/dtds/podcast-1.0.dtd}", "{http://search.yahoo.com/mrss/}", "{http://www.youtube.com/xml/schemas/2015}"
	for _, tc := range []struct{ key, value, kind, rendered string }{
		{itunes + "duration[1]", "<itunes:duration>00:42:17</itunes:duration>", "xml", "00:42:17"},
		{itunes + "image[1]", `<itunes:image href="https://cdn.example.org/cover.jpg"/>`, "xml", "href: https://cdn.example.org/cover.jpg"},
		{media + "content[1]", `<media:content fileSize="48213" type="audio/mpeg" url="https://cdn.example.org/ep12.mp3"/>`, "xml",
			"fileSize: 48213\ntype: audio/mpeg\nurl: https://cdn.example.org/ep12.mp3"},
		{yt + "accessControl[1]", `<yt:accessControl action="comment" permission="allowed"/>`, "xml", "action: comment\npermission: allowed"},
		{media + "group[1]", "<media:group>\n  <media:title>Clip</media:title>\n  <media:thumbnail height=\"360\" url=\"https://i.example.org/t.jpg\"/>\n</media:group>", "xml",
			"media:title: Clip\nmedia:thumbnail:\n  height: 360\n  url: https://i.example.org/t.jpg"},
		{"{http://purl.org/rss/1.0/modules/content/}encoded[1]", "<content:encoded>&lt;p&gt;Show notes &amp;amp; links&lt;/p&gt;&lt;img src=\"https://cdn.example.org/guest.jpg\" alt=\"Our guest\"&gt;</content:encoded>", "html",
			"Show notes & links\n[image: Our guest <https://cdn.example.org/guest.jpg>]"},
		{itunes + "summary[1]", "<itunes:summary>Plain words, 3 &lt; 4</itunes:summary>", "xml", "Plain words, 3 < 4"},
		{itunes + "summary[1]", "<itunes:summary>&lt;b&gt;Bold&lt;/b&gt; words</itunes:summary>", "html", "Bold words"},
		{"content", `<div xmlns="http://www.w3.org/1999/xhtml"><p>See</p><img src="a.png" alt="a map"/></div>`, "xhtml", "See\n[image: a map <a.png>]"},
		{"content", "just text", "", "just text"},
	} {
		t.Run(tc.key, func(t *testing.T) {
			if got := kindOf(tc.key, tc.value); got != tc.kind {
				t.Errorf("kindOf = %q, want %q", got, tc.kind)
			}
			if tc.kind == "" {
				return
			}
			if got := renderedAs(tc.kind, tc.key, tc.value); got != tc.rendered {
				t.Errorf("rendered %q, want %q", got, tc.rendered)
			}
		})
	}
}
