package feeds

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/engine"
)

const editAtom = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync" xmlns:x="urn:x">
  <entry>
    <title>Groceries</title>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">milk <b>eggs</b></div></content>
    <summary>what to buy</summary>
    <category term="home"/>
    <category term="food" scheme="urn:s" label="Food"/>
    <x:note a="1">first</x:note>
    <id>urn:g</id>
    <sx:sync id="a" updates="1"><sx:history sequence="1" by="e"/></sx:sync>
  </entry>
  <entry>
    <title>Groceries</title>
    <x:note a="2"><y:inner xmlns:y="urn:y">deep</y:inner></x:note>
    <category term="shop"/>
    <id>urn:g</id>
    <sx:sync id="b" updates="1"><sx:history sequence="1" by="f"/></sx:sync>
  </entry>
</feed>`

const editRSS = `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><channel>
  <item><title>T</title><description>D</description><category domain="urn:s">work</category><guid>g</guid>
  <sx:sync id="r" updates="1"><sx:history sequence="1" by="e"/></sx:sync></item>
</channel></rss>`

// shared renders the shared fields as "key=value" lines.
func shared(d engine.Data) string {
	var out []string
	for _, f := range SharedFields(d) {
		out = append(out, f.Key+"="+f.Value)
	}
	return strings.Join(out, "\n")
}

// TestEditData sets, adds and removes shared fields by key, and the new
// data writes and reads back the same (1.0.2 §3.4 step 1.3: new data that
// combines versions).
func TestEditData(t *testing.T) {
	atom := mustParse(t, "a.xml", editAtom)
	rss := mustParse(t, "r.xml", editRSS)
	a, other := atom.Item("a").Data, atom.Item("b").Data
	before := shared(a)
	for _, tc := range []struct {
		name    string
		d       *Doc
		base    engine.Data
		edits   []FieldEdit
		sources []engine.Data
		want    string
	}{
		{"set the summary", atom, a, []FieldEdit{{Key: "summary", Value: "a list"}},
			nil, strings.Replace(before, "summary=what to buy", "summary=a list", 1)},
		{"remove the summary", atom, a, []FieldEdit{{Key: "summary", Remove: true}},
			nil, strings.Replace(before, "summary=what to buy\n", "", 1)},
		{"add a summary", atom, other, []FieldEdit{{Key: "summary", Value: "new"}},
			nil, "title=Groceries\ncategory[1]=shop\n{urn:x}note[1]=" + `<x:note a="2"><y:inner>deep</y:inner></x:note>` + "\nsummary=new"},
		{"set a category with a scheme", atom, a, []FieldEdit{{Key: "category[1]", Value: "house (urn:t)"}},
			nil, strings.Replace(before, "category[1]=home", "category[1]=house (urn:t)", 1)},
		{"drop a category's scheme", atom, a, []FieldEdit{{Key: "category[2]", Value: "food"}},
			nil, strings.Replace(before, "category[2]=food (urn:s)", "category[2]=food", 1)},
		{"add a category", atom, a, []FieldEdit{{Key: "category[3]", Value: "urgent"}},
			nil, strings.Replace(before, "category[2]=food (urn:s)", "category[2]=food (urn:s)\ncategory[3]=urgent", 1)},
		{"remove a category renumbers the rest", atom, a, []FieldEdit{{Key: "category[1]", Remove: true}},
			nil, strings.Replace(strings.Replace(before, "category[1]=home\n", "", 1), "category[2]", "category[1]", 1)},
		{"remove what is not there", atom, a, []FieldEdit{{Key: "category[9]", Remove: true}}, nil, before},
		{"set a foreign element", atom, a, []FieldEdit{{Key: "{urn:x}note[1]", Value: `<x:note a="9">new</x:note>`}},
			nil, strings.Replace(before, `<x:note a="1">first</x:note>`, `<x:note a="9">new</x:note>`, 1)},
		{"a foreign element from a source keeps its namespaces", atom, a,
			[]FieldEdit{{Key: "{urn:x}note[1]", Value: `<x:note a="2"><y:inner>deep</y:inner></x:note>`}},
			[]engine.Data{other}, strings.Replace(before, `<x:note a="1">first</x:note>`, `<x:note a="2"><y:inner>deep</y:inner></x:note>`, 1)},
		{"a category from a source keeps its attributes", atom, other, []FieldEdit{{Key: "category[2]", Value: "food (urn:s)"}},
			[]engine.Data{a}, "title=Groceries\ncategory[1]=shop\ncategory[2]=food (urn:s)\n{urn:x}note[1]=" + `<x:note a="2"><y:inner>deep</y:inner></x:note>`},
		{"title and content through edits", atom, a, []FieldEdit{{Key: "title", Value: "T"}, {Key: "content", Value: "plain"}},
			nil, strings.Replace(strings.Replace(before, "title=Groceries", "title=T", 1), `content=<div xmlns="http://www.w3.org/1999/xhtml">milk <b>eggs</b></div>`, `content=<div xmlns="http://www.w3.org/1999/xhtml">plain</div>`, 1)},
		{"RSS category", rss, rss.Item("r").Data, []FieldEdit{{Key: "category[1]", Value: "play"}},
			nil, "title=T\ncontent=D\ncategory[1]=play"},
		{"RSS 2.0 category element whose text ends in parentheses", rss, rss.Item("r").Data, []FieldEdit{{Key: "category[1]", Value: "home (x) ()"}},
			nil, "title=T\ncontent=D\ncategory[1]=home (x) ()"},
		{"Atom category whose term ends in parentheses", atom, a, []FieldEdit{{Key: "category[1]", Value: "home (x) ()"}},
			nil, strings.Replace(before, "category[1]=home", "category[1]=home (x) ()", 1)},
		{"RSS other element", rss, rss.Item("r").Data, []FieldEdit{{Key: "{}mood[1]", Value: "<mood>good</mood>"}},
			nil, "title=T\ncontent=D\ncategory[1]=work (urn:s)\n{}mood[1]=<mood>good</mood>"},
		{"a foreign element from plain text", atom, a, []FieldEdit{{Key: "{urn:x}note[2]", Value: "later"}},
			nil, strings.Replace(before, `<x:note a="1">first</x:note>`, `<x:note a="1">first</x:note>`+"\n{urn:x}note[2]=<x:note>later</x:note>", 1)},
		{"plain text into a foreign element keeps its attributes", atom, a, []FieldEdit{{Key: "{urn:x}note[1]", Value: "second"}},
			nil, strings.Replace(before, `<x:note a="1">first</x:note>`, `<x:note a="1">second</x:note>`, 1)},
		{"plain text in a namespace the feed does not declare", atom, a, []FieldEdit{{Key: "{urn:new}tag[1]", Value: "a < b"}},
			nil, before + "\n{urn:new}tag[1]=<tag>a &lt; b</tag>"},
		{"RSS other element from plain text", rss, rss.Item("r").Data, []FieldEdit{{Key: "{}mood[1]", Value: "good"}},
			nil, "title=T\ncontent=D\ncategory[1]=work (urn:s)\n{}mood[1]=<mood>good</mood>"},
		{"the first title", rss, rss.Item("r").Data, []FieldEdit{{Key: "title", Remove: true}, {Key: "title", Value: "new"}},
			nil, "title=new\ncontent=D\ncategory[1]=work (urn:s)"},
		{"categories added one after another", atom, a, []FieldEdit{{Key: "category[3]", Value: "x"}, {Key: "category[4]", Value: "y"}},
			nil, strings.Replace(before, "category[2]=food (urn:s)", "category[2]=food (urn:s)\ncategory[3]=x\ncategory[4]=y", 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := tc.d.EditData(tc.base, tc.edits, tc.sources...)
			if err != nil {
				t.Fatal(err)
			}
			if got := shared(data); got != tc.want {
				t.Errorf("fields\n%s\nwant\n%s", got, tc.want)
			}
			it, err := engine.New("new-item", engine.Stamp{By: "me"}, data, false, false)
			if err != nil {
				t.Fatal(err)
			}
			tc.d.Set(it)
			back := mustParse(t, "back.xml", string(tc.d.Bytes()))
			if got := shared(back.Item("new-item").Data); got != tc.want {
				t.Errorf("written and read back:\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
	if shared(a) != before {
		t.Error("EditData changed its base")
	}
	if !reflect.DeepEqual(Fields(atom.Item("a").Data), Fields(a)) {
		t.Error("EditData changed the document's item")
	}
}

// TestEditDataRefuses names the field and the reason for an edit that
// cannot be made, and makes no data.
func TestEditDataRefuses(t *testing.T) {
	atom := mustParse(t, "a.xml", editAtom)
	rss := mustParse(t, "r.xml", editRSS)
	a := atom.Item("a").Data
	for _, tc := range []struct {
		name string
		d    *Doc
		edit FieldEdit
		want error
	}{
		{"publisher-specific", atom, FieldEdit{Key: "id", Value: "urn:other"}, ErrNotShared},
		{"RSS has no summary", rss, FieldEdit{Key: "summary", Value: "s"}, ErrNotShared},
		{"RSS guid is the publisher's", rss, FieldEdit{Key: "{}guid[1]", Value: "<guid>x</guid>"}, ErrNotShared},
		{"the sync element", atom, FieldEdit{Key: "{http://feedsync.org/2007/feedsync}sync[1]", Value: "<sx:sync/>"}, ErrNotShared},
		{"not XML", atom, FieldEdit{Key: "{urn:x}note[1]", Value: "<x:note>"}, ErrFieldValue},
		{"two elements", atom, FieldEdit{Key: "{urn:x}note[1]", Value: "<x:note/><x:note/>"}, ErrFieldValue},
		{"an unbound prefix inside", atom, FieldEdit{Key: "{urn:x}note[1]", Value: "<x:note><z:a/></x:note>"}, ErrFieldValue},
		{"another namespace than the key's", atom, FieldEdit{Key: "{urn:x}note[1]", Value: `<q:note xmlns:q="urn:q"/>`}, ErrFieldValue},
		{"another name than the key's", atom, FieldEdit{Key: "{urn:x}note[1]", Value: `<x:other>x</x:other>`}, ErrFieldValue},
		{"another name than the key's, unprefixed", atom, FieldEdit{Key: "{urn:x}foo[1]", Value: `<b xmlns="urn:x">x</b>`}, ErrFieldValue},
		{"a second title", atom, FieldEdit{Key: "title[2]", Value: "x"}, ErrNoField},
		{"a second RSS title", rss, FieldEdit{Key: "title[2]", Value: "x"}, ErrNoField},
		{"a second content", rss, FieldEdit{Key: "content[2]", Value: "x"}, ErrNoField},
		{"a second summary", atom, FieldEdit{Key: "summary[2]", Value: "x"}, ErrNoField},
		{"the title numbered", atom, FieldEdit{Key: "title[1]", Value: "x"}, ErrNoField},
		{"a category past the next place", atom, FieldEdit{Key: "category[5]", Value: "x"}, ErrNoField},
		{"a foreign element past the next place", atom, FieldEdit{Key: "{urn:x}note[3]", Value: "x"}, ErrNoField},
		{"a category without a number", atom, FieldEdit{Key: "category", Value: "x"}, ErrNoField},
		{"a number that is not one", atom, FieldEdit{Key: "category[x]", Value: "x"}, ErrNoField},
		{"a number from 0", atom, FieldEdit{Key: "category[0]", Value: "x"}, ErrNoField},
		{"a number with a leading 0", atom, FieldEdit{Key: "category[01]", Value: "x"}, ErrNoField},
		{"text after the number", atom, FieldEdit{Key: "category[1]x", Value: "x"}, ErrNoField},
		{"removing with a malformed key", atom, FieldEdit{Key: "category[x]", Remove: true}, ErrNoField},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := tc.d.EditData(a, []FieldEdit{tc.edit})
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Key != tc.edit.Key || !errors.Is(err, tc.want) || data != nil {
				t.Errorf("got %v, %v; want a FieldError for %s wrapping %v", data, err, tc.edit.Key, tc.want)
			}
		})
	}
}

// TestXHTMLContentSetAsItsMarkup: the value of an Atom type="xhtml"
// content is its markup (textOf), so setting that value, changed or not,
// keeps the content XHTML (RFC 4287 §3.1.1.3: one xhtml:div); it used to
// become text, its tags escaped for every reader. Markup that is not one
// div (plain text, a paragraph) is put in one: the content stays XHTML
// (issue 20 item 1; it became text, its type dropped).
func TestXHTMLContentSetAsItsMarkup(t *testing.T) {
	atom := mustParse(t, "a.xml", editAtom)
	a := atom.Item("a").Data
	for _, tc := range []struct{ name, value, want string }{
		{"unchanged", `<div xmlns="http://www.w3.org/1999/xhtml">milk <b>eggs</b></div>`,
			`<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">milk <b>eggs</b></div></content>`},
		{"edited", `<div xmlns="http://www.w3.org/1999/xhtml">milk <b>bread</b></div>`,
			`<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">milk <b>bread</b></div></content>`},
		{"a div without its namespace is put in XHTML's", `<div>milk</div>`,
			`<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">milk</div></content>`},
		{"plain text is put in a div", `milk`, `<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">milk</div></content>`},
		{"a paragraph is put in a div", `<p>milk</p> and <b>eggs</b>`,
			`<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>milk</p> and <b>eggs</b></div></content>`},
		{"a prefixed div", `<h:div xmlns:h="http://www.w3.org/1999/xhtml">milk</h:div>`,
			`<content type="xhtml"><h:div xmlns:h="http://www.w3.org/1999/xhtml">milk</h:div></content>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, data := range []engine.Data{
				newData(t, atom, a, nil, &tc.value),
				must(atom.EditData(a, []FieldEdit{{Key: "content", Value: tc.value}})),
			} {
				id := "x-" + strings.ReplaceAll(tc.name, " ", "-")
				it, err := engine.New(id, engine.Stamp{By: "me"}, data, false, false)
				if err != nil {
					t.Fatal(err)
				}
				atom.Set(it)
				var entry string // the new item's entry, as written
				for _, e := range strings.Split(string(atom.Bytes()), "<entry>") {
					if strings.Contains(e, `<sx:sync id="`+id+`"`) {
						entry = e
					}
				}
				if !strings.Contains(entry, tc.want) {
					t.Errorf("content %q: want %s in\n%s", tc.value, tc.want, entry)
				}
			}
		})
	}
}

func must(d engine.Data, err error) engine.Data {
	if err != nil {
		panic(err)
	}
	return d
}

// TestXHTMLContentNotWellFormedIsRefused guards issue 20 item 1: taking
// one hunk of an XHTML content in the merge view made
// "<em>world</strong>", which was saved as text, its tags escaped and
// type="xhtml" dropped. A value that is not well-formed XHTML is an
// *XHTMLError that places the fault in the value, through NewData and
// EditData alike, and no data is made.
func TestXHTMLContentNotWellFormedIsRefused(t *testing.T) {
	atom := mustParse(t, "a.xml", editAtom)
	a := atom.Item("a").Data
	for _, tc := range []struct {
		name, value string
		want        XHTMLError
	}{
		{"a div with crossed tags", `<div xmlns="http://www.w3.org/1999/xhtml">Hello <em>world</strong></div>`,
			XHTMLError{1, 58, "<em> opened at 1:49 is closed by </strong>"}},
		{"crossed tags without a div", "Hello <em>world</strong>", XHTMLError{1, 16, "<em> opened at 1:7 is closed by </strong>"}},
		{"a tag never closed", "line\n<b>bold", XHTMLError{2, 8, "<b> opened at 2:1 is never closed"}},
		{"a bare ampersand", "fish & chips", XHTMLError{1, 6, "invalid character entity & (no semicolon)"}},
		{"a div closed early", "a</div>b", XHTMLError{1, 2, "</div> without a start tag"}},
		{"a div not closed", `<div xmlns="http://www.w3.org/1999/xhtml">milk`, XHTMLError{1, 47, "input ends inside <div> opened at 1:1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err1 := atom.NewData(a, nil, &tc.value)
			_, err2 := atom.EditData(a, []FieldEdit{{Key: "content", Value: tc.value}})
			for _, err := range []error{err1, err2} {
				var xe *XHTMLError
				var fe *FieldError
				if !errors.As(err, &xe) || !errors.As(err, &fe) || fe.Key != "content" {
					t.Fatalf("error %v, want a FieldError of content wrapping an *XHTMLError", err)
				}
				if *xe != tc.want {
					t.Errorf("error %+v\nwant  %+v", *xe, tc.want)
				}
			}
		})
	}
}
