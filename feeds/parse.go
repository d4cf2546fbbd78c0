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
// not well-formed XML with namespaces is refused at its place. A feed in
// another encoding than UTF-8 (any of xmlscan.Charset's) is decoded, and
// written back in it (see Reading and writing in the package doc). The
// Doc keeps data, and shares memory with it: data must not change
// afterwards.
func Parse(name string, data []byte) (*Doc, error) {
	return parse(name, data, nil)
}

// parse is Parse, telling progress how far it has read (ParseWithProgress).
func parse(name string, data []byte, progress Progress) (*Doc, error) {
	text, cs, err := xmlscan.Decode(data)
	if err != nil {
		return nil, SyntaxProblems(name, data, &xmlutil.DecodeError{Err: err})
	}
	p := &parser{src: &source{name: name, data: text, cs: cs}, rep: xmlutil.NewReporter(progress, len(text), ReportBytes)}
	sc := &scan{p: p, s: xmlscan.New(text)}
	sc.r.S = sc.s
	p.src.doc = sc.run()
	if p.err != nil {
		return nil, SyntaxProblems(name, text, p.err)
	}
	p.src.ents = sc.s.Entities()
	p.src.bld.Entities = p.src.ents
	p.src.items, p.scanned = sc.order, sc.items
	d := p.doc()
	p.found = append(p.found, p.other...)
	if len(p.found) > 0 {
		return nil, report(p.found)
	}
	p.rep.Done()
	return d, nil
}

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

// parser reads a feed in two passes: a scan of the tokens (scan) that
// reads the items, then a walk over the tree of the rest that builds the
// Doc. Both note problems.
type parser struct {
	src     *source
	found   []finding
	err     *xmlscan.SyntaxError // the scan stopped at it
	scanned []scanned            // the items, in document order
	met     int                  // how many of them box has met
	folds   map[int]*engine.Fold // by record: the versions of an id met more than once
	rep     *xmlutil.Reporter    // the bytes read, after each item; nil unless asked
	// other is the items whose sync element is another dialect's, which
	// are problems unless the feed as a whole is refused as that dialect.
	other []finding
}

// add notes a problem at a place.
func (p *parser) add(at place, format string, args ...any) {
	p.found = append(p.found, finding{src: p.src, at: at, msg: fmt.Sprintf(format, args...)})
}

// addEl notes a problem with an element of the tree.
func (p *parser) addEl(e *etree.Element, format string, args ...any) {
	p.add(elPlace(e), format, args...)
}

// addAt notes a problem with the start tag at offset off.
func (p *parser) addAt(off int, name xmlscan.Name, format string, args ...any) {
	p.add(placeAt(off, name), format, args...)
}

func (p *parser) doc() *Doc {
	tree := p.src.doc
	root := p.top()
	if root == nil {
		return nil
	}
	switch dl, ns := detectDialect(tree); dl {
	case SSE091, SSEPre10:
		p.addEl(root, "%s feed (namespace %s): not FeedSync 1.0.2", dl, ns)
		p.other = nil // its items are that dialect's: the one problem says so
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
	case LegacyFormat(root, u) != "":
		p.addEl(root, "%s", LegacyMessage(LegacyFormat(root, u)))
		return nil
	default:
		p.addEl(root, "root element in namespace %q is neither an Atom 1.0 feed nor an RSS 2.0 rss", u)
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
	note, ok := RSSVersion(d.root.SelectAttrValue("version", ""))
	if !ok {
		p.addEl(d.root, "%s", note)
	}
	d.note = note
	for c := range d.root.ChildElementsSeq() {
		u := rs.elemURI(c)
		switch {
		case u == "" && c.Tag == "channel" && d.box == nil:
			d.box, d.cscope = c, rs.child(c)
		case u == "" && c.Tag == "channel":
			p.addEl(c, "a second channel: an RSS 2.0 document has one, and the items of this one would be lost")
		case u == NSFeedSync && c.Tag == "sharing":
			p.addEl(c, "sx:sharing belongs inside channel (1.0.2 §2.2)")
		}
	}
	if d.box == nil {
		p.addEl(d.root, "rss without a channel")
	}
	return d.box != nil
}

// box reads the children of the feed or channel: sx:sharing and the items.
func (p *parser) box(d *Doc) {
	p.src.scope = d.cscope
	n := len(d.box.Child)
	d.slots = make([]int32, n)
	d.index = make(map[string]int, n/2)
	last, lead := -1, "" // lead: the first item's first child, when white space
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
			sc := p.meet(e)
			if d.firstItem < 0 {
				d.firstItem = i
				if sc != nil {
					lead = sc.lead
				}
			}
			p.item(d, i, sc)
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
	d.indentation(lead)
}

// isItem reports whether e, a child of box in namespace u, is an entry or item.
func (d *Doc) isItem(u string, e *etree.Element) bool {
	if d.format == Atom {
		return u == NSAtom && e.Tag == "entry"
	}
	return u == "" && e.Tag == "item"
}

// indentation learns how the feed indents items and one level, for the
// elements it writes anew, from the white space before the first item and
// the first item's first child (which the scan noted).
func (d *Doc) indentation(lead string) {
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
		// No item to learn from: one level is what the items' container
		// is indented by against its own parent (the root's parent being
		// the document, whose lines start at the margin).
		outer := xmlutil.IndentOf(d.box)
		if outer == "" {
			outer = "\n"
		}
		if len(d.itemInd) > len(outer) && strings.HasPrefix(d.itemInd, outer) {
			d.unit = d.itemInd[len(outer):]
		}
		return
	}
	if lead != "" {
		in := xmlutil.LastLine(lead)
		if len(in) > len(d.itemInd) && strings.HasPrefix(in, d.itemInd) {
			d.unit = in[len(d.itemInd):]
		}
	}
}

// item takes one entry or item, the i-th child of box, as the scan read
// it (sc).
func (p *parser) item(d *Doc, i int, sc *scanned) {
	if sc == nil || sc.v == nil {
		return // not a sync item: passed through untouched (§2.4)
	}
	it := &sc.v.item
	r, added := xmlutil.Put(&d.recs, d.index, it.Sync.ID)
	if added {
		d.slots[i] = int32(r)
		d.recs[r] = record{item: it, orig: it, lz: sc.lz}
		return
	}
	// Implementation note 2: a later element with the same id is another
	// version of the same item, merged into the first; a Fold does it in
	// time linear in the versions (box takes the results).
	at := syncPlace(sc.lz)
	rec := &d.recs[r]
	if rec.item.Sync.NoConflicts != it.Sync.NoConflicts {
		p.add(at, "noconflicts differs from an earlier item with id %q; it never changes after the first update (1.0.2 §2.4)", it.Sync.ID)
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
		p.add(at, "%v", err)
		return
	}
	d.slots[i] = int32(-2 - r)
}

// meet returns the item the scan read as e, the next item element of
// box: the scan read them in document order, the order box walks them in.
func (p *parser) meet(e *etree.Element) *scanned {
	if p.met >= len(p.scanned) || p.scanned[p.met].lz.shell != e {
		return nil
	}
	p.met++
	return &p.scanned[p.met-1]
}

// syncPlace returns the place of a version's sx:sync.
func syncPlace(lz *lazyEl) place {
	return placeAt(lz.syncAt, nameAt(lz.src.data, lz.syncAt))
}

// nameAt returns the name of the start tag at data[off], which was read.
func nameAt(data []byte, off int) xmlscan.Name {
	end := off + 1
	for end < len(data) && !strings.ContainsRune(" \t\r\n/>", rune(data[end])) {
		end++
	}
	q := string(data[off+1 : end])
	if i := strings.IndexByte(q, ':'); i >= 0 {
		return xmlscan.Name{Prefix: q[:i], Local: q[i+1:]}
	}
	return xmlscan.Name{Local: q}
}
