package resolver

import (
	"strings"
	"testing"
)

func TestMarkup(t *testing.T) {
	for _, c := range []struct{ in, kind, rendered string }{
		{"plain text", "", "plain text"},
		{"<p>Milk &amp; eggs</p><p>and <b>bread</b></p>", "html", "Milk & eggs\n\nand bread"},
		{`<div xmlns="http://www.w3.org/1999/xhtml">milk <b>eggs</b><br/>bread</div>`, "xhtml", "milk eggs\nbread"},
		{"Tom &amp; Jerry", "html", "Tom & Jerry"},
		{"2 < 3 and 4 > 1", "", "2 < 3 and 4 > 1"},
	} {
		if got := markupOf(c.in); got != c.kind {
			t.Errorf("markupOf(%q) = %q, want %q", c.in, got, c.kind)
		}
		if got := renderedMarkup(c.in); c.kind != "" && got != c.rendered {
			t.Errorf("renderedMarkup(%q) = %q, want %q", c.in, got, c.rendered)
		}
	}
}

const htmlFeed = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <title>Notes</title>
 <entry>
  <title>Recipe</title>
  <content type="html">&lt;p&gt;Flour &amp;amp; water&lt;/p&gt;&lt;p&gt;Bake &lt;b&gt;hot&lt;/b&gt;&lt;/p&gt;</content>
  <id>urn:r</id>
  <sx:sync id="r" updates="2">
   <sx:history sequence="2" when="2026-03-02T10:00:00Z" by="bob"/>
   <sx:conflicts>
    <entry>
     <title>Recipe</title>
     <content type="html">&lt;p&gt;Flour &amp;amp; milk&lt;/p&gt;&lt;p&gt;Bake &lt;i&gt;hot&lt;/i&gt;&lt;/p&gt;</content>
     <id>urn:r</id>
     <sx:sync id="r" updates="2"><sx:history sequence="2" when="2026-03-02T09:00:00Z" by="alice"/></sx:sync>
    </entry>
   </sx:conflicts>
  </sx:sync>
 </entry>
</feed>`

// TestMarkupToggle labels content holding HTML, and r shows it rendered,
// the word diff on the rendered text; r again shows it as written.
func TestMarkupToggle(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	doc := mergePair(t, []byte(htmlFeed), []byte(htmlFeed))
	hs := newHarness(t, doc, 120, 24)
	hs.keys("enter")
	s := hs.screen()
	if !strings.Contains(s, "Content (html: r renders it)") || !strings.Contains(s, "<p>Flour &amp;") {
		t.Fatalf("not labelled, or not as written:\n%s", s)
	}
	hs.keys("r")
	s = hs.screen()
	if !strings.Contains(s, "rendered: r shows it as written") || !strings.Contains(s, "Flour & [-water-]") || strings.Contains(s, "<p>") {
		t.Fatalf("not rendered:\n%s", s)
	}
	golden(t, "item-markup-rendered-120x24", s)
	hs.keys("r")
	if !strings.Contains(hs.screen(), "<p>Flour") {
		t.Errorf("r again does not show it as written:\n%s", hs.screen())
	}
}

// TestRawXML shows the item's XML as it would be saved now, sync
// metadata and conflict versions included, scrolled to the item.
func TestRawXML(t *testing.T) {
	hs := newHarness(t, demoDoc(t), 120, 30)
	hs.keys("enter", "t", "esc", "g", "enter", "x") // taken: the XML shows the resolution
	s := hs.screen()
	if hs.m.overlay != xmlOverlay || !strings.Contains(s, `<sx:sync id="item-groceries"`) || !strings.Contains(s, "tester-desk") {
		t.Fatalf("no XML of the item as it stands:\n%s", s)
	}
	hs.keys("G", "g", "esc")
	if hs.m.overlay != noOverlay || hs.m.screen != itemScreen {
		t.Errorf("esc did not close the XML view")
	}
}
