package ssefeed

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds/feedtest"
)

func mustParse(t testing.TB, name, data string) *Doc {
	t.Helper()
	d, err := Parse(name, []byte(data))
	if err != nil {
		t.Fatalf("Parse(%s):\n%v", name, err)
	}
	return d
}

// xmlTokens returns a document as namespace-resolved tokens, one to a
// line: attributes sorted, namespace declarations and white space left
// out, so that equivalent documents give equal results.
func xmlTokens(t testing.TB, data []byte) string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var out []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, data)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			var attrs []string
			for _, a := range tok.Attr {
				if a.Name.Space != "xmlns" && !(a.Name.Space == "" && a.Name.Local == "xmlns") {
					attrs = append(attrs, fmt.Sprintf("{%s}%s=%q", a.Name.Space, a.Name.Local, a.Value))
				}
			}
			slices.Sort(attrs)
			out = append(out, fmt.Sprintf("<{%s}%s %s>", tok.Name.Space, tok.Name.Local, strings.Join(attrs, " ")))
		case xml.EndElement:
			out = append(out, "</>")
		case xml.CharData:
			if s := strings.TrimSpace(string(tok)); s != "" {
				out = append(out, fmt.Sprintf("text %q", s))
			}
		case xml.Comment:
			out = append(out, fmt.Sprintf("comment %q", tok))
		}
	}
	return strings.Join(out, "\n")
}

// assertXMLEqual fails unless the two documents are equivalent as XML.
func assertXMLEqual(t testing.TB, want, got []byte) {
	t.Helper()
	if w, g := xmlTokens(t, want), xmlTokens(t, got); w != g {
		t.Errorf("documents differ as XML (-want +got):\n%s\ngot:\n%s", feedtest.LineDiff(w, g), got)
	}
}

// assertBytes fails unless got is want, showing a line diff.
func assertBytes(t testing.TB, want, got []byte) {
	t.Helper()
	if !bytes.Equal(want, got) {
		t.Errorf("output differs (-want +got):\n%s", feedtest.LineDiff(string(want), string(got)))
	}
}

// at parses a date-time as the spec writes them.
func at(s string) time.Time {
	t, err := time.Parse(time.RFC1123, s)
	if err != nil {
		panic(err)
	}
	return t.UTC()
}

// show renders an item on one line per element, for comparisons.
func show(it *sse.Item) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s v%d", it.ID, it.Version)
	if it.Deleted {
		b.WriteString(" deleted")
	}
	if it.Conflict {
		b.WriteString(" conflict")
	}
	if it.Position != (sse.Position{}) {
		fmt.Fprintf(&b, " @%s/%s", it.Position.Parent, it.Position.Key)
	}
	fmt.Fprintf(&b, " %q\n  history %s", Title(it.Data)+"|"+contentOf(dataOf(it.Data)), showStamp(it.History.Stamp()))
	for _, u := range it.History.Updates {
		fmt.Fprintf(&b, "\n  update %s", showStamp(u))
	}
	for _, c := range it.Conflicts {
		fmt.Fprintf(&b, "\n  conflict v%d %s %q", c.Version, showStamp(c.Stamp()), Title(c.Data)+"|"+contentOf(dataOf(c.Data)))
		if c.Deleted {
			b.WriteString(" deleted")
		}
		if c.Position != (sse.Position{}) {
			fmt.Fprintf(&b, " @%s/%s", c.Position.Parent, c.Position.Key)
		}
		if c.HasFrom {
			fmt.Fprintf(&b, " from %s", showStamp(c.From))
		}
	}
	return b.String()
}

func showStamp(s sse.Stamp) string {
	w, by := "-", s.By
	if s.HasWhen() {
		w = formatDate(s.When)
	}
	if by == "" {
		by = "-"
	}
	return w + " " + by
}

// showItems renders all items of a Doc.
func showItems(d *Doc) string {
	var b strings.Builder
	for _, it := range d.Items() {
		b.WriteString(show(it))
		b.WriteByte('\n')
	}
	return b.String()
}

// reparse writes a Doc and reads it back.
func reparse(t testing.TB, d *Doc) *Doc {
	t.Helper()
	return mustParse(t, d.Name()+" (written)", string(d.Bytes()))
}
