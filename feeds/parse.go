package feeds

import (
	"fmt"
	"io"
	"strings"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// Parse loads a feed. name is used in messages only. A feed that is not
// well-formed XML, is neither Atom 1.0 nor RSS 2.0, uses another sharing
// dialect, or breaks a MUST of FeedSync §2 gives a Problems error listing
// every problem found, and no Doc.
//
// The feed is read strictly (see package feeds/internal/xmlscan): what is
// not well-formed XML with namespaces is refused at its place. UTF-16,
// ISO-8859-1, windows-1252 and US-ASCII feeds are decoded, and written in
// UTF-8 with an XML declaration that says so. The Doc keeps data, and
// shares memory with it: data must not change afterwards.
func Parse(name string, data []byte) (*Doc, error) {
	tree, text, err := xmlutil.Read(data, readLimits)
	if err != nil {
		return nil, SyntaxProblems(name, text, err)
	}
	p := parser{src: &source{name: name, data: text, doc: tree}}
	d := p.doc()
	if len(p.found) > 0 {
		return nil, report(p.found)
	}
	return d, nil
}

// readLimits bound the tree of a feed (see xmlutil.Limits): its items are
// an Atom feed's entries and an RSS channel's items.
var readLimits = func() xmlutil.Limits {
	l := xmlutil.DefaultLimits
	l.ItemDepth = func(root xmlscan.Name) int {
		if root.Local == "feed" {
			return 2
		}
		return 3
	}
	return l
}()

// ParseReader loads a feed from r; see Parse.
func ParseReader(name string, r io.Reader) (*Doc, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return Parse(name, data)
}

// Validate returns every problem Parse would report for the feed, or nil.
func Validate(name string, data []byte) Problems {
	_, err := Parse(name, data)
	if ps, ok := err.(Problems); ok {
		return ps
	}
	return nil
}

// parser walks a parsed tree once, building the Doc and noting problems.
type parser struct {
	src   *source
	found []finding
	folds map[int]*engine.Fold // by record: the versions of an id met more than once
}

func (p *parser) add(e *etree.Element, format string, args ...any) {
	p.found = append(p.found, finding{p.src, Finding{e, fmt.Sprintf(format, args...)}})
}

func (p *parser) doc() *Doc {
	tree := p.src.doc
	root := p.top()
	if root == nil {
		return nil
	}
	switch dl, ns := detectDialect(tree); dl {
	case SSE091, SSEPre10:
		p.add(root, "%s feed (namespace %s): not FeedSync 1.0.2", dl, ns)
		return nil
	}
	base := &scope{src: p.src}
	d := &Doc{name: p.src.name, src: p.src, root: root, sharingAt: -1, firstItem: -1, rssNS: base}
	rs := base.child(root)
	switch u := base.elemURI(root); {
	case root.Tag == "feed" && u == NSAtom:
		d.format, d.box, d.cscope, d.atom = Atom, root, rs, root.Space
	case root.Tag == "rss" && u == "":
		d.format = RSS
		if !p.channel(d, rs) {
			return nil
		}
	default:
		p.add(root, "root element in namespace %q is neither an Atom 1.0 feed nor an RSS 2.0 rss", u)
		return nil
	}
	if pre, ok := d.cscope.prefixFor(NSFeedSync, "sx"); ok {
		d.sx = pre
	} else {
		d.sx, d.declSX = d.cscope.FreePrefix("sx"), true
	}
	p.box(d)
	return d
}

// top returns the root element. The reader has refused a document
// without one, with two, or with text outside it.
func (p *parser) top() *etree.Element {
	return p.src.doc.Root()
}

// channel finds the RSS channel and checks the rss element around it.
func (p *parser) channel(d *Doc, rs *scope) bool {
	if v := d.root.SelectAttrValue("version", ""); v != "2.0" {
		p.add(d.root, "rss version %q: not RSS 2.0", v)
	}
	for c := range d.root.ChildElementsSeq() {
		u := rs.elemURI(c)
		switch {
		case u == "" && c.Tag == "channel" && d.box == nil:
			d.box, d.cscope = c, rs.child(c)
		case u == "" && c.Tag == "channel":
			p.add(c, "a second channel: an RSS 2.0 document has one, and the items of this one would be lost")
		case u == NSFeedSync && c.Tag == "sharing":
			p.add(c, "sx:sharing belongs inside channel (§2.2)")
		}
	}
	if d.box == nil {
		p.add(d.root, "rss without a channel")
	}
	return d.box != nil
}

// box reads the children of the feed or channel: sx:sharing and the items.
func (p *parser) box(d *Doc) {
	n := len(d.box.Child)
	d.slots = make([]int32, n)
	d.index = make(map[string]int, n/2)
	last := -1
	for i, t := range d.box.Child {
		d.slots[i] = -1
		e, ok := t.(*etree.Element)
		if !ok {
			continue
		}
		last = i
		u := d.cscope.elemURI(e)
		switch {
		case u == NSFeedSync && e.Tag == "sharing":
			if d.sharingAt < 0 {
				d.sharingAt, d.sharing = i, p.sharing(e, d.cscope)
			}
		case d.isItem(u, e):
			if d.firstItem < 0 {
				d.firstItem = i
			}
			p.item(d, i, e)
		}
	}
	for r, f := range p.folds {
		m := f.Result()
		d.recs[r].item, d.recs[r].orig, d.recs[r].dups = m, m, true
	}
	d.nTree = len(d.recs)
	d.appendAt = last + 1
	if last < 0 {
		for d.appendAt = n; d.appendAt > 0 && xmlutil.IsWS(d.box.Child[d.appendAt-1]); d.appendAt-- {
		}
	}
	d.indentation()
}

// isItem reports whether e, a child of box in namespace u, is an entry or item.
func (d *Doc) isItem(u string, e *etree.Element) bool {
	if d.format == Atom {
		return u == NSAtom && e.Tag == "entry"
	}
	return u == "" && e.Tag == "item"
}

// indentation learns how the feed indents items and one level, for the
// elements it writes anew.
func (d *Doc) indentation() {
	at := d.firstItem
	if at < 0 {
		at = d.appendAt - 1
		for at >= 0 && xmlutil.IsWS(d.box.Child[at]) {
			at--
		}
	}
	if at > 0 && xmlutil.IsWS(d.box.Child[at-1]) {
		d.itemInd = xmlutil.LastLine(d.box.Child[at-1].(*etree.CharData).Data)
	}
	if d.itemInd == "" {
		return
	}
	d.unit = "  "
	if d.firstItem < 0 {
		return
	}
	item := d.box.Child[d.firstItem].(*etree.Element)
	if len(item.Child) > 0 && xmlutil.IsWS(item.Child[0]) {
		in := xmlutil.LastLine(item.Child[0].(*etree.CharData).Data)
		if len(in) > len(d.itemInd) && strings.HasPrefix(in, d.itemInd) {
			d.unit = in[len(d.itemInd):]
		}
	}
}

// item reads one entry or item, the i-th child of box.
func (p *parser) item(d *Doc, i int, e *etree.Element) {
	is := d.cscope.child(e)
	sx := p.syncOf(e, is)
	if sx == nil {
		return // not a sync item: passed through untouched (§2.4)
	}
	it := p.version(d.format, e, d.cscope, is, sx, nil)
	r, ok := d.index[it.Sync.ID]
	if !ok {
		d.index[it.Sync.ID] = len(d.recs)
		d.slots[i] = int32(len(d.recs))
		d.recs = append(d.recs, record{item: it, orig: it, el: e, scope: d.cscope})
		return
	}
	// Implementation note 2: a later element with the same id is another
	// version of the same item, merged into the first; a Fold does it in
	// time linear in the versions (box takes the results).
	rec := &d.recs[r]
	if rec.item.Sync.NoConflicts != it.Sync.NoConflicts {
		p.add(sx, "noconflicts differs from an earlier item with id %q; it never changes after the first update (§2.4)", it.Sync.ID)
	}
	if p.folds == nil {
		p.folds = map[int]*engine.Fold{}
	}
	f := p.folds[r]
	if f == nil {
		f = engine.NewFold(rec.item)
		p.folds[r] = f
	}
	if err := f.Add(it); err != nil {
		p.add(sx, "%v", err)
		return
	}
	d.slots[i] = int32(-2 - r)
}

// syncOf returns the sx:sync child of an item, noting any beyond the first.
func (p *parser) syncOf(e *etree.Element, is *scope) *etree.Element {
	var sx *etree.Element
	for _, t := range e.Child {
		c, ok := t.(*etree.Element)
		if !ok || c.Tag != "sync" {
			continue
		}
		if _, bound := is.child(c).URI(c.Space); !bound {
			p.add(c, "prefix %q is not bound to a namespace", c.Space)
			continue
		}
		if is.elemURI(c) != NSFeedSync {
			continue
		}
		if sx != nil {
			p.add(c, "a second sx:sync in one item (§2.4)")
			continue
		}
		sx = c
	}
	return sx
}
