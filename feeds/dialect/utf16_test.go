package dialect

import (
	"testing"
	"unicode/utf16"
)

// TestSniffsUTF16 guards issue 13 item 9 across the dialects: a UTF-16 feed
// is read by the binding of the dialect it declares, as a UTF-8 one is.
func TestSniffsUTF16(t *testing.T) {
	for _, tc := range []struct {
		name, feed string
		want       Dialect
	}{
		{"sse-0.91", `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><channel><item><title>t</title><sx:sync id="a" version="1"><sx:history by="e"/></sx:sync></item></channel></rss>`, SSE091},
		{"feedsync-1.0.2", `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><item><title>t</title><sx:sync id="a" updates="1"><sx:history sequence="1" by="e"/></sx:sync></item></channel></rss>`, FeedSync102},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := []byte{0xFF, 0xFE}
			for _, u := range utf16.Encode([]rune(`<?xml version="1.0" encoding="UTF-16"?>` + tc.feed)) {
				b = append(b, byte(u), byte(u>>8))
			}
			d, err := Parse("u16.xml", b)
			if err != nil {
				t.Fatal(err)
			}
			if d.Dialect() != tc.want {
				t.Errorf("dialect %v, want %v", d.Dialect(), tc.want)
			}
		})
	}
}
