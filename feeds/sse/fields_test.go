package ssefeed

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/beevik/etree"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

func showFields(fs []feeds.Field) string {
	var lines []string
	for _, f := range fs {
		lines = append(lines, f.Key+" | "+f.Label+" | "+f.Value)
	}
	return strings.Join(lines, "\n")
}

func TestFields(t *testing.T) {
	rss := mustParse(t, "f.xml", `<rss version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse" xmlns:m="http://search.yahoo.com/mrss/"><channel>
<item>
 <link>http://a/1</link>
 <category>music</category>
 <description>Blondie</description>
 <title>Heart of Glass</title>
 <m:content url="http://a/1.mp3"/>
 <category domain="http://a/">80s</category>
 <link>http://a/2</link>
 <sx:sync id="1" version="1"><sx:history by="e"/></sx:sync>
</item>
</channel></rss>`)
	opml := mustParse(t, "f.opml", `<opml xmlns:sx="https://www.microsoft.com/schemas/rss/sse" xmlns:x="http://x/"><body>
<outline type="rss" text="BBC" x:rank="1" _note="daily" xmlUrl="http://bbc/"><sx:sync id="1" version="1"><sx:history by="e"/></sx:sync></outline>
</body></opml>`)
	for _, tc := range []struct {
		name  string
		data  sse.Data
		title string
		want  string
	}{
		{"RSS", rss.Item("1").Data, "Heart of Glass", `title | Title | Heart of Glass
content | Content | Blondie
category[1] | Category 1 | music
category[2] | Category 2 | 80s (http://a/)
link | Link | http://a/1
{http://search.yahoo.com/mrss/}content[1] | m:content 1 | <m:content url="http://a/1.mp3"/>
link[2] | Link 2 | http://a/2`},
		{"OPML", opml.Item("1").Data, "BBC", `title | Text | BBC
content | Note | daily
@type | type | rss
@{http://x/}rank | x:rank | 1
@xmlUrl | xmlUrl | http://bbc/`},
		{"nil", nil, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := showFields(Fields(tc.data)); got != tc.want {
				t.Errorf("Fields:\n%s\nwant:\n%s", got, tc.want)
			}
			if got := showFields(SharedFields(tc.data)); got != tc.want {
				t.Errorf("SharedFields:\n%s", got)
			}
			if got := Title(tc.data); got != tc.title {
				t.Errorf("Title = %q, want %q", got, tc.title)
			}
		})
	}
}

// NewData replaces or adds the title and the content, leaves the rest and
// the base alone.
func TestNewData(t *testing.T) {
	rss := mustParse(t, "f.xml", `<rss version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse"><channel>
<item><link>http://a/</link><title type="x">Old</title><sx:sync id="1" version="1"><sx:history by="e"/></sx:sync></item>
</channel></rss>`)
	opml := mustParse(t, "f.opml", `<opml xmlns:sx="https://www.microsoft.com/schemas/rss/sse"><body>
<outline text="Old" _note="n" type="rss"><sx:sync id="1" version="1"><sx:history by="e"/></sx:sync></outline>
</body></opml>`)
	s := func(v string) *string { return &v }
	for _, tc := range []struct {
		name           string
		d              *Doc
		base           sse.Data
		title, content *string
		want           string
	}{
		{"RSS title and new description", rss, rss.Item("1").Data, s("New"), s("Body"), "link=http://a/ title=New content=Body"},
		{"RSS content only", rss, rss.Item("1").Data, nil, s("Body"), "link=http://a/ title=Old content=Body"},
		{"RSS from nothing", rss, nil, s("T"), nil, "title=T"},
		{"OPML text", opml, opml.Item("1").Data, s("New"), nil, "title=New content=n @type=rss"},
		{"OPML empty note removes _note", opml, opml.Item("1").Data, nil, s(""), "title=Old @type=rss"},
		{"OPML from nothing", opml, nil, s("T"), s("N"), "title=T content=N"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := showFields(Fields(tc.base))
			nd := tc.d.NewData(tc.base, tc.title, tc.content)
			var got []string
			for _, f := range Fields(nd) {
				got = append(got, f.Key+"="+f.Value)
			}
			slices.Sort(got)
			want := strings.Fields(tc.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("fields = %q, want %q", got, want)
			}
			if after := showFields(Fields(tc.base)); after != before {
				t.Errorf("base changed:\n%s", after)
			}
		})
	}
	t.Run("a replaced RSS title keeps its attributes", func(t *testing.T) {
		x := dataOf(rss.NewData(rss.Item("1").Data, s("New"), nil))
		if v, _ := plainAttr(x.kids[x.find("title")].(*etree.Element), "type"); v != "x" {
			t.Error("type attribute lost")
		}
	})
}

// TestFieldsIndentation checks that a field's XML value shows white space
// that is only indentation two spaces a level (0.91 §5.2: a version copied
// into sx:conflict is laid out at its new depth), so that the version read
// from remote.xml of merge scenario rss-conflict-indent, indented with
// tabs, and its copy in sx:conflict of the merged feed have the same
// fields; mixed content keeps its white space as read.
func TestFieldsIndentation(t *testing.T) {
	a := feedtest.ReadArchive(t, filepath.Join("merge", "rss-conflict-indent.txtar"))
	local := mustParse(t, "local.xml", a.Files["local.xml"])
	remote := mustParse(t, "remote.xml", a.Files["remote.xml"])
	m, err := Merge(local, remote)
	if err != nil {
		t.Fatal(err)
	}
	back := reparse(t, m)
	read := Fields(remote.Item("a").Data)
	cs := back.Item("a").Conflicts
	if len(cs) != 1 {
		t.Fatalf("item a has %d conflicts, want 1", len(cs))
	}
	if g, w := showFields(Fields(cs[0].Data)), showFields(read); g != w {
		t.Errorf("the copy in sx:conflict has other fields:\n%s", feedtest.LineDiff(w, g))
	}
	want := map[string]string{
		"{urn:x}list[1]": "<x:list>\n  <x:item a=\"1\">\n    <!-- first -->\n    <x:sub/>\n  </x:item>\n\n  <x:item>two</x:item>\n</x:list>",
		"{urn:x}note[1]": "<x:note>mixed <x:b>bold</x:b>\n\t\t\t\t<x:list>\n\t\t\t\t\t<x:item/>\n\t\t\t\t</x:list>\n\t\t\t</x:note>",
	}
	for _, f := range read {
		if w, ok := want[f.Key]; ok && f.Value != w {
			t.Errorf("%s = %q, want %q", f.Key, f.Value, w)
		}
		delete(want, f.Key)
	}
	if len(want) > 0 {
		t.Errorf("no fields %v", want)
	}
}

// A title and a description say how they hold their text, so that a
// three-way merge keeps markup whole: RSS 2.0's description may hold
// entity-encoded HTML; an OPML outline's text and note are text.
func TestFieldTypes(t *testing.T) {
	rss := mustParse(t, "f.xml", `<rss version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse"><channel>
<item><title>T</title><description>&lt;b&gt;D&lt;/b&gt;</description><link>http://a/</link><sx:sync id="1" version="1"><sx:history by="e"/></sx:sync></item>
</channel></rss>`)
	opml := mustParse(t, "f.opml", `<opml xmlns:sx="https://www.microsoft.com/schemas/rss/sse"><body>
<outline text="BBC" _note="daily" xmlUrl="http://bbc/"><sx:sync id="1" version="1"><sx:history by="e"/></sx:sync></outline>
</body></opml>`)
	for _, tc := range []struct {
		name string
		data sse.Data
		want string
	}{
		{"RSS", rss.Item("1").Data, "title:text content:html link:"},
		{"OPML", opml.Item("1").Data, "title:text content:text @xmlUrl:"},
	} {
		var got []string
		for _, f := range Fields(tc.data) {
			got = append(got, f.Key+":"+f.Type)
		}
		if s := strings.Join(got, " "); s != tc.want {
			t.Errorf("%s: types %s, want %s", tc.name, s, tc.want)
		}
	}
}

// An element that holds only text reads as its text wherever its
// namespace is declared: a declaration is no attribute. Before, one that
// declared its own prefix (as a record's copy of an item's element does
// when feedsync's prefix is bound there to another namespace, or as
// another writer may put it) read as markup, "<dc:subject
// xmlns:dc=...>s</dc:subject>", and the conflict view and resolve --auto
// took the same data for a change ("{...}subject[1], content combined").
func TestTextElementWithItsOwnDeclarationReadsAsText(t *testing.T) {
	d := mustParse(t, "f.xml", `<rss version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
<item><title>A</title><dc:subject>s</dc:subject><sx:sync id="a" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/></sx:sync></item>
<item><title>A</title><x:subject xmlns:x="http://purl.org/dc/elements/1.1/">s</x:subject><sx:sync id="b" version="1"><sx:history when="Sun, 01 Mar 2026 09:00:00 GMT" by="me"/></sx:sync></item>
</channel></rss>`)
	a, b := Fields(d.Item("a").Data), Fields(d.Item("b").Data)
	if len(a) != 2 || len(b) != 2 || a[1].Key != b[1].Key || a[1].Value != "s" || b[1].Value != "s" {
		t.Errorf("fields differ:\n%s\n--\n%s", showFields(a), showFields(b))
	}
}
