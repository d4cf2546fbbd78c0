package ssefeed

import (
	"errors"
	"strings"
	"testing"

	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds"
)

const editRSS = `<rss version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse" xmlns:m="http://search.yahoo.com/mrss/"><channel>
<item>
 <title>Heart of Glass</title>
 <description>Blondie</description>
 <category>music</category>
 <category domain="http://a/">80s</category>
 <link>http://a/1</link>
 <m:content url="http://a/1.mp3"/>
 <sx:sync id="1" version="1"><sx:history by="e"/></sx:sync>
</item>
<item>
 <title>Heart of Glass</title>
 <m:content url="http://a/2.mp3"><m:credit xmlns:m2="urn:m2" m2:role="x">Debbie</m:credit></m:content>
 <sx:sync id="2" version="1"><sx:history by="f"/></sx:sync>
</item>
</channel></rss>`

const editOPML = `<opml xmlns:sx="https://www.microsoft.com/schemas/rss/sse" xmlns:x="http://x/"><body>
<outline type="rss" text="BBC" x:rank="1" _note="daily" xmlUrl="http://bbc/"><sx:sync id="1" version="1"><sx:history by="e"/></sx:sync></outline>
</body></opml>`

func keyValues(d sse.Data) string {
	var out []string
	for _, f := range Fields(d) {
		out = append(out, f.Key+"="+f.Value)
	}
	return strings.Join(out, "\n")
}

// TestEditData sets, adds and removes any field by key (0.91 §5: a
// resolution with new data), and the data writes and reads back the same.
func TestEditData(t *testing.T) {
	rss := mustParse(t, "r.xml", editRSS)
	opml := mustParse(t, "o.opml", editOPML)
	a, b := rss.Item("1").Data, rss.Item("2").Data
	before := keyValues(a)
	mc1 := `<m:content url="http://a/1.mp3"/>`
	for _, tc := range []struct {
		name    string
		d       *Doc
		base    sse.Data
		edits   []feeds.FieldEdit
		sources []sse.Data
		want    string
	}{
		{"a category without (domain) drops its domain", rss, a, []feeds.FieldEdit{{Key: "category[2]", Value: "70s"}}, nil,
			strings.Replace(before, "category[2]=80s (http://a/)", "category[2]=70s", 1)},
		{"add a category", rss, a, []feeds.FieldEdit{{Key: "category[3]", Value: "pop"}}, nil,
			strings.Replace(before, "category[2]=80s (http://a/)", "category[2]=80s (http://a/)\ncategory[3]=pop", 1)},
		{"a category's term (domain)", rss, a, []feeds.FieldEdit{{Key: "category[1]", Value: "home (http://d)"}}, nil,
			strings.Replace(before, "category[1]=music", "category[1]=home (http://d)", 1)},
		{"a category whose term ends in parentheses", rss, a, []feeds.FieldEdit{{Key: "category[3]", Value: "home (x) ()"}}, nil,
			strings.Replace(before, "category[2]=80s (http://a/)", "category[2]=80s (http://a/)\ncategory[3]=home (x) ()", 1)},
		{"remove a category", rss, a, []feeds.FieldEdit{{Key: "category[1]", Remove: true}}, nil,
			strings.Replace(strings.Replace(before, "category[1]=music\n", "", 1), "category[2]", "category[1]", 1)},
		{"a link", rss, a, []feeds.FieldEdit{{Key: "link", Value: "http://b/"}}, nil,
			strings.Replace(before, "link=http://a/1", "link=http://b/", 1)},
		{"remove the content", rss, a, []feeds.FieldEdit{{Key: "content", Remove: true}}, nil,
			strings.Replace(before, "content=Blondie\n", "", 1)},
		{"a namespaced element as XML", rss, a, []feeds.FieldEdit{{Key: "{http://search.yahoo.com/mrss/}content[1]", Value: `<m:content url="http://c/"/>`}}, nil,
			strings.Replace(before, mc1, `<m:content url="http://c/"/>`, 1)},
		{"a namespaced element from a source", rss, a,
			[]feeds.FieldEdit{{Key: "{http://search.yahoo.com/mrss/}content[1]", Value: Fields(b)[1].Value}}, []sse.Data{b},
			strings.Replace(before, mc1, Fields(b)[1].Value, 1)},
		{"OPML attribute", opml, opml.Item("1").Data, []feeds.FieldEdit{{Key: "@xmlUrl", Value: "http://bbc.co.uk/"}}, nil,
			"title=BBC\ncontent=daily\n@type=rss\n@{http://x/}rank=1\n@xmlUrl=http://bbc.co.uk/"},
		{"OPML namespaced attribute", opml, opml.Item("1").Data, []feeds.FieldEdit{{Key: "@{http://x/}rank", Value: "2"}}, nil,
			"title=BBC\ncontent=daily\n@type=rss\n@{http://x/}rank=2\n@xmlUrl=http://bbc/"},
		{"OPML new attribute", opml, opml.Item("1").Data, []feeds.FieldEdit{{Key: "@htmlUrl", Value: "http://h/"}}, nil,
			"title=BBC\ncontent=daily\n@type=rss\n@{http://x/}rank=1\n@xmlUrl=http://bbc/\n@htmlUrl=http://h/"},
		{"OPML removed attribute", opml, opml.Item("1").Data, []feeds.FieldEdit{{Key: "@type", Remove: true}}, nil,
			"title=BBC\ncontent=daily\n@{http://x/}rank=1\n@xmlUrl=http://bbc/"},
		{"a namespaced element from plain text", rss, a, []feeds.FieldEdit{{Key: "{http://search.yahoo.com/mrss/}title[1]", Value: "Glass"}}, nil,
			before + "\n{http://search.yahoo.com/mrss/}title[1]=Glass"},
		{"plain text in a namespace the feed does not declare", rss, a, []feeds.FieldEdit{{Key: "{urn:new}tag[1]", Value: "a < b"}}, nil,
			before + "\n{urn:new}tag[1]=a < b"}, // its own declaration is no attribute: it reads as its text
		{"plain text into a namespaced element keeps its attributes", rss, a, []feeds.FieldEdit{{Key: "{http://search.yahoo.com/mrss/}content[1]", Value: "song"}}, nil,
			strings.Replace(before, mc1, `<m:content url="http://a/1.mp3">song</m:content>`, 1)},
		{"a namespaced element added twice", rss, a, []feeds.FieldEdit{{Key: "{urn:x}a[1]", Value: "1"}, {Key: "{urn:x}a[2]", Value: "2"}}, nil,
			before + "\n{urn:x}a[1]=1\n{urn:x}a[2]=2"},
		{"an element of no namespace after its first", rss, a, []feeds.FieldEdit{{Key: "mood", Value: "1"}, {Key: "mood[2]", Value: "2"}}, nil,
			before + "\nmood=1\nmood[2]=2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := tc.d.EditData(tc.base, tc.edits, tc.sources...)
			if err != nil {
				t.Fatal(err)
			}
			if got := keyValues(data); got != tc.want {
				t.Errorf("fields\n%s\nwant\n%s", got, tc.want)
			}
			it, err := sse.New("new-item", sse.Stamp{By: "me"}, sse.Change{Data: data})
			if err != nil {
				t.Fatal(err)
			}
			tc.d.Set(it)
			back := mustParse(t, "back.xml", string(tc.d.Bytes()))
			if got := keyValues(back.Item("new-item").Data); got != tc.want {
				t.Errorf("written and read back:\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
	if keyValues(a) != before {
		t.Error("EditData changed its base")
	}
}

// TestEditDataRefuses names the field and the reason.
func TestEditDataRefuses(t *testing.T) {
	rss := mustParse(t, "r.xml", editRSS)
	a := rss.Item("1").Data
	for _, tc := range []struct {
		name string
		edit feeds.FieldEdit
		want error
	}{
		{"an attribute of an RSS item", feeds.FieldEdit{Key: "@x", Value: "1"}, feeds.ErrNotShared},
		{"the sync element", feeds.FieldEdit{Key: "{" + NS + "}sync[1]", Value: "<sx:sync/>"}, feeds.ErrNotShared},
		{"not XML", feeds.FieldEdit{Key: "{http://search.yahoo.com/mrss/}content[1]", Value: "<m:content>"}, feeds.ErrFieldValue},
		{"another element than the key's", feeds.FieldEdit{Key: "{http://search.yahoo.com/mrss/}content[1]", Value: "<m:thumb/>"}, feeds.ErrFieldValue},
		{"an unbound prefix", feeds.FieldEdit{Key: "{http://search.yahoo.com/mrss/}content[1]", Value: "<m:content><z:a/></m:content>"}, feeds.ErrFieldValue},
		{"a second title", feeds.FieldEdit{Key: "title[2]", Value: "x"}, feeds.ErrNoField},
		{"a second description", feeds.FieldEdit{Key: "content[2]", Value: "x"}, feeds.ErrNoField},
		{"a second link", feeds.FieldEdit{Key: "link[2]", Value: "http://b/"}, feeds.ErrNoField},
		{"the title numbered", feeds.FieldEdit{Key: "title[1]", Value: "x"}, feeds.ErrNoField},
		{"a category past the next place", feeds.FieldEdit{Key: "category[5]", Value: "x"}, feeds.ErrNoField},
		{"a category without a number", feeds.FieldEdit{Key: "category", Value: "x"}, feeds.ErrNoField},
		{"a category written as XML, as in 1.0.2", feeds.FieldEdit{Key: "category[1]", Value: `<category domain="d">home</category>`}, feeds.ErrFieldValue},
		{"an element past the next place", feeds.FieldEdit{Key: "{http://search.yahoo.com/mrss/}content[3]", Value: "x"}, feeds.ErrNoField},
		{"an element of no namespace numbered from 1", feeds.FieldEdit{Key: "mood[1]", Value: "x"}, feeds.ErrNoField},
		{"a number that is not one", feeds.FieldEdit{Key: "category[x]", Value: "x"}, feeds.ErrNoField},
		{"a number from 0", feeds.FieldEdit{Key: "category[0]", Value: "x"}, feeds.ErrNoField},
		{"removing with a malformed key", feeds.FieldEdit{Key: "category[01]", Remove: true}, feeds.ErrNoField},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := rss.EditData(a, []feeds.FieldEdit{tc.edit})
			var fe *feeds.FieldError
			if !errors.As(err, &fe) || fe.Key != tc.edit.Key || !errors.Is(err, tc.want) || data != nil {
				t.Errorf("got %v, %v; want a FieldError for %s wrapping %v", data, err, tc.edit.Key, tc.want)
			}
		})
	}
}
