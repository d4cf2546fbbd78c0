package dialect

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/feedsync/feedsync/engine"
)

// Plain feeds: items without sync data, as people keep them.
const (
	plainRSS = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0">
 <channel>
  <title>To do</title>
  <item>
   <title>Buy milk</title>
   <guid isPermaLink="false">urn:todo:1</guid>
  </item>
  <item><title>Call mom</title></item>
  <item>
   <title>Same guid</title>
   <guid>urn:todo:1</guid>
  </item>
 </channel>
</rss>
`
	plainOPML = `<?xml version="1.0" encoding="utf-8"?>
<opml version="2.0">
 <head>
  <title>Subscriptions</title>
 </head>
 <body>
  <outline text="BBC" type="rss" xmlUrl="http://feeds.bbc.co.uk/news/rss.xml"/>
  <outline text="Tech">
   <outline text="LWN" type="rss" xmlUrl="https://lwn.net/headlines/rss"/>
   <outline text="Blog" type="link" url="http://example.org/a b"/>
  </outline>
 </body>
</opml>
`
	plainAtom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
 <title>Notes</title>
 <id>urn:notes</id>
 <updated>2005-05-21T09:00:00Z</updated>
 <entry>
  <title>One</title>
  <id>tag:example.org,2005:1</id>
  <updated>2005-05-21T09:00:00Z</updated>
  <content>first</content>
 </entry>
</feed>
`
)

// adopt adopts d's plain items stamped st in dialect as, or fails the
// test, and parses the result: it loads in the dialect adopted in, with
// every adopted item an item of it.
func adopt(t testing.TB, d *Doc, st engine.Stamp, as Dialect) (*Doc, []Adopted) {
	t.Helper()
	a, err := d.Adopt(st, as)
	if err != nil {
		t.Fatalf("adopting %s: %v", d.Name(), err)
	}
	out, err := Parse(d.Name(), a.Bytes())
	if err != nil || out.Dialect() != a.Dialect {
		t.Fatalf("adopting %s: the result does not load as %v: %v\n%s", d.Name(), a.Dialect, err, a.Bytes())
	}
	for _, it := range a.Items {
		if _, err := out.Entry(it.ID); err != nil {
			t.Fatalf("adopting %s: %v\n%s", d.Name(), err, a.Bytes())
		}
	}
	return out, a.Items
}

var (
	syncEl  = regexp.MustCompile(`(?s)\s*<(\w+):sync\b.*?</(\w+):sync>`)
	declSX  = regexp.MustCompile(` xmlns:sx\d*="[^"]*"`)
	emptied = regexp.MustCompile(`(<outline [^<>]*)>\s*</outline>`)
)

// onlyAdded checks that out is in with sync elements added and nothing
// else changed: the new sync elements, the root's declaration, an empty
// outline opened to hold one. in has no sync element.
func onlyAdded(t *testing.T, in string, out []byte) {
	t.Helper()
	back := syncEl.ReplaceAllString(string(out), "")
	back = declSX.ReplaceAllString(back, "")
	if strings.Contains(in, "<outline") {
		back = emptied.ReplaceAllString(back, "$1/>")
	}
	if back != in {
		t.Errorf("adopt changed more than the sync data:\n--- in\n%s\n--- out\n%s", in, out)
	}
}

// 1.0.2 §3.1 applied to items already there: each plain item gets sx:sync
// with its id, updates="1" and one sx:history, sequence 1, when and by.
func TestAdoptRSS_1_0_2_Section3_1(t *testing.T) {
	d := parse(t, "todo.xml", plainRSS)
	out, done := adopt(t, d, at(1, "A"), None)
	if out.Dialect() != FeedSync102 {
		t.Fatalf("dialect %v, want FeedSync 1.0.2 (an RSS feed's default)", out.Dialect())
	}
	want := []Adopted{{"urn:todo:1", "guid", 5}, {"sha256-", "digest", 9}, {"urn:todo:1-2", "guid", 10}}
	if len(done) != len(want) {
		t.Fatalf("adopted %v, want %v", done, want)
	}
	for i, w := range want {
		if !strings.HasPrefix(done[i].ID, w.ID) || done[i].From != w.From || done[i].Line != w.Line {
			t.Errorf("adopted[%d] = %+v, want %+v", i, done[i], w)
		}
	}
	for _, a := range done {
		e, err := out.Entry(a.ID)
		if err != nil {
			t.Fatal(err)
		}
		st, h := e.Winner().State(), e.Winner().History()
		if st.Updates != 1 || st.Deleted || st.NoConflicts || len(h) != 1 || h[0].Number != 1 || !h[0].Stamp.Equal(at(1, "A")) {
			t.Errorf("%s: state %+v history %+v, want updates 1 and one history entry, sequence 1, by A at 00:01", a.ID, st, h)
		}
	}
	onlyAdded(t, plainRSS, out.Bytes())
	if !strings.Contains(string(out.Bytes()), `<item><title>Call mom</title><sx:sync id="`) {
		t.Errorf("a compact item is not written compactly:\n%s", out.Bytes())
	}
}

// 0.91 §4.1 applied to outlines already there: version="1" and one
// sx:history with when and by; the outline keeps its place (0.91 §3.2).
func TestAdoptOPML_0_91_Section4_1(t *testing.T) {
	d := parse(t, "subs.opml", plainOPML)
	out, done := adopt(t, d, at(2, "B"), None)
	if out.Dialect() != SSE091 {
		t.Fatalf("dialect %v, want SSE 0.91", out.Dialect())
	}
	ids := []string{"http://feeds.bbc.co.uk/news/rss.xml", "sha256-", "https://lwn.net/headlines/rss", "http://example.org/a%20b"}
	if len(done) != len(ids) {
		t.Fatalf("adopted %+v, want %d items", done, len(ids))
	}
	for i, id := range ids {
		if !strings.HasPrefix(done[i].ID, id) {
			t.Errorf("adopted[%d] = %q, want %q", i, done[i].ID, id)
		}
	}
	lwn, _ := out.Entry(done[2].ID)
	if p := lwn.Winner().Position(); p.Parent != done[1].ID {
		t.Errorf("LWN's parent is %q, want the Tech outline %q", p.Parent, done[1].ID)
	}
	for _, a := range done {
		e, _ := out.Entry(a.ID)
		st, h := e.Winner().State(), e.Winner().History()
		if st.Version != 1 || len(h) != 1 || !h[0].Stamp.Equal(at(2, "B")) {
			t.Errorf("%s: state %+v history %+v, want version 1 by B at 00:02", a.ID, st, h)
		}
	}
	if !strings.Contains(string(out.Bytes()), "<outline text=\"Tech\">\n   <sx:sync id=\"sha256-") {
		t.Errorf("an outline with children does not have its sync element first, where feeds/sse writes it:\n%s", out.Bytes())
	}
	onlyAdded(t, plainOPML, out.Bytes())
}

// An Atom entry's atom:id names it (1.0.2 §2.4 lets the publisher use it).
func TestAdoptAtom_1_0_2_Section2_4(t *testing.T) {
	out, done := adopt(t, parse(t, "notes.xml", plainAtom), at(3, "C"), None)
	if len(done) != 1 || done[0].ID != "tag:example.org,2005:1" || done[0].From != "atom:id" {
		t.Fatalf("adopted %+v, want the entry's atom:id", done)
	}
	if out.Dialect() != FeedSync102 {
		t.Errorf("dialect %v", out.Dialect())
	}
	onlyAdded(t, plainAtom, out.Bytes())
}

// An RSS feed may be asked to adopt in SSE 0.91 (0.91 §4.1).
func TestAdoptRSSAsSSE_0_91_Section4_1(t *testing.T) {
	out, done := adopt(t, parse(t, "todo.xml", plainRSS), at(1, "A"), SSE091)
	if out.Dialect() != SSE091 || len(done) != 3 {
		t.Fatalf("dialect %v, %d adopted; want SSE 0.91, 3", out.Dialect(), len(done))
	}
	if !strings.Contains(string(out.Bytes()), `version="1"`) {
		t.Errorf("no version attribute:\n%s", out.Bytes())
	}
	onlyAdded(t, plainRSS, out.Bytes())
}

// Dialects a feed cannot take are refused: 0.91 binds RSS and OPML only
// (0.91 §1), 1.0.2 Atom and RSS (1.0.2 §1.2.5), and a feed keeps the
// dialect of its sync data.
func TestAdoptRefused(t *testing.T) {
	for _, tc := range []struct {
		name, feed string
		as         Dialect
	}{
		{"Atom as 0.91", plainAtom, SSE091},
		{"OPML as 1.0.2", plainOPML, FeedSync102},
		{"1.0.2 RSS as 0.91", rss102mixed, SSE091},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse(t, "f", tc.feed).Adopt(at(1, "A"), tc.as)
			var de *AdoptDialectError
			if !errors.As(err, &de) {
				t.Fatalf("err = %v, want an *AdoptDialectError", err)
			}
		})
	}
}

// A feed with some synced items: those are left as they are, and an id
// taken by one of them is not given again (1.0.2 §2.4: unique in the feed).
const rss102mixed = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>To do</title>
  <item>
   <title>Synced</title>
   <sx:sync id="urn:todo:1" updates="3">
    <sx:history sequence="3" when="2005-05-21T09:43:33Z" by="Z"/>
   </sx:sync>
  </item>
  <item>
   <title>Plain</title>
   <guid>urn:todo:1</guid>
  </item>
  <item>
   <title>Plain too</title>
   <guid>urn:todo:1-2</guid>
  </item>
 </channel>
</rss>
`

func TestAdoptKeepsSyncedItems_1_0_2_Section2_4(t *testing.T) {
	d := parse(t, "mixed.xml", rss102mixed)
	out, done := adopt(t, d, at(1, "A"), None)
	if len(done) != 2 || done[0].ID != "urn:todo:1-2" || done[1].ID != "urn:todo:1-2-2" {
		t.Fatalf("adopted %+v, want urn:todo:1-2 (urn:todo:1 is taken), then urn:todo:1-2-2", done)
	}
	e, _ := out.Entry("urn:todo:1")
	if e.Winner().State().Updates != 3 {
		t.Errorf("the synced item changed: %+v", e.Winner().State())
	}
	in := strings.Replace(rss102mixed, "\n   <sx:sync id=\"urn:todo:1\" updates=\"3\">\n    <sx:history sequence=\"3\" when=\"2005-05-21T09:43:33Z\" by=\"Z\"/>\n   </sx:sync>", "", 1)
	in = declSX.ReplaceAllString(in, "")
	onlyAdded(t, in, out.Bytes())
}

// An item is synced when it has the sync element of a dialect feedsync
// reads, in each of its namespaces (feeds.NamespaceDialect: FeedSync
// 1.0.2; SSE 0.91 in its http and https forms): it is left as it is, and
// the plain item beside it is adopted in the feed's dialect, written in
// the namespace the feed declares.
func TestAdoptSyncNamespaces(t *testing.T) {
	sse := strings.NewReplacer(`xmlns:sx="http://feedsync.org/2007/feedsync"`, `xmlns:sx="%s"`, `updates="3"`, `version="3"`, ` sequence="3"`, "", "2005-05-21T09:43:33Z", "Sat, 21 May 2005 09:43:33 GMT").Replace(rss102mixed)
	for _, tc := range []struct {
		uri  string
		want Dialect
	}{{"http://feedsync.org/2007/feedsync", FeedSync102}, {"http://www.microsoft.com/schemas/rss/sse", SSE091}, {"https://www.microsoft.com/schemas/rss/sse", SSE091}} {
		t.Run(tc.uri, func(t *testing.T) {
			feed := fmt.Sprintf(sse, tc.uri)
			if tc.want == FeedSync102 {
				feed = rss102mixed
			}
			out, done := adopt(t, parse(t, "mixed.xml", feed), at(1, "A"), None)
			e, err := out.Entry("urn:todo:1")
			if len(done) != 2 || out.Dialect() != tc.want || err != nil || len(e.Winner().History()) != 1 || e.Winner().History()[0].By != "Z" {
				t.Fatalf("adopted %+v into %v (want 2 into %v); the synced item: %v", done, out.Dialect(), tc.want, err)
			}
			if n := strings.Count(string(out.Bytes()), `xmlns:sx="`+tc.uri+`"`); n != 1 || strings.Contains(string(out.Bytes()), "xmlns:sx2") {
				t.Errorf("want the feed's own declaration, once:\n%s", out.Bytes())
			}
		})
	}
}

// Adopt takes for items what the bindings read as items, and nothing
// else: an RSS item is a child of the channel, an OPML body and outline
// are in no namespace, as an RSS item is. Each feed below has one item.
func TestAdoptOnlyItems(t *testing.T) {
	for name, feed := range map[string]string{
		"RSS item outside the channel": `<rss version="2.0"><channel><title>t</title><item><title>a</title></item></channel><ex><item><title>x</title></item></ex></rss>`,
		"RSS item in a namespace":      `<rss version="2.0"><channel><title>t</title><item xmlns="urn:x"><title>x</title></item><item><title>a</title></item></channel></rss>`,
		"OPML outline in a namespace":  `<opml version="2.0"><head/><body><outline text="a"><ex:outline xmlns:ex="urn:x" text="b"/></outline><outline xmlns="urn:x" text="c"/></body></opml>`,
		"OPML body in a namespace":     `<opml version="2.0"><head/><body><outline text="a"/></body><ex:body xmlns:ex="urn:x"><outline text="c"/></ex:body></opml>`,
	} {
		t.Run(name, func(t *testing.T) {
			out, done := adopt(t, parse(t, "f", feed), at(1, "A"), None)
			if len(done) != 1 || len(out.Entries()) != 1 {
				t.Errorf("adopted %+v, %d items in the result; want the one item\n%s", done, len(out.Entries()), out.Bytes())
			}
		})
	}
}

// Adopting twice changes nothing: every item has sync data the second time.
// Feeds with no item at all come back as they are, still without a dialect.
func TestAdoptIdempotent(t *testing.T) {
	for name, feed := range map[string]string{"rss": plainRSS, "opml": plainOPML, "atom": plainAtom, "mixed": rss102mixed,
		"empty rss": emptyRSS, "empty opml": emptyOPML, "empty atom": emptyAtom, "empty 0.91": emptyRSS091} {
		t.Run(name, func(t *testing.T) {
			once, _ := adopt(t, parse(t, "f", feed), at(1, "A"), None)
			twice, done := adopt(t, once, at(5, "B"), None)
			if len(done) != 0 || string(twice.Bytes()) != string(once.Bytes()) {
				t.Errorf("the second adopt changed the feed (%d adopted):\n%s\n---\n%s", len(done), once.Bytes(), twice.Bytes())
			}
			if strings.HasPrefix(name, "empty") && (once.Dialect() != None || string(once.Bytes()) != feed) {
				t.Errorf("a feed with no item changed: dialect %v\n%s", once.Dialect(), once.Bytes())
			}
		})
	}
}

// The feeds of other implementations: every item of theirs has sync data,
// so adopt leaves each byte as it is; adopting is idempotent on them.
func TestAdoptInterop(t *testing.T) {
	files, _ := filepath.Glob("../testdata/interop/*")
	if len(files) < 5 {
		t.Fatalf("only %d interop feeds", len(files))
	}
	tried := 0
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data := readFile(t, f)
			d, err := Parse(f, data)
			if err != nil {
				t.Skipf("does not load: %v", err) // some are not feeds feedsync reads (KML)
			}
			out, done := adopt(t, d, at(1, "A"), None)
			again, more := adopt(t, out, at(2, "B"), None)
			if len(more) != 0 || string(again.Bytes()) != string(out.Bytes()) {
				t.Errorf("adopting twice changed it")
			}
			if len(done) == 0 && string(out.Bytes()) != string(data) {
				t.Errorf("nothing adopted, yet the bytes changed")
			}
			tried++
			// The same feed with its sync data taken away, as a plain
			// feed: every item is adopted, and the result loads in the
			// feed's dialect with as many items.
			stripped := syncEl.ReplaceAll(data, nil)
			p, err := Parse(f, stripped)
			if err != nil {
				t.Fatalf("without sync data: %v", err)
			}
			re, done := adopt(t, p, at(1, "A"), None)
			if n := len(d.Entries()); len(done) != n || len(re.Entries()) != n || re.Dialect() != d.Dialect() {
				t.Errorf("adopted %d of %d items, result has %d in %v, want %v", len(done), n, len(re.Entries()), re.Dialect(), d.Dialect())
			}
		})
	}
	if tried < 3 {
		t.Errorf("only %d interop feeds load", tried)
	}
}

// NSSOf: the id mapping (1.0.2 §2.4, 0.91 §2.3: an RFC 2141 NSS).
func TestNSSOf_1_0_2_Section2_4(t *testing.T) {
	for in, want := range map[string]string{
		"urn:todo:1":                "urn:todo:1",
		"http://a.org/x?y=1#z":      "http://a.org/x?y=1#z",
		"http://a.org/a b":          "http://a.org/a%20b",
		"100%":                      "100%25",
		"a%41b":                     "a%41b",
		"a%00b":                     "a%2500b",
		"é&<~\"":                    "%C3%A9%26%3C%7E%22",
		"tag:example.org,2005:blog": "tag:example.org,2005:blog",
	} {
		got := NSSOf(in)
		if got != want || !engine.ValidNSS(got) {
			t.Errorf("NSSOf(%q) = %q (valid %v), want %q", in, got, engine.ValidNSS(got), want)
		}
	}
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Two endpoints that adopt the same plain feed each on their own make two
// versions of every item that neither subsumes: the same id and updates
// (or version) 1, but by differs. Merging them loses nothing (every item
// once, with the same data) and reports every item in conflict (1.0.2
// §3.3, 0.91 §4.4): this is why adopt is to be done once, by one endpoint,
// and the result shared.
func TestAdoptTwiceIndependentlyConflicts(t *testing.T) {
	for name, feed := range map[string]string{"1.0.2 rss": plainRSS, "0.91 opml": plainOPML, "1.0.2 atom": plainAtom} {
		t.Run(name, func(t *testing.T) {
			a, done := adopt(t, parse(t, "a", feed), at(1, "A"), None)
			b, _ := adopt(t, parse(t, "b", feed), at(2, "B"), None)
			for _, pair := range [][2]*Doc{{a, b}, {b, a}} {
				m, err := Merge(reparse(t, pair[0]), reparse(t, pair[1]))
				if err != nil {
					t.Fatal(err)
				}
				es := m.Entries()
				if len(es) != len(done) || m.Conflicted() != len(done) {
					t.Fatalf("%s ⇐ %s: %d items, %d in conflict; want %d and %d", pair[0].Name(), pair[1].Name(), len(es), m.Conflicted(), len(done), len(done))
				}
				for _, e := range es {
					w, vs := e.Winner(), e.Versions()
					if len(vs) != 1 || w.History()[0].By != "B" || vs[0].History()[0].By != "A" {
						t.Errorf("%s: winner by %q, %d versions; want B's (the later) winning over A's", e.ID(), w.History()[0].By, len(vs))
					}
					if !sameFields(w, vs[0]) {
						t.Errorf("%s: the versions' data differ: %v vs %v", e.ID(), w.Fields(), vs[0].Fields())
					}
				}
			}
		})
	}
}

func sameFields(a, b Version) bool {
	fa, fb := a.Fields(), b.Fields()
	if len(fa) != len(fb) {
		return false
	}
	for i := range fa {
		if fa[i].Key != fb[i].Key || fa[i].Value != fb[i].Value {
			return false
		}
	}
	return true
}

// A feed with CRLF line ends gets its sync elements with CRLF too. A feed
// in another encoding that Parse reads (ISO-8859-1, UTF-16) is adopted as
// any command writes it, in the encoding it came in (issue 31 item 2), and
// its items get the ids they get in UTF-8: a digest is of the item's text.
func TestAdoptLineEndsAndEncodings(t *testing.T) {
	crlf := strings.ReplaceAll(plainRSS, "\n", "\r\n")
	out, _ := adopt(t, parse(t, "crlf.xml", crlf), at(1, "A"), None)
	if n := strings.Count(string(out.Bytes()), "\n"); n != strings.Count(string(out.Bytes()), "\r\n") {
		t.Errorf("a bare LF in a CRLF feed:\n%q", out.Bytes())
	}
	onlyAdded(t, crlf, out.Bytes())

	utf8Feed := strings.Replace(plainRSS, "Call mom", "Call møm", 1)
	want, _ := adopt(t, parse(t, "utf8.xml", utf8Feed), at(1, "A"), None)
	latin := strings.Replace(strings.Replace(utf8Feed, `encoding="utf-8"`, `encoding="ISO-8859-1"`, 1), "ø", "\xf8", 1)
	u16 := []byte{0xFE, 0xFF}
	for _, u := range utf16.Encode([]rune(strings.Replace(utf8Feed, `encoding="utf-8"`, `encoding="UTF-16"`, 1))) {
		u16 = append(u16, byte(u>>8), byte(u))
	}
	wantLatin := strings.Replace(strings.Replace(string(want.Bytes()), `encoding="utf-8"`, `encoding="ISO-8859-1"`, 1), "ø", "\xf8", 1)
	wantU16 := []byte{0xFE, 0xFF}
	for _, u := range utf16.Encode([]rune(strings.Replace(string(want.Bytes()), `encoding="utf-8"`, `encoding="UTF-16"`, 1))) {
		wantU16 = append(wantU16, byte(u>>8), byte(u))
	}
	for _, tc := range []struct{ name, feed, want string }{{"latin.xml", latin, wantLatin}, {"u16.xml", string(u16), string(wantU16)}} {
		got, _ := adopt(t, parse(t, tc.name, tc.feed), at(1, "A"), None)
		if string(got.Bytes()) != tc.want {
			t.Errorf("%s adopted is not the UTF-8 feed adopted, in its encoding:\n%q\n---\n%q", tc.name, got.Bytes(), tc.want)
		}
	}
	got, _ := adopt(t, parse(t, "latin.xml", latin), at(1, "A"), None)
	onlyAdded(t, latin, got.Bytes())
}

// Prefixes: a root that binds sx to another namespace gets the sync
// namespace as sx2; an item that binds the prefix to another namespace
// gets the declaration on its sync element (namespaces are matched by
// URI, 1.0.2 §2.1.7).
func TestAdoptPrefixes(t *testing.T) {
	rootSX := strings.Replace(plainRSS, `<rss version="2.0">`, `<rss version="2.0" xmlns:sx="urn:other">`, 1)
	out, done := adopt(t, parse(t, "root.xml", rootSX), at(1, "A"), None)
	if len(done) != 3 || !strings.Contains(string(out.Bytes()), `xmlns:sx2="http://feedsync.org/2007/feedsync"`) || !strings.Contains(string(out.Bytes()), "<sx2:sync ") {
		t.Errorf("want sx2 for the sync namespace:\n%s", out.Bytes())
	}
	itemSX := strings.Replace(rss102mixed, "<item>\n   <title>Plain</title>", "<item xmlns:sx=\"urn:other\">\n   <title>Plain</title>", 1)
	out, done = adopt(t, parse(t, "item.xml", itemSX), at(1, "A"), None)
	if len(done) != 2 || !strings.Contains(string(out.Bytes()), `<sx:sync xmlns:sx="http://feedsync.org/2007/feedsync" id="urn:todo:1-2"`) {
		t.Errorf("want the declaration on the sync element of the item that rebinds sx:\n%s", out.Bytes())
	}
}

// An adopted 0.91 item's when is written as Create writes one (0.91 §1.2:
// RFC 822 in GMT; the day of the month unpadded as in the spec's
// examples), so that adopted and created items read alike.
func TestAdoptWritesWhenAsCreate_0_91_Section1_2(t *testing.T) {
	st := engine.Stamp{When: time.Date(2005, 5, 3, 9, 43, 33, 0, time.UTC), By: "B"}
	out, _ := adopt(t, parse(t, "subs.opml", plainOPML), st, None)
	if want := `when="Tue, 3 May 2005 09:43:33 GMT"`; !strings.Contains(string(out.Bytes()), want) {
		t.Errorf("adopted outline lacks %s:\n%s", want, out.Bytes())
	}
}

// Adopt reads a feed as Parse reads it (XML 1.0 fifth edition, one strict
// scanner): a feed that loads is adopted, an element named with a letter
// that the fourth edition's name tables lack (U+0370, Greek capital heta)
// included.
func TestAdoptReadsWhatParseReads(t *testing.T) {
	feed := strings.Replace(plainRSS, "<item><title>Call mom</title></item>", `<item><title>Call mom</title><ex:Ͱ xmlns:ex="urn:x">y</ex:Ͱ></item>`, 1)
	out, done := adopt(t, parse(t, "names.xml", feed), at(1, "A"), None)
	if len(done) != 3 {
		t.Errorf("adopted %d items, want 3", len(done))
	}
	onlyAdded(t, feed, out.Bytes())
}
