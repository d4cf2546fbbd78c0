package feeds

import (
	"testing"
)

// An RSS description is HTML (TestFieldTypes); crossing into an Atom feed
// it becomes atom:content of type="html", which holds the same text, so
// that an Atom reader shows the markup as markup, not as tags, and the
// type an Atom entry's content had survives a round through RSS. Before,
// the crossed content had no type (text): a merge in which an RSS
// endpoint's version won turned the Atom side's type="html" content into
// text showing "<b>", and the shared data's digest, which reads the text
// alone, did not see it.
func TestContentCrossingFromRSSStaysHTML(t *testing.T) {
	rss := orderRSS(`<title>Song</title>
      <description>&lt;b&gt;hi&lt;/b&gt;</description>
      ` + orderSync(2))
	atom := orderAtom(`<title>Song</title>
    <content type="html">&lt;b&gt;old&lt;/b&gt;</content>
    <id>urn:e1</id>
    ` + orderSync(1))
	for _, tc := range []struct{ name, local string }{
		{"new_entry", orderAtom(`<id>urn:other</id>`)},
		{"over_html_content", atom},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := mustParse(t, "merged.xml", mergeOf(t, [2]string{tc.local, rss}, false))
			it := m.Item("ep")
			if it == nil {
				t.Fatal("no item ep")
			}
			var typ, val string
			for _, f := range Fields(it.Data) {
				if f.Key == "content" {
					typ, val = f.Type, f.Value
				}
			}
			if typ != "html" || val != "<b>hi</b>" {
				t.Errorf("content %q of type %q, want %q of type html\n%s", val, typ, "<b>hi</b>", m.Bytes())
			}
			if r := mustParse(t, "rss.xml", rss); it.Data.Digest() != r.Item("ep").Data.Digest() {
				t.Errorf("shared data changed crossing")
			}
		})
	}
}
