package feeds

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

// TestHeightReadFromBytesIsTheTreesHeight: the depth limit's measure of a
// conflict version, read from its bytes without a tree (lazyEl.height),
// is the one its tree gives (elementHeight of each child but sx:sync), for
// every version, items' own and their conflicts', of every feed in
// testdata, of the merges of testdata/merge and of a generated pair, and
// of versions nested deeper, with a child sx:sync not first, and with
// elements written empty.
func TestHeightReadFromBytesIsTheTreesHeight(t *testing.T) {
	docs := map[string][]byte{"nested.xml": []byte(nestedVersions)}
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "*.xml"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[f] = b
	}
	for name, p := range mergeScenarios(t) {
		docs["merge/"+name] = []byte(mergeOf(t, p, false))
	}
	l, r := feedgen.Pair(300, 0.3, 2)
	docs["generated"] = []byte(mergeOf(t, [2]string{string(l), string(r)}, false))
	checked := 0
	for name, b := range docs {
		d, err := Parse(name, b)
		if err != nil {
			continue // a file kept to be refused
		}
		for _, lz := range d.src.items {
			for _, v := range append([]*lazyEl{lz}, lz.nested()...) {
				got := v.height()
				x := &itemData{format: d.format, lz: v}
				want := 0
				kids, _ := x.children()
				for _, k := range kids {
					if e := k.elem(); e != nil {
						want = max(want, elementHeight(e))
					}
				}
				if got != want {
					t.Errorf("%s: version at %d: height %d from its bytes, %d from its tree", name, v.start, got, want)
				}
				checked++
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d versions checked", checked)
	}
}

var nestedVersions = strings.TrimSpace(`
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
 <entry><title>a</title><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p><b>deep</b></p></div></content>
  <sx:sync id="1" updates="2"><sx:history sequence="2" by="A"/><sx:history sequence="1" by="B"/>
   <sx:conflicts>
    <entry><title>b</title><sx:sync id="1" updates="1"><sx:history sequence="1" by="B"/></sx:sync><x:deep xmlns:x="urn:x"><x:a><x:b><x:c/></x:b></x:a></x:deep></entry>
    <entry><sx:sync id="1" updates="1"><sx:history sequence="1" by="C"/></sx:sync><title/></entry>
   </sx:conflicts>
  </sx:sync>
  <x:after xmlns:x="urn:x"><x:one/></x:after>
 </entry>
</feed>`)
