package resolver

import (
	"os"
	"strings"
	"testing"
)

// atomTyped is an Atom feed of one entry in conflict whose content
// element, or another, opens with open ("<content type=\"xhtml\">") and
// holds winner in the winner and version in the one conflict version.
func atomTyped(open, winner, version string) []byte {
	closing := "</" + open[1:strings.IndexAny(open, " >")] + ">"
	return []byte(strings.NewReplacer("OPEN", open, "CLOSE", closing, "WINNER", winner, "VERSION", version).Replace(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <title>Markup</title>
 <entry>
  <title>Notes</title>
  OPENWINNERCLOSE
  <id>urn:b</id>
  <sx:sync id="b" updates="2">
   <sx:history sequence="2" when="2026-03-02T10:00:00Z" by="bob"/>
   <sx:conflicts>
    <entry>
     <title>Notes</title>
     OPENVERSIONCLOSE
     <id>urn:b</id>
     <sx:sync id="b" updates="2"><sx:history sequence="2" when="2026-03-02T09:00:00Z" by="alice"/></sx:sync>
    </entry>
   </sx:conflicts>
  </sx:sync>
 </entry>
</feed>`))
}

// rssTyped is the same as an RSS 2.0 feed whose description holds winner
// and version as written (escaped, or in CDATA sections).
func rssTyped(winner, version string) []byte {
	return []byte(strings.NewReplacer("WINNER", winner, "VERSION", version).Replace(`<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel>
 <title>Markup</title>
 <item>
  <title>Notes</title>
  <description>WINNER</description>
  <sx:sync id="b" updates="2">
   <sx:history sequence="2" when="2026-03-02T10:00:00Z" by="bob"/>
   <sx:conflicts>
    <item>
     <title>Notes</title>
     <description>VERSION</description>
     <sx:sync id="b" updates="2"><sx:history sequence="2" when="2026-03-02T09:00:00Z" by="alice"/></sx:sync>
    </item>
   </sx:conflicts>
  </sx:sync>
 </item>
</channel></rss>`))
}

const xhtmlDiv = `<div xmlns="http://www.w3.org/1999/xhtml">`

// TestMergeMarkupHunksKeepTagsWhole guards issue 20 item 1 through the
// merge view, for every kind of content: the hunks of markup are whole
// tags ("<strong>" against "<em>", never "strong" against "em"); taking
// one hunk of XHTML, which leaves "<em>world</strong>", is refused with
// the place, the view stays open and nothing is decided; taking every
// hunk writes XHTML, type="xhtml" kept. HTML, escaped or in CDATA, need
// not be well-formed: a partial take is written, as escaped text.
func TestMergeMarkupHunksKeepTagsWhole(t *testing.T) {
	for _, c := range []struct {
		name  string
		feed  []byte
		hunks [][2]string // each hunk: the winner's side, the version's
		one   string      // what the file holds after taking the first hunk and applying, "" if refused
		all   string      // what it holds after taking every hunk
	}{
		{"XHTML", atomTyped(`<content type="xhtml">`, xhtmlDiv+`Hello <strong>world</strong></div>`, xhtmlDiv+`Hello <em>world</em></div>`),
			[][2]string{{"<strong>", "<em>"}, {"</strong>", "</em>"}}, "",
			`<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Hello <em>world</em></div></content>`},
		{"escaped HTML", atomTyped(`<content type="html">`, `Hello &lt;strong&gt;world&lt;/strong&gt;`, `Hello &lt;em&gt;world&lt;/em&gt;`),
			[][2]string{{"<strong>", "<em>"}, {"</strong>", "</em>"}},
			`<content type="html">Hello &lt;em&gt;world&lt;/strong&gt;</content>`,
			`<content type="html">Hello &lt;em&gt;world&lt;/em&gt;</content>`},
		{"HTML in CDATA", rssTyped(`<![CDATA[Hello <b class="x">world</b> &amp; more]]>`, `<![CDATA[Hello <b class="y">world</b> &lt; more]]>`),
			[][2]string{{`<b class="x">`, `<b class="y">`}, {"&amp;", "&lt;"}},
			`<description>Hello &lt;b class="y"&gt;world&lt;/b&gt; &amp;amp; more</description>`,
			`<description>Hello &lt;b class="y"&gt;world&lt;/b&gt; &amp;lt; more</description>`},
		{"plain text", atomTyped(`<content>`, `Hello world`, `Hello there`),
			[][2]string{{"world", "there"}}, `<content>Hello there</content>`, `<content>Hello there</content>`},
		// A foreign element is a value of its own (a list's line): its
		// hunk is the whole element, taken with its namespace.
		{"a foreign element", atomTyped(`<x:note xmlns:x="urn:x">`, `Hello <x:b>world</x:b>`, `Hello <x:i>world</x:i>`),
			[][2]string{{`<x:note>Hello <x:b>world</x:b></x:note>`, `<x:note>Hello <x:i>world</x:i></x:note>`}},
			`<x:note xmlns:x="urn:x">Hello <x:i>world</x:i></x:note>`, `<x:note xmlns:x="urn:x">Hello <x:i>world</x:i></x:note>`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("NO_COLOR", "1") // the golden marks changes as [-old-]{+new+}
			hs := newHarness(t, mergePair(t, c.feed, c.feed), 140, 30)
			hs.keys("enter", "e")
			v := hs.m.merge
			var got [][2]string
			for _, h := range v.Hunks() {
				got = append(got, [2]string{h.Left, h.Right})
			}
			if len(got) != len(c.hunks) || len(got) > 0 && got[0] != c.hunks[0] || len(got) > 1 && got[1] != c.hunks[1] {
				t.Fatalf("hunks %q\nwant  %q", got, c.hunks)
			}
			hs.keys("l", "ctrl+s")
			if len(c.hunks) > 1 {
				hs.keys("a") // a hunk is still open: apply anyway
			}
			if c.one == "" {
				s := flat(hs.screen())
				if hs.m.screen != mergeScreen || !hs.m.st.item(0).InConflict() || !strings.Contains(s, "not well-formed XHTML at 1:58") {
					t.Fatalf("a partial take of XHTML was not refused, or the view closed:\n%s", hs.screen())
				}
				golden(t, "merge-xhtml-refused-140x30", hs.screen())
				for range len(c.hunks) - 1 {
					hs.keys("l") // a take moves on to the next open hunk
				}
				hs.keys("ctrl+s")
			}
			if hs.m.screen == mergeScreen || hs.m.st.item(0).InConflict() {
				t.Fatalf("the result was not applied:\n%s", hs.screen())
			}
			want := c.one
			if want == "" {
				want = c.all
			}
			hs.keys("s")
			if !strings.Contains(hs.saved.String(), want) {
				t.Errorf("saved:\n%s\nwant it to hold %s", hs.saved.String(), want)
			}
		})
	}
}

// TestExternalEditorRefusesNotWellFormedXHTML guards issue 20 item 1
// through $EDITOR: a file whose XHTML content is left crossed
// ("<em>world</strong>") is refused as the merge view refuses it, with
// the place; nothing is decided and the person's text stays in the file.
func TestExternalEditorRefusesNotWellFormedXHTML(t *testing.T) {
	feed := atomTyped(`<content type="xhtml">`, xhtmlDiv+`Hello <strong>world</strong></div>`, xhtmlDiv+`Hello <em>world</em></div>`)
	hs := newHarness(t, mergePair(t, feed, feed), 140, 30)
	hs.keys("enter", "E")
	b, err := os.ReadFile(hs.ready.path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(hs.ready.path) })
	edited := strings.Replace(string(b), "<strong>", "<em>", 1)
	if err := os.WriteFile(hs.ready.path, []byte(edited), 0o600); err != nil {
		t.Fatal(err)
	}
	hs.send(extExitMsg{hs.ready, nil, ""})
	s := flat(hs.screen())
	if !hs.m.st.item(0).InConflict() || !strings.Contains(s, "not well-formed XHTML at 1:58") || !strings.Contains(s, "kept in") {
		t.Errorf("not refused with the place, or the file not named:\n%s", hs.screen())
	}
	if kept, err := os.ReadFile(hs.ready.path); err != nil || string(kept) != edited {
		t.Errorf("the person's text is not kept: %v", err)
	}
}
