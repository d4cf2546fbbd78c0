package xmlutil

import (
	"testing"

	"github.com/beevik/etree"
)

// TestEditsTake checks the one-for-one, add and drop cases of Edits.Take,
// and that Clone leaves the edits it copies alone.
func TestEditsTake(t *testing.T) {
	el := func(tag string) *etree.Element { return etree.NewElement(tag) }
	a1, a2, b1, b2, c1 := el("a"), el("a"), el("b"), el("b"), el("c")
	e := (*Edits)(nil).Clone()
	if !e.Take([]*etree.Element{a1}, []*etree.Element{a2}) || e.Replace[a1] != a2 {
		t.Error("one for one")
	}
	if !e.Take(nil, []*etree.Element{b1, b2}) || len(e.Insert) != 2 {
		t.Error("added")
	}
	if !e.Take([]*etree.Element{c1}, nil) || !e.Replaces(c1) || e.Replace[c1] != nil {
		t.Error("dropped")
	}
	if e.Take([]*etree.Element{a1, a2}, []*etree.Element{b1}) || e.Take(nil, nil) {
		t.Error("took elements in different numbers, or none")
	}
	c := e.Clone()
	c.Take([]*etree.Element{b1}, []*etree.Element{b2})
	if e.Replaces(b1) || len(c.Insert) != 2 {
		t.Error("Clone shares its map with the edits it copies")
	}
	var seen []etree.Token
	e.Each(c1, func(t etree.Token) { seen = append(seen, t) })
	e.Each(a1, func(t etree.Token) { seen = append(seen, t) })
	e.Each(b1, func(t etree.Token) { seen = append(seen, t) })
	if len(seen) != 2 || seen[0] != etree.Token(a2) || seen[1] != etree.Token(b1) {
		t.Errorf("Each gave %v", seen)
	}
	if (*Edits)(nil).Replaces(a1) || (*Edits)(nil).Inserts() != nil {
		t.Error("nil edits change something")
	}
}

// TestNilEditsAreNone checks that a Doc holding no edits (nil) writes
// every token as it is and adds nothing.
func TestNilEditsAreNone(t *testing.T) {
	var e *Edits
	tok := etree.NewElement("title")
	var got []etree.Token
	e.Each(tok, func(t etree.Token) { got = append(got, t) })
	if len(got) != 1 || got[0] != tok || e.Replaces(tok) || e.Inserts() != nil {
		t.Fatalf("nil Edits: Each gave %v, Replaces %v, Inserts %v", got, e.Replaces(tok), e.Inserts())
	}
	if c := e.Clone(); c == nil || len(c.Replace) != 0 || len(c.Insert) != 0 {
		t.Fatalf("Clone of nil = %+v, want empty edits", c)
	}
}
