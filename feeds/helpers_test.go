package feeds

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/engine"
)

// mustParse parses a feed or fails the test.
func mustParse(t testing.TB, name, data string) *Doc {
	t.Helper()
	d, err := Parse(name, []byte(data))
	if err != nil {
		t.Fatalf("Parse(%s): %v", name, err)
	}
	return d
}

// xmlTokens returns the namespace-resolved tokens of a document, adjacent
// character data merged, for comparing documents as XML rather than bytes.
func xmlTokens(t testing.TB, data []byte) []string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	var toks []string
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			toks = append(toks, "text "+text.String())
			text.Reset()
		}
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("tokenizing: %v", err)
		}
		switch tok := tok.(type) {
		case xml.CharData:
			text.Write(tok)
			continue
		case xml.StartElement:
			flush()
			s := "start {" + tok.Name.Space + "}" + tok.Name.Local
			for _, a := range tok.Attr {
				if a.Name.Space == "xmlns" || a.Name.Space == "" && a.Name.Local == "xmlns" {
					continue // declarations matter through the names they resolve
				}
				s += " {" + a.Name.Space + "}" + a.Name.Local + "=" + a.Value
			}
			toks = append(toks, s)
		default:
			flush()
			toks = append(toks, fmt.Sprintf("%T %v", tok, tok))
		}
	}
	flush()
	return toks
}

// xmlEquivalent reports whether two documents are the same XML: the same
// elements with the same expanded names, attributes, text and comments.
func xmlEquivalent(t testing.TB, a, b []byte) bool {
	t.Helper()
	return reflect.DeepEqual(xmlTokens(t, a), xmlTokens(t, b))
}

// itemsEqual compares two item lists: sync metadata, and all fields of the
// data, for the items and their conflicts.
func itemsEqual(a, b []*engine.Item) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%d items, then %d", len(a), len(b))
	}
	for i := range a {
		if d := itemDiff(a[i], b[i]); d != "" {
			return fmt.Sprintf("item %d (%s): %s", i, a[i].Sync.ID, d)
		}
	}
	return ""
}

// dataFields are the fields of data without Preserve, which says what
// holds where the element is read (xml:space above it), not what the data
// is: a version merged into another feed is written in that one's context.
func dataFields(d engine.Data) []Field {
	fs := Fields(d)
	for i := range fs {
		fs[i].Preserve = false
	}
	return fs
}

func itemDiff(a, b *engine.Item) string {
	if !syncEqual(a.Sync, b.Sync) {
		return fmt.Sprintf("sync %+v, then %+v", a.Sync, b.Sync)
	}
	if fa, fb := dataFields(a.Data), dataFields(b.Data); !reflect.DeepEqual(fa, fb) {
		return fmt.Sprintf("fields %+v, then %+v", fa, fb)
	}
	if len(a.Conflicts) != len(b.Conflicts) {
		return fmt.Sprintf("%d conflicts, then %d", len(a.Conflicts), len(b.Conflicts))
	}
	for i := range a.Conflicts {
		if d := itemDiff(a.Conflicts[i], b.Conflicts[i]); d != "" {
			return fmt.Sprintf("conflict %d: %s", i, d)
		}
	}
	return ""
}

// newData is d.NewData for data that must be made: an error fails tb.
func newData(tb testing.TB, d *Doc, base engine.Data, title, content *string) engine.Data {
	tb.Helper()
	data, err := d.NewData(base, title, content)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}
