package dialect

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds"
)

const rssUntitled = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy groceries</title>
   <sx:sync id="t" updates="1"><sx:history sequence="1" when="2005-05-21T09:43:33Z" by="A"/></sx:sync>
  </item>
  <item>
   <category>bare</category>
   <sx:sync id="bare" updates="1"><sx:history sequence="1" when="2005-05-21T09:43:33Z" by="A"/></sx:sync>
  </item>
 </channel>
</rss>
`

// TestCreateNeedsText: create refuses an item without what its format
// requires of its text, with a typed error naming the format: an RSS item
// a title or a description (RSS 2.0), an Atom entry a title (RFC 4287
// §4.1.2), an OPML outline a text attribute (OPML 2.0); the feed does not
// change. What the format requires is enough.
func TestCreateNeedsText(t *testing.T) {
	for _, tc := range []struct {
		name, feed string
		c          Change
		refused    Format // 0: created
	}{
		{"RSS 1.0.2, nothing", rss102, Change{}, RSS},
		{"RSS 1.0.2, a category only", rss102, Change{Edit: Edit{Fields: []feeds.FieldEdit{{Key: "category[1]", Value: "c"}}}}, RSS},
		{"RSS 0.91, nothing", rss091, Change{}, RSS},
		{"RSS without sync data, nothing", emptyRSS, Change{}, RSS},
		{"Atom, a content only", atom102, Change{Edit: Edit{Content: ptr("c")}}, Atom},
		{"OPML, nothing", opml091, Change{}, OPML},
		{"RSS, a title", rss102, Change{Edit: Edit{Title: ptr("t")}}, 0},
		{"RSS, a description", rss091, Change{Edit: Edit{Content: ptr("c")}}, 0},
		{"RSS, a title through --field", rss102, Change{Edit: Edit{Fields: []feeds.FieldEdit{{Key: "title", Value: "t"}}}}, 0},
		{"RSS, an empty title", rss102, Change{Edit: Edit{Title: ptr("")}}, 0},
		{"Atom, a title", atom102, Change{Edit: Edit{Title: ptr("t")}}, 0},
		{"OPML, a text", opml091, Change{Edit: Edit{Title: ptr("t")}}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := parse(t, "f.xml", tc.feed)
			before := string(d.Bytes())
			e, err := d.Create("new", at(1, "A"), tc.c)
			var ie *IncompleteError
			switch {
			case tc.refused == 0 && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.refused == 0:
				d.Set(e)
				reparse(t, d)
			case !errors.As(err, &ie) || ie.Format != tc.refused || ie.ID != "new" || ie.Feed != "f.xml":
				t.Errorf("got %v (%T), want an IncompleteError for %v", err, err, tc.refused)
			case string(d.Bytes()) != before:
				t.Error("a refused create changed the feed")
			}
		})
	}
}

// TestUpdateKeepsText: an update does not take away what the format
// requires of an item's text, but an item that lacked it already can
// still be changed.
func TestUpdateKeepsText(t *testing.T) {
	for _, tc := range []struct {
		name, id string
		c        Change
		refused  bool
	}{
		{"the only title removed", "t", Change{Edit: Edit{Fields: []feeds.FieldEdit{{Key: "title", Remove: true}}}}, true},
		{"the title removed, a description given", "t", Change{Edit: Edit{Content: ptr("d"),
			Fields: []feeds.FieldEdit{{Key: "title", Remove: true}}}}, false},
		{"an item that had neither", "bare", Change{Deleted: ptr(true)}, false},
		{"a bare tombstone (1.0.2 §3.2)", "t", Change{Deleted: ptr(true), Edit: Edit{Fields: []feeds.FieldEdit{{Key: "title", Remove: true}}}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := parse(t, "f.xml", rssUntitled)
			e, err := d.Entry(tc.id)
			if err != nil {
				t.Fatal(err)
			}
			_, err = d.Update(e, at(1, "B"), tc.c, Options{})
			var ie *IncompleteError
			if got := errors.As(err, &ie) && ie.Format == RSS && ie.ID == tc.id; got != tc.refused || !tc.refused && err != nil {
				t.Errorf("got %v; refused: %v", err, tc.refused)
			}
		})
	}
}

// TestAtomEntriesValid: an entry created, updated or resolved has the
// atom:id and atom:updated RFC 4287 §4.1.2 requires: a created one an id
// made from its sync id (feeds.EntryID), updated at its when, and an empty
// content when none was given (an entry without atom:content needs an
// alternate link, which is the publisher's and which feedsync cannot
// make); an update moves updated to its when and keeps the id, as the
// spec's examples do (1.0.2 §3.2).
func TestAtomEntriesValid(t *testing.T) {
	d := parse(t, "f.xml", atom102)
	e, err := d.Create("new", at(1, "A"), Change{Edit: Edit{Title: ptr("t")}})
	if err != nil {
		t.Fatal(err)
	}
	d.Set(e)
	out := string(reparse(t, d).Bytes())
	entry := out[strings.Index(out, `<title>t</title>`):]
	for _, want := range []string{"<content/>", "<id>" + feeds.EntryID("new") + "</id>", "<updated>2005-05-23T00:01:00Z</updated>"} {
		if !strings.Contains(entry, want) {
			t.Errorf("the created entry has no %s:\n%s", want, entry)
		}
	}
	e, err = d.Entry("item1")
	if err != nil {
		t.Fatal(err)
	}
	if e, err = d.Update(e, at(2, "B"), Change{Edit: Edit{Title: ptr("u")}}, Options{}); err != nil {
		t.Fatal(err)
	}
	d.Set(e)
	out = string(reparse(t, d).Bytes())
	entry = out[strings.Index(out, `<title>u</title>`):]
	entry = entry[:strings.Index(entry, "</entry>")]
	if !strings.Contains(entry, "<id>urn:item1</id>") || !strings.Contains(entry, "<updated>2005-05-23T00:02:00Z</updated>") ||
		strings.Count(entry, "<updated>") != 1 || strings.Count(entry, "<id>") != 1 {
		t.Errorf("the updated entry:\n%s", entry)
	}
}

// TestInteropUntouched: the items other implementations wrote
// (feeds/testdata/interop; the spec's Atom and RSS examples in
// feeds/testdata/spec, as no Atom feed among those loads) stay byte for byte what they were when
// feedsync creates an item beside them, and when it updates one of them,
// which alone is published anew (its atom:updated, an atom:id if it had
// none): the feed changes in one place, inside the new or updated item.
func TestInteropUntouched(t *testing.T) {
	files, _ := filepath.Glob("../testdata/interop/*.xml")
	spec, _ := filepath.Glob("../testdata/spec/*.xml")
	files = append(files, spec...)
	tried := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := Parse(filepath.Base(f), data)
		if err != nil || len(d.Entries()) == 0 || d.Format() == OPML {
			continue // not a feed of items these bindings read
		}
		tried++
		t.Run(filepath.Base(f), func(t *testing.T) {
			if !bytes.Equal(d.Bytes(), data) {
				t.Fatal("does not round-trip as read")
			}
			first := d.Entries()[0]
			e, err := d.Create("feedsync-new", at(1, "A"), Change{Edit: Edit{Title: ptr("New")}})
			if err != nil {
				t.Fatal(err)
			}
			d := parse(t, f, string(data))
			d.Set(e)
			if gone := changed(data, d.Bytes()); len(bytes.TrimSpace(gone)) != 0 {
				t.Errorf("creating an item changed what was there:\n%s", gone)
			}
			d = parse(t, f, string(data))
			if e, err = d.Update(first, at(2, "A"), Change{Edit: Edit{Title: ptr("Changed")}}, Options{}); err != nil {
				t.Fatal(err)
			}
			d.Set(e)
			end := "item>" // an item's end tag: the change spans two items
			if d.Format() == Atom {
				end = "entry>"
			}
			if gone := changed(data, d.Bytes()); len(gone) == 0 || bytes.Contains(gone, []byte(end)) {
				t.Errorf("updating the first item changed others:\n%s", gone)
			}
		})
	}
	if tried < 5 {
		t.Fatalf("only %d interop feeds tried", tried)
	}
}

// changed returns the part of a that b does not keep: what lies between
// their common prefix and their common suffix.
func changed(a, b []byte) []byte {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	return a[p : len(a)-s]
}

// TestValidateWarnsIncomplete: Validate warns, at the item's start tag, of
// every item that lacks what its format requires of an item, sync items
// and others alike, in either dialect: an RSS item a title or a
// description (RSS 2.0), an OPML outline, nested or not, a text attribute
// (OPML 2.0), an Atom entry an atom:title, atom:id, atom:updated and an
// atom:content or alternate link (RFC 4287 §4.1.2). Conflict versions are
// not items of the feed. A feed it warns of still loads: no problems.
func TestValidateWarnsIncomplete(t *testing.T) {
	atomEntry := func(inner string) string {
		return strings.Replace(atom102, " <entry>", " <entry>"+inner+"</entry>\n <entry>", 1)
	}
	const sync = `<sx:sync id="n" updates="1"><sx:history sequence="1" when="2005-05-21T09:43:33Z" by="A"/></sx:sync>`
	for _, tc := range []struct {
		name, feed string
		want       []string
	}{
		{"RSS 1.0.2", rss102, nil},
		{"Atom 1.0.2", atom102, nil},
		{"OPML 0.91", opml091, nil},
		{"RSS, an item without either", rssUntitled, []string{
			"f.xml:9:3: item: neither title nor description: RSS 2.0 requires one"}},
		{"RSS, a plain item", strings.Replace(rss102, "  <item>", "  <item><link>l</link></item>\n  <item>", 1), []string{
			"f.xml:5:3: item: neither title nor description: RSS 2.0 requires one"}},
		{"RSS, a description alone", strings.Replace(rss102, "<title>Buy groceries</title>", "", 1), nil},
		{"RSS 0.91", strings.Replace(rss091, "<title>Buy groceries</title>", "", 1), nil},
		{"RSS 0.91 without either", strings.NewReplacer("<title>Buy groceries - DONE</title>", "", "<description>Get milk, eggs and bread</description>", "").Replace(conflict091), []string{
			"f.xml:5:3: item: neither title nor description: RSS 2.0 requires one"}},
		{"RSS, a conflict version without either", strings.NewReplacer("<title>Buy bread</title>", "", "<description>Get bread</description>", "").Replace(conflict102), nil},
		{"Atom, a bare entry", atomEntry(sync), []string{
			"f.xml:6:2: entry: no atom:title, no atom:id, no atom:updated, no atom:content or an alternate link: RFC 4287 §4.1.2 requires each of every entry"}},
		{"Atom, an alternate link for content", atomEntry(`<title/><id>urn:n</id><updated>2005-05-21T09:43:33Z</updated><link href="x"/>` + sync), nil},
		{"Atom, an edit link is no content", atomEntry(`<title/><id>urn:n</id><updated>2005-05-21T09:43:33Z</updated><link rel="edit" href="x"/>` + sync), []string{
			"f.xml:6:2: entry: no atom:content or an alternate link: RFC 4287 §4.1.2 requires each of every entry"}},
		{"Atom, elements of another namespace", atomEntry(`<x:title xmlns:x="urn:x"/><content/><id>urn:n</id><updated>2005-05-21T09:43:33Z</updated>` + sync), []string{
			"f.xml:6:2: entry: no atom:title: RFC 4287 §4.1.2 requires each of every entry"}},
		{"OPML, a nested outline", strings.Replace(opml091, `<outline text="BBC">`, `<outline title="BBC">`, 1), []string{
			"f.xml:9:4: outline: no text attribute: OPML 2.0 requires it"}},
		{"OPML, a text in another namespace", strings.Replace(opml091, `<outline text="Tech">`, `<outline sx:text="Tech">`, 1), []string{
			"f.xml:13:3: outline: no text attribute: OPML 2.0 requires it"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			problems, warnings := Validate("f.xml", []byte(tc.feed))
			if problems != nil {
				t.Fatalf("problems: %v", problems)
			}
			var got []string
			for _, w := range warnings {
				got = append(got, w.String())
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestValidateWarnsOfXHTMLWithoutDiv guards issue 20 item 1: an Atom
// type="xhtml" content holding escaped text, or markup without its div,
// was called valid. Validate warns at the element of each text construct
// of type="xhtml" that is not one XHTML div (RFC 4287 §3.1.1.3), of any
// prefix, in an entry or a conflict version; the feed still loads.
func TestValidateWarnsOfXHTMLWithoutDiv(t *testing.T) {
	const none = `type="xhtml" holds no XHTML div: RFC 4287 §3.1.1.3 requires one, and readers show only what is inside it`
	const more = `type="xhtml" holds more than its one XHTML div (RFC 4287 §3.1.1.3): readers may drop the rest`
	content := func(c string) string {
		return strings.Replace(atom102, "<content>Get milk and eggs</content>", c, 1)
	}
	for _, tc := range []struct {
		name, feed string
		want       []string
	}{
		{"a div", content(`<content type="xhtml"> <div xmlns="http://www.w3.org/1999/xhtml">Get <b>milk</b></div>
  </content>`), nil},
		{"a prefixed div", content(`<content type="xhtml"><h:div xmlns:h="http://www.w3.org/1999/xhtml">milk</h:div></content>`), nil},
		{"escaped text", content(`<content type="xhtml">&lt;em&gt;world&lt;/strong&gt;</content>`), []string{"f.xml:8:3: content: " + none}},
		{"empty", content(`<content type="xhtml"/>`), []string{"f.xml:8:3: content: " + none}},
		{"a div of no namespace", content(`<content type="xhtml"><div>milk</div></content>`), []string{"f.xml:8:3: content: " + none}},
		{"text beside the div", content(`<content type="xhtml">milk <div xmlns="http://www.w3.org/1999/xhtml">eggs</div></content>`),
			[]string{"f.xml:8:3: content: " + more}},
		{"two divs", content(`<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">a</div><div xmlns="http://www.w3.org/1999/xhtml">b</div></content>`),
			[]string{"f.xml:8:3: content: " + more}},
		{"a title", strings.Replace(atom102, "<title>Buy groceries</title>", `<title type="xhtml">Buy</title>`, 1), []string{"f.xml:7:3: title: " + none}},
		{"html is not xhtml", content(`<content type="html">&lt;em&gt;world&lt;/strong&gt;</content>`), nil},
		{"foreign content", content(`<content type="xhtml" xmlns:x="urn:x"><x:div>milk</x:div></content>`), []string{"f.xml:8:3: content: " + none}},
		{"in a conflict version", strings.Replace(atom102, "\n  </sx:sync>", `
   <sx:conflicts><entry><title>Buy</title><content type="xhtml">milk</content><id>urn:item1</id><updated>2005-05-21T09:43:33Z</updated>
    <sx:sync id="item1" updates="1"><sx:history sequence="1" when="2005-05-21T09:40:00Z" by="B"/></sx:sync></entry></sx:conflicts>
  </sx:sync>`, 1), []string{"f.xml:13:43: content: " + none}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			problems, warnings := Validate("f.xml", []byte(tc.feed))
			if problems != nil {
				t.Fatalf("problems: %v", problems)
			}
			var got []string
			for _, w := range warnings {
				got = append(got, w.String())
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}
