package store

import (
	"reflect"
	"testing"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
)

func shared(fs []feeds.Field) []feeds.Field {
	var out []feeds.Field
	for _, f := range fs {
		if f.Shared {
			out = append(out, f)
		}
	}
	return out
}

// What the store keeps of Atom content: the Value and the Type as Fields
// gives them, so that a three-way merge reads html and xhtml as markup
// (issue 19, part 3).
func TestAtomTextTypes(t *testing.T) {
	feed := feedIn(t)
	d := parse(t, []byte(`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
  <title>T</title>
  <entry>
    <title type="html">Buy &lt;b&gt;milk&lt;/b&gt;</title>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Get <em>oat</em> milk</p></div></content>
    <sx:sync id="x" updates="1"><sx:history sequence="1" when="2021-01-01T00:01:00Z" by="o"/></sx:sync>
  </entry>
  <entry>
    <title>Plain</title>
    <content type="text">a &amp; b</content>
    <sx:sync id="y" updates="1"><sx:history sequence="1" when="2021-01-01T00:01:00Z" by="o"/></sx:sync>
  </entry>
</feed>
`))
	s := open(t, feed)
	if err := s.Record(d); err != nil {
		t.Fatal(err)
	}
	s = open(t, feed)
	for _, tc := range []struct {
		id, title, content string
		types              map[string]string
	}{
		{"x", "Buy <b>milk</b>", `<div xmlns="http://www.w3.org/1999/xhtml"><p>Get <em>oat</em> milk</p></div>`,
			map[string]string{"title": "html", "content": "xhtml"}},
		{"y", "Plain", "a & b", map[string]string{"title": "text", "content": "text"}},
	} {
		v, ok := s.Lookup(tc.id, hist("1@01@o"))
		if !ok {
			t.Fatalf("%s: not found", tc.id)
		}
		e, _ := d.Entry(tc.id)
		if got, want := v.Fields, shared(e.Winner().Fields()); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: fields %+v, want Version.Fields' %+v", tc.id, got, want)
		}
		if got := values(v.Fields); got != "title="+tc.title+";content="+tc.content+";" {
			t.Errorf("%s: fields %q", tc.id, got)
		}
		if !reflect.DeepEqual(v.Types, tc.types) {
			t.Errorf("%s: types %v, want %v", tc.id, v.Types, tc.types)
		}
		for _, f := range v.Fields {
			if f.Type != tc.types[f.Key] {
				t.Errorf("%s: %s has Type %q, want %q", tc.id, f.Key, f.Type, tc.types[f.Key])
			}
		}
	}
}

// SSE 0.91 keys a version by its version number and the when and by of
// the sx:history or sx:update that made it (0.91 §2.4, §2.5); an
// sx:conflict record by its own (0.91 §5.2).
func TestSSEKeys(t *testing.T) {
	feed := feedIn(t)
	d := parse(t, sseFeed)
	s := open(t, feed)
	if err := s.Record(d); err != nil {
		t.Fatal(err)
	}
	e, _ := d.Entry("x")
	for _, tc := range []struct {
		h string
		v dialect.Version
	}{
		{"2@02@a", e.Winner()},
		{"2@03@b", e.Versions()[0]},
	} {
		fs, ok := s.Base("x", hist(tc.h))
		if want := values(shared(tc.v.Fields())); !ok || values(fs) != want || want == "" {
			t.Errorf("Base(x, %s) = %q, %v; want %q", tc.h, values(fs), ok, want)
		}
	}
	if _, ok := s.Base("x", hist("1@01@o")); ok {
		t.Error("the version an sx:update names was never read: found")
	}
}

// Version.Top, which keys versions, is the first of Version.History in
// both dialects, winners and conflict versions alike.
func TestTopIsHistoryFirst(t *testing.T) {
	for _, data := range [][]byte{
		rss(item{id: "a", title: "A", hist: []string{"2@02@x", "1@01@o"},
			conflicts: []item{{id: "a", title: "B", hist: []string{"2@03@y", "1@01@o"}}}}),
		sseFeed,
	} {
		d := parse(t, data)
		for _, e := range d.Entries() {
			for _, v := range versionsOf(e) {
				top, ok := v.Top()
				if hs := v.History(); !ok || len(hs) == 0 || !top.Equal(hs[0]) || top.Number != hs[0].Number {
					t.Errorf("%s: Top = %+v, %v; History()[0] = %+v", e.ID(), top, ok, hs)
				}
			}
		}
	}
}

var sseFeed = []byte(`<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse">
  <channel>
    <title>T</title>
    <item>
      <title>Two</title>
      <description>d2</description>
      <sx:sync id="x" version="2">
        <sx:history when="Fri, 01 Jan 2021 00:02:00 GMT" by="a">
          <sx:update when="Fri, 01 Jan 2021 00:01:00 GMT" by="o"/>
        </sx:history>
        <sx:conflicts>
          <sx:conflict version="2" when="Fri, 01 Jan 2021 00:03:00 GMT" by="b">
            <item><title>Other</title><description>d2b</description></item>
          </sx:conflict>
        </sx:conflicts>
      </sx:sync>
    </item>
  </channel>
</rss>
`)
