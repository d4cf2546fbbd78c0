package ssefeed

import (
	"bytes"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// rssFeeds returns the SSE 0.91 RSS feeds of testdata and a generated pair.
func rssFeeds(t testing.TB) map[string][]byte {
	out := map[string][]byte{"rome-rss-playlist-sse.xml": feedtest.ReadFile(t, "rome-rss-playlist-sse.xml")}
	for _, glob := range []string{"spec.txtar", filepath.Join("merge", "*.txtar")} {
		paths, _ := filepath.Glob(filepath.Join("testdata", glob))
		for _, p := range paths {
			a := feedtest.ReadArchive(t, strings.TrimPrefix(p, "testdata"+string(filepath.Separator)))
			for name, body := range a.Files {
				out[p+"/"+name] = []byte(body)
			}
		}
	}
	for i, s := range fuzzSeeds {
		out["seed"+itoa(i)] = []byte(s)
	}
	out["feedgen/local"], out["feedgen/remote"] = feedgen.PairSSE(200, 0.3, 3)
	return out
}

// checkDigests checks that the digest the scan computed of each version
// read without its tree is the one its tree gives, and returns how many
// it checked.
func checkDigests(t testing.TB, name string, d *Doc) int {
	t.Helper()
	n := 0
	check := func(id string, dt sse.Data) {
		x := peek(dt)
		if x == nil || x.lz == nil {
			return
		}
		scanned := x.Digest()
		dataOf(dt) // builds the tree
		tree := &itemData{kind: x.kind, ctx: x.ctx, attrs: x.attrs, kids: x.kids}
		if got := tree.Digest(); got != scanned {
			t.Fatalf("%s: item %q: the scan's digest is not the tree's", name, id)
		}
		n++
	}
	for _, it := range d.Items() {
		check(it.ID, it.Data)
		for _, c := range it.Conflicts {
			check(it.ID, c.Data)
		}
	}
	return n
}

// TestScanDigestIsTreeDigest holds the digest computed from the tokens of
// RSS items to the one computed from their trees.
func TestScanDigestIsTreeDigest(t *testing.T) {
	feeds, versions := 0, 0
	for name, data := range rssFeeds(t) {
		d, err := Parse(name, data)
		if err != nil || d.kind != KindRSS {
			continue
		}
		feeds++
		versions += checkDigests(t, name, d)
	}
	if feeds < 8 || versions < 200 {
		t.Fatalf("only %d feeds loaded, %d digests checked", feeds, versions)
	}
}

// untouchedRSS is an SSE 0.91 RSS feed written as no serialiser would.
const untouchedRSS = "<rss version='2.0' xmlns:sx='http://www.microsoft.com/schemas/rss/sse'>\r\n<channel>\r\n" +
	"  <item><title>One &amp; <![CDATA[<only>]]></title><description></description><!-- c -->\r\n" +
	"    <sx:sync id='one' version='1'  ><sx:history by='a' /></sx:sync></item>\r\n" +
	"  <item>\r\n    <title>Two</title>\r\n    <sx:sync id='two' version='1'><sx:history by='a'/></sx:sync>\r\n  </item>\r\n" +
	"  <item><title>Three</title><sx:sync version='1' id='three'><sx:history by='b'/></sx:sync></item>\r\n" +
	"</channel>\r\n</rss>\r\n"

// TestUntouchedItemsWrittenByteForByte checks that the items of an RSS feed
// that do not change are written as the bytes they were read from, when
// another item changes.
func TestUntouchedItemsWrittenByteForByte(t *testing.T) {
	d, err := Parse("odd.xml", []byte(untouchedRSS))
	if err != nil {
		t.Fatal(err)
	}
	two := d.Item("two")
	title := "Two, changed"
	c, err := sse.Update(two, sse.Stamp{By: "z"}, sse.Edit(two, d.NewData(two.Data, &title, nil)), sse.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Set(c)
	out := string(d.Bytes())
	for _, keep := range []string{
		"  <item><title>One &amp; <![CDATA[<only>]]></title><description></description><!-- c -->\r\n    <sx:sync id='one' version='1'  ><sx:history by='a' /></sx:sync></item>",
		"  <item><title>Three</title><sx:sync version='1' id='three'><sx:history by='b'/></sx:sync></item>",
	} {
		if !strings.Contains(out, keep) {
			t.Errorf("the written feed lost the bytes\n%q\nof an untouched item:\n%s", keep, out)
		}
	}
	if !strings.Contains(out, "<title>Two, changed</title>") {
		t.Errorf("the changed item is not written anew:\n%s", out)
	}
	feedtest.WellFormed(t, []byte(out))
}

// TestItemsBuiltOnce checks that RSS items are built when first needed,
// safely from several goroutines at once (go test -race).
func TestItemsBuiltOnce(t *testing.T) {
	l, r := feedgen.PairSSE(50, 0.3, 5)
	local, remote := feedtest.ParsePair(t, Parse, l, r)
	m, err := Merge(local, remote)
	if err != nil {
		t.Fatal(err)
	}
	want := m.Bytes()
	var wg sync.WaitGroup
	results := make([][]byte, 4)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, it := range m.Items() {
				Fields(it.Data)
				for _, c := range it.Conflicts {
					Fields(c.Data)
				}
			}
			results[g] = m.Bytes()
		}()
	}
	wg.Wait()
	for g, b := range results {
		if !bytes.Equal(b, want) {
			t.Errorf("goroutine %d wrote another feed", g)
		}
	}
}

// TestConflictDataAsItemData writes an RSS item whose data is that of one
// of its sx:conflict records, read without its tree, as a resolution that
// picks it makes: the data is written anew (it has no element of its own).
func TestConflictDataAsItemData(t *testing.T) {
	a := feedtest.ReadArchive(t, filepath.Join("merge", "rss-conflict.txtar"))
	d, err := Parse("want.xml", []byte(a.Files["want.xml"]))
	if err != nil {
		t.Fatal(err)
	}
	it := d.Item("1")
	if len(it.Conflicts) != 1 {
		t.Fatalf("%d conflicts", len(it.Conflicts))
	}
	picked := it.Clone()
	picked.Data, picked.Conflicts, picked.Conflict = it.Conflicts[0].Data, nil, false
	d.Set(picked)
	out := d.Bytes()
	feedtest.WellFormed(t, out)
	back, err := Parse("out.xml", out)
	if err != nil {
		t.Fatal(err)
	}
	if got := Title(back.Item("1").Data); got != "Buy groceries" {
		t.Errorf("title %q, want the conflict's", got)
	}
}
