package xmlutil

import (
	"fmt"

	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// MaxItemElements bounds the elements of one item of a feed read without
// its tree (an Atom entry, an RSS item), itself and its conflict versions
// included: a larger item is refused where the limit is passed, before its
// tree could be built.
const MaxItemElements = 100_000

// ItemReader reads the tokens of one item from a scanner, counting its
// elements against MaxItemElements.
type ItemReader struct {
	S    *xmlscan.Scanner
	n    int
	name string
}

// Start begins an item named name, whose start tag S has just read.
func (r *ItemReader) Start(name string) { r.n, r.name = 1, name }

// Next reads the next token, and stops S with an error at the element
// past the limit.
func (r *ItemReader) Next() bool {
	if !r.S.Next() {
		return false
	}
	if t := r.S.Token(); t.Kind == xmlscan.StartElement {
		r.n++
		if r.n > MaxItemElements {
			r.S.Stop(t.Off, fmt.Sprintf("more than %d elements in one <%s>: feedsync does not read items this large", MaxItemElements, r.name))
			return false
		}
	}
	return true
}

// Skip reads up to the end tag of the element whose start tag S has just
// read.
func (r *ItemReader) Skip() bool {
	depth := r.S.Depth()
	for r.Next() {
		if r.S.Token().Kind == xmlscan.EndElement && r.S.Depth() == depth-1 {
			return true
		}
	}
	return false
}
