package dialect

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// The dialect is sniffed from the root's and the channel's declarations;
// a feed without sync data has none, whatever it declares.
func TestParseSniffs(t *testing.T) {
	cases := []struct {
		name, data string
		binding    Dialect
		dialect    Dialect
		format     Format
	}{
		{"plain RSS", emptyRSS, FeedSync102, None, RSS},
		{"plain OPML", emptyOPML, SSE091, None, OPML},
		{"plain Atom", emptyAtom, FeedSync102, None, Atom},
		{"RSS declaring 1.0.2, no sync item", emptyRSS102, FeedSync102, None, RSS},
		{"RSS declaring 0.91, no sync item", emptyRSS091, SSE091, None, RSS},
		{"1.0.2 RSS", rss102, FeedSync102, FeedSync102, RSS},
		{"1.0.2 Atom", atom102, FeedSync102, FeedSync102, Atom},
		{"0.91 RSS", rss091, SSE091, SSE091, RSS},
		{"0.91 OPML", opml091, SSE091, SSE091, OPML},
		{"0.91 declared on the channel", strings.Replace(strings.Replace(rss091, ` xmlns:sx="http://www.microsoft.com/schemas/rss/sse"`, "", 1),
			"<channel>", `<channel xmlns:sx="http://www.microsoft.com/schemas/rss/sse">`, 1), SSE091, SSE091, RSS},
		{"sx:sharing alone (0.91 §2.1)", strings.Replace(emptyRSS091, "<title>Empty</title>", `<title>Empty</title><sx:sharing version="0.91"/>`, 1), SSE091, SSE091, RSS},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := parse(t, "f.xml", c.data)
			if got, _ := sniff([]byte(c.data)); got != c.binding {
				t.Errorf("sniff = %v, want %v", got, c.binding)
			}
			if d.binding() != c.binding || d.Dialect() != c.dialect || d.Format() != c.format {
				t.Errorf("binding %v, dialect %v, format %v; want %v, %v, %v", d.binding(), d.Dialect(), d.Format(), c.binding, c.dialect, c.format)
			}
			// The sniff agrees with the test the SSE binding makes on the whole input.
			if ssefeed.Is([]byte(c.data)) && c.binding != SSE091 {
				t.Errorf("ssefeed.Is says SSE 0.91")
			}
		})
	}
}

// A feed that does not load gives file:line:col problems, whatever the
// binding the sniff chose, and the refusals stay the bindings' own.
func TestParseProblems(t *testing.T) {
	cases := []struct{ name, data, want string }{
		{"malformed", "<rss version=\"2.0\">\n <channel>\n  <item>\n </channel>\n</rss>\n", "bad.xml:4:"},
		{"empty input", "", "bad.xml:"},
		{"not a feed", "<html/>", "neither"},
		{"invalid 1.0.2", strings.Replace(rss102, `updates="1"`, `updates="0"`, 1), "bad.xml:8:4: sx:sync: updates"},
		{"invalid 0.91", strings.Replace(rss091, `version="2"`, `version="0"`, 1), "bad.xml:8:4: sx:sync"},
		{"pre-1.0 SSE", `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/sse"><channel/></rss>`, "pre-1.0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("bad.xml", []byte(c.data))
			var ps feeds.Problems
			if !errors.As(err, &ps) {
				t.Fatalf("got %v (%T), want feeds.Problems", err, err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %q, want it to contain %q", err, c.want)
			}
			problems, _ := Validate("bad.xml", []byte(c.data))
			if problems.Error() != ps.Error() {
				t.Errorf("Validate gives %q, Parse %q", problems, ps)
			}
		})
	}
}

// Validate returns SSE 0.91 warnings too (issue 13: validate dropped them).
func TestValidateWarnings(t *testing.T) {
	dup := strings.Replace(rss091, "</channel>", `<item><title>Again</title><sx:sync id="1" version="1"><sx:history by="X"/></sx:sync></item></channel>`, 1)
	problems, warnings := Validate("dup.xml", []byte(dup))
	if problems != nil || len(warnings) != 1 || !strings.HasPrefix(warnings[0].String(), "dup.xml:") {
		t.Fatalf("problems %v, warnings %v; want one placed warning", problems, warnings)
	}
	if d := parse(t, "dup.xml", dup); len(d.Warnings()) != 1 {
		t.Errorf("Parse warnings %v", d.Warnings())
	}
	if p, w := Validate("ok.xml", []byte(rss102)); p != nil || w != nil {
		t.Errorf("clean feed: %v, %v", p, w)
	}
}

// On the feeds of other implementations and of the bindings' own tests,
// the sniff agrees with the test each binding makes on the whole input:
// ssefeed.Is says SSE 0.91 exactly where the sniff does, but for OPML
// outlines that declare no namespace, which only the SSE binding reads.
func TestSniffAgreesWithBindings(t *testing.T) {
	var files []string
	for _, pattern := range []string{"../testdata/*/*.xml", "../testdata/interop/*", "../sse/testdata/*.xml", "../sse/testdata/*/*.opml", "../../tui/resolver/testdata/sse/*.xml"} {
		fs, _ := filepath.Glob(pattern)
		files = append(files, fs...)
	}
	if len(files) < 10 {
		t.Fatalf("only %d files found", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := sniff(data)
		opml := bytes.Contains(data, []byte("<opml"))
		if want := ssefeed.Is(data); (got == SSE091) != want && !(opml && got == SSE091) {
			t.Errorf("%s: sniff says %v, ssefeed.Is %v", f, got, want)
		}
	}
}
