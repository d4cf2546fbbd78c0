package feeds

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
)

const crlfRSS = "<?xml version=\"1.0\"?>\r\n<rss version=\"2.0\" xmlns:sx=\"http://feedsync.org/2007/feedsync\">\r\n" +
	"  <channel>\r\n    <title>t</title>\r\n    <item>\r\n      <title>one</title>\r\n" +
	"      <description>line 1\r\nline 2</description>\r\n" +
	"      <sx:sync id=\"x1\" updates=\"1\">\r\n        <sx:history sequence=\"1\" when=\"2020-01-01T00:00:00Z\" by=\"a\"/>\r\n" +
	"      </sx:sync>\r\n    </item>\r\n  </channel>\r\n</rss>\r\n"

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

// TestWriteKeepsLineEnds: a feed whose lines end in CRLF is written with
// CRLF throughout, what is new in it included (an item created, updated or
// merged in from a feed with other line ends), and one with LF keeps LF.
func TestWriteKeepsLineEnds(t *testing.T) {
	lf := strings.ReplaceAll(crlfRSS, "\r\n", "\n")
	st := engine.Stamp{When: time.Date(2020, 1, 2, 0, 0, 0, 0, time.UTC), By: "b"}
	for _, tc := range []struct {
		name, local, remote, want string
		change                    func(d *Doc) *Doc
	}{
		{"unchanged", crlfRSS, "", "CRLF", nil},
		{"an item created", crlfRSS, "", "CRLF", func(d *Doc) *Doc {
			title, body := "two", "a\nb"
			it, err := engine.New("x2", st, newData(t, d, nil, &title, &body), false, false)
			if err != nil {
				t.Fatal(err)
			}
			d.Set(it)
			return d
		}},
		{"an item updated", crlfRSS, "", "CRLF", func(d *Doc) *Doc { return retitled(t, d, st) }},
		{"items merged from an LF feed", crlfRSS, strings.Replace(lf, `id="x1"`, `id="x9"`, 1), "CRLF", nil},
		{"items merged from a CRLF feed into an LF one", lf, strings.Replace(crlfRSS, `id="x1"`, `id="x9"`, 1), "LF", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := mustParse(t, "local.xml", tc.local)
			if tc.remote != "" {
				var err error
				if d, err = Merge(d, mustParse(t, "remote.xml", tc.remote)); err != nil {
					t.Fatal(err)
				}
				if d.Item("x9") == nil {
					t.Fatal("the merge brought nothing in")
				}
			}
			if tc.change != nil {
				d = tc.change(d)
			}
			out := d.Bytes()
			if got := lineEnds(out); got != tc.want {
				t.Errorf("line ends %s, want %s:\n%q", got, tc.want, out)
			}
			if tc.change == nil && tc.remote == "" && string(out) != tc.local {
				t.Errorf("an unchanged feed was not written byte for byte:\n%q", out)
			}
			mustParse(t, "back.xml", string(out))
		})
	}
}

// TestCRLFIndentationLearned: a feed indented with tabs and CRLF line ends
// lays out an updated item with tabs, as the same feed with LF does; the
// step was learned only from white space with no carriage return, so a
// CRLF feed's items were written "\t\t  <title>", two spaces under tabs.
func TestCRLFIndentationLearned(t *testing.T) {
	tabs := strings.NewReplacer("\r\n      ", "\r\n\t\t\t", "\r\n        ", "\r\n\t\t\t\t", "\r\n    ", "\r\n\t\t", "\r\n  ", "\r\n\t").Replace(crlfRSS)
	st := engine.Stamp{When: time.Date(2020, 1, 2, 0, 0, 0, 0, time.UTC), By: "b"}
	write := func(feed string) string { return string(retitled(t, mustParse(t, "local.xml", feed), st).Bytes()) }
	crlf, lf := write(tabs), write(strings.ReplaceAll(tabs, "\r\n", "\n"))
	if !strings.Contains(lf, "\n\t\t\t<title>changed</title>") {
		t.Fatalf("the LF feed's item is not laid out with tabs:\n%q", lf)
	}
	if got := strings.ReplaceAll(crlf, "\r\n", "\n"); got != lf {
		t.Errorf("the CRLF feed is laid out otherwise than the LF one:\n%q\nwant (CRLF for LF)\n%q", crlf, lf)
	}
}

// retitled updates item x1 of d, its title made "changed", stamped st.
func retitled(t *testing.T, d *Doc, st engine.Stamp) *Doc {
	t.Helper()
	title := "changed"
	it := d.Item("x1")
	up, err := engine.Update(it, st, engine.Change{Data: newData(t, d, it.Data, &title, nil)}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Set(up)
	return d
}
