package feeds

import (
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
)

// legacyRSS is a todo list in the shape of an RSS 0.92 feed (no guid, no
// pubDate: 0.92 has neither requirement) with one sync item, whose rss
// element says version (none when "").
func legacyRSS(version string) string {
	attr := ""
	if version != "-" {
		attr = ` version="` + version + `"`
	}
	return `<?xml version="1.0" encoding="utf-8"?>
<rss` + attr + ` xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>Chores</title>
  <link>http://example.org/chores</link>
  <description>What is left to do</description>
  <language>en-us</language>
  <item>
   <title>Buy milk</title>
   <description>Two litres</description>
   <sx:sync id="chore-1" updates="1"><sx:history sequence="1" when="2024-03-01T08:00:00Z" by="ann"/></sx:sync>
  </item>
  <item><title>Water the plants</title></item>
 </channel>
</rss>
`
}

// TestReadsLegacyRSSAsRSS20_Issue31Item1 guards issue 31 item 1: an rss
// without a version, RSS 0.91 and 0.92 were refused ("rss version "": not
// RSS 2.0"). They are read as RSS 2.0, their superset; the version
// attribute stays as it was, the feed written back byte for byte, an
// update leaving it alone too; validating notes it once, as a note, not a
// problem.
func TestReadsLegacyRSSAsRSS20_Issue31Item1(t *testing.T) {
	for _, v := range []string{"-", "0.91", "0.92", "0.93", "0.94"} {
		t.Run("version_"+v, func(t *testing.T) {
			feed := legacyRSS(v)
			d := mustParse(t, "chores.xml", feed)
			if got := string(d.Bytes()); got != feed {
				t.Errorf("written back otherwise:\n%s", got)
			}
			notes := d.Notes()
			want := `rss version "` + v + `": read as RSS 2.0, its superset`
			if v == "-" {
				want = "rss without a version attribute: read as RSS 2.0"
			}
			if len(notes) != 1 || notes[0].String() != "chores.xml:2:1: rss: "+want {
				t.Errorf("notes = %v, want one saying %s", notes, want)
			}
			it := d.Items()[0]
			data, err := d.EditData(it.Data, []FieldEdit{{Key: "title", Value: "Buy oat milk"}})
			if err != nil {
				t.Fatal(err)
			}
			up, err := engine.Update(it, engine.Stamp{When: time.Date(2024, 3, 2, 8, 0, 0, 0, time.UTC), By: "bob"}, engine.Edit(it, data), engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			d.Set(up)
			out := string(d.Bytes())
			head := feed[:strings.Index(feed, "<item>")]
			if !strings.HasPrefix(out, head) || !strings.Contains(out, "Buy oat milk") || !strings.HasSuffix(out, "<item><title>Water the plants</title></item>\n </channel>\n</rss>\n") {
				t.Errorf("updated feed changed what the update did not:\n%s", out)
			}
		})
	}
}

// TestRefusesOtherFeedFormatsByName_Issue31Item4 guards issue 31 item 4:
// Atom 0.3 and RSS 1.0 (and 0.90, also RDF) are refused with a message
// that names the format, at the root's place; XML that is not
// well-formed, white space before the XML declaration included, stays
// refused at its place.
func TestRefusesOtherFeedFormatsByName_Issue31Item4(t *testing.T) {
	for _, tc := range []struct{ name, doc, want string }{
		{"atom_0.3", `<?xml version="1.0"?>` + "\n" + `<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>t</title></feed>`,
			"f.xml:2:1: feed: an Atom 0.3 feed: not a format FeedSync binds"},
		{"rss_1.0", `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="u"/></rdf:RDF>`,
			"f.xml:1:1: rdf:RDF: an RSS 1.0 (RDF) feed: not a format FeedSync binds"},
		{"rss_0.90", `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/"><channel/></rdf:RDF>`,
			"f.xml:1:1: rdf:RDF: an RSS 0.90 (RDF) feed: not a format FeedSync binds"},
		{"rss_3.0", `<rss version="3.0"><channel/></rss>`, `f.xml:1:1: rss: rss version "3.0": not RSS 2.0, nor 0.91 to 0.94`},
		{"space_before_declaration", "\n  <?xml version=\"1.0\"?><rss><channel/></rss>", "f.xml:2:3: document: <?xml is reserved: an XML declaration belongs at the very start of the document"},
		{"undeclared_prefix", "<rss>\n<channel><dc:creator>x</dc:creator></channel></rss>", `f.xml:2:10: dc:creator: prefix "dc" is not bound to a namespace`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("f.xml", []byte(tc.doc))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("Parse error = %v\nwant %s…", err, tc.want)
			}
		})
	}
}
