package tui

import (
	"os"
	"strings"
	"testing"
)

// mixedFeed is an RSS feed with an item of each dialect: the FeedSync
// 1.0.2 one first, so that the feed is read as 1.0.2.
const mixedFeed = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync" xmlns:sse="http://www.microsoft.com/schemas/rss/sse">
 <channel>
  <title>Mix</title>
  <item><title>A</title><sx:sync id="a" updates="1"><sx:history sequence="1" when="2005-05-21T09:43:33Z" by="A"/></sx:sync></item>
  <item><title>B</title><sse:sync id="b" version="1"><sse:history when="Sat, 21 May 2005 09:43:33 GMT" by="B"/></sse:sync></item>
 </channel>
</rss>
`

// TestMixedDialectsRefusedByCommands: a feed with items of both dialects
// is invalid for validate (file:line:col, exit 2) and refused by every
// command that reads it, which writes nothing (QA Q6: it was "valid", and
// the 0.91 item was silently no item at all).
func TestMixedDialectsRefusedByCommands(t *testing.T) {
	const want = "mix.xml:6:25: sse:sync: SSE 0.91 sync data in a FeedSync 1.0.2 feed"
	h := newHarness(t)
	h.write("mix.xml", mixedFeed)
	h.write("rss.xml", oneItem)
	mix, out := h.path("mix.xml"), h.path("out.xml")
	for _, args := range [][]string{
		{"validate", mix},
		{"conflicts", mix, "--json"},
		{"update", mix, "--id", "b", "--title", "x", "--by", "A", "-o", out},
		{"update", mix, "--id", "a", "--title", "x", "--by", "A", "-o", out},
		{"merge", mix, h.path("rss.xml"), "-o", out},
		{"merge", h.path("rss.xml"), mix, "-o", out},
	} {
		t.Run(strings.Join(args[:2], " "), func(t *testing.T) {
			code, _, stderr := h.run("", args...)
			if code != ExitError || !strings.Contains(stderr, want) {
				t.Errorf("%v: exit %d, stderr %q; want %d and %q", args, code, stderr, ExitError, want)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Error("a refused command wrote its output")
			}
		})
	}
}
