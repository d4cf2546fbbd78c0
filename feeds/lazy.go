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
// as the exact bytes it was read from. The tree of an item is built from
// those bytes when something needs it (its fields, a change, a merge that
// takes another version's data); a reader that reads it once builds it
// apart and drops it (loose, below).

// lazyEl is an item or conflict version element that was read but whose
// tree is built only when needed. A feed holds one for each item and
// conflict version, so it keeps what every one of them needs and reaches
// the rest through two pointers, nil for most: what only conflict
// versions, items that have them and items of a released feed need
// (more), and the tree once built (st). What all the items of a feed
// share, the namespace context around them, is in their source.
type lazyEl struct {
	src        *source
	start, end int // the element is src.data[start:end]
	syncAt     int // the offset of its sx:sync's start tag, -1 for none
	has        has // what of its format's required children it has (Incomplete)
	// An item's element in the document's tree: its name and attributes,
	// and its children once built. nil for a conflict version.
	shell *etree.Element
	more  *lazyMore                 // nil for an item without conflicts in a feed not released
	st    atomic.Pointer[lazyState] // made on the first build of the tree
}

// lazyMore is what few lazy elements need: set while their feed is read
// (owner, nested) or released (ind), never after.
type lazyMore struct {
	owner  *lazyEl   // the item a conflict version is in
	nested []*lazyEl // an item's conflict versions
	// ind is an item's indentation once its feed is released
	// (Doc.Release), when it is not the feed's usual one (source.ind).
	ind    string
	hasInd bool
}

// lazyState is the tree of a lazy element, built once.
type lazyState struct {
	once  sync.Once
	ready atomic.Bool // tr is built
	tr    *itemTree
	built map[int]*etree.Element // an item's elements the lazy elements in it need, by offset
}

// owner returns the item a conflict version is in, nil for an item.
func (lz *lazyEl) owner() *lazyEl {
	if lz.more == nil {
		return nil
	}
	return lz.more.owner
}

// nested returns an item's conflict versions.
func (lz *lazyEl) nested() []*lazyEl {
	if lz.more == nil {
		return nil
	}
	return lz.more.nested
}

// extra returns lz.more, made if need be; for the scan and Release alone.
func (lz *lazyEl) extra() *lazyMore {
	if lz.more == nil {
		lz.more = &lazyMore{}
	}
	return lz.more
}

// state returns the state of the element's tree, made on first use.
func (lz *lazyEl) state() *lazyState {
	if s := lz.st.Load(); s != nil {
		return s
	}
	lz.st.CompareAndSwap(nil, &lazyState{})
	return lz.st.Load()
}

// ready reports whether the element's tree is built and kept.
func (lz *lazyEl) ready() bool {
	s := lz.st.Load()
	return s != nil && s.ready.Load()
}

// itemTree is the tree of one version's element: the element, its
// sx:sync, and the namespace contexts around them.
type itemTree struct {
	el     *etree.Element // the element read; nil for data made anew
	scope  *scope         // namespace context of el's parent
	iscope *scope         // namespace context inside el
	sync   *etree.Element // the version's own sx:sync, for what the engine does not model; may be nil
	sscope *scope         // namespace context inside sync
	// of is the item el is (build) or is a copy of (slimCopy, copyOf),
	// nil for a conflict version's element.
	of *lazyEl
}

// indent returns the indentation of the tree's element where it was read.
func (t *itemTree) indent() string {
	if t.of != nil {
		return t.of.indent()
	}
	return xmlutil.IndentOf(t.el)
}

// tree returns the element's tree, building it on first use.
func (lz *lazyEl) tree() *itemTree {
	st := lz.state()
	st.once.Do(func() {
		lz.build(st)
		st.ready.Store(true)
	})
	return st.tr
}

// Trees built to be read once are not kept. A merge reads the tree of
// each item it writes anew, and of each version it composes or records,
// once; kept, those trees grew with the feed to most of a big merge's
// memory (the generated 100k pair held 160 MB of them when its output was
// written, the 1M pair GBs). loose and slim return a tree already built
// (tree's), or one built afresh, in blocks of its own
// (xmlutil.ChildrenApart), and not kept: the reader holds it as long as it
// needs it. The depth limit reads a conflict version's height from its
// bytes (height). What keeps a tree (an edit, the TUI's look at an item)
// builds it with tree.

// loose returns the element's tree, as tree does, without keeping it when
// it is not built yet: a copy of the item's element with its children, or
// a conflict version's element in such a copy of its item's.
func (lz *lazyEl) loose() *itemTree { return lz.looseIn(nil) }

// treeCache holds the loose trees of the items one reader is at, so that
// an item and its conflict versions come from one build of it: the writer
// writes an item's conflicts right after the item.
type treeCache map[*lazyEl]copied

// looseIn is loose, taking the tree of an item from c, or building it
// into c, when c is not nil.
func (lz *lazyEl) looseIn(c treeCache) *itemTree {
	switch {
	case lz.ready():
		return lz.st.Load().tr
	case lz.owner() != nil:
		o := lz.owner()
		if o.ready() || xmlutil.SpacePreserved(o.shell.Parent()) {
			return lz.tree()
		}
		t := o.copiedIn(c)
		return lz.versionIn(t.itemTree, t.built)
	case xmlutil.SpacePreserved(lz.shell.Parent()):
		return lz.tree() // a copy would lose the xml:space above it
	}
	return lz.copiedIn(c).itemTree
}

// copiedIn returns the item's tree built into a copy of its element, with
// the elements of its sx:sync and its conflict versions, from c or into c.
func (lz *lazyEl) copiedIn(c treeCache) copied {
	if t, ok := c[lz]; ok {
		return t
	}
	t := lz.copyOf(lz.wanted())
	if c != nil {
		c[lz] = t
	}
	return t
}

// height is how deep the children of the version's element nest, sx:sync
// left out, 1 for leaves (elementHeight's measure of each child, the most
// of them), read from its bytes: what the depth limit needs of a conflict
// version costs no tree.
func (lz *lazyEl) height() int {
	top := lz
	if o := lz.owner(); o != nil {
		top = o
	}
	s := xmlscan.NewFragment(lz.src.data, top.start, lz.src.bindings, xmlscan.DefaultLimits)
	s.SetEntities(lz.src.ents)
	base := -1 // the depth of lz's element, once reached
	h := 0
	for s.Next() {
		t := s.Token()
		switch {
		case t.Kind == xmlscan.StartElement && base < 0:
			if t.Off == lz.start {
				base = s.Depth()
			}
		case t.Kind == xmlscan.StartElement:
			d := s.Depth() - base
			if d == 1 && t.Off == lz.syncAt {
				xmlutil.SkipElement(s)
				continue
			}
			h = max(h, d)
		case t.Kind == xmlscan.EndElement && base >= 0 && s.Depth() < base:
			return h
		}
	}
	panic(changedAfterParse)
}

// slim returns the tree of an item for what reads its data alone: its
// fields and digest, and a merge that composes it into a new version
// (compose), which takes its element, its children but sx:sync, and of
// its sx:sync the attributes and foreign children, writing its history
// and conflicts anew from the item's metadata. Unless the whole tree is
// built already, the one slim returns is built afresh and not kept,
// without the sx:history and sx:conflicts of its sx:sync, into a copy of
// the item's element. An item under xml:space="preserve", which its copy
// would not be, and a conflict version get the whole tree (loose).
func (lz *lazyEl) slim() *itemTree {
	switch {
	case lz.ready():
		return lz.st.Load().tr
	case lz.owner() != nil || xmlutil.SpacePreserved(lz.shell.Parent()):
		return lz.loose()
	}
	return lz.slimCopy()
}

// copied is an item's whole tree built into a copy of its element, and
// the elements at the offsets asked for.
type copied struct {
	*itemTree
	built map[int]*etree.Element
}

// copyOf builds the item's children into a copy of its element, noting in
// want the elements that start at its keys.
func (lz *lazyEl) copyOf(want map[int]*etree.Element) copied {
	el := lz.apart(noting(want), nil)
	return copied{newTree(el, lz.src.scope, want[lz.syncAt], lz), want}
}

// slimCopy builds the tree slim returns.
func (lz *lazyEl) slimCopy() *itemTree {
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
	el := lz.apart(at, skip)
	return newTree(el, lz.src.scope, sync, lz)
}

// apart builds the item's children into a copy of its element, in blocks
// of their own (xmlutil.ChildrenApart, whose onStart and skip at and skip
// are).
func (lz *lazyEl) apart(at func(int, *etree.Element), skip xmlutil.Skip) *etree.Element {
	sh := lz.shell
	el := &etree.Element{Space: sh.Space, Tag: sh.Tag, Attr: sh.Attr}
	if xmlutil.ChildrenApart(lz.src.data, lz.start, lz.end-lz.start, lz.src.bindings, lz.src.ents, el, at, skip) != nil {
		panic(changedAfterParse)
	}
	return el
}

// newTree returns the tree of el, whose parent's namespace context is ps,
// with sync its sx:sync, and of as itemTree's.
func newTree(el *etree.Element, ps *scope, sync *etree.Element, of *lazyEl) *itemTree {
	is := ps.child(el)
	tr := &itemTree{el: el, scope: ps, iscope: is, sync: sync, of: of}
	if sync != nil {
		tr.sscope = is.child(sync)
	}
	return tr
}

// versionIn returns the tree of the conflict version lz in t, a tree of
// its item whose elements at the offsets lz.owner().wanted are in built.
func (lz *lazyEl) versionIn(t *itemTree, built map[int]*etree.Element) *itemTree {
	el := built[lz.start]
	return newTree(el, scopeOf(t.iscope, t.el, el), built[lz.syncAt], nil)
}

// wanted returns the offsets of the elements a tree of the item is asked
// for: its sx:sync, and its conflict versions' elements and sx:sync.
func (lz *lazyEl) wanted() map[int]*etree.Element {
	want := map[int]*etree.Element{lz.syncAt: nil}
	for _, n := range lz.nested() {
		want[n.start], want[n.syncAt] = nil, nil
	}
	return want
}

// noting returns an onStart that notes in want the elements that start at
// its keys.
func noting(want map[int]*etree.Element) func(int, *etree.Element) {
	return func(off int, e *etree.Element) {
		if _, ok := want[off]; ok {
			want[off] = e
		}
	}
}

// build builds an item's children into its shell, or finds a conflict
// version's element in its item's tree, into st, the element's state.
func (lz *lazyEl) build(st *lazyState) {
	if o := lz.owner(); o != nil {
		st.tr = lz.versionIn(o.tree(), o.st.Load().built)
		return
	}
	want := lz.wanted()
	lz.src.buildInto(lz.shell, lz.start, noting(want))
	st.built = want
	st.tr = newTree(lz.shell, lz.src.scope, want[lz.syncAt], lz)
}

// buildInto builds the children of e, an item whose start tag is at
// data[off] in the source.
func (s *source) buildInto(e *etree.Element, off int, onStart func(int, *etree.Element)) {
	if s.bld.ChildrenAt(s.data, off, s.bindings, e, onStart) != nil {
		panic(changedAfterParse)
	}
}

// changedAfterParse is the panic of a build that fails: the bytes were
// read without error when the feed was parsed, so they changed since,
// which Parse's contract rules out.
const changedAfterParse = "feeds: the bytes of a parsed feed changed after Parse"

// builtChild returns e, a child of the element that holds the items, with its
// children: an item without sx:sync is built on first use.
func (s *source) builtChild(e *etree.Element) *etree.Element {
	if lz := s.plain[e]; lz != nil {
		lz.state().once.Do(func() { s.buildInto(e, lz.start, nil) })
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
