package ssefeed

import (
	"bytes"
	"strings"
	"testing"
)

// markedOutline is an outline whose b needs position marks (its key, Z,
// is not the one a reader derives after a, W), as the endpoint that made
// it writes it: feedsync's namespace declared on the root. fsoOnRoot is
// the root's declaration, which an endpoint that has not held marks yet
// lacks.
const (
	fsoOnRoot     = ` xmlns:fso="` + NSOutline + `"`
	markedOutline = `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"` + fsoOnRoot + `>
 <head><title>Outline</title></head>
 <body>
  <outline text="a">
   <sx:sync id="a" version="1">
    <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
   </sx:sync>
  </outline>
  <outline text="b">
   <sx:sync id="b" version="1" fso:parent="" fso:key="Z" fso:version="1">
    <sx:history when="Thu, 1 Jan 2026 00:00:00 GMT" by="A"/>
   </sx:sync>
  </outline>
 </body>
</opml>
`
)

// TestMergedMarksDeclaredOnTheRoot guards that an outline's position
// marks declare feedsync's namespace in one place whichever merge brought
// them: an endpoint whose root does not bind fso, merging the outline of
// one that does, writes xmlns:fso on b's sx:sync, while the poster's own
// file declares it on the root: two byte forms of one outline while the
// marks are there (see the package doc, "Outline positions").
//
// Known defect, not fixed yet (see the report of branch hubwords): the
// writer counts an outline written as read with valid marks (asRead &&
// posSet, write.go needs) as not needing the root's declaration, and
// writes its sx:sync as read, declaring the prefix it brings from the
// other feed on it.
func TestMergedMarksDeclaredOnTheRoot(t *testing.T) {
	t.Skip("known defect: merged position marks declare fso on sx:sync (branch hubwords' report)")
	empty := strings.Replace(markedOutline[:strings.Index(markedOutline, "<body>")], fsoOnRoot, "", 1) + "<body>\n </body>\n</opml>\n"
	own := mustParse(t, "poster.xml", markedOutline).Bytes()
	m, err := Merge(mustParse(t, "other.xml", empty), mustParse(t, "poster.xml", markedOutline))
	if err != nil {
		t.Fatal(err)
	}
	in := mustParse(t, "other.xml", empty)
	if _, ok, err := in.MergeIn(mustParse(t, "poster.xml", markedOutline)); err != nil || !ok {
		t.Fatalf("MergeIn: %v %v", ok, err)
	}
	for how, got := range map[string][]byte{"Merge": m.Bytes(), "MergeIn": in.Bytes()} {
		if bytes.Contains(got, []byte(`version="1"`+" fso:parent=\"\" fso:key=\"Z\" fso:version=\"1\""+fsoOnRoot)) || !bytes.Contains(got, []byte(`"`+fsoOnRoot+`>`)) {
			t.Errorf("%s declares feedsync's namespace elsewhere than on the root:\n%s\nthe poster holds\n%s", how, got, own)
		}
	}
}
