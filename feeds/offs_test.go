package feeds

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/feedgen"
)

// TestChildrenOfTheBoxAreContiguous: the source keeps where each child of
// the feed or channel starts, and takes a child to end where the next
// begins (source.child): for every feed of the merge scenarios, the
// round-trip feeds and a generated one, an item's bytes so taken are its
// element's, white space is white space, and the children together are
// the bytes between the element's tags.
func TestChildrenOfTheBoxAreContiguous(t *testing.T) {
	feeds := map[string]string{}
	for name, p := range mergeScenarios(t) {
		feeds[name+"/local"], feeds[name+"/remote"] = p[0], p[1]
	}
	files, _ := filepath.Glob("testdata/roundtrip/*.xml")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		feeds[f] = string(b)
	}
	l, _ := feedgen.Pair(50, 0.2, 3)
	feeds["generated"] = string(l)
	if len(feeds) < 10 {
		t.Fatal("no feeds")
	}
	for name, text := range feeds {
		d, err := Parse(name, []byte(text))
		if err != nil {
			continue // a scenario that is refused
		}
		src := d.src
		if len(src.offs) != len(d.box.Child) {
			t.Fatalf("%s: %d offsets for %d children", name, len(src.offs), len(d.box.Child))
		}
		var all []byte
		items := 0
		for i, tok := range d.box.Child {
			b := src.child(i)
			all = append(all, b...)
			switch tok := tok.(type) {
			case *etree.Element:
				if lz := itemAt(d, tok); lz != nil {
					items++
					if !bytes.Equal(b, lz.raw()) {
						t.Errorf("%s: child %d is %q, its item %q", name, i, b, lz.raw())
					}
				}
			case *etree.CharData:
				if tok.IsWhitespace() && len(bytes.TrimSpace(b)) > 0 {
					t.Errorf("%s: white space child %d is %q", name, i, b)
				}
			}
		}
		if items == 0 && len(src.items) > 0 {
			t.Errorf("%s: no item checked", name)
		}
		if want := src.data[src.boxEnd:src.boxClose]; !bytes.Equal(all, want) {
			t.Errorf("%s: the children are %q, the bytes between the tags %q", name, all, want)
		}
	}
}

// itemAt returns the item whose element is e, or nil.
func itemAt(d *Doc, e *etree.Element) *lazyEl {
	for _, lz := range d.src.items {
		if lz.shell == e {
			return lz
		}
	}
	return nil
}
