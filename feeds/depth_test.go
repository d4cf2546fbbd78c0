package feeds

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// deepEntry is an Atom feed of one entry, version 2 by by, whose XHTML
// content nests divs deep.
func deepEntry(by string, divs int) []byte {
	return fmt.Appendf(nil, `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync"><title>t</title><id>urn:x</id><updated>2005-05-21T11:43:33Z</updated>
<entry><title>from %[1]s</title><id>urn:e</id><updated>2005-05-21T11:43:33Z</updated><content type="xhtml">%[2]sx%[3]s</content><sx:sync id="e" updates="2"><sx:history sequence="2" when="2005-05-21T11:43:34Z" by="%[1]s"/><sx:history sequence="1" when="2005-05-21T11:43:33Z" by="base"/></sx:sync></entry></feed>
`, by, strings.Repeat("<div>", divs), strings.Repeat("</div>", divs))
}

// TestMergeRefusesConflictPastDepthLimit: two versions of an entry whose
// content nests as deep as feedsync reads conflict (1.0.2 §3.3 step 5);
// the losing one, written inside sx:sync and sx:conflicts, would nest
// three levels deeper, and the merge is refused with a *DepthError rather
// than written unreadable (issue 20 item 7). A level less fits, and what
// the merge writes reads back.
func TestMergeRefusesConflictPastDepthLimit(t *testing.T) {
	for _, divs := range []int{1_019, 1_018} {
		a, err := Parse("a.xml", deepEntry("A", divs))
		if err != nil {
			t.Fatal(err)
		}
		b, err := Parse("b.xml", deepEntry("B", divs))
		if err != nil {
			t.Fatal(err)
		}
		m, err := Merge(a, b)
		if divs == 1_019 {
			var de *DepthError
			if !errors.As(err, &de) || !errors.Is(err, ErrTooDeep) || de.ID != "e" || de.Depth != 1_025 {
				t.Errorf("%d divs: %v, want a DepthError for e at 1,025", divs, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%d divs: %v", divs, err)
		}
		if _, err := Parse("merged.xml", m.Bytes()); err != nil {
			t.Errorf("%d divs: the merge does not read back: %v", divs, err)
		}
	}
}
