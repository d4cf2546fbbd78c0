package xmlutil

import (
	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// Shell is an element of a tree built without its content, whose start
// tag is at Off in the document the tree was read from.
type Shell struct {
	El  *etree.Element
	Off int
}

// Offsets returns where in data the start tags of the wanted elements of
// doc, which was read from data, are. etree keeps no positions, so it
// numbers the start elements of doc in document order and stops a scan of
// data at the same ordinals; it reads data only as far as the last
// element wanted. The content of shells (in document order) is left out of
// both countings, whether it has been built since or not.
func Offsets(data []byte, doc *etree.Document, want map[*etree.Element]bool, shells []Shell) map[*etree.Element]int {
	out := map[*etree.Element]int{}
	if len(want) == 0 || data == nil {
		return out
	}
	isShell := make(map[*etree.Element]bool, len(shells))
	for _, s := range shells {
		isShell[s.El] = true
	}
	ordinals := map[int]*etree.Element{}
	last, n := 0, 0
	var walk func(e *etree.Element)
	walk = func(e *etree.Element) {
		for _, t := range e.Child {
			c, ok := t.(*etree.Element)
			if !ok {
				continue
			}
			n++
			if want[c] {
				ordinals[n], last = c, n
			}
			if !isShell[c] {
				walk(c)
			}
		}
	}
	walk(&doc.Element)
	s := xmlscan.New(data)
	k := 0 // the next shell
	for n = 0; n < last && s.Next(); {
		t := s.Token()
		if t.Kind != xmlscan.StartElement {
			continue
		}
		n++
		if e := ordinals[n]; e != nil {
			out[e] = t.Off
		}
		for k < len(shells) && shells[k].Off < t.Off {
			k++
		}
		if k < len(shells) && shells[k].Off == t.Off {
			for depth := s.Depth(); s.Next(); {
				if s.Token().Kind == xmlscan.EndElement && s.Depth() < depth {
					break
				}
			}
		}
	}
	return out
}
