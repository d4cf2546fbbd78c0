package ssefeed

import (
	"maps"
	"sync"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// An RSS feed's items are read without building their trees, as package
// feeds reads its items: Parse scans each item once, reads its sync
// metadata and the digest of its data from the tokens, and keeps where its
// bytes are (scan.go). An item's tree is built the first time something
// needs its data (dataOf), from those bytes; an item that does not change
// is written back as the bytes it was read from. OPML outlines, which
// nest, are read into a whole tree.

// lazyItem is an RSS item element read without its tree.
type lazyItem struct {
	src        *source
	start, end int            // the element is src.data[start:end]
	shell      *etree.Element // its element in the tree: name and attributes, children once built
	syncAt     int            // offset of its sx:sync, -1 for none
	syncNS     string         // the namespace URI of its sx:sync
	bindings   []xmlscan.Binding
	conflicts  []int // offsets of its sx:conflict elements

	once  sync.Once
	built map[int]*etree.Element // elements of its tree by offset: sx:sync, sx:conflict
}

// build builds the item's tree into its shell, once.
func (lz *lazyItem) build() {
	lz.once.Do(func() {
		want := map[int]*etree.Element{lz.syncAt: nil}
		for _, c := range lz.conflicts {
			want[c] = nil
		}
		lz.src.buildInto(lz.shell, lz.start, lz.bindings, func(off int, e *etree.Element) {
			if _, ok := want[off]; ok {
				want[off] = e
			}
		})
		lz.built = want
	})
}

// raw returns the item's bytes as read.
func (lz *lazyItem) raw() []byte { return lz.src.data[lz.start:lz.end] }

// lazyData says where the tree of data read without it is: an item, or
// the sx:conflict at offset conflict in an item.
type lazyData struct {
	item     *lazyItem
	conflict int // -1 for the item's own data
	once     sync.Once
}

// load fills in the tree of data read without it (see readData and
// conflictData); it does nothing for other data.
func (x *itemData) load() {
	lz := x.lz
	if lz == nil {
		return
	}
	lz.once.Do(func() {
		lz.item.build()
		var y *itemData
		if lz.conflict < 0 {
			el, sync := lz.item.shell, lz.item.built[lz.item.syncAt]
			y = readData(x.kind, el, sync, nil)
			x.el, x.sync = el, sync
		} else {
			c := lz.item.built[lz.conflict]
			y = conflictData(x.kind, c)
		}
		x.ctx, x.attrs, x.kids, x.syncAt = y.ctx, y.attrs, y.kids, y.syncAt
	})
}

// buildInto builds the children of e, whose start tag is at data[off] and
// whose parent has the namespace bindings ns.
func (s *source) buildInto(e *etree.Element, off int, ns []xmlscan.Binding, onStart func(int, *etree.Element)) {
	if s.bld.ChildrenAt(s.data, off, ns, e, onStart) != nil {
		// The bytes were read without error when the feed was parsed: they
		// changed since, which Parse's contract rules out.
		panic("ssefeed: the bytes of a parsed feed changed after Parse")
	}
}

// builtChild returns e, a child of the channel, with its children: an
// item without sx:sync is built on first use.
func (s *source) builtChild(e *etree.Element) *etree.Element {
	if lz := s.plain[e]; lz != nil {
		lz.build()
	}
	return e
}

// bindingsOf returns the namespace declarations in scope in s, outermost
// first.
func bindingsOf(s *xmlutil.Scope) map[string]string {
	m := map[string]string{}
	var walk func(s *xmlutil.Scope)
	walk = func(s *xmlutil.Scope) {
		if s == nil {
			return
		}
		walk(s.Parent)
		for _, a := range s.Attrs {
			if xmlutil.IsDecl(a) {
				p := a.Key
				if a.Space == "" {
					p = ""
				}
				m[p] = a.Value
			}
		}
	}
	walk(s)
	if m[""] == "" {
		delete(m, "")
	}
	return m
}

// sameBindings reports whether bytes read under the bindings ns mean the
// same written under the scope s.
func sameBindings(ns []xmlscan.Binding, s *xmlutil.Scope) bool {
	a := map[string]string{}
	for _, b := range ns {
		a[b.Prefix] = b.URI
	}
	if a[""] == "" {
		delete(a, "")
	}
	return maps.Equal(a, bindingsOf(s))
}
