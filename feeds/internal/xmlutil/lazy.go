package xmlutil

import (
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
}

// ChildrenAt builds, as Builder.Children does, the children of e, whose
// start tag is at data[off] in bytes read before, and whose parent has the
// namespace bindings ns.
func (lb *LazyBuilder) ChildrenAt(data []byte, off int, ns []xmlscan.Binding, e *etree.Element, onStart func(off int, e *etree.Element)) error {
	return lb.ChildrenAtExcept(data, off, ns, e, onStart, nil)
}

// ChildrenAtExcept is ChildrenAt without the elements skip, if not nil,
// leaves out (Builder.ChildrenExcept).
func (lb *LazyBuilder) ChildrenAtExcept(data []byte, off int, ns []xmlscan.Binding, e *etree.Element, onStart func(off int, e *etree.Element), skip Skip) error {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	s := xmlscan.NewFragment(data, off, ns, xmlscan.DefaultLimits)
	if !s.Next() {
		if err := s.Err(); err != nil {
			return err
		}
		return errors.New("no element at the offset")
	}
	return lb.b.ChildrenExcept(s, e, onStart, skip)
}

// ChildrenApart is ChildrenAtExcept with a Builder of its own, for a tree
// its reader drops after one use: the blocks a Builder allocates nodes in
// hold every tree built from them, and through the child lists in them
// the trees built before, so a tree built in a shared Builder's blocks is
// garbage only when all of them are. Its blocks are sized after size, the
// bytes of the element (a node for every apartBytes of them), so that
// what is allocated is about what the tree needs. It needs no lock.
func ChildrenApart(data []byte, off, size int, ns []xmlscan.Binding, e *etree.Element, onStart func(off int, e *etree.Element), skip Skip) error {
	s := xmlscan.NewFragment(data, off, ns, xmlscan.DefaultLimits)
	if !s.Next() {
		if err := s.Err(); err != nil {
			return err
		}
		return errors.New("no element at the offset")
	}
	b := Builder{fixed: min(max(size/apartBytes, 8), 4096)}
	return b.ChildrenExcept(s, e, onStart, skip)
}

// apartBytes is the bytes of markup a block of ChildrenApart holds a node
// for: an item of the generated feeds has an element or text for every 30
// to 40 bytes, and a block of each kind is begun, so its blocks are about
// as large as what they hold.
const apartBytes = 64
