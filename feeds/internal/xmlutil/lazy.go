package xmlutil

import (
	"bytes"
	"errors"
	"sync"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// A LazyBuilder builds, on first use, the elements a first pass over a
// document skipped: the items of a parsed feed that nothing has read yet.
// Several goroutines may use one at once. The zero value is ready to use.
type LazyBuilder struct {
	mu sync.Mutex // guards b
	b  Builder
	// Entities are those the document declares, which references in
	// the elements built expand to (xmlscan.Scanner.SetEntities).
	Entities *xmlscan.Entities
	// Tags, if not nil, records the tags built that etree writes in other
	// bytes (Builder.Tags).
	Tags *RawTags
}

// ChildrenAt builds, as Builder.Children does, the children of e, whose
// start tag is at data[off] in bytes read before, and whose parent has the
// namespace bindings ns.
func (lb *LazyBuilder) ChildrenAt(data []byte, off int, ns []xmlscan.Binding, e *etree.Element, onStart func(off int, e *etree.Element)) error {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	s, err := fragmentAt(data, off, ns, lb.Entities)
	if err != nil {
		return err
	}
	lb.b.Tags = lb.Tags
	return lb.b.Children(s, e, onStart)
}

// fragmentAt returns a scanner that has read the start tag at data[off],
// whose parent has the namespace bindings ns, in a document that declares
// ents.
func fragmentAt(data []byte, off int, ns []xmlscan.Binding, ents *xmlscan.Entities) (*xmlscan.Scanner, error) {
	s := xmlscan.NewFragment(data, off, ns, xmlscan.DefaultLimits)
	s.SetEntities(ents)
	if !s.Next() {
		if err := s.Err(); err != nil {
			return nil, err
		}
		return nil, errors.New("no element at the offset")
	}
	return s, nil
}

// ChildrenApart is ChildrenAt without the elements skip, if not nil,
// leaves out (Builder.ChildrenExcept), with a Builder of its own, for a tree
// its reader drops after one use: the blocks a Builder allocates nodes in
// hold every tree built from them, and through the child lists in them
// the trees built before, so a tree built in a shared Builder's blocks is
// garbage only when all of them are. Its blocks are sized after the
// element's size bytes (apartBlocks), what skip leaves out included, so
// that a build allocates a block of each kind, about as large as what the
// tree needs: blocks of the usual sizes, doubling from 16, took 3.5 times
// as much. ents are the entities the document declares. It needs no lock.
func ChildrenApart(data []byte, off, size int, ns []xmlscan.Binding, ents *xmlscan.Entities, e *etree.Element, onStart func(off int, e *etree.Element), skip Skip) error {
	s, err := fragmentAt(data, off, ns, ents)
	if err != nil {
		return err
	}
	var b Builder
	b.apartBlocks(data[off:min(off+size, len(data))])
	return b.ChildrenExcept(s, e, onStart, skip)
}

// apartBlocks gives b blocks for the nodes of the element whose bytes are
// frag, counted from its markup: an element for each start tag (a '<'
// that no end tag's '/' follows), text between any two tags, a child list
// entry for each of those, an attribute for each '='. They are upper
// bounds but for text holding '=' or a comment holding '<'; what they miss
// comes in blocks of the usual sizes. (The generated 100k pair: a merge's
// write allocated 360 MB so, 414 MB in blocks of a fixed 1 for every 64
// bytes, 1.25 GB in blocks doubling from 16.)
func (b *Builder) apartBlocks(frag []byte) {
	tags := bytes.Count(frag, []byte{'<'})
	ends := bytes.Count(frag, []byte("</"))
	els, texts := tags-ends, tags+1
	b.els = make([]etree.Element, els)
	b.cds = make([]etree.CharData, texts)
	b.toks = make([]etree.Token, els+texts)
	b.attrs = make([]etree.Attr, bytes.Count(frag, []byte{'='}))
}
