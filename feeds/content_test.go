package feeds

import (
	"strings"
	"testing"

	"github.com/feedsync/feedsync/engine"
)

// videoEntry is an Atom feed with one entry whose content is c.
func videoEntry(c string) string {
	return `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync"><title>v</title>
<entry><title>Clip</title><id>urn:v:1</id><updated>2024-03-01T08:00:00Z</updated><summary>A clip</summary>` + c + `
<sx:sync id="v1" updates="1"><sx:history sequence="1" when="2024-03-01T08:00:00Z" by="ann"/></sx:sync></entry></feed>`
}

// contentOf writes data into the feed and returns the entry's
// atom:content elements as written.
func contentsOf(t *testing.T, d *Doc, data engine.Data) []string {
	t.Helper()
	it := d.Items()[0].Clone()
	it.Data = data
	d.Set(it)
	out := string(d.Bytes())
	var got []string
	for rest := out; ; {
		i := strings.Index(rest, "<content")
		if i < 0 {
			return got
		}
		end := strings.Index(rest[i:], "/>")
		if e := strings.Index(rest[i:], "</content>"); e >= 0 && (end < 0 || e < end || strings.Index(rest[i:], ">") < end) {
			end = e + len("</content>")
		} else {
			end += 2
		}
		got = append(got, rest[i:i+end])
		rest = rest[i+end:]
	}
}

// TestContentIsSetInAnyForm_Issue29Item11_Issue31Item7 guards issue 29
// item 11 and issue 31 item 7, one rule (content.go) for update --content
// (NewData) and a field edit or a resolution (EditData): an entry with
// out-of-line content (src, RFC 4287 §4.1.3.2) got a second atom:content
// beside it; one with type="video/mp4" kept that type around plain text,
// which §4.1.3.3 forbids. The content set replaces the entry's one
// atom:content in its place, with a text type; set to its own value it
// is kept whole; removed, it goes in either form.
func TestContentIsSetInAnyForm_Issue29Item11_Issue31Item7(t *testing.T) {
	const src = `<content type="video/mp4" src="https://media.example.org/clip.mp4"/>`
	const b64 = `<content type="video/mp4" xml:lang="en">AAAAIGZ0eXBpc29t</content>`
	text := "A talk about clips"
	for _, tc := range []struct {
		name, content string
		edit          func(d *Doc, data engine.Data) (engine.Data, error)
		want          []string
	}{
		{"update_content_over_src", src, func(d *Doc, data engine.Data) (engine.Data, error) { return d.NewData(data, nil, &text) },
			[]string{"<content>A talk about clips</content>"}},
		{"field_edit_over_src", src, func(d *Doc, data engine.Data) (engine.Data, error) {
			return d.EditData(data, []FieldEdit{{Key: "content", Value: text}})
		}, []string{"<content>A talk about clips</content>"}},
		{"remove_src", src, func(d *Doc, data engine.Data) (engine.Data, error) {
			return d.EditData(data, []FieldEdit{{Key: "content", Remove: true}})
		}, nil},
		{"update_content_over_base64", b64, func(d *Doc, data engine.Data) (engine.Data, error) { return d.NewData(data, nil, &text) },
			[]string{`<content xml:lang="en">A talk about clips</content>`}},
		{"base64_set_to_itself", b64, func(d *Doc, data engine.Data) (engine.Data, error) {
			same := "AAAAIGZ0eXBpc29t"
			return d.NewData(data, nil, &same)
		}, []string{b64}},
		{"text_plain_stays", `<content type="text/plain">old</content>`, func(d *Doc, data engine.Data) (engine.Data, error) { return d.NewData(data, nil, &text) },
			[]string{`<content type="text/plain">A talk about clips</content>`}},
		{"html_stays", `<content type="html">&lt;p&gt;old&lt;/p&gt;</content>`, func(d *Doc, data engine.Data) (engine.Data, error) { return d.NewData(data, nil, &text) },
			[]string{`<content type="html">A talk about clips</content>`}},
		{"src_over_text", `<content>old</content>`, func(d *Doc, data engine.Data) (engine.Data, error) {
			return d.EditData(data, []FieldEdit{{Key: "{http://www.w3.org/2005/Atom}content[1]", Value: src}})
		}, []string{src}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := mustParse(t, "v.xml", videoEntry(tc.content))
			data, err := tc.edit(d, d.Items()[0].Data)
			if err != nil {
				t.Fatal(err)
			}
			if got := contentsOf(t, d, data); strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("contents %q, want %q", got, tc.want)
			}
		})
	}
}

// TestIncompleteNotesContentRules covers what validating notes of an
// entry's content (RFC 4287 §4.1.1.1): more than one atom:content, and
// content with src or in Base64 beside no atom:summary.
func TestIncompleteNotesContentRules(t *testing.T) {
	two := strings.Replace(videoEntry(`<content>a</content><content type="video/mp4" src="u"/>`), "<summary>A clip</summary>", "", 1)
	d := mustParse(t, "v.xml", two)
	ps := d.Incomplete()
	want := "v.xml:2:1: entry: more than one atom:content: RFC 4287 §4.1.1.1 allows one; an atom:content with src or in Base64 and no atom:summary: RFC 4287 §4.1.1.1 requires one beside such content"
	if len(ps) != 1 || ps[0].String() != want {
		t.Errorf("Incomplete = %v\nwant %s", ps, want)
	}
	if ps := mustParse(t, "v.xml", videoEntry(`<content type="video/mp4" src="u"/>`)).Incomplete(); len(ps) != 0 {
		t.Errorf("out-of-line content with a summary: %v", ps)
	}
}
