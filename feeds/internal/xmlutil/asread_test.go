package xmlutil

import (
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// TestAsRead checks, for each form an element can be written in, that
// AsRead finds it as read exactly when etree writes the tree built from
// it as those bytes.
func TestAsRead(t *testing.T) {
	for _, c := range []struct {
		name, xml string
		crlf      bool
	}{
		{"plain", `<a b="c">text &amp; &lt;more</a>`, false},
		{"empty", `<a/>`, false},
		{"start and end", `<a></a>`, false},
		{"single quotes", `<a b='c'/>`, false},
		{"space in tag", `<a  b="c"/>`, false},
		{"space before end", `<a>x</a >`, false},
		{"gt in text", `<a>x > y</a>`, false},
		{"gt in attribute", `<a b="x>y"/>`, false},
		{"quote reference", `<a>&quot;</a>`, false},
		{"apostrophe in attribute", `<a b="'"/>`, false},
		{"character reference", `<a>&#233;</a>`, false},
		{"carriage return reference", `<a>&#13;</a>`, false},
		{"tab in attribute", `<a b="&#x9;"/>`, false},
		{"cdata", `<a><![CDATA[<x> & ]]></a>`, false},
		{"comment", `<a><!-- c --></a>`, false},
		{"processing instruction", `<a><?p d?></a>`, false},
		{"processing instruction, two spaces", `<a><?p  d?></a>`, false},
		{"crlf", "<a>\r\n<b/>\r\n</a>", false},
		{"crlf rewritten", "<a>\r\n<b/>\r\n</a>", true},
		{"lone cr rewritten", "<a>\r<b/>\r\n</a>", true},
		{"xhtml", `<div xmlns="http://www.w3.org/1999/xhtml"><p>x<br/></p></div>`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := []byte(c.xml)
			read := c.xml
			if c.crlf {
				read = strings.ReplaceAll(read, "\r\n", "\n")
			}
			want := writtenByEtree(t, data) == read
			r := AsRead{CRLF: c.crlf}
			s := xmlscan.NewFragment(data, 0, nil, xmlscan.DefaultLimits)
			got := true
			for s.Next() {
				got = r.Token(data, s.Token()) && got
			}
			if s.Err() != nil {
				t.Fatal(s.Err())
			}
			if got != want {
				t.Errorf("AsRead: %v, etree writes the bytes read: %v", got, want)
			}
		})
	}
}

// writtenByEtree returns what etree writes for the element data holds,
// built by the Builder.
func writtenByEtree(t *testing.T, data []byte) string {
	t.Helper()
	s := xmlscan.NewFragment(data, 0, nil, xmlscan.DefaultLimits)
	if !s.Next() {
		t.Fatal(s.Err())
	}
	var b Builder
	e := b.Element(s)
	if e == nil {
		t.Fatal(s.Err())
	}
	var sb strings.Builder
	e.WriteTo(&sb, &WriteSettings)
	return sb.String()
}

// FuzzAsRead checks that whatever AsRead finds as read, etree writes as
// those bytes: what lets the feeds writer write them without a tree.
//
// $ go test -fuzz=FuzzAsRead ./feeds/internal/xmlutil
func FuzzAsRead(f *testing.F) {
	for _, s := range []string{`<a b="c">t &amp; <b/><!--c--><?p d?><![CDATA[x]]></a>`, `<a b='c'>&#233;&quot;></a >`, "<a>\r\n</a>"} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, crlf bool) {
		s := xmlscan.NewFragment(data, 0, nil, xmlscan.DefaultLimits)
		if !s.Next() || s.Token().Kind != xmlscan.StartElement {
			return
		}
		r := AsRead{CRLF: crlf}
		same := r.Token(data, s.Token())
		for s.Next() {
			same = r.Token(data, s.Token()) && same
		}
		if s.Err() != nil || !same || len(data) == 0 {
			return
		}
		read := string(data[:s.Token().End])
		if crlf {
			read = strings.ReplaceAll(read, "\r\n", "\n")
		}
		if got := writtenByEtree(t, data); got != read {
			t.Errorf("AsRead finds %q as read; etree writes %q", read, got)
		}
	})
}
