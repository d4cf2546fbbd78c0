package feeds

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// roundTrip checks what every feed that loads must satisfy: written
// unchanged it is the same XML, it reads back to the same items, and
// writing is deterministic and stable.
func roundTrip(t *testing.T, name string, in []byte) *Doc {
	t.Helper()
	d, err := Parse(name, in)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	out := d.Bytes()
	if !xmlEquivalent(t, in, out) {
		t.Errorf("written feed is not the same XML:\n%s", feedtest.LineDiff(string(in), string(out)))
	}
	if again := d.Bytes(); !bytes.Equal(out, again) {
		t.Errorf("writing twice gave different bytes")
	}
	d2, err := Parse(name, out)
	if err != nil {
		t.Fatalf("Parse(written): %v", err)
	}
	if diff := itemsEqual(d.Items(), d2.Items()); diff != "" {
		t.Errorf("items changed through a write: %s", diff)
	}
	if out2 := d2.Bytes(); !bytes.Equal(out, out2) {
		t.Errorf("a second round trip changed the bytes:\n%s", feedtest.LineDiff(string(out), string(out2)))
	}
	return d
}

func TestSpecExamples(t *testing.T) {
	want := engine.Sync{ID: "item_1_myapp_2005-05-21T11:43:33Z", Updates: 3, History: []engine.History{
		{Sequence: 3, When: time.Date(2005, 5, 21, 11, 43, 33, 0, time.UTC), By: "JEO2000"},
		{Sequence: 2, When: time.Date(2005, 5, 21, 10, 43, 33, 0, time.UTC), By: "REO1750"},
		{Sequence: 1, When: time.Date(2005, 5, 21, 9, 43, 33, 0, time.UTC), By: "REO1750"},
	}}
	for _, tc := range []struct {
		name   string
		file   string
		format Format
	}{
		{"§1.4.1_Atom", "spec/atom-1.4.1.xml", Atom},
		{"§1.4.2_RSS", "spec/rss-1.4.2.xml", RSS},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := feedtest.ReadFile(t, tc.file)
			if ps := Validate(tc.file, in); ps != nil {
				t.Fatalf("Validate: %v", ps)
			}
			d := roundTrip(t, tc.file, in)
			if d.Format() != tc.format {
				t.Errorf("Format() = %v, want %v", d.Format(), tc.format)
			}
			items := d.Items()
			if len(items) != 1 || !syncEqual(items[0].Sync, want) {
				t.Fatalf("Items() = %+v, want one item with %+v", items, want)
			}
			if got := Title(items[0].Data); got != "Buy groceries" {
				t.Errorf("Title = %q", got)
			}
			s := d.Sharing()
			wantSharing := &Sharing{Since: "2005-02-13T18:30:02Z", Until: "2005-05-23T18:30:02Z", Related: []Related{
				{Link: "http://example.com/all.xml", Type: "complete"},
				{Link: "http://example.com/B.xml", Type: "aggregated", Title: "To Do List (Jacks Copy)"},
			}}
			if s == nil || s.Since != wantSharing.Since || s.Until != wantSharing.Until || len(s.Related) != 2 || s.Related[1] != wantSharing.Related[1] {
				t.Errorf("Sharing() = %+v, want %+v", s, wantSharing)
			}
		})
	}
}

// The two spec examples carry the same item; its data must digest the same
// in both formats.
func TestDigestIsFormatNeutral(t *testing.T) {
	a := mustParse(t, "a", string(feedtest.ReadFile(t, "spec/atom-1.4.1.xml"))).Items()[0]
	r := mustParse(t, "r", string(feedtest.ReadFile(t, "spec/rss-1.4.2.xml"))).Items()[0]
	if a.Data.Digest() != r.Data.Digest() {
		t.Errorf("Atom and RSS digests differ: %s, %s", a.Data.Digest(), r.Data.Digest())
	}
	if a.Data.Digest() == "" {
		t.Error("empty digest")
	}
}

func TestRoundTripGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/roundtrip/*.xml")
	if len(files) == 0 {
		t.Fatal("no round-trip inputs")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			in, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			d := roundTrip(t, f, in)
			feedtest.Golden(t, strings.TrimPrefix(strings.TrimSuffix(f, ".xml")+".golden", "testdata/"), d.Bytes())
		})
	}
}

func TestNamespacesByURI(t *testing.T) {
	d := mustParse(t, "p.xml", string(feedtest.ReadFile(t, "roundtrip/atom-prefixed.xml")))
	if d.Format() != Atom {
		t.Fatalf("prefixed Atom read as %v", d.Format())
	}
	items := d.Items()
	if len(items) != 2 {
		t.Fatalf("%d sync items, want 2 (one entry has no sx:sync)", len(items))
	}
	it := d.Item("item-1")
	if it == nil || it.Sync.Updates != 2 || Title(it.Data) != "Courses" {
		t.Fatalf("item-1 = %+v", it)
	}
	// An element named like FeedSync's but in another namespace is not it.
	d = mustParse(t, "other.xml", `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://example.com/not-feedsync">
<entry><title>x</title><sx:sync id="a" updates="1"><sx:history sequence="1" by="e"/></sx:sync></entry></feed>`)
	if n := len(d.Items()); n != 0 {
		t.Errorf("sx:sync in a foreign namespace read as %d sync items", n)
	}
}

// Interop feeds from other implementations (feeds/testdata/interop, see its
// README in the shared interop folder): each is read and either round-trips
// or is rejected with the message doc.go documents.
func TestInterop(t *testing.T) {
	for _, tc := range []struct {
		file string
		want string // "" loads; else a substring of the only problem
		pos  string // file:line:col of the problem
		n    int    // sync items when it loads
	}{
		{file: "mesh4x-rss.xml", n: 2},
		{file: "mesh4n-feed.sse.xml", n: 2},
		{file: "mesh4x-atom.xml", want: `id "item 1_myapp_2005-05-21T11:43:33Z" is not an RFC 2141 namespace specific string (1.0.2 §2.4)`, pos: ":23:2"},
		{file: "mesh4x-FeedKML.xml", want: `no sx:history: at least one is required (1.0.2 §2.5); its history elements are in namespace "sx"`, pos: ":22:2"},
		{file: "mesh4x-atomUserFeed.xml", want: "pre-1.0 SSE feed (namespace http://www.microsoft.com/schemas/sse): not FeedSync 1.0.2", pos: ":2:1"},
		{file: "mesh4x-rssUserFeed.xml", want: "pre-1.0 SSE feed", pos: ":2:1"},
		{file: "mesh4n-Feed.xml", want: "pre-1.0 SSE feed", pos: ":2:1"},
		{file: "mesh4x-kmlWithSyncInfo.kml", want: "neither an Atom 1.0 feed nor an RSS 2.0 rss", pos: ":3:1"},
		{file: "rome-rss-playlist-sse.xml", want: "SSE 0.91 feed (namespace http://www.microsoft.com/schemas/rss/sse): not FeedSync 1.0.2", pos: ":1:1"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			path := "interop/" + tc.file
			in := feedtest.ReadFile(t, path)
			if tc.want == "" {
				d := roundTrip(t, path, in)
				if n := len(d.Items()); n != tc.n {
					t.Errorf("%d items, want %d", n, tc.n)
				}
				return
			}
			_, err := Parse(path, in)
			var ps Problems
			if !errors.As(err, &ps) || len(ps) != 1 {
				t.Fatalf("Parse error = %v, want one problem", err)
			}
			if got := ps[0].String(); !strings.Contains(got, tc.want) || !strings.HasPrefix(got, path+tc.pos+":") {
				t.Errorf("problem = %q, want %s%s: ...%s", got, path, tc.pos, tc.want)
			}
		})
	}
}

// mesh4n-feed.sse.xml: since and until are opaque tick strings, compared by
// code point (§4 footnote), and atom:link inside an RSS item is
// publisher-specific (implementation note 1).
func TestInteropMesh4nDetails(t *testing.T) {
	d := mustParse(t, "m.xml", string(feedtest.ReadFile(t, "interop/mesh4n-feed.sse.xml")))
	s := d.Sharing()
	if s.Since != "00633187355700230000" || s.Until != "00633187358181930000" || s.Expires != "2007-07-08T16:50:29Z" {
		t.Errorf("Sharing() = %+v", s)
	}
	if !s.OutOfSync("00633187355700229999") || s.OutOfSync(s.Until) {
		t.Error("OutOfSync does not compare since with the cached until as strings")
	}
	it := d.Items()[0]
	if h := it.Sync.Topmost(); h.HasBy() || !h.HasWhen() {
		t.Errorf("topmost history = %+v, want when without by", h)
	}
	var keys []string
	for _, f := range Fields(it.Data) {
		keys = append(keys, f.Key+"="+map[bool]string{true: "shared", false: "publisher"}[f.Shared])
	}
	want := "title=shared author=publisher link=publisher atom:link[1]=publisher"
	if got := strings.Join(keys, " "); got != want {
		t.Errorf("fields = %s, want %s", got, want)
	}
}

func TestDetectDialect(t *testing.T) {
	for _, tc := range []struct {
		name, xml string
		want      Dialect
	}{
		{"FeedSync_1.0.2", `<rss xmlns:sx="http://feedsync.org/2007/feedsync"/>`, FeedSync102},
		{"SSE_0.91", `<rss xmlns:sx="http://www.microsoft.com/schemas/rss/sse"/>`, SSE091},
		{"SSE_0.91_https", `<rss><channel xmlns:sx="https://www.microsoft.com/schemas/rss/sse"/></rss>`, SSE091},
		{"https_SSE_and_FeedSync_wins", `<rss xmlns:a="https://www.microsoft.com/schemas/rss/sse" xmlns:b="http://feedsync.org/2007/feedsync"/>`, FeedSync102},
		{"pre-1.0_on_channel", `<rss><channel xmlns:s="http://www.microsoft.com/schemas/sse"/></rss>`, SSEPre10},
		{"both_FeedSync_wins", `<rss xmlns:a="http://www.microsoft.com/schemas/rss/sse" xmlns:b="http://feedsync.org/2007/feedsync"/>`, FeedSync102},
		{"plain", `<feed xmlns="http://www.w3.org/2005/Atom"/>`, PlainFeed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := etree.NewDocument()
			if err := doc.ReadFromString(tc.xml); err != nil {
				t.Fatal(err)
			}
			if got := DetectDialect(doc); got != tc.want {
				t.Errorf("DetectDialect = %v, want %v", got, tc.want)
			}
		})
	}
}

// A feed without FeedSync is a plain feed: it loads with no sync items and
// writes back as it was (§2.4: only items with sx:sync take part).
func TestPlainFeed(t *testing.T) {
	in := `<rss version="2.0"><channel><title>t</title><item><title>a</title></item></channel></rss>`
	d := roundTrip(t, "plain.xml", []byte(in))
	if len(d.Items()) != 0 {
		t.Errorf("plain feed has %d sync items", len(d.Items()))
	}
	if got := string(d.Bytes()); got != in {
		t.Errorf("plain feed written as %s", got)
	}
}

func TestParseReader(t *testing.T) {
	d, err := ParseReader("r.xml", bytes.NewReader(feedtest.ReadFile(t, "spec/rss-1.4.2.xml")))
	if err != nil || d.Name() != "r.xml" || len(d.Items()) != 1 {
		t.Fatalf("ParseReader = %v, %v", d, err)
	}
}

// Several items with one id are versions of one item (implementation note
// 2): they load as one, and are written as they were until it changes.
func TestDuplicateIDs(t *testing.T) {
	in := `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
  <entry><title>old</title><sx:sync id="a" updates="1"><sx:history sequence="1" by="e"/></sx:sync></entry>
  <entry><title>new</title><sx:sync id="a" updates="2"><sx:history sequence="2" by="e"/><sx:history sequence="1" by="e"/></sx:sync></entry>
</feed>`
	d := roundTrip(t, "dup.xml", []byte(in))
	items := d.Items()
	if len(items) != 1 || items[0].Sync.Updates != 2 || Title(items[0].Data) != "new" || len(items[0].Conflicts) != 0 {
		t.Fatalf("items = %+v, want the later version alone", items)
	}
	if got := string(d.Bytes()); got != in {
		t.Errorf("unchanged duplicates not written as read:\n%s", got)
	}
	up, err := engine.Update(items[0], engine.Stamp{By: "e"}, engine.Edit(items[0], items[0].Data), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Set(up)
	out := string(d.Bytes())
	if strings.Count(out, "<entry>") != 1 || !strings.Contains(out, "<title>new</title>") || !strings.Contains(out, `updates="3"`) {
		t.Errorf("changed item not written once in place of the duplicates:\n%s", out)
	}
}
