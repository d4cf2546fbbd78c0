package xmlutil

import (
	"testing"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// ChildrenApart leaves out the elements skip names, with everything in
// them (empty or not, nested or not), and builds the rest as ChildrenAt
// does; onStart meets only what is built.
func TestChildrenApartLeavesOut(t *testing.T) {
	data := []byte(`<r><item a="1"><keep>k<drop/></keep><drop>x<drop><keep/></drop></drop><drop/>` +
		`<p:drop xmlns:p="urn:other"/><keep/></item></r>`)
	off := 3 // <item
	skip := func(s *xmlscan.Scanner, parent *etree.Element) bool {
		t := s.Token()
		u, _ := s.Lookup(t.Name.Prefix)
		return parent.Tag == "item" && t.Name.Local == "drop" && u == ""
	}
	for _, tc := range []struct {
		name string
		skip Skip
		want string
	}{
		{"all", nil, `<item><keep>k<drop/></keep><drop>x<drop><keep/></drop></drop><drop/><p:drop xmlns:p="urn:other"/><keep/></item>`},
		{"except", skip, `<item><keep>k<drop/></keep><p:drop xmlns:p="urn:other"/><keep/></item>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := etree.NewElement("item")
			var met []string
			at := func(_ int, e *etree.Element) { met = append(met, e.FullTag()) }
			if err := ChildrenApart(data, off, len(data)-off, nil, nil, e, at, tc.skip); err != nil {
				t.Fatal(err)
			}
			doc := etree.NewDocument()
			doc.WriteSettings = WriteSettings
			doc.SetRoot(e)
			if got, _ := doc.WriteToString(); got != tc.want {
				t.Errorf("built %s\nwant  %s", got, tc.want)
			}
			n := len(e.FindElements("//*")) - 1 // the elements below item
			if len(met) != n {
				t.Errorf("onStart met %d elements (%v), %d were built", len(met), met, n)
			}
		})
	}
}
