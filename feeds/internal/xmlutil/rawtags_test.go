package xmlutil

import (
	"bufio"
	"strings"
	"testing"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// buildTags reads doc with a Builder that records its tags.
func buildTags(t *testing.T, doc string) (*etree.Document, *RawTags) {
	t.Helper()
	tags := &RawTags{}
	b := Builder{Tags: tags}
	d, err := b.Document(xmlscan.New([]byte(doc)))
	if err != nil {
		t.Fatal(err)
	}
	return d, tags
}

// writeString returns what f writes.
func writeString(f func(w *bufio.Writer)) string {
	var sb strings.Builder
	w := bufio.NewWriter(&sb)
	f(w)
	w.Flush()
	return sb.String()
}

// TestRawTagsWriteElementAsRead checks that an element written from the
// tags a Builder recorded has the bytes of its tags, for each form of a
// tag etree writes otherwise; text is written as etree writes it. A
// document that etree writes as read records nothing.
func TestRawTagsWriteElementAsRead(t *testing.T) {
	for _, c := range []struct {
		name, xml, want string
		recorded        int
	}{
		{"as etree writes it", `<a b="c" d="e"><f/>text<g>h</g></a>`, "", 0},
		{"single quotes", `<a b='c'><f g='h'/></a>`, "", 2},
		{"white space in tags", "<a  b=\"c\"\n d = \"e\" ><f\t/></a >", "", 2},
		{"references", `<a b="&apos;&#39;&#233;&quot;"/>`, "", 1},
		{"start and end tag", `<a><b c='d'></b><e></e ></a>`, "", 2},
		{"text is etree's", `<a b='c'>&apos;</a>`, `<a b='c'>'</a>`, 1},
		{"a declared entity is etree's", `<!DOCTYPE a [<!ENTITY e "x">]><a b='&e;'/>`, `<a b="x"/>`, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, tags := buildTags(t, c.xml)
			if tags.Len() != c.recorded {
				t.Errorf("%d tags recorded, want %d", tags.Len(), c.recorded)
			}
			want := c.want
			if want == "" {
				want = c.xml
			}
			if got := writeString(func(w *bufio.Writer) { tags.WriteElement(w, d.Root(), nil) }); got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

// TestRawTagsStartTag checks a start tag written from its bytes with
// attributes left out and others added: those left out go with the white
// space before them, those added go after the last attribute read, and
// the white space before '>' stays; attributes that are not e's, or
// not in e's order, give etree's tag.
func TestRawTagsStartTag(t *testing.T) {
	d, tags := buildTags(t, "<a  b='1'\n c='2' d='3' ></a>")
	e := d.Root()
	extra := []etree.Attr{{Space: "xmlns", Key: "x", Value: "u"}}
	for _, c := range []struct {
		name  string
		attrs []etree.Attr
		want  string
		read  bool
	}{
		{"all", e.Attr, "<a  b='1'\n c='2' d='3' xmlns:x=\"u\" ", true},
		{"the middle left out", []etree.Attr{e.Attr[0], e.Attr[2]}, "<a  b='1' d='3' xmlns:x=\"u\" ", true},
		{"the first left out", e.Attr[1:], "<a\n c='2' d='3' xmlns:x=\"u\" ", true},
		{"none", nil, "<a xmlns:x=\"u\" ", true},
		{"another order", []etree.Attr{e.Attr[1], e.Attr[0]}, `<a c="2" b="1" xmlns:x="u"`, false},
		{"another value", []etree.Attr{{Key: "b", Value: "9"}}, `<a b="9" xmlns:x="u"`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var read bool
			got := writeString(func(w *bufio.Writer) { read = tags.StartTag(w, e, c.attrs, extra) })
			if got != c.want || read != c.read {
				t.Errorf("got %q (as read %v), want %q (%v)", got, read, c.want, c.read)
			}
		})
	}
	empty := writeString(func(w *bufio.Writer) { tags.EndEmpty(w, e) })
	if empty != "></a>" {
		t.Errorf("an empty element read as a start and an end tag ends %q, want %q", empty, "></a>")
	}
}

// TestPlainStartTagIsAsRead checks the quick test of a start tag against
// AsRead's comparison: what it calls plain, etree writes as read, and it
// calls plain the tags feedsync and etree write.
func TestPlainStartTagIsAsRead(t *testing.T) {
	for _, c := range []struct {
		xml   string
		plain bool
	}{
		{`<a/>`, true},
		{`<a>x</a>`, true},
		{`<p:a xmlns:p="u" p:b="c&gt;" d="x > y, it's"/>`, false},
		{`<p:a xmlns:p="u" p:b="c" d="x > y, it's"/>`, true},
		{`<a b='c'/>`, false},
		{`<a  b="c"/>`, false},
		{`<a b="c" />`, false},
		{`<a b = "c"/>`, false},
		{"<a b=\"c\td\"/>", false},
		{`<a b="&#233;"/>`, false},
		{`<a b="é"></a>`, true},
	} {
		s := xmlscan.New([]byte(c.xml))
		var ar AsRead
		for s.Next() {
			tok := s.Token()
			if tok.Kind != xmlscan.StartElement {
				continue
			}
			raw := []byte(c.xml)[tok.Off:tok.End]
			plain, asRead := plainStartTag([]byte(c.xml), tok), ar.startTag(raw, tok)
			if plain && !asRead || plain != c.plain {
				t.Errorf("%s: plain %v, AsRead %v; want plain %v", raw, plain, asRead, c.plain)
			}
		}
		if err := s.Err(); err != nil {
			t.Fatal(err)
		}
	}
}
