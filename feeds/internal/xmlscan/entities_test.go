package xmlscan_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// entityDoc declares entities as feeds do: characters HTML names, a word,
// one through another, and one with line ends and a tab.
const entityDoc = `<!DOCTYPE rss [
<!ENTITY nbsp "&#160;">
<!ENTITY site "Example &amp; Co">
<!ENTITY sig "&site; &#x2014; &nbsp;">
<!ENTITY ws "a	b
c">
<!ENTITY lt2 "&#38;#60;">
]>
<rss a="&sig;|&ws;" b="&lt2;"><t>&sig;|&ws;|&lt2;</t></rss>`

// TestExpandsDeclaredEntities guards issue 31 item 3: an entity the
// internal subset declares was refused as an "invalid character entity".
// It expands as XML 1.0 §4.4 says: in text to its replacement text, its
// own references expanded in turn (&lt2; is "&#60;" once declared, and
// so "<"); in an attribute's value likewise, with white space made spaces
// (§3.3.3). A fragment of the document read by a scanner of its own
// expands them when given the document's entities.
func TestExpandsDeclaredEntities(t *testing.T) {
	s := xmlscan.New([]byte(entityDoc))
	var attrs []string
	var text string
	for s.Next() {
		tok := s.Token()
		if tok.Kind == xmlscan.StartElement && tok.Name.Local == "rss" {
			for _, a := range tok.Attrs {
				attrs = append(attrs, a.Value)
			}
		}
		if tok.Kind == xmlscan.Text && s.Depth() == 2 {
			text = tok.Text
			if tok.Literal || tok.Space {
				t.Errorf("text with references marked literal or space: %+v", tok)
			}
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if want := "Example & Co \u2014 \u00a0|a\tb\nc|<"; text != want {
		t.Errorf("text %q, want %q", text, want)
	}
	if want := []string{"Example & Co \u2014 \u00a0|a b c", "<"}; strings.Join(attrs, "/") != strings.Join(want, "/") {
		t.Errorf("values %q, want %q", attrs, want)
	}
	off := strings.Index(entityDoc, "<t>")
	f := xmlscan.NewFragment([]byte(entityDoc), off, nil, xmlscan.DefaultLimits)
	if f.Next(); f.Next() && f.Token().Kind == xmlscan.Text {
		t.Fatalf("a fragment expanded without the document's entities: %q", f.Token().Text)
	}
	f = xmlscan.NewFragment([]byte(entityDoc), off, nil, xmlscan.DefaultLimits)
	f.SetEntities(s.Entities())
	if !f.Next() || !f.Next() || f.Token().Text != text {
		t.Errorf("fragment: %v, %q", f.Err(), f.Token().Text)
	}
}

// laughs returns a billion-laughs document: ten entities, each ten of the
// one before, the last referred to at line levels+5.
func laughs(levels int) string {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 \"lol\">\n")
	for i := 1; i < levels; i++ {
		fmt.Fprintf(&b, "<!ENTITY lol%d \"%s\">\n", i, strings.Repeat(fmt.Sprintf("&lol%d;", i-1), 10))
	}
	fmt.Fprintf(&b, "]>\n<lolz>\n  <x>&lol%d;</x>\n</lolz>\n", levels-1)
	return b.String()
}

// TestRefusesBillionLaughs guards issue 31 item 3's bound: a document of
// a few hundred bytes whose entities expand to 3 GB is refused at the
// reference, with its line and column, once the expansion passes
// MaxEntityExpansion, having allocated a few times that bound at most.
// (BenchmarkBillionLaughs times it.)
func TestRefusesBillionLaughs(t *testing.T) {
	doc := []byte(laughs(10))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := xmlscan.Check(doc)
	runtime.ReadMemStats(&after)
	want := fmt.Sprintf("15:6: x: the entities this document refers to expand past %d bytes in all", xmlscan.MaxEntityExpansion)
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("Check = %v\nwant %s…", err, want)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8*xmlscan.MaxEntityExpansion {
		t.Errorf("refusing it allocated %d bytes, more than 8 times the bound", alloc)
	}
	if err := xmlscan.Check([]byte(laughs(4))); err != nil { // 30,000 bytes of laughs
		t.Errorf("a document within the bound: %v", err)
	}
}

// BenchmarkBillionLaughs times the refusal of a billion-laughs document.
//
//	$ go test -run '^$' -bench BillionLaughs -benchmem ./feeds/internal/xmlscan
func BenchmarkBillionLaughs(b *testing.B) {
	doc := []byte(laughs(10))
	for b.Loop() {
		if xmlscan.Check(doc) == nil {
			b.Fatal("accepted")
		}
	}
}
