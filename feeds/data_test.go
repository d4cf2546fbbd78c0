package feeds

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

func TestFields(t *testing.T) {
	for _, tc := range []struct {
		name, feed string
		want       []Field
	}{
		{"§1.4.1_Atom", string(feedtest.ReadFile(t, "spec/atom-1.4.1.xml")), []Field{
			{"title", "Title", "Buy groceries", true, "text", false},
			{"content", "Content", "Get milk, eggs, butter and bread", true, "text", false},
			{"id", "Id", "urn:uuid:60a76c80-d399-11d9-b93C-0003939e0aa0", false, "", false},
			{"author[1]", "Author 1", "Ray Ozzie", false, "", false},
			{"updated", "Updated", "2005-05-21T11:43:33Z", false, "", false},
		}},
		{"§1.4.2_RSS", string(feedtest.ReadFile(t, "spec/rss-1.4.2.xml")), []Field{
			{"title", "Title", "Buy groceries", true, "text", false},
			{"content", "Content", "Get milk, eggs, butter and bread", true, "html", false},
		}},
		{"foreign_and_repeats", `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync" xmlns:g="http://example.com/g"><channel><item>
<guid>g1</guid><title>One</title><g:pt b="2" a="1">x<g:q/></g:pt><category domain="d">c1</category><category>c2</category><title>Two</title>
<description>text</description><enclosure url="http://x/a.mp3"/><sx:sync id="a" updates="1"><sx:history sequence="1" by="e"/></sx:sync></item></channel></rss>`, []Field{
			{"title", "Title", "One", true, "text", false},
			{"title[2]", "Title 2", "Two", true, "text", false},
			{"content", "Content", "text", true, "html", false},
			{"category[1]", "Category 1", "c1 (d)", true, "", false},
			{"category[2]", "Category 2", "c2", true, "", false},
			{"{http://example.com/g}pt[1]", "g:pt", `<g:pt a="1" b="2">x<g:q/></g:pt>`, true, "", false},
			{"guid", "Guid", "g1", false, "", false},
			{"enclosure[1]", "Enclosure 1", "http://x/a.mp3", false, "", false},
		}},
		{"indentation_two_spaces_a_level", "<rss version=\"2.0\" xmlns:sx=\"http://feedsync.org/2007/feedsync\" xmlns:g=\"http://example.com/g\"><channel><item>\n" +
			"\t<g:list>\n\t\t<g:i/>\n\n\t\t<g:j>\n\t\t\t<g:k/>\n\t\t</g:j>\n\t</g:list>\n" +
			"\t<g:mixed>m <g:i/>\n\t</g:mixed>\n" +
			"<sx:sync id=\"a\" updates=\"1\"><sx:history sequence=\"1\" by=\"e\"/></sx:sync></item></channel></rss>", []Field{
			{"{http://example.com/g}list[1]", "g:list", "<g:list>\n  <g:i/>\n\n  <g:j>\n    <g:k/>\n  </g:j>\n</g:list>", true, "", false},
			{"{http://example.com/g}mixed[1]", "g:mixed", "<g:mixed>m <g:i/>\n\t</g:mixed>", true, "", false},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := mustParse(t, "f.xml", tc.feed)
			data := d.Items()[0].Data
			if got := Fields(data); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Fields =\n%+v\nwant\n%+v", got, tc.want)
			}
			var shared []Field
			for _, f := range tc.want {
				if f.Shared {
					shared = append(shared, f)
				}
			}
			if got := SharedFields(data); !reflect.DeepEqual(got, shared) {
				t.Errorf("SharedFields = %+v", got)
			}
		})
	}
	if Fields(nil) != nil || Title(nil) != "" {
		t.Error("data not made by this package has fields")
	}
}

func TestNewData(t *testing.T) {
	str := func(s string) *string { return &s }
	atom := mustParse(t, "a.xml", `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
  <entry>
    <title type="html">&lt;b&gt;Old&lt;/b&gt;</title>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">old <b>body</b></div></content>
    <id>urn:x</id>
    <sx:sync id="a" updates="1"><sx:history sequence="1" by="e"/></sx:sync>
  </entry>
</feed>`)
	rss := mustParse(t, "r.xml", string(feedtest.ReadFile(t, "spec/rss-1.4.2.xml")))
	base := atom.Items()[0].Data
	before := Fields(base)
	for _, tc := range []struct {
		name           string
		d              *Doc
		base           engine.Data
		title, content *string
		want           []Field
	}{
		{"new_Atom_item", atom, nil, str("T"), str("C"), []Field{{"title", "Title", "T", true, "text", false}, {"content", "Content", "C", true, "text", false}}},
		{"new_RSS_item", rss, nil, str("T"), nil, []Field{{"title", "Title", "T", true, "text", false}}},
		// Text for an xhtml content is put in a div: the content stays
		// XHTML (issue 20 item 1; it became text, its type dropped).
		{"replace_keeps_type_html_and_xhtml", atom, base, str("<i>New</i>"), str("plain"), []Field{
			{"title", "Title", "<i>New</i>", true, "html", false}, {"content", "Content", `<div xmlns="http://www.w3.org/1999/xhtml">plain</div>`, true, "xhtml", false}, {"id", "Id", "urn:x", false, "", false}}},
		{"keep_both", atom, base, nil, nil, before},
		{"content_added_after_title", rss, mustParse(t, "t.xml", `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><item><guid>g</guid><title>t</title><sx:sync id="a" updates="1"><sx:history sequence="1" by="e"/></sx:sync></item></channel></rss>`).Items()[0].Data,
			nil, str("body"), []Field{{"title", "Title", "t", true, "text", false}, {"content", "Content", "body", true, "html", false}, {"guid", "Guid", "g", false, "", false}}},
		{"crosses_format", rss, base, nil, str("new"), []Field{{"title", "Title", "<b>Old</b>", true, "text", false}, {"content", "Content", "new", true, "html", false}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := newData(t, tc.d, tc.base, tc.title, tc.content)
			if got := Fields(data); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Fields =\n%+v\nwant\n%+v", got, tc.want)
			}
			// The new data writes and reads back the same.
			it, err := engine.New("new-item", engine.Stamp{By: "me"}, data, false, false)
			if err != nil {
				t.Fatal(err)
			}
			tc.d.Set(it)
			back := mustParse(t, "back.xml", string(tc.d.Bytes()))
			if got := Fields(back.Item("new-item").Data); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("written and read back: %+v", got)
			}
		})
	}
	if !reflect.DeepEqual(Fields(base), before) {
		t.Error("NewData changed its base")
	}
	x := dataOf(newData(t, atom, base, nil, str("plain")))
	for _, f := range x.fields() {
		if f.kind == kindContent && f.elem().SelectAttrValue("type", "") != "xhtml" {
			t.Errorf("replaced xhtml content has type %q", f.elem().SelectAttrValue("type", ""))
		}
	}
	x = dataOf(newData(t, atom, base, str("t"), nil))
	for _, f := range x.fields() {
		if f.kind == kindTitle && f.elem().SelectAttrValue("type", "") != "html" {
			t.Error("replaced html title lost its type")
		}
	}
}

// §3.1 step 4: a new item is appended at the end of the feed; a changed one
// is written in its place; the others stay as they were.
func TestSet(t *testing.T) {
	in := `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
    <title>t</title>
    <entry>
        <title>a</title>
        <sx:sync id="a" updates="1">
            <sx:history sequence="1" by="e"/>
        </sx:sync>
    </entry>
    <entry>
        <title>b</title>
        <sx:sync id="b" updates="1">
            <sx:history sequence="1" by="e"/>
        </sx:sync>
    </entry>
</feed>
`
	d := mustParse(t, "s.xml", in)
	when := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	a := d.Item("a")
	up, err := engine.Update(a, engine.Stamp{When: when, By: "me"}, engine.Delete(a), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Set(up)
	title := "c"
	n, err := engine.New("c", engine.Stamp{When: when, By: "me"}, newData(t, d, nil, &title, nil), true, false)
	if err != nil {
		t.Fatal(err)
	}
	d.Set(n)
	want := `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
    <title>t</title>
    <entry>
        <title>a</title>
        <sx:sync id="a" updates="2" deleted="true">
            <sx:history sequence="2" when="2024-05-06T07:08:09Z" by="me"/>
            <sx:history sequence="1" by="e"/>
        </sx:sync>
    </entry>
    <entry>
        <title>b</title>
        <sx:sync id="b" updates="1">
            <sx:history sequence="1" by="e"/>
        </sx:sync>
    </entry>
    <entry>
        <title>c</title>
        <sx:sync id="c" updates="1" noconflicts="true">
            <sx:history sequence="1" when="2024-05-06T07:08:09Z" by="me"/>
        </sx:sync>
    </entry>
</feed>
`
	if got := string(d.Bytes()); got != want {
		t.Errorf("written feed differs (-want +got):\n%s", feedtest.LineDiff(want, got))
	}
	ids := []string{}
	for _, it := range d.Items() {
		ids = append(ids, it.Sync.ID)
	}
	if strings.Join(ids, " ") != "a b c" {
		t.Errorf("Items() order = %v", ids)
	}
	// §3.2 step 6: undeleting writes deleted="false".
	a = d.Item("a")
	up, err = engine.Update(a, engine.Stamp{When: when.Add(time.Hour), By: "me"}, engine.Undelete(a), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Set(up)
	if out := string(mustParse(t, "x", string(d.Bytes())).Bytes()); !strings.Contains(out, `<sx:sync id="a" updates="3" deleted="false">`) {
		t.Errorf("undeleted item:\n%s", out)
	}
}

func TestSetSharing(t *testing.T) {
	s := &Sharing{Since: "10", Until: "20", Related: []Related{{Link: "http://x/all", Type: "complete"}}}
	for _, tc := range []struct {
		name, in string
		set      *Sharing
		want     string
	}{
		{"replace", `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>t</title><sx:sharing since="1" until="2"/><item><title>x</title></item></channel></rss>`, s,
			`<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel><title>t</title><sx:sharing since="10" until="20"><sx:related link="http://x/all" type="complete"/></sx:sharing><item><title>x</title></item></channel></rss>`},
		{"remove", `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel>
  <title>t</title>
  <sx:sharing since="1" until="2"/>
  <item><title>x</title></item>
</channel></rss>`, nil, `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel>
  <title>t</title>
  <item><title>x</title></item>
</channel></rss>`},
		{"insert_before_items_declaring_FeedSync", `<feed xmlns="http://www.w3.org/2005/Atom">
  <title>t</title>
  <entry><title>x</title></entry>
</feed>`, &Sharing{Expires: "2024-01-01T00:00:00Z"}, `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
  <title>t</title>
  <sx:sharing expires="2024-01-01T00:00:00Z"/>
  <entry><title>x</title></entry>
</feed>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := mustParse(t, "s.xml", tc.in)
			d.SetSharing(tc.set)
			if got := string(d.Bytes()); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if !reflect.DeepEqual(d.Sharing(), tc.set) {
				t.Errorf("Sharing() = %+v", d.Sharing())
			}
			if ps := Validate("out.xml", d.Bytes()); ps != nil {
				t.Error(ps)
			}
		})
	}
}

// A title, content or summary says how it holds its text (RFC 4287
// §3.1.1): Atom's type, "text" when absent; RSS's description is HTML.
func TestFieldTypes(t *testing.T) {
	atom := mustParse(t, "a.xml", `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
  <entry>
    <title type="html">&lt;b&gt;T&lt;/b&gt;</title>
    <summary>S</summary>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">C <b>c</b></div></content>
    <id>urn:x</id>
    <sx:sync id="a" updates="1"><sx:history sequence="1" by="e"/></sx:sync>
  </entry>
</feed>`)
	rss := mustParse(t, "r.xml", string(feedtest.ReadFile(t, "spec/rss-1.4.2.xml")))
	for _, tc := range []struct {
		name string
		d    *Doc
		want string
	}{
		{"Atom", atom, "title:html content:xhtml summary:text id:"},
		{"RSS", rss, "title:text content:html"},
	} {
		var got []string
		for _, f := range Fields(tc.d.Items()[0].Data) {
			got = append(got, f.Key+":"+f.Type)
		}
		if s := strings.Join(got, " "); s != tc.want {
			t.Errorf("%s: types %s, want %s", tc.name, s, tc.want)
		}
	}
}
