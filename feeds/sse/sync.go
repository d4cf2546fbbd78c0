package ssefeed

import (
	"slices"

	"github.com/beevik/etree"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// position is an outline position as an sx:sync or sx:conflict carries
// it in feedsync's namespace (see the package doc).
type position struct {
	pos     sse.Position
	set     bool   // fso:key was there
	version string // fso:version, "" when absent
}

// version reads an item or outline el with its sx:sync: the item as read,
// with its data. skip says which child outlines are items of their own.
func (p *parser) version(el, sync *etree.Element, skip func(*etree.Element) bool) *sse.Item {
	it := &sse.Item{}
	x := readData(p.d.kind, el, sync, skip)
	x.sync, x.read, x.tags = sync, it, &p.src.tags
	it.Data = x
	pos := p.syncAttrs(it, sync)
	var hist, conflicts *etree.Element
	for c := range sync.ChildElementsSeq() {
		u, _ := lookup(c, c.Space)
		if !isSSE(u) {
			continue // foreign markup, kept
		}
		switch {
		case c.Tag == "history" && hist == nil:
			hist = c
			p.history(it, c)
		case c.Tag == "conflicts" && conflicts == nil:
			conflicts = c
			p.conflicts(it, c)
		case c.Tag == "history" || c.Tag == "conflicts":
			p.errorf(c, "a second %s in one sx:sync (0.91 §2.4, §5.1)", c.FullTag())
		default:
			p.warnf(c, "%s is not an SSE 0.91 element of sx:sync; kept as it is", c.FullTag())
		}
	}
	if hist == nil {
		p.errorf(sync, "no sx:history: sx:sync must contain one (0.91 §2.4)")
	}
	if p.d.kind == KindOPML && pos.set && pos.version == itoa(it.Version) {
		it.Position, x.posSet = pos.pos, true
	}
	return it
}

// syncAttrs reads the attributes of sx:sync (§2.3) and the position in
// feedsync's namespace.
func (p *parser) syncAttrs(it *sse.Item, sync *etree.Element) position {
	for _, a := range sync.Attr {
		if xmlutil.IsDecl(a) || a.Space != "" {
			continue
		}
		switch a.Key {
		case "id":
			it.ID = a.Value
			if !sse.ValidID(a.Value) {
				p.errorf(sync, "id %q is not an RFC 2141 namespace specific string (0.91 §2.3)", a.Value)
			}
		case "version":
			it.Version = p.count(sync, a, "0.91 §2.3")
		case "deleted":
			it.Deleted = p.flag(sync, a)
		case "conflict":
			it.Conflict = p.flag(sync, a)
		}
	}
	p.required(sync, "0.91 §2.3", "id", "version")
	return p.position(sync)
}

// required notes "no KEY: it is required (sec)" on e for each of keys that
// no attribute of e without a prefix has, and reports whether e has them
// all.
func (p *parser) required(e *etree.Element, sec string, keys ...string) bool {
	all := true
	for _, k := range keys {
		if !slices.ContainsFunc(e.Attr, func(a etree.Attr) bool { return a.Space == "" && a.Key == k }) {
			p.errorf(e, "no %s: it is required (%s)", k, sec)
			all = false
		}
	}
	return all
}

// position reads fso:parent, fso:key and fso:version. A parent that is not
// a valid id is warned about and the position ignored.
func (p *parser) position(e *etree.Element) position {
	var pos position
	for _, a := range e.Attr {
		if a.Space == "" || xmlutil.IsDecl(a) || attrURI(e, a) != NSOutline {
			continue
		}
		switch a.Key {
		case "parent":
			pos.pos.Parent = a.Value
		case "key":
			pos.pos.Key, pos.set = a.Value, true
		case "version":
			pos.version = a.Value
		}
	}
	if pos.set && pos.pos.Parent != "" && !sse.ValidID(pos.pos.Parent) {
		p.warnf(e, "outline position names parent %q, which is not a valid id; ignored", pos.pos.Parent)
		pos.set = false
	}
	return pos
}

// deletedMark reads fso:deleted, the mark of an sx:conflict that records a
// deletion (see the package doc): "true", or "false" or empty; another
// value is warned about and read as not deleted.
func (p *parser) deletedMark(e *etree.Element) bool {
	for _, a := range e.Attr {
		if a.Space == "" || a.Key != "deleted" || xmlutil.IsDecl(a) || attrURI(e, a) != NSOutline {
			continue
		}
		b, err := sse.ParseFlag(a.Value)
		if err != nil {
			p.warnf(e, "%s %q is not \"true\", \"false\" or empty; read as not deleted", a.FullKey(), a.Value)
		}
		return b
	}
	return false
}

// fromMark reads fso:fromWhen and fso:fromBy (readFrom) of an sx:conflict.
func (p *parser) fromMark(e *etree.Element) (sse.Stamp, bool) {
	var when, by *string
	for _, a := range e.Attr {
		if a.Space == "" || xmlutil.IsDecl(a) || attrURI(e, a) != NSOutline {
			continue
		}
		switch a.Key {
		case "fromWhen":
			when = &a.Value
		case "fromBy":
			by = &a.Value
		}
	}
	st, ok, warn := readFrom(when, by)
	if warn != "" {
		p.warnf(e, "%s; the record is read as not saying what its version was made from", warn)
	}
	return st, ok
}

// history reads sx:history (§2.4) and its sx:update children (§2.5).
func (p *parser) history(it *sse.Item, h *etree.Element) {
	st := p.stamp(h, "0.91 §2.4")
	it.History.When, it.History.By = st.When, st.By
	for c := range h.ChildElementsSeq() {
		if p.isSSE(c, "update") {
			it.History.Updates = append(it.History.Updates, p.stamp(c, "0.91 §2.5"))
		}
	}
	if n := len(it.History.Updates); it.Version > 0 && n > it.Version-1 {
		p.warnf(h, "%d sx:update elements in version %d, which has only %d earlier versions (0.91 §4.2)", n, it.Version, it.Version-1)
	}
}

// conflicts reads sx:conflicts (§5.1).
func (p *parser) conflicts(it *sse.Item, e *etree.Element) {
	for c := range e.ChildElementsSeq() {
		if p.isSSE(c, "conflict") {
			it.Conflicts = append(it.Conflicts, p.conflict(it, c))
		}
	}
	if len(it.Conflicts) == 0 {
		p.errorf(e, "no sx:conflict: sx:conflicts must contain one or more (0.91 §5.1)")
	}
}

// conflict reads sx:conflict (§5.2). Its children are the losing version's
// data: an RSS item's children, or for OPML an outline element with the
// losing outline's attributes and children.
func (p *parser) conflict(it *sse.Item, e *etree.Element) *sse.Conflict {
	c := &sse.Conflict{}
	for _, a := range e.Attr {
		if a.Space == "" && a.Key == "version" {
			c.Version = p.count(e, a, "0.91 §5.2")
		}
	}
	p.required(e, "0.91 §5.2", "version")
	st := p.stamp(e, "0.91 §5.2")
	c.When, c.By = st.When, st.By
	cd := conflictData(p.d.kind, e)
	cd.tags = &p.src.tags
	c.Data = cd
	c.Deleted = p.deletedMark(e)
	c.From, c.HasFrom = p.fromMark(e)
	if pos := p.position(e); pos.set && p.d.kind == KindOPML {
		c.Position = pos.pos
	} else if p.d.kind == KindOPML {
		p.pending = append(p.pending, pendingConflict{c, it})
	}
	return c
}

// conflictData returns the data an sx:conflict holds.
func conflictData(kind string, e *etree.Element) *itemData {
	if kind == KindRSS {
		x := readData(kind, e, nil, nil)
		x.el, x.attrs = nil, nil
		return x
	}
	for c := range e.ChildElementsSeq() {
		if c.Tag == "outline" && uriOf(c) == "" {
			x := readData(kind, c, nil, nil)
			x.el = nil
			return x
		}
	}
	return &itemData{kind: kind}
}

// outlines reads the outlines in container (the body or an outline with
// id parent), and the outlines in them, in document order, and gives
// those whose sx:sync carries no valid position one derived from where
// they are (see derive).
func (p *parser) outlines(container *etree.Element, parent string) {
	var items []*sse.Item
	var keys []string
	var explicit []bool
	for c := range container.ChildElementsSeq() {
		if c.Tag != "outline" || uriOf(c) != "" {
			if container == p.d.box && p.isSSE(c, "sync") {
				p.errorf(c, "sx:sync belongs inside an outline (0.91 §2.3)")
			}
			continue
		}
		sync := p.syncOf(c)
		if sync == nil {
			p.noSyncBelow(c)
			continue
		}
		it := p.version(c, sync, syncOutline)
		p.read = append(p.read, readItem{el: c, sync: sync, item: it})
		items = append(items, it)
		keys = append(keys, it.Position.Key)
		explicit = append(explicit, dataOf(it.Data).posSet)
		p.outlines(c, it.ID)
	}
	keys = derive(keys, explicit)
	for i, it := range items {
		if !explicit[i] {
			it.Position = sse.Position{Parent: parent, Key: keys[i]}
		}
	}
	if parent == "" {
		for _, pc := range p.pending {
			pc.c.Position = pc.it.Position
		}
	}
}

// noSyncBelow notes outlines with sx:sync inside e, an outline without:
// their place could not be synced, since e's is not.
func (p *parser) noSyncBelow(e *etree.Element) {
	for c := range e.ChildElementsSeq() {
		if syncOutline(c) {
			p.errorf(c, "an outline with sx:sync inside %s without one: its place cannot be synced (0.91 §2.3, §3.2)", e.FullTag())
			continue
		}
		p.noSyncBelow(c)
	}
}
