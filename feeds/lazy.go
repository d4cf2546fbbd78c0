package feeds

import (
	"maps"
	"sync"
	"sync/atomic"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// A feed's items are read without building their trees: Parse scans each
// item once, reads its sync metadata and the digest of its shared data
// from the tokens, and keeps where its bytes are. Most items of a merge
// are never looked at again: an item that does not change is written back
// as the exact bytes it was read from. The tree of an item is built the
// first time something needs it (its fields, a change, a merge that takes
// another version's data), from those bytes.

// lazyEl is an item or conflict version element that was read but whose
// tree is built only when needed.
type lazyEl struct {
	src        *source
	start, end int // the element is src.data[start:end]
	syncAt     int // the offset of its sx:sync's start tag, -1 for none
	has        has // what of its format's required children it has (Incomplete)
	// An item's element in the document's tree: its name and attributes,
	// and its children once built. nil for a conflict version.
	shell *etree.Element
	// bindings are the namespace declarations in scope at an item's
	// parent, shared by all the items of a feed; scope is the same as a
	// scope once the parse has made it.
	bindings []xmlscan.Binding
	scope    *scope
	owner    *lazyEl   // the item a conflict version is in
	nested   []*lazyEl // an item's conflict versions

	once  sync.Once
	ready atomic.Bool // tr is built
	tr    *itemTree
	built map[int]*etree.Element // an item's elements the lazy elements in it need, by offset

	slimOnce sync.Once
	slimTr   *itemTree // the tree without its history (slim), when built
}

// itemTree is the tree of one version's element: the element, its
// sx:sync, and the namespace contexts around them.
type itemTree struct {
	el     *etree.Element // the element read; nil for data made anew
	scope  *scope         // namespace context of el's parent
	iscope *scope         // namespace context inside el
	sync   *etree.Element // the version's own sx:sync, for what the engine does not model; may be nil
	sscope *scope         // namespace context inside sync
}

// tree returns the element's tree, building it on first use.
func (lz *lazyEl) tree() *itemTree {
	lz.once.Do(func() {
		lz.build()
		lz.ready.Store(true)
	})
	return lz.tr
}

// slim returns the tree of an item for what reads its data alone: its
// fields and digest, and a merge that composes it into a new version
// (compose), which takes its element, its children but sx:sync, and of
// its sx:sync the attributes and foreign children, writing its history
// and conflicts anew from the item's metadata. Most of an item's tree is
// those, so unless the whole tree is built already this one is built
// apart, without the sx:history and sx:conflicts of its sx:sync, into a
// copy of its element (the merge of the generated 100k pair held
// 534 MB at its last collection, 563 MB with whole trees). An item under
// xml:space="preserve", which its copy would not be, and a conflict
// version get the whole tree.
func (lz *lazyEl) slim() *itemTree {
	if lz.owner != nil || lz.ready.Load() || xmlutil.SpacePreserved(lz.shell.Parent()) {
		return lz.tree()
	}
	lz.slimOnce.Do(lz.buildSlim)
	return lz.slimTr
}

// buildSlim builds the tree slim returns.
func (lz *lazyEl) buildSlim() {
	sh := lz.shell
	el := &etree.Element{Space: sh.Space, Tag: sh.Tag, Attr: sh.Attr}
	var sync *etree.Element
	at := func(off int, e *etree.Element) {
		if off == lz.syncAt {
			sync = e
		}
	}
	skip := func(s *xmlscan.Scanner, parent *etree.Element) bool {
		if parent != sync || sync == nil {
			return false
		}
		t := s.Token()
		u, _ := s.Lookup(t.Name.Prefix)
		return u == NSFeedSync && (t.Name.Local == "history" || t.Name.Local == "conflicts")
	}
	if lz.src.bld.ChildrenAtExcept(lz.src.data, lz.start, lz.bindings, el, at, skip) != nil {
		panic("feeds: the bytes of a parsed feed changed after Parse") // as buildInto
	}
	is := lz.scope.child(el)
	lz.slimTr = &itemTree{el: el, scope: lz.scope, iscope: is, sync: sync}
	if sync != nil {
		lz.slimTr.sscope = is.child(sync)
	}
}

// build builds an item's children into its shell, or finds a conflict
// version's element in its item's tree.
func (lz *lazyEl) build() {
	if lz.owner != nil {
		o := lz.owner.tree()
		el, sync := lz.owner.built[lz.start], lz.owner.built[lz.syncAt]
		ps := scopeOf(o.iscope, o.el, el)
		is := ps.child(el)
		lz.tr = &itemTree{el: el, scope: ps, iscope: is, sync: sync}
		if sync != nil {
			lz.tr.sscope = is.child(sync)
		}
		return
	}
	want := map[int]*etree.Element{lz.syncAt: nil}
	for _, n := range lz.nested {
		want[n.start], want[n.syncAt] = nil, nil
	}
	lz.src.buildInto(lz.shell, lz.start, lz.bindings, func(off int, e *etree.Element) {
		if _, ok := want[off]; ok {
			want[off] = e
		}
	})
	lz.built = want
	is := lz.scope.child(lz.shell)
	lz.tr = &itemTree{el: lz.shell, scope: lz.scope, iscope: is, sync: want[lz.syncAt]}
	if lz.tr.sync != nil {
		lz.tr.sscope = is.child(lz.tr.sync)
	}
}

// buildInto builds the children of e, whose start tag is at data[off] in
// the source and whose parent has the namespace bindings ns.
func (s *source) buildInto(e *etree.Element, off int, ns []xmlscan.Binding, onStart func(int, *etree.Element)) {
	if s.bld.ChildrenAt(s.data, off, ns, e, onStart) != nil {
		// The bytes were read without error when the feed was parsed: they
		// changed since, which Parse's contract rules out.
		panic("feeds: the bytes of a parsed feed changed after Parse")
	}
}

// builtChild returns e, a child of the element that holds the items, with its
// children: an item without sx:sync is built on first use.
func (s *source) builtChild(e *etree.Element) *etree.Element {
	if lz := s.plain[e]; lz != nil {
		lz.once.Do(func() { s.buildInto(e, lz.start, lz.bindings, nil) })
	}
	return e
}

// raw returns the element's bytes as read.
func (lz *lazyEl) raw() []byte { return lz.src.data[lz.start:lz.end] }

// scopeOf returns the namespace context of e's parent, e being under top
// (whose inner context is in) in the same tree.
func scopeOf(in *scope, top, e *etree.Element) *scope {
	var path []*etree.Element
	for p := e.Parent(); p != nil && p != top; p = p.Parent() {
		path = append(path, p)
	}
	s := in
	for i := len(path) - 1; i >= 0; i-- {
		s = s.child(path[i])
	}
	return s
}

// bindingsOf returns the namespace declarations in scope in s, outermost
// first.
func bindingsOf(s *xmlutil.Scope) []xmlscan.Binding {
	if s == nil {
		return nil
	}
	out := bindingsOf(s.Parent)
	for _, a := range s.Attrs {
		if xmlutil.IsDecl(a) {
			p := a.Key
			if a.Space == "" {
				p = ""
			}
			out = append(out, xmlscan.Binding{Prefix: p, URI: a.Value})
		}
	}
	return out
}

// sameBindings reports whether every prefix means the same in a and b,
// so that bytes read under one keep their meaning under the other.
func sameBindings(a, b *scope) bool {
	if a == b {
		return true
	}
	return maps.Equal(bindingMap(a), bindingMap(b))
}

func bindingMap(s *scope) map[string]string {
	m := map[string]string{}
	for _, b := range bindingsOf(&s.Scope) {
		m[b.Prefix] = b.URI
	}
	if m[""] == "" {
		delete(m, "")
	}
	return m
}
