package dialect

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/plain"
)

// FuzzAdopt: adopting any feed that loads never panics, gives a feed that
// loads, and adopting that again changes nothing.
//
// $ go test -fuzz=FuzzAdopt ./feeds/dialect
func FuzzAdopt(f *testing.F) {
	for _, s := range []string{plainRSS, plainOPML, plainAtom, rss102mixed, emptyRSS, emptyOPML, emptyAtom} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse("f", data)
		if err != nil {
			return
		}
		var de *AdoptDialectError
		if _, err := d.Adopt(at(1, "A"), None); errors.As(err, &de) {
			return // refused: a dialect the format cannot take
		}
		once, _ := adopt(t, d, at(1, "A"), None)
		twice, done := adopt(t, once, at(2, "B"), None)
		if len(done) != 0 || !bytes.Equal(twice.Bytes(), once.Bytes()) {
			t.Fatalf("adopting again: %d adopted\n%s\n---\n%s", len(done), once.Bytes(), twice.Bytes())
		}
	})
}

// BenchmarkAdopt adopts a plain RSS feed of 10,000 items; the cost must
// grow linearly with the feed (it once counted lines from the start for
// every item).
//
// $ go test -run '^$' -bench Adopt ./feeds/dialect
func BenchmarkAdopt(b *testing.B) {
	var sb bytes.Buffer
	sb.WriteString("<?xml version=\"1.0\"?>\n<rss version=\"2.0\">\n <channel>\n  <title>Big</title>\n")
	for i := range 10000 {
		fmt.Fprintf(&sb, "  <item>\n   <title>Item %d</title>\n   <guid>urn:big:%d</guid>\n  </item>\n", i, i)
	}
	sb.WriteString(" </channel>\n</rss>\n")
	d, err := Parse("big.xml", sb.Bytes())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(sb.Len()))
	b.ReportAllocs()
	for b.Loop() {
		if a, err := d.Adopt(at(1, "A"), None); err != nil || len(a.Items) != 10000 {
			b.Fatalf("adopted %v: %v", a, err)
		}
	}
}

// The items of a feed are read by the scanner Parse reads it with: every
// file of the malformed-XML corpus stops both at the same place, with the
// same file:line:col: element: message. (Parse also bounds the elements
// of the trees it builds, xml-dense-elements.xml; the scan builds none,
// and reads only feeds that Parse has read.)
func TestAdoptScanStopsWhereParseStops(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/malformed/xml-*.xml")
	if len(files) < 40 {
		t.Fatalf("only %d malformed XML files", len(files))
	}
	for _, f := range files {
		if filepath.Base(f) == "xml-dense-elements.xml" {
			continue
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			data := readFile(t, f)
			_, perr := Parse(f, data)
			_, err := plain.Read(data, plain.RSS)
			if perr == nil || err == nil {
				t.Fatalf("Parse: %v; plain.Read: %v; want both to refuse", perr, err)
			}
			want := strings.SplitN(perr.Error(), "\n", 2)[0]
			if got := feeds.SyntaxProblems(f, data, err).Error(); got != want {
				t.Errorf("plain.Read stops at\n%s\nParse at\n%s", got, want)
			}
		})
	}
}
