package tui

import (
	"os"
	"strings"
	"testing"
)

// TestCreateNeedsText: create refuses an item without what its format
// requires of its text, naming the flags that give it, and writes nothing
// (QA: an RSS item without title or description, and an outline without a
// text attribute, were written and called valid).
func TestCreateNeedsText(t *testing.T) {
	const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><id>urn:t</id><updated>2005-05-21T09:00:00Z</updated></feed>`
	const opml = `<opml version="2.0"><head><title>Subs</title></head><body></body></opml>`
	for _, tc := range []struct{ name, feed, flag, want string }{
		{"RSS", oneItem, "--title", `item "new": an RSS item needs a title or a description (RSS 2.0): give --title or --content`},
		{"RSS, a category only", oneItem, "--field", "an RSS item needs a title or a description"},
		{"Atom", atom, "--content", `item "new": an Atom entry needs a title (RFC 4287 §4.1.2): give --title`},
		{"OPML", opml, "", `item "new": an outline needs a text attribute (OPML 2.0): give --title`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.write("f.xml", tc.feed)
			args := []string{"create", h.path("f.xml"), "--id", "new", "--by", "A", "--when", "2005-05-22T00:00:00Z", "-o", h.path("out.xml")}
			switch tc.flag {
			case "--content":
				args = append(args, "--content", "c")
			case "--field":
				args = append(args, "--field", "category[1]=c")
			}
			code, _, stderr := h.run("", args...)
			if code != ExitError || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, ExitError, tc.want)
			}
			if _, err := os.Stat(h.path("out.xml")); !os.IsNotExist(err) {
				t.Error("a refused create wrote the output")
			}
		})
	}
}

// TestCreatedItemsValid: what create writes holds what the format requires:
// an RSS item its title, an outline its text, an Atom entry its title,
// atom:id, atom:updated and atom:content (RFC 4287 §4.1.2).
func TestCreatedItemsValid(t *testing.T) {
	const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><id>urn:t</id><updated>2005-05-21T09:00:00Z</updated></feed>`
	h := newHarness(t)
	h.write("a.xml", atom)
	code, _, stderr := h.run("", "create", h.path("a.xml"), "--id", "new", "--title", "Buy milk", "--by", "A",
		"--when", "2005-05-22T00:00:00Z", "-o", h.path("a.xml"))
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	out := h.read("a.xml")
	for _, want := range []string{"<title>Buy milk</title>", "<content/>", "<id>urn:uuid:", "<updated>2005-05-22T00:00:00Z</updated>"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %s in\n%s", want, out)
		}
	}
	code, _, stderr = h.run("", "update", h.path("a.xml"), "--id", "new", "--title", "Buy oat milk", "--by", "A",
		"--when", "2005-05-23T00:00:00Z", "-o", h.path("a.xml"))
	if out := h.read("a.xml"); code != ExitOK || !strings.Contains(out, "<updated>2005-05-23T00:00:00Z</updated>") || strings.Count(out, "<id>urn:uuid:") != 1 {
		t.Errorf("update: exit %d, %s\n%s", code, stderr, out)
	}
}

// TestUpdateKeepsText: an update that would take away what the format
// requires of the item's text is refused and writes nothing.
func TestUpdateKeepsText(t *testing.T) {
	h := newHarness(t)
	h.write("f.xml", oneItem)
	code, _, stderr := h.run("", "update", h.path("f.xml"), "--id", "item1", "--remove-field", "title", "--remove-field", "content",
		"--by", "A", "--when", "2005-05-22T00:00:00Z", "-o", h.path("f.xml"))
	want := `item "item1": an RSS item needs a title or a description (RSS 2.0), which the change would take away`
	if code != ExitError || !strings.Contains(stderr, want) || h.read("f.xml") != oneItem {
		t.Errorf("exit %d, stderr %q; want %d and %q, the feed unchanged", code, stderr, ExitError, want)
	}
}

// TestValidateWarnsIncomplete: validate warns of an item that lacks what
// its format requires (QA: it called such a feed "valid" and said nothing),
// by place, and still calls a feed that loads valid FeedSync (exit 0):
// other implementations write such items, and feedsync reads them.
func TestValidateWarnsIncomplete(t *testing.T) {
	h := newHarness(t)
	h.write("f.xml", strings.Replace(oneItem, "<title>Buy groceries</title>\n   <description>Get milk and eggs</description>", "<category>c</category>", 1))
	code, stdout, stderr := h.run("", "validate", h.path("f.xml"))
	want := "f.xml:5:3: item: neither title nor description: RSS 2.0 requires one\n"
	if code != ExitOK || !strings.HasPrefix(stderr, "feedsync validate: warning: ") || !strings.HasSuffix(stderr, want) || !strings.HasSuffix(stdout, "f.xml: valid\n") {
		t.Errorf("exit %d, stdout %q, stderr %q; want %d, a warning ending %q", code, stdout, stderr, ExitOK, want)
	}
}

// xhtmlItem is an Atom feed of one item whose content is XHTML.
const xhtmlItem = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <title>Markup</title>
 <entry>
  <title>Notes</title>
  <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Hello <strong>world</strong></div></content>
  <id>urn:b</id>
  <updated>2026-03-02T10:00:00Z</updated>
  <sx:sync id="b" updates="1">
   <sx:history sequence="1" when="2026-03-02T10:00:00Z" by="bob"/>
  </sx:sync>
 </entry>
</feed>
`

// TestUpdateRefusesXHTMLNotWellFormed guards issue 20 item 1 on the
// command line: --content for an XHTML content that is not well-formed
// was written as escaped text, type="xhtml" dropped. It is refused with
// the place in the value, and nothing is written; well-formed markup
// stays XHTML.
func TestUpdateRefusesXHTMLNotWellFormed(t *testing.T) {
	h := newHarness(t)
	h.write("f.xml", xhtmlItem)
	code, _, stderr := h.run("", "update", h.path("f.xml"), "--id", "b", "--content", "Hello <em>world</strong>",
		"--by", "A", "--when", "2026-03-03T00:00:00Z", "-o", h.path("f.xml"))
	want := "the new content: not well-formed XHTML at 1:16: <em> opened at 1:7 is closed by </strong>"
	if code != ExitError || !strings.Contains(stderr, want) || strings.Contains(stderr, "usage:") || h.read("f.xml") != xhtmlItem {
		t.Errorf("exit %d, stderr %q; want %d and %q, the feed unchanged", code, stderr, ExitError, want)
	}
	code, _, stderr = h.run("", "update", h.path("f.xml"), "--id", "b", "--content", "Hello <em>world</em>",
		"--by", "A", "--when", "2026-03-03T00:00:00Z", "-o", h.path("f.xml"))
	if out := h.read("f.xml"); code != ExitOK || !strings.Contains(out, `<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Hello <em>world</em></div></content>`) {
		t.Errorf("exit %d, %s\n%s", code, stderr, out)
	}
}
