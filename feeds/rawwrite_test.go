package feeds

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// The writer writes the versions it writes anew from their bytes where it
// proves that the tree path writes the same (rawwrite.go). These tests run
// both paths on the same merges and require the same bytes.

// asReadCases returns the feeds the differential tests derive merges
// from: generated pairs of several seeds, the test feeds, the merge
// scenarios, and handmade items with every content type.
func asReadCases(t testing.TB) map[string][]byte {
	t.Helper()
	cases := map[string][]byte{}
	for seed := int64(1); seed <= 4; seed++ {
		l, r := feedgen.Pair(60, 0.3, seed)
		cases[fmt.Sprintf("feedgen-%d-local", seed)] = l
		cases[fmt.Sprintf("feedgen-%d-remote", seed)] = r
	}
	for _, pattern := range []string{"testdata/*/*.xml", "testdata/interop/*", "../testdata/scenarios/*.txtar", "testdata/merge/*.txtar"} {
		files, _ := filepath.Glob(pattern)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasSuffix(f, ".txtar") {
				cases[f] = b
				continue
			}
			for name, data := range feedtest.ParseArchive(string(b)).Files {
				cases[f+"/"+name] = []byte(data)
			}
		}
	}
	for name, data := range handmadeFeeds() {
		cases[name] = []byte(data)
	}
	return cases
}

// handmadeItems are the children of items that hold every content type
// and, one to an item, the forms of markup etree writes otherwise than
// they were read.
var handmadeItems = []string{
	`<title>plain</title><content>milk &amp; eggs</content>`,
	`<title type="html">&lt;b&gt;bold&lt;/b&gt; &amp;amp; more</title><content type="html">&lt;p&gt;x&lt;/p&gt;</content>`,
	"<title type=\"xhtml\"><div xmlns=\"http://www.w3.org/1999/xhtml\">\n      <p>one <b>two</b></p>\n    </div></title>",
	`<content type="xhtml"><xh:div xmlns:xh="http://www.w3.org/1999/xhtml"><xh:p>x</xh:p></xh:div></content>`,
	`<title><![CDATA[<b>cdata</b> & ]]></title><content><![CDATA[]]></content>`,
	`<title>gt > in text</title>`,
	`<title>quote " and apostrophe '</title>`,
	`<title>refs &#233;</title>`,
	`<title>refs &#x9;</title>`,
	`<title>refs &quot;</title>`,
	`<content>&#13;carriage</content>`,
	`<title a='single'>q</title>`,
	`<category term = "spaced" />`,
	`<title a="tab&#9;newline&#10;">q</title>`,
	`<title a="gt>">q</title>`,
	`<category term="x"></category>`,
	`<title>e</title><empty></empty>`,
	`<content>end</content >`,
	`<title>c</title><!-- a comment -->`,
	`<title>c</title><?pi some data?>`,
	`<title>c</title><?pi  two spaces?>`,
	`<title>f</title><ex:thing xmlns:ex="urn:ex" ex:a="1"><ex:inner>t</ex:inner></ex:thing>`,
	"<title>f</title><ex:thing xmlns:ex=\"urn:ex\">\n      <ex:inner>t</ex:inner>\n    </ex:thing>",
	`<title>f</title><sx:note>uses the feed's sx prefix</sx:note>`,
	`<title>f</title><other xmlns="urn:other"><x/></other>`,
	`<title>f</title><ex:free>bound on the feed, or not</ex:free>`,
	"<title xml:space=\"preserve\">  kept  </title>",
	"<ex:p xmlns:ex=\"urn:ex\" xml:space=\"preserve\">\n  <ex:q/>\n</ex:p>",
	"<title>a</title><author>\n      <name>someone</name>\n    </author>",
	"<title>b1</title><author>\n    <name>at its parent's depth</name>\n    </author>",
	"<title>b2</title><author>\n      <name>n</name>\n      <ex:deep>\n<ex:x/>\n      </ex:deep>\n    </author>",
	"<title>b3</title><ex:o>\n      <ex:p>\n        <ex:q/>\n      </ex:p>\n    </ex:o>",
	`<title>a</title><author><name>someone</name></author><source><id>s</id></source>`,
	`<title>a</title><content src="http://x/"/>`,
}

// handmadeFeeds returns feeds of the handmade items, in Atom (with LF, CRLF
// and mixed line ends, and prefixes bound otherwise) and RSS.
func handmadeFeeds() map[string]string {
	a := handmadeAtom(handmadeItems, handmadeEntries)
	crlf := strings.ReplaceAll(a, "\n", "\r\n")
	return map[string]string{
		"handmade-atom":       a,
		"handmade-atom-crlf":  crlf,
		"handmade-atom-mixed": strings.Replace(crlf, "\r\n", "\n", 1),
		"handmade-atom-cr":    strings.Replace(crlf, "<title>plain</title>", "<title>plain\r</title>", 1),
		"handmade-atom-x":     strings.Replace(a, `xmlns:ex="urn:ex-feed"`, `xmlns:ex="urn:other-ex"`, 1),
		"handmade-rss":        handmadeRSS(handmadeItems),
	}
}

// handmadeAtom returns an Atom feed of entries with the given children, each
// with an id and an sx:sync, followed by more entries written out.
func handmadeAtom(items []string, more string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?>` + "\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:sx=\"http://feedsync.org/2007/feedsync\" xmlns:ex=\"urn:ex-feed\">\n  <title>t</title>")
	for i, e := range items {
		fmt.Fprintf(&b, "\n  <entry>\n    %s\n    <id>urn:e%d</id>\n    <sx:sync id=\"e%d\" updates=\"1\">\n      <sx:history sequence=\"1\" when=\"2020-01-01T00:00:00Z\" by=\"h\"/>\n    </sx:sync>\n  </entry>", e, i, i)
	}
	b.WriteString(more + "\n</feed>\n")
	return b.String()
}

// handmadeRSS is handmadeAtom in RSS, compact, without more.
func handmadeRSS(items []string) string {
	var b strings.Builder
	b.WriteString(`<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync" xmlns:ex="urn:ex-feed"><channel><title>t</title>`)
	for i, e := range items {
		item := strings.NewReplacer("<content", "<description", "</content", "</description").Replace(e)
		fmt.Fprintf(&b, "\n<item>%s<sx:sync id=\"r%d\" updates=\"1\"><sx:history sequence=\"1\" by=\"h\"/></sx:sync></item>", item, i)
	}
	b.WriteString("</channel></rss>")
	return b.String()
}

// touched returns the feed data parses to with every item updated by by,
// each taking the data of the item rot places after it (rot 0 keeps its
// own), or nil if data does not parse.
func touched(data []byte, by string, rot int, when time.Time) *Doc {
	d, err := Parse("t.xml", data)
	if err != nil {
		return nil
	}
	items := d.Items()
	for i, it := range items {
		ch := engine.Edit(it, items[(i+rot)%len(items)].Data)
		if n, err := engine.Update(it, engine.Stamp{When: when, By: by}, ch, engine.Options{}); err == nil {
			d.Set(n)
		}
	}
	return d
}

// bothWays writes d as read and through trees alone and fails the test
// unless the bytes are the same. It returns the bytes and how many
// versions were written as read.
func bothWays(t *testing.T, name string, d *Doc) ([]byte, int) {
	t.Helper()
	var fast, trees, again bytes.Buffer
	_, n, err1 := d.writeTo(&fast, false)
	_, _, err2 := d.writeTo(&trees, true)
	_, _, err3 := d.writeTo(&again, false)
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatalf("%s: writing: %v, %v, %v", name, err1, err2, err3)
	}
	if !bytes.Equal(fast.Bytes(), trees.Bytes()) || !bytes.Equal(again.Bytes(), trees.Bytes()) {
		t.Fatalf("%s: written as read differs from the trees' bytes:\n%s", name, feedtest.LineDiff(trees.String(), fast.String()))
	}
	return fast.Bytes(), n
}

// mergeBothWays merges remote into local and checks the writes (bothWays).
func mergeBothWays(t *testing.T, name string, local, remote *Doc) ([]byte, int) {
	t.Helper()
	if local == nil || remote == nil {
		return nil, 0
	}
	if _, err := local.MergeIn(remote); err != nil {
		return nil, 0
	}
	return bothWays(t, name, local)
}

// checkAsRead runs the merges one feed gives: each item touched on both
// sides, with the same data and with another item's (conflicts and
// compositions), and the result merged again (conflict versions within
// items); and a pair of feeds each way. It returns the versions written
// as read.
func checkAsRead(t *testing.T, name string, a, b []byte) int {
	t.Helper()
	t1 := time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC)
	t2 := t1.Add(time.Hour)
	total := 0
	add := func(out []byte, n int) []byte { total += n; return out }
	add(mergeBothWays(t, name+" same data", touched(a, "l", 0, t1), touched(a, "r", 0, t2)))
	m := add(mergeBothWays(t, name+" conflict", touched(a, "l", 0, t1), touched(a, "r", 1, t1)))
	add(mergeBothWays(t, name+" composed", touched(a, "l", 0, t1), touched(a, "r", 1, t2)))
	add(mergeBothWays(t, name+" composed 2", touched(a, "l", 0, t1), touched(a, "r", 2, t2)))
	if m != nil {
		add(mergeBothWays(t, name+" again", touched(m, "l2", 1, t2), touched(a, "r2", 3, t2)))
		add(mergeBothWays(t, name+" again swapped", touched(a, "r2", 3, t2), touched(m, "l2", 1, t2)))
	}
	if b != nil {
		la, _ := Parse("a.xml", a)
		lb, _ := Parse("b.xml", b)
		add(mergeBothWays(t, name+" pair", la, lb))
		la, _ = Parse("a.xml", a)
		lb, _ = Parse("b.xml", b)
		add(mergeBothWays(t, name+" pair swapped", lb, la))
	}
	return total
}

func TestWritingAsReadIsWritingTrees(t *testing.T) {
	cases := asReadCases(t)
	total := 0
	for name, data := range cases {
		var other []byte
		if strings.HasSuffix(name, "local") {
			other = cases[strings.TrimSuffix(name, "local")+"remote"]
		} else if strings.HasSuffix(name, "local.xml") {
			other = cases[strings.TrimSuffix(name, "local.xml")+"remote.xml"]
		}
		t.Run(name, func(t *testing.T) { total += checkAsRead(t, name, data, other) })
	}
	if total < 1000 {
		t.Errorf("%d versions were written as read: the differential test does not exercise that path", total)
	}
}

// FuzzWritingAsRead checks that writing versions as read gives the bytes
// the trees give, for merges of any feeds.
//
// $ go test -fuzz=FuzzWritingAsRead -fuzzminimizetime=10s ./feeds
//
// Its seeds are small feeds, two handmade items each or one handmade
// entry (handmadeEntries): each run merges a feed several ways.
func FuzzWritingAsRead(f *testing.F) {
	for i := range handmadeItems {
		two := []string{handmadeItems[i], handmadeItems[(i+1)%len(handmadeItems)]}
		f.Add([]byte(handmadeAtom(two, "")), []byte(nil))
		f.Add([]byte(handmadeRSS(two)), []byte(nil))
	}
	for _, e := range strings.SplitAfter(handmadeEntries, "</entry>") {
		f.Add([]byte(handmadeAtom(nil, e)), []byte(nil)) // its own conflict versions, declarations, xml:space
	}
	files, _ := filepath.Glob("testdata/merge/*.txtar")
	for _, file := range files {
		a := feedtest.ReadArchive(f, strings.TrimPrefix(file, "testdata"+string(filepath.Separator)))
		f.Add([]byte(a.Files["local.xml"]), []byte(a.Files["remote.xml"]))
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		if len(b) == 0 {
			b = nil
		}
		checkAsRead(t, "fuzz", a, b)
	})
}

// BenchmarkWriteAsRead writes a merged pair with versions written as read
// where proven, and with every version built as a tree, as before:
//
//	$ go test -run='^$' -bench='WriteAsRead' -benchtime=3x ./feeds
func BenchmarkWriteAsRead(b *testing.B) {
	for _, n := range benchSizes {
		local, remote := benchPair(n)
		l, r := parsePair(b, local, remote)
		m, err := Merge(l, r)
		if err != nil {
			b.Fatal(err)
		}
		for _, trees := range []bool{false, true} {
			name := "asread"
			if trees {
				name = "trees"
			}
			b.Run(fmt.Sprintf("%s/n=%d", name, n), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(m.Bytes())))
				for b.Loop() {
					if _, _, err := m.writeTo(io.Discard, trees); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
