package feeds

import (
	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// tagPlan is how a version's start tag is written: the name written (its
// prefix renamed where needed), its attributes, the declarations added,
// and the scope inside it.
type tagPlan struct {
	name         string
	attrs, decls []etree.Attr
	inner        *scope
}

// planTag plans the start tag of a version named name with attrs, read
// under src (iscope inside it), written as a child of an element whose
// scope is parent: as read when the scopes are one, else with the
// declarations relocate asks for. fresh says that the element is new,
// read nowhere.
func planTag(name qn, attrs []etree.Attr, src, iscope, parent *scope, fresh bool) tagPlan {
	if !fresh && src == parent {
		return tagPlan{name: name.String(), attrs: attrs, inner: iscope}
	}
	m := relocate(&etree.Element{Space: name.space, Tag: name.local, Attr: attrs}, src, parent)
	if q, ok := m.rename[name.space]; ok {
		name.space = q
	}
	inner := declScope(parent, append(xmlutil.Decls(attrs), m.decls...))
	return tagPlan{name: name.String(), attrs: attrs, decls: m.decls, inner: inner}
}

// startTag writes the start tag p plans.
func (wr *writer) startTag(p tagPlan) {
	xmlutil.StartTag(wr.w, p.name, p.attrs, p.decls)
	wr.w.WriteByte('>')
}

// versionAsRead writes x, the data of version it, as version does, from
// the bytes it was read from (each child not proven to be written as
// read through a tree of its own), and reports whether it did: it writes
// nothing and returns false when it cannot read the version so. It takes
// data read from a feed whose tree is not built, and the composition of
// two such items (compose) yet to be made.
func (wr *writer) versionAsRead(x *itemData, it *engine.Item, parent *scope, ind string, undeleted bool) bool {
	if wr.treesOnly {
		return false
	}
	if plainRead(x) {
		return wr.readAsRead(x.lz, it, parent, ind, undeleted)
	}
	p := x.m().pend
	if p == nil || p.done.Load() || !plainRead(p.local) || !plainRead(p.winner) || p.local.lz.owner() != nil {
		return false
	}
	lv, tag, ok := wr.readVersion(p.local.lz, parent, ind, true)
	if !ok {
		return false
	}
	wv, ok := wr.readVersionUnder(p.winner.lz, tag.inner, ind)
	if !ok {
		wr.release(lv.kids)
		return false
	}
	kids, at := wr.composeRaw(lv.kids, wv.kids)
	wr.asRead++
	wr.startTag(tag)
	wr.composedAsRead(kids, at, wv.sync, it, tag.inner, ind, undeleted)
	xmlutil.EndTag(wr.w, tag.name)
	wr.release(lv.kids, wv.kids, kids)
	return true
}

// readAsRead is versionAsRead for data read from a feed, lz's: written
// as read where it keeps its indentation (pristine), else laid out
// afresh (composed).
func (wr *writer) readAsRead(lz *lazyEl, it *engine.Item, parent *scope, ind string, undeleted bool) bool {
	v, tag, ok := wr.readVersion(lz, parent, ind, false)
	if !ok {
		return false
	}
	wr.asRead++
	wr.startTag(tag)
	if v.ind == ind {
		wr.pristineAsRead(v, it, tag.inner, undeleted)
	} else {
		kids, at := composedKids(wr.kidBuf(), v.kids)
		wr.composedAsRead(kids, at, v.sync, it, tag.inner, ind, undeleted)
		wr.release(kids)
	}
	xmlutil.EndTag(wr.w, tag.name)
	wr.release(v.kids)
	return true
}

// pristineAsRead is pristine for a version read from its bytes.
func (wr *writer) pristineAsRead(v *rawVersion, it *engine.Item, inner *scope, undeleted bool) {
	for i, k := range v.kids {
		switch {
		case k.tree:
			wr.element(k.build(), k.scope, inner)
			continue
		case k.tok != nil:
			k.tok.WriteTo(wr.w, &xmlutil.WriteSettings)
			continue
		case !k.sync:
			wr.w.Write(k.raw)
			continue
		}
		syncInd := ""
		if i > 0 && v.kids[i-1].kind == xmlscan.Text && xmlutil.IsSpace(v.kids[i-1].text) {
			syncInd = xmlutil.LastLine(v.kids[i-1].text)
		}
		wr.sync(v.sync, nil, it, inner, syncInd, undeleted)
	}
}

// composedAsRead is composed for children read from their bytes.
func (wr *writer) composedAsRead(kids []rawKid, at int, sync *etree.Element, it *engine.Item, inner *scope, ind string, undeleted bool) {
	in := wr.d.deeper(ind)
	for i, k := range kids {
		if i == at {
			wr.w.WriteString(in)
			wr.sync(sync, nil, it, inner, in, undeleted)
		}
		wr.w.WriteString(in)
		switch {
		case k.tree:
			e := k.build()
			at := wr.fieldInd(e, k.scope, in)
			if k.preserved { // elementAt asks e's parent, which e has not here
				at = ""
			}
			wr.elementAt(e, k.scope, inner, at)
		case k.tok != nil:
			k.tok.WriteTo(wr.w, &xmlutil.WriteSettings)
		default:
			wr.w.Write(k.raw)
		}
	}
	if at >= len(kids) {
		wr.w.WriteString(in)
		wr.sync(sync, nil, it, inner, in, undeleted)
	}
	wr.w.WriteString(ind)
}

// composedKids is childrenIn for children read from their bytes: those
// but white space and sx:sync, appended to kids, and the index sx:sync
// goes before.
func composedKids(kids, all []rawKid) ([]rawKid, int) {
	at := -1
	for _, k := range all {
		switch {
		case k.blank():
		case k.sync:
			at = len(kids)
		default:
			kids = append(kids, k)
		}
	}
	if at < 0 {
		at = len(kids)
	}
	return kids, at
}

// composeRaw is pending.make for children read from their bytes: the
// local item's children, its shared elements replaced by the winner's
// (interleave).
func (wr *writer) composeRaw(local, winner []rawKid) ([]rawKid, int) {
	f := wr.d.format
	shared := wr.kidBuf()
	for _, k := range winner {
		if k.element() && !k.sync && classifyName(f, k.uri, k.local, k.src).shared() {
			shared = append(shared, k)
		}
	}
	lk, at := composedKids(wr.kidBuf(), local)
	out, syncAt := interleave(wr.kidBuf(), lk, at, shared, func(k *rawKid) (string, string, bool) {
		return k.uri, k.local, k.element() && classifyName(f, k.uri, k.local, k.src).shared()
	})
	wr.release(shared, lk)
	return out, syncAt
}
