package feeds

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// testFeeds returns every feed of testdata, merge inputs and outputs
// included, and a generated pair.
func testFeeds(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for _, pattern := range []string{"testdata/*/*.xml", "testdata/interop/*"} {
		files, _ := filepath.Glob(pattern)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out[f] = b
		}
	}
	archives, _ := filepath.Glob("testdata/merge/*.txtar")
	for _, f := range archives {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for name, body := range feedtest.ParseArchive(string(raw)).Files {
			out[f+"/"+name] = []byte(body)
		}
	}
	out["feedgen/local"], out["feedgen/remote"] = feedgen.Pair(200, 0.2, 3)
	return out
}

// treeDigest is Digest computed from the data's tree, as it is for data
// put together in memory.
func treeDigest(d engine.Data) string {
	x := dataOf(d)
	var fs []field
	sum := sha256.Sum256(x.canonical(nil, &fs))
	return hex.EncodeToString(sum[:])
}

// checkDigests checks that the digest the scan computed of each version's
// shared data is the one its tree gives, and returns how many it checked.
func checkDigests(t testing.TB, name string, d *Doc) int {
	t.Helper()
	n := 0
	for _, it := range d.Items() {
		for _, v := range append([]*engine.Item{it}, it.Conflicts...) {
			x := dataOf(v.Data)
			if x == nil || x.lz == nil {
				continue
			}
			p := x.digest.Load()
			if p == nil {
				continue // Atom xhtml: computed from the tree
			}
			if want := treeDigest(v.Data); hex.EncodeToString(p[:]) != want || v.Data.Digest() != want {
				var fs []field
				t.Fatalf("%s: item %q: the scan's digest is not the tree's; tree canonical form %q", name, v.Sync.ID, x.canonical(nil, &fs))
			}
			n++
		}
	}
	return n
}

// TestScanDigestIsTreeDigest holds the digest computed from the tokens to
// the one computed from the tree, on every feed of testdata.
func TestScanDigestIsTreeDigest(t *testing.T) {
	feeds, versions := 0, 0
	for name, data := range testFeeds(t) {
		d, err := Parse(name, data)
		if err != nil {
			continue
		}
		feeds++
		versions += checkDigests(t, name, d)
	}
	if feeds < 20 || versions < 300 {
		t.Fatalf("only %d feeds loaded, %d digests checked", feeds, versions)
	}
}

// untouched is a feed written as no serialiser would write it: single
// quotes, references where none are needed, an empty element as a pair of
// tags, CDATA, comments, CRLF line ends, attributes in odd places.
const untouched = "<?xml version='1.0' encoding='utf-8'?>\r\n" +
	"<feed xmlns='http://www.w3.org/2005/Atom' xmlns:sx='http://feedsync.org/2007/feedsync'>\r\n" +
	"  <title type = 'text'>Odd &#x41; feed</title>\r\n" +
	"  <entry><title>One &amp; <![CDATA[<only>]]></title><summary></summary><!-- c -->\r\n" +
	"    <sx:sync id='one' updates='1'  ><sx:history sequence='1' by='a' /></sx:sync></entry>\r\n" +
	"  <entry>\r\n    <title>Two</title>\r\n" +
	"    <sx:sync id='two' updates='1'><sx:history sequence='1' by='a'/></sx:sync>\r\n  </entry>\r\n" +
	"  <entry xml:lang='en'><title>Three</title><sx:sync updates='1' id='three'><sx:history by='b' sequence='1'/></sx:sync></entry>\r\n" +
	"</feed>\r\n"

// TestUntouchedItemsWrittenByteForByte checks the promise that what does
// not change is written as the bytes it was read from: the whole feed when
// nothing changes, and every item but the changed one when one does.
func TestUntouchedItemsWrittenByteForByte(t *testing.T) {
	d := mustParse(t, "odd.xml", untouched)
	if got := string(d.Bytes()); got != untouched {
		t.Fatalf("unchanged feed written differently:\n%s", feedtest.LineDiff(untouched, got))
	}
	two := d.Item("two")
	title := "Two, changed"
	c, err := engine.Update(two, engine.Stamp{By: "z", When: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)}, engine.Edit(two, newData(t, d, two.Data, &title, nil)), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Set(c)
	out := string(d.Bytes())
	for _, keep := range []string{
		"<?xml version='1.0' encoding='utf-8'?>\r\n<feed xmlns='http://www.w3.org/2005/Atom' xmlns:sx='http://feedsync.org/2007/feedsync'>\r\n  <title type = 'text'>Odd &#x41; feed</title>\r\n",
		"  <entry><title>One &amp; <![CDATA[<only>]]></title><summary></summary><!-- c -->\r\n    <sx:sync id='one' updates='1'  ><sx:history sequence='1' by='a' /></sx:sync></entry>\r\n",
		"  <entry xml:lang='en'><title>Three</title><sx:sync updates='1' id='three'><sx:history by='b' sequence='1'/></sx:sync></entry>\r\n</feed>\r\n",
	} {
		if !strings.Contains(out, keep) {
			t.Errorf("the written feed lost the bytes\n%q\nof an untouched part:\n%s", keep, out)
		}
	}
	if !strings.Contains(out, "<title>Two, changed</title>") || strings.Contains(out, "<title>Two</title>") {
		t.Errorf("the changed item is not written anew:\n%s", out)
	}
	feedtest.WellFormed(t, []byte(out))
}

// TestItemsBuiltOnce checks that an item's tree is built when first
// needed, by readers on several goroutines at once, and is the same tree
// for all of them (go test -race finds the rest).
func TestItemsBuiltOnce(t *testing.T) {
	l, r := feedgen.Pair(50, 0.3, 5)
	local, remote := mustParse(t, "l.xml", string(l)), mustParse(t, "r.xml", string(r))
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
	for _, it := range local.Items() {
		x := dataOf(it.Data)
		if x.lz.tree().el != x.lz.tree().el || x.lz.tree().el != x.lz.shell {
			t.Fatal("an item's tree is not its shell, built once")
		}
	}
}
