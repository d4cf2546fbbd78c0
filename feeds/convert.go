package feeds

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/engine"
)

// own returns dt as data of d's format: as it is, crossed over from the
// other format, or, for a nil Data or one this package did not make, an
// empty item.
func (d *Doc) own(dt engine.Data) *itemData {
	x := dataOf(dt)
	switch {
	case x == nil:
		return madeData(d.format, nil, &composition{})
	case x.format != d.format:
		return d.convert(x)
	}
	return x
}

// adopt returns it with its data and its conflicts' data in d's format: it
// itself when they already are, else a copy. An item that becomes an Atom
// entry gets the atom:id and atom:updated every entry has (Published, at
// its topmost history's when): they are publisher-specific, which the
// incorporating endpoint may set (implementation note 1).
func (d *Doc) adopt(it *engine.Item) *engine.Item {
	fits := func(v *engine.Item) bool {
		x := dataOf(v.Data)
		return v.Data == nil || x != nil && x.format == d.format
	}
	ok := fits(it)
	for _, v := range it.Conflicts {
		ok = ok && fits(v)
	}
	if ok {
		return it
	}
	c := it.Clone()
	if !fits(c) {
		c.Data = d.Published(d.own(c.Data), c.Sync.ID, c.Sync.Topmost().When)
	}
	for _, v := range c.Conflicts {
		if !fits(v) {
			v.Data = d.own(v.Data)
		}
	}
	return c
}

// convert carries data of the other format into d's: the title, the content
// (atom:content and RSS description, which is HTML: type="html" in Atom), categories (term and scheme, text and
// domain), other shared elements, comments and text as they are. The other
// format's publisher-specific elements stay behind: implementation note 1
// leaves them to each publisher, and they have no counterpart across
// formats. The item's own start tag is not carried either.
func (d *Doc) convert(x *itemData) *itemData {
	out := &composition{}
	x = x.loose()
	kids, at := x.children()
	for i, k := range kids {
		if i == at {
			out.syncAt = len(out.kids)
		}
		e := k.elem()
		if e == nil {
			out.kids = append(out.kids, k)
			continue
		}
		u := k.scope.elemURI(e)
		switch kd := classify(x.format, u, e); {
		case kd == kindPublisher || kd == kindSync:
		case kd == kindOther || kd == kindSummary || u == d.nativeNS():
			out.kids = append(out.kids, k)
		case kd == kindCategory:
			term, scheme := category(e, u)
			out.kids = append(out.kids, d.newCategory(term, scheme))
		default:
			nk := d.newText(kd, textOf(e, u))
			if kd == kindContent && d.format == Atom && x.format == RSS {
				// An RSS description is HTML: the same text, said so.
				nk.elem().CreateAttr("type", "html")
			}
			out.kids = append(out.kids, nk)
		}
	}
	if at >= len(kids) {
		out.syncAt = len(out.kids)
	}
	xt := x.tree()
	return madeData(d.format, &itemTree{sync: xt.sync, sscope: xt.sscope}, out)
}

// nativeNS is the namespace of d's format's own item elements.
func (d *Doc) nativeNS() string {
	if d.format == Atom {
		return NSAtom
	}
	return ""
}

// newElem returns a new element of d's format with the given local name,
// as a kid in the scope where its prefix is bound.
func (d *Doc) newElem(tag string) (*etree.Element, kid) {
	e := etree.NewElement(tag)
	if d.format == Atom {
		e.Space = d.atom
		return e, kid{e, d.cscope}
	}
	return e, kid{e, d.rssNS}
}

// newText returns a new title or content element of d's format.
func (d *Doc) newText(k kind, text string) kid {
	tag := "title"
	if k == kindContent {
		tag = "content"
		if d.format == RSS {
			tag = "description"
		}
	}
	e, kd := d.newElem(tag)
	if text != "" {
		e.SetText(text)
	}
	return kd
}

// newCategory returns a new category element of d's format.
func (d *Doc) newCategory(term, scheme string) kid {
	e, kd := d.newElem("category")
	if d.format == Atom {
		e.CreateAttr("term", term)
		if scheme != "" {
			e.CreateAttr("scheme", scheme)
		}
		return kd
	}
	if scheme != "" {
		e.CreateAttr("domain", scheme)
	}
	if term != "" {
		e.SetText(term)
	}
	return kd
}

// compose applies implementation note 1 when a version other than the local
// item's wins: the result has the winner's shared data and the local item's
// publisher-specific data, start tag and layout. The winner's shared
// elements go where the local item's shared elements of their names were
// (interleave); the winner's sx:sync attributes and foreign markup come
// along with its sync metadata. Both are of the same format. The
// composition is made when the result is first read (pending).
func compose(local, winner *itemData) *itemData {
	x := &itemData{format: local.format, made: &made{pend: &pending{local: local, winner: winner}}}
	if d := winner.digest.Load(); d != nil {
		x.digest.Store(d) // the same shared elements: the same digest
	}
	return x
}

// pending is a composition compose has yet to make: most merged items are
// only written, once, and their trees need not outlive that (loose).
type pending struct {
	local, winner *itemData
	once          sync.Once
	done          atomic.Bool // the composing data's tr and comp are set
}

// settle makes the composition of pending data and keeps it.
func (d *itemData) settle() {
	if p := d.m().pend; p != nil && !p.done.Load() {
		p.once.Do(func() {
			x := p.make()
			d.made.tr, d.made.comp = x.made.tr, x.made.comp
			p.done.Store(true)
		})
	}
}

// make composes the data: the local item's element and its
// publisher-specific children, the winner's shared ones placed among them
// by interleave, and the winner's sx:sync.
func (p *pending) make() *itemData {
	local, winner := p.local, p.winner
	var shared []kid
	lt, wt := local.slimTree(), winner.slimTree()
	for _, f := range winner.appendFieldsIn(nil, wt) {
		if f.kind.shared() {
			shared = append(shared, f.kid)
		}
	}
	lk, at := local.childrenIn(lt)
	f := local.format
	kids, syncAt := interleave(nil, lk, at, shared, func(k *kid) (string, string, bool) {
		e := k.elem()
		if e == nil {
			return "", "", false
		}
		u := k.scope.elemURI(e)
		return u, e.Tag, classify(f, u, e).shared()
	})
	return madeData(local.format, &itemTree{el: lt.el, scope: lt.scope, iscope: lt.iscope,
		sync: wt.sync, sscope: wt.sscope}, &composition{kids: kids, syncAt: syncAt})
}

// interleaveScan is the most pairs interleave compares one by one; past
// it, it finds partners by name through a map (the same pairs).
var interleaveScan = 256

// interleave is the layout rule of a composition (implementation note 1,
// in the package doc): it appends to out the local item's children lk
// (sx:sync going before lk[at]) with their shared elements replaced by
// the winner's, shared, and returns the index sx:sync goes before. name
// gives a child's expanded name and whether it is a shared element.
//
// Each of the winner's shared elements, in its order, pairs with the
// first of the local item's shared elements of its name after the one
// the last pair took; a paired element takes its partner's place, one
// left unpaired follows the winner's element before it, or goes where
// the local item's first shared element was (first, when it has none).
// The local item's unpaired shared elements drop out. The winner's shared
// elements keep their order, so the result's shared data is the winner's;
// when the two have the same names in the same order (a change of text),
// the result has the local item's layout. It takes time linear in the
// number of children (in their square, up to interleaveScan pairs).
func interleave[K any](out, lk []K, at int, shared []K, name func(*K) (uri, local string, ok bool)) ([]K, int) {
	const other, unpaired = -2, -1
	// role[i] says what lk[i] is: other (not a shared element), unpaired,
	// or the index in shared of its partner. ls holds the indexes in lk
	// of the shared elements; paired[j] says whether shared[j] has a
	// partner.
	var rb, lb [32]int
	var pb [32]bool
	role, ls, paired := rb[:0], lb[:0], pb[:0]
	for i := range lk {
		r := other
		if _, _, ok := name(&lk[i]); ok {
			r = unpaired
			ls = append(ls, i)
		}
		role = append(role, r)
	}
	type qname struct{ uri, local string }
	var byName map[qname][]int // positions in ls by name, for long lists
	if len(ls)*len(shared) > interleaveScan {
		byName = make(map[qname][]int)
		for p, i := range ls {
			u, l, _ := name(&lk[i])
			byName[qname{u, l}] = append(byName[qname{u, l}], p)
		}
	}
	c := 0 // the first position in ls a pair may take
	for j := range shared {
		u, l, _ := name(&shared[j])
		p := -1
		if byName != nil {
			ps := byName[qname{u, l}]
			for len(ps) > 0 && ps[0] < c {
				ps = ps[1:]
			}
			if len(ps) > 0 {
				p = ps[0]
			}
			byName[qname{u, l}] = ps
		} else {
			for q := c; q < len(ls); q++ {
				if lu, ll, _ := name(&lk[ls[q]]); lu == u && ll == l {
					p = q
					break
				}
			}
		}
		paired = append(paired, p >= 0)
		if p >= 0 {
			role[ls[p]], c = j, p+1
		}
	}
	j := 0 // the next of the winner's elements to place
	follow := func() {
		for ; j < len(shared) && !paired[j]; j++ {
			out = append(out, shared[j])
		}
	}
	if len(ls) == 0 {
		follow()
	}
	syncAt := -1
	for i := range lk {
		if i == at {
			syncAt = len(out)
		}
		if len(ls) > 0 && i == ls[0] {
			follow()
		}
		switch r := role[i]; r {
		case other:
			out = append(out, lk[i])
		case unpaired:
		default:
			out, j = append(out, shared[r]), r+1
			follow()
		}
	}
	if syncAt < 0 {
		syncAt = len(out)
	}
	return out, syncAt
}

// NewData returns data for a new version of an item in d: base's elements
// (an empty item of d's format when base is nil) with the title and the
// content (atom:content, or RSS description) replaced by the given text
// where they are not nil. A replaced element keeps its attributes; an
// Atom type="xhtml" one keeps its markup, and a value that is not
// well-formed XHTML is a *FieldError wrapping an *XHTMLError
// (retextedKid). A missing one is added: the content after the title, a
// title (or a content where there is none) where the first shared element
// is, first when there is none (replace). base is not modified.
func (d *Doc) NewData(base engine.Data, title, content *string) (engine.Data, error) {
	b := d.own(base)
	if title == nil && content == nil {
		return b, nil
	}
	kids, at := b.children()
	c := &composition{kids: slices.Clone(kids), syncAt: at}
	if title != nil {
		if err := c.replace(d, kindTitle, *title); err != nil {
			return nil, &FieldError{Key: "title", Err: err}
		}
	}
	if content != nil {
		if err := c.replace(d, kindContent, *content); err != nil {
			return nil, &FieldError{Key: "content", Err: err}
		}
	}
	return madeData(d.format, b.tree(), c), nil
}

// replace sets the text of the first element of kind k, or adds one: an
// Atom entry's atom:content in any form (content.go); it is used only on
// data being built. A content goes after the title; a title, or a content
// where there is no title, goes where the first shared element is (first,
// when there is none), where a merge at another endpoint puts a shared
// element that leads the winner's (interleave).
func (x *composition) replace(d *Doc, k kind, text string) error {
	at, first := -1, -1
	for i, kd := range x.kids {
		e := kd.elem()
		if e == nil {
			continue
		}
		c := classify(d.format, kd.scope.elemURI(e), e)
		if first < 0 && c.shared() {
			first = i
		}
		if c == k || k == kindContent && d.format == Atom && isAtomContent(kd) {
			n, err := retextedKid(kd, text)
			if err != nil {
				return err
			}
			x.kids[i] = n
			return nil
		}
		if c == kindTitle {
			at = i + 1
		}
	}
	if k == kindTitle || at < 0 {
		at = max(first, 0)
	}
	x.kids = slices.Insert(x.kids, at, d.newText(k, text))
	if at <= x.syncAt {
		x.syncAt++
	}
	return nil
}
