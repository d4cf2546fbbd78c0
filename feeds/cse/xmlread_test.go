package cse

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds"
)

// latin1Feed is a feed in ISO-8859-1: "Café" is written with the single
// byte 0xE9, and the item after it has no guid.
var latin1Feed = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" +
	`<rss version="2.0" xmlns:csx="` + Namespace + "\"><channel><title>Caf\xe9</title>\n" +
	"<item><title>\xe9t\xe9</title><csx:link>a.jpg</csx:link></item>\n" +
	"</channel></rss>\n"

// TestParseLatin1 covers a feed declared ISO-8859-1: its text is decoded,
// and what is noted about it is placed by feeds.Locate in the same bytes
// etree read (columns count bytes of the UTF-8 text).
func TestParseLatin1(t *testing.T) {
	f, err := parseFeed("f.xml", []byte(latin1Feed))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.items[0].title; got != "été" {
		t.Errorf("title = %q, want été", got)
	}
	want := feeds.Problems{{File: "f.xml", Line: 3, Col: 1, Element: "item", Msg: "no guid (CSE requires one)"}}
	if got := f.problems("f.xml"); !slices.Equal(got, want) {
		t.Errorf("problems = %v, want %v", got, want)
	}
}

// TestParseUnsupportedEncoding covers a feed in an encoding feedsync does
// not read: it is refused at 1:1, naming the encoding, rather than read
// as if it were UTF-8. CSE reads what the bindings read (xmlscan.Decode):
// windows-1252 and Shift_JIS are read, UTF-16 only with a byte order mark.
func TestParseUnsupportedEncoding(t *testing.T) {
	for _, tc := range []struct{ enc, msg string }{
		{"UTF-16", "names UTF-16, but the document is not in UTF-16"},
		{"x-nonesuch", `names encoding "x-nonesuch", which is no character set feedsync knows`},
	} {
		t.Run(tc.enc, func(t *testing.T) {
			data := `<?xml version="1.0" encoding="` + tc.enc + `"?><rss version="2.0"><channel/></rss>`
			_, err := parseFeed("f.xml", []byte(data))
			ps, ok := err.(feeds.Problems)
			if !ok || len(ps) != 1 || ps[0].Line != 1 || ps[0].Col != 1 || !strings.Contains(ps[0].Msg, tc.msg) {
				t.Errorf("parseFeed error = %v", err)
			}
		})
	}
	for _, enc := range []string{"windows-1252", "Shift_JIS"} {
		data := `<?xml version="1.0" encoding="` + enc + `"?><rss version="2.0"><channel/></rss>`
		if _, err := parseFeed("f.xml", []byte(data)); err != nil {
			t.Errorf("%s: %v", enc, err)
		}
	}
}

// TestStampLatin1 covers stamp on a feed in ISO-8859-1: the file it writes
// is in ISO-8859-1 still, as its XML declaration says, so that no
// character is lost or garbled and what stamp did not change keeps its
// bytes.
func TestStampLatin1(t *testing.T) {
	dir := t.TempDir()
	root := strings.Replace(latin1Feed, "<csx:link>a.jpg</csx:link>",
		`<guid>g</guid><csx:lastBuildDate>Mon, 02 Oct 2006 06:00:00 GMT</csx:lastBuildDate>`, 1)
	writeTree(t, dir, map[string][]byte{"root.xml": []byte(root)})
	changed, problems, err := stamp(filepath.Join(dir, "root.xml"))
	if err != nil || len(problems) > 0 || len(changed) != 1 {
		t.Fatalf("stamp: changed %v, problems %v, %v", changed, problems, err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "root.xml"))
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	if !strings.HasPrefix(got, `<?xml version="1.0" encoding="ISO-8859-1"?>`) || !strings.Contains(got, "<title>Caf\xe9</title>") ||
		!strings.Contains(got, "<lastBuildDate>Mon, 02 Oct 2006 06:00:00 GMT</lastBuildDate>") {
		t.Errorf("stamped file:\n%s", got)
	}
	f, err := parseFeed("root.xml", data)
	if err != nil || f.items[0].title != "été" {
		t.Errorf("stamped file reads back as %v, %v", f, err)
	}
}
