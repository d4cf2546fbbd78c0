package xmlutil

import (
	"testing"

	"github.com/beevik/etree"
)

func TestScope(t *testing.T) {
	outer := (*Scope)(nil).Push([]etree.Attr{{Key: "version", Value: "2.0"}, Decl("", "urn:d"), Decl("sx", "urn:a")})
	inner := outer.Push([]etree.Attr{Decl("sx", "urn:b")})
	if same := outer.Push([]etree.Attr{{Key: "id", Value: "x"}}); same != outer {
		t.Errorf("Push without declarations made a new scope")
	}
	for _, tc := range []struct {
		name   string
		s      *Scope
		prefix string
		uri    string
		bound  bool
	}{
		{"nil_default", nil, "", "", true},
		{"nil_xml", nil, "xml", NSXML, true},
		{"nil_unbound", nil, "sx", "", false},
		{"default", inner, "", "urn:d", true},
		{"inner_wins", inner, "sx", "urn:b", true},
		{"outer", outer, "sx", "urn:a", true},
		{"unbound", inner, "fso", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if u, ok := tc.s.URI(tc.prefix); u != tc.uri || ok != tc.bound {
				t.Errorf("URI(%q) = %q, %v; want %q, %v", tc.prefix, u, ok, tc.uri, tc.bound)
			}
		})
	}
	if got := inner.FreePrefix("sx"); got != "sx2" {
		t.Errorf("FreePrefix(sx) = %q, want sx2", got)
	}
	if got := inner.FreePrefix("fso"); got != "fso" {
		t.Errorf("FreePrefix(fso) = %q, want fso", got)
	}
}

func TestDecls(t *testing.T) {
	attrs := []etree.Attr{{Key: "id", Value: "a"}, Decl("", "urn:d"), {Space: "sx", Key: "x", Value: "1"}, Decl("p", "urn:p")}
	if got := Decls(attrs); len(got) != 2 || got[0].Key != "xmlns" || got[1].Key != "p" {
		t.Errorf("Decls = %v", got)
	}
	if !HasDecl(attrs) || HasDecl(attrs[:1]) {
		t.Errorf("HasDecl is wrong")
	}
	if !Declared(attrs, "") || !Declared(attrs, "p") || Declared(attrs, "sx") {
		t.Errorf("Declared is wrong")
	}
}
