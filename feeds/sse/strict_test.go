package ssefeed

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
	"unicode/utf16"
)

// rssWith returns an SSE 0.91 RSS feed with one item holding sync.
func rssWith(item string) string {
	return `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
<channel><item><title>t</title>` + item + `</item></channel>
</rss>`
}

const okSync = `<sx:sync id="a" version="1"><sx:history by="e"/></sx:sync>`

// TestRefusesNotWellFormedXML guards issue 13 item 6 in SSE 0.91: documents
// that are not well-formed XML were read. Each is refused at its place.
func TestRefusesNotWellFormedXML(t *testing.T) {
	for _, tc := range []struct{ name, doc, want string }{
		{"duplicate_attribute", rssWith(`<sx:sync id="a" version="1" version="2"><sx:history by="e"/></sx:sync>`),
			"w.xml:2:60: sx:sync: attribute version appears twice"},
		{"unbound_prefix", rssWith(`<foo:bar/>` + okSync), "w.xml:2:32: foo:bar: prefix \"foo\" is not bound to a namespace"},
		{"surrogate_reference", strings.Replace(rssWith(okSync), "<title>t", "<title>&#xD800;", 1),
			"w.xml:2:23: title: character reference &#xD800; is not a legal XML character"},
		{"white_space_before_declaration", " <?xml version=\"1.0\"?>" + rssWith(okSync),
			"w.xml:1:2: document: <?xml is reserved: an XML declaration belongs at the very start of the document, before any white space"},
		{"second_declaration", "<?xml version=\"1.0\"?><?xml version=\"1.0\"?>" + rssWith(okSync),
			"w.xml:1:22: document: <?xml is reserved: an XML declaration belongs at the very start of the document, before any white space"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Parse("w.xml", []byte(tc.doc))
			if d != nil || err == nil {
				t.Fatalf("Parse = %v, %v; want an error", d, err)
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("problem = %q\nwant      %q", got, tc.want)
			}
		})
	}
}

// TestRefusesSecondChannel guards issue 13 item 9: both dialects refuse an
// RSS document with two channels, at the second.
func TestRefusesSecondChannel(t *testing.T) {
	doc := `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
<channel><title>one</title></channel>
<channel><item>` + okSync + `</item></channel>
</rss>`
	_, err := Parse("two.xml", []byte(doc))
	if err == nil || !strings.HasPrefix(err.Error(), "two.xml:3:1: channel: a second channel") {
		t.Errorf("Parse error = %v", err)
	}
}

// TestDecodesUTF16 guards issue 13 item 9 in SSE 0.91: UTF-16 feeds are
// read, and written back in UTF-16 (issue 31 item 2), an unchanged feed
// byte for byte.
func TestDecodesUTF16(t *testing.T) {
	feed := `<?xml version="1.0" encoding="UTF-16"?>` + "\n" + strings.Replace(rssWith(okSync), "<title>t", "<title>Größe €", 1)
	b := []byte{0xFE, 0xFF}
	for _, u := range utf16.Encode([]rune(feed)) {
		b = append(b, byte(u>>8), byte(u))
	}
	d, err := Parse("u16.xml", b)
	if err != nil {
		t.Fatal(err)
	}
	if out := d.Bytes(); !bytes.Equal(out, b) {
		t.Errorf("written:\n%q", out)
	}
}

// TestBoundsMemoryOfHostileFeeds guards issue 13 item 4 in SSE 0.91: an RSS
// item with too many elements is refused where the limit is passed; RSS
// items are read without their trees, so a channel dense with elements
// inside its items costs little more than its size; an OPML outline, read
// into a whole tree, is held to the density limit. What is allocated stays
// a small multiple of the feed's size.
func TestBoundsMemoryOfHostileFeeds(t *testing.T) {
	head := `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">` + "\n<channel>\n"
	for _, tc := range []struct{ name, doc, want string }{
		{"elements_in_one_item", head + "<item>" + strings.Repeat("<a>text</a>", 200_000) + "</item></channel></rss>",
			"h.xml:3:1099996: a: more than 100000 elements in one <item>: feedsync does not read items this large"},
		{"dense_items_read_without_their_trees", head + strings.Repeat("<item>"+strings.Repeat("<a/>", 90_000)+"</item>\n", 12) + "</channel></rss>", ""},
		{"dense_outline", `<opml version="2.0"><body>` + strings.Repeat("<x/>", 200_000) + "</body></opml>",
			"h.xml:1:262163: x: more than 65536 elements, and more than one for every 8 bytes: feedsync does not read documents this dense"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := Parse("h.xml", []byte(tc.doc))
			runtime.ReadMemStats(&after)
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || err.Error() != tc.want) {
				t.Errorf("Parse error = %v\nwant %q", err, tc.want)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4*uint64(len(tc.doc))+40<<20 {
				t.Errorf("reading %d bytes allocated %d", len(tc.doc), alloc)
			}
		})
	}
}
