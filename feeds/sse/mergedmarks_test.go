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
// marks are there (see the package doc, "Outline positions"). The writer
// counted an outline written as read with valid marks as not needing the
// root's declaration, and wrote its sx:sync as read, declaring there the
// prefix it brought from the other feed.
func TestMergedMarksDeclaredOnTheRoot(t *testing.T) {
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

// posterOutline is markedOutline with c, whose conflict record carries
// the stamp its loser was made from (fso:fromWhen, fso:fromBy): an
// outline and a record that both need feedsync's namespace, declared on
// the root as the endpoint that made them writes them.
const posterOutline = `<?xml version="1.0" encoding="utf-8"?>
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
  <outline text="c">
   <sx:sync id="c" version="2" conflict="true">
    <sx:history when="Sat, 3 Jan 2026 00:00:00 GMT" by="B"/>
    <sx:conflicts>
     <sx:conflict when="Fri, 2 Jan 2026 00:00:00 GMT" by="A" version="2" fso:fromWhen="Thu, 1 Jan 2026 00:00:00 GMT" fso:fromBy="A">
      <outline text="c by A"/>
     </sx:conflict>
    </sx:conflicts>
   </sx:sync>
  </outline>
 </body>
</opml>
`

// TestMarksConvergeWhicheverMergeBroughtThem guards the reading of
// "Outline positions": feedsync's namespace is declared on the root
// whenever a written outline needs position marks or a record its marks,
// whichever merge brought them and wherever the feed they came from
// declared it, so that endpoints holding the same items hold the same
// bytes. The poster's outline comes as it writes it, as a PostgreSQL hub
// stores each outline (declared on its sx:sync), under another prefix
// bound on another root, and with the record's marks declared on the
// record (as feedsync wrote OPML records before); an endpoint holding
// only a merges it in, in both orders and in place, and the poster
// merges that endpoint's feed.
func TestMarksConvergeWhicheverMergeBroughtThem(t *testing.T) {
	rootless := strings.Replace(posterOutline, fsoOnRoot, "", 1)
	forms := map[string]struct {
		feed   string
		asRoot bool // its root is one feedsync writes the poster's items under
	}{
		"poster": {posterOutline, true},
		"as a PostgreSQL hub stores it": {strings.NewReplacer(
			`id="a" version="1">`, `id="a" version="1"`+fsoOnRoot+` fso:parent="" fso:key="V" fso:version="1">`,
			`id="b" version="1" fso:parent`, `id="b" version="1"`+fsoOnRoot+` fso:parent`,
			`conflict="true">`, `conflict="true"`+fsoOnRoot+` fso:parent="" fso:key="a" fso:version="2">`).Replace(rootless), true},
		"record declares its marks": {strings.NewReplacer(
			`version="1" fso:parent`, `version="1"`+fsoOnRoot+` fso:parent`,
			`fso:fromBy="A">`, `fso:fromBy="A"`+fsoOnRoot+`>`).Replace(rootless), true},
		"another prefix": {strings.NewReplacer(fsoOnRoot, ` xmlns:pos="`+NSOutline+`"`, ` fso:parent="" fso:key="Z" fso:version="1"`, ` pos:parent="" pos:key="Z" pos:version="1"`,
			`fso:fromBy="A">`, `fso:fromBy="A"`+fsoOnRoot+`>`).Replace(posterOutline), false},
	}
	want := posterOutline
	endpoint := rootless[:strings.Index(rootless, `  <outline text="b">`)] + " </body>\n</opml>\n"
	for name, form := range forms {
		t.Run(name, func(t *testing.T) {
			got := map[string][]byte{}
			m, err := Merge(mustParse(t, "endpoint.xml", endpoint), mustParse(t, "poster.xml", form.feed))
			if err != nil {
				t.Fatal(err)
			}
			got["endpoint then poster"] = m.Bytes()
			in := mustParse(t, "endpoint.xml", endpoint)
			if _, _, err := in.MergeIn(mustParse(t, "poster.xml", form.feed)); err != nil {
				t.Fatal(err)
			}
			got["endpoint, poster merged in"] = in.Bytes()
			if form.asRoot {
				got["as read"] = mustParse(t, "poster.xml", form.feed).Bytes()
				if m, err = Merge(mustParse(t, "poster.xml", form.feed), mustParse(t, "endpoint.xml", endpoint)); err != nil {
					t.Fatal(err)
				}
				got["poster then endpoint"] = m.Bytes()
			}
			for how, g := range got {
				if string(g) != want {
					t.Errorf("%s writes:\n%s\nthe poster holds:\n%s", how, g, want)
				}
			}
		})
	}
}
