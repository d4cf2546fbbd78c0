package ssefeed

import (
	"bytes"
	"os"
	"strings"
	"testing"

	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

// lineEnds says which line ends data uses: "CRLF", "LF", or "mixed".
func lineEnds(data []byte) string {
	crlf, lf := bytes.Count(data, []byte("\r\n")), bytes.Count(data, []byte("\n"))
	switch {
	case crlf == lf && bytes.Count(data, []byte("\r")) == crlf && crlf > 0:
		return "CRLF"
	case crlf == 0 && bytes.IndexByte(data, '\r') < 0:
		return "LF"
	}
	return "mixed"
}

// TestWriteKeepsLineEnds: a feed whose lines end in CRLF is written back
// byte for byte, and with CRLF throughout once an item is created, updated
// or merged in from a feed with LF; an LF feed keeps LF.
func TestWriteKeepsLineEnds(t *testing.T) {
	rssLF := string(feedtest.ReadFile(t, "rome-rss-playlist-sse.xml"))
	opmlData, err := os.ReadFile("testdata/opml/subscriptions.opml")
	if err != nil {
		t.Fatal(err)
	}
	opmlLF := string(opmlData)
	crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
	st := sse.Stamp{When: at("Sat, 07 Jan 2006 10:00:00 GMT"), By: "feedsync"}
	create := func(t *testing.T, d *Doc) {
		title := "new"
		it, err := sse.New("n1", st, sse.Change{Data: d.NewData(nil, &title, nil)})
		if err != nil {
			t.Fatal(err)
		}
		d.Set(it)
	}
	update := func(t *testing.T, d *Doc) {
		it := d.Items()[0]
		title := "changed"
		up, err := sse.Update(it, st, sse.Edit(it, d.NewData(it.Data, &title, nil)), sse.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d.Set(up)
	}
	for _, tc := range []struct {
		name, local, remote, want string
		change                    func(*testing.T, *Doc)
	}{
		{"RSS unchanged", crlf(rssLF), "", "CRLF", nil},
		{"RSS, an item created", crlf(rssLF), "", "CRLF", create},
		{"RSS, an item updated", crlf(rssLF), "", "CRLF", update},
		{"RSS, items merged from an LF feed", crlf(rssLF), strings.Replace(rssLF, `id="101"`, `id="999"`, 1), "CRLF", nil},
		{"RSS, items merged from a CRLF feed into an LF one", rssLF, crlf(strings.Replace(rssLF, `id="101"`, `id="999"`, 1)), "LF", nil},
		{"OPML unchanged", crlf(opmlLF), "", "CRLF", nil},
		{"OPML, an outline created", crlf(opmlLF), "", "CRLF", create},
		{"OPML, an outline updated", crlf(opmlLF), "", "CRLF", update},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := mustParse(t, "local.xml", tc.local)
			if tc.remote != "" {
				var err error
				if d, err = Merge(d, mustParse(t, "remote.xml", tc.remote)); err != nil {
					t.Fatal(err)
				}
				if d.Item("999") == nil {
					t.Fatal("the merge brought nothing in")
				}
			}
			if tc.change != nil {
				tc.change(t, d)
			}
			out := d.Bytes()
			if got := lineEnds(out); got != tc.want {
				t.Errorf("line ends %s, want %s:\n%q", got, tc.want, out)
			}
			if tc.change == nil && tc.remote == "" {
				assertBytes(t, []byte(tc.local), out)
			}
			mustParse(t, "back.xml", string(out))
		})
	}
}
