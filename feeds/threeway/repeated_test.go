package threeway

import (
	"testing"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// rssRepeated holds one foreign element three times: its fields are
// numbered by place ({ns}tag[1..3]), so removing one renumbers those
// after it.
const rssRepeated = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync" xmlns:g="http://example.com/g">
 <channel>
  <title>To do</title>
  <item>
   <title>Reading list</title>
   <g:tag>one</g:tag>
   <g:tag>two</g:tag>
   <g:tag>three</g:tag>
   <sx:sync id="x1" updates="1">
    <sx:history sequence="1" when="2026-03-01T09:00:00Z" by="A"/>
   </sx:sync>
  </item>
 </channel>
</rss>
`

func gTag(n string) string { return "{http://example.com/g}tag[" + n + "]" }

var repeatedCases = []combineCase{
	{name: "1.0.2 §3.4 RSS: repeated elements removed apart clash, never keep what one side removed", base: rssRepeated,
		edits: []dialect.Change{remove(gTag("1")), remove(gTag("3"))},
		clash: map[string]Why{gTag("1"): Values}},
	{name: "1.0.2 §3.4 RSS: repeated elements, neighbours removed apart clash", base: rssRepeated,
		edits: []dialect.Change{remove(gTag("1")), remove(gTag("2"))},
		clash: map[string]Why{gTag("1"): Values}},
	{name: "1.0.2 §3.4 RSS: a repeated element removed on one side, the title on another", base: rssRepeated,
		edits: []dialect.Change{remove(gTag("1")), title("Reading list, May")},
		want:  map[string]string{gTag("1"): "<g:tag>two</g:tag>", gTag("2"): "<g:tag>three</g:tag>", "title": "Reading list, May"},
		gone:  []string{gTag("3")}},
	{name: "1.0.2 §3.4 RSS: repeated elements changed in place apart combine", base: rssRepeated,
		edits: []dialect.Change{field(gTag("1"), "<g:tag>ONE</g:tag>"), field(gTag("3"), "<g:tag>THREE</g:tag>")},
		want:  map[string]string{gTag("1"): "<g:tag>ONE</g:tag>", gTag("2"): "<g:tag>two</g:tag>", gTag("3"): "<g:tag>THREE</g:tag>"}},
	{name: "1.0.2 §3.4 RSS: the same repeated element removed on both sides is removed once", base: rssRepeated,
		edits: []dialect.Change{remove(gTag("2")), remove(gTag("2"))},
		want:  map[string]string{gTag("1"): "<g:tag>one</g:tag>", gTag("2"): "<g:tag>three</g:tag>"},
		gone:  []string{gTag("3")}},
}

// TestCombineRepeatedElements: fields of a repeated element are keyed by
// place, so a side that removes or adds one moves the others; their
// changes are compared as the list they are, and two sides that change
// the list's length differently clash, rather than keep an element one of
// them removed.
func TestCombineRepeatedElements(t *testing.T) {
	runCombineCases(t, repeatedCases)
}
