package feeds

import (
	"fmt"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// scanned is an item element as the scan read it.
type scanned struct {
	v    *version // its version, or nil when it has no sx:sync
	lz   *lazyEl
	lead string // the white space that is its first child, or ""
}

// scan reads the whole document once (the first of the parse's two
// passes). It builds the tree of everything but the items' content, the
// skeleton, in which each item is an element without children (a shell),
// and reads each item from the tokens into a version, noting what is wrong
// with its sync metadata. It records where the root's and the item
// container's tags are, and the bytes of each child of the container, so
// that what does not change is written back as it was read.
type scan struct {
	p   *parser
	s   *xmlscan.Scanner
	b   xmlutil.Builder
	doc *etree.Document

	format   Format
	boxDepth int            // depth of the element that holds the items, 0 until known
	box      *etree.Element // that element
	channels int            // RSS channels met
	inBox    bool           // the scanner is inside box

	items    []scanned          // the items, in document order
	order    []*lazyEl          // the items, in document order
	r        xmlutil.ItemReader // reads an item's tokens
	canon    []*canonWriter
	histBufs [][]engine.History
}

// run reads the document and returns its skeleton, or nil when the
// scanner stopped at an error (p.err).
func (sc *scan) run() *etree.Document {
	sc.doc = etree.NewDocument()
	sc.doc.ReadSettings, sc.doc.WriteSettings = xmlutil.ReadSettings, xmlutil.WriteSettings
	sc.b.Limits = xmlutil.DefaultLimits
	sc.b.Begin(sc.doc)
	src := sc.p.src
	for sc.s.Next() {
		t := sc.s.Token()
		depth := sc.s.Depth()
		if t.Kind == xmlscan.StartElement && sc.inBox && depth == sc.boxDepth+1 && sc.isItem(t) {
			if !sc.item(t) {
				break
			}
			continue
		}
		off, kind := t.Off, t.Kind
		tok := sc.b.Add(sc.s)
		if kind == xmlscan.StartElement {
			if tok == nil {
				break // a limit
			}
			if sc.inBox && depth == sc.boxDepth+1 {
				src.offs = append(src.offs, off)
			}
			sc.start(tok.(*etree.Element), depth)
			continue
		}
		switch {
		case !sc.inBox:
		case kind == xmlscan.EndElement && depth == sc.boxDepth-1:
			src.boxClose, sc.inBox = off, false
		case kind != xmlscan.EndElement && depth == sc.boxDepth:
			src.offs = append(src.offs, off)
		}
	}
	if err := sc.s.SyntaxErr(); err != nil {
		sc.p.err = err
		return nil
	}
	sc.b.End()
	return sc.doc
}

// start notes what a skeleton element tells: the format from the root,
// the element that holds the items, where their tags end.
func (sc *scan) start(e *etree.Element, depth int) {
	t, src := sc.s.Token(), sc.p.src
	switch {
	case depth == 1:
		src.rootEnd, src.rootEmpty = t.End, t.Empty
		u, _ := sc.s.Lookup(t.Name.Prefix)
		switch {
		case t.Name.Local == "feed" && u == NSAtom:
			sc.format, sc.boxDepth, sc.box = Atom, 1, e
		case t.Name.Local == "rss" && u == "":
			sc.format, sc.boxDepth = RSS, 2
		}
	case depth == 2 && sc.format == RSS && t.Name.Local == "channel":
		if u, _ := sc.s.Lookup(t.Name.Prefix); u == "" {
			sc.channels++
			if sc.channels == 1 {
				sc.box = e
			}
		}
	}
	if e == sc.box {
		src.boxEnd, src.boxEmpty, src.boxClose = t.End, t.Empty, t.End
		sc.inBox = !t.Empty
		src.bindings = sc.s.Bindings()
	}
}

// isItem reports whether t, a child of the element that holds the items,
// is an item: an Atom entry or an RSS item.
func (sc *scan) isItem(t *xmlscan.Token) bool {
	u, _ := sc.s.Lookup(t.Name.Prefix)
	if sc.format == Atom {
		return u == NSAtom && t.Name.Local == "entry"
	}
	return u == "" && t.Name.Local == "item"
}

// item reads an item, whose start tag the scanner has just read: a shell
// in the skeleton, its version from the tokens. An item without sx:sync is
// passed through; it is noted, so that its tree can be built for those who
// list what a feed holds besides its sync items (FeedLevel). It returns
// false at an error.
func (sc *scan) item(t *xmlscan.Token) bool {
	tok := sc.b.AddApart(sc.s) // not in a block: another Doc may keep a few items (Doc.Release)
	if tok == nil {
		return false
	}
	shell := tok.(*etree.Element)
	sc.r.Start(shell.FullTag())
	v, lz, lead := sc.version(sc.format, nil, nil)
	if lz == nil {
		return false
	}
	sc.b.Token(sc.s.Token()) // the end tag: the shell has no children yet
	lz.shell = shell
	src := sc.p.src
	src.offs = append(src.offs, lz.start)
	sc.items = append(sc.items, scanned{v: v, lz: lz, lead: lead})
	sc.order = append(sc.order, lz)
	sc.p.rep.At(lz.end)
	if v == nil {
		if src.plain == nil {
			src.plain = map[*etree.Element]*lazyEl{}
		}
		src.plain[shell] = lz
	}
	return true
}

// next reads the next token of an item (xmlutil.ItemReader).
func (sc *scan) next() bool { return sc.r.Next() }

// version reads an item or a conflict version of an item owner, whose
// start tag the scanner has just read, up to its end tag: its sx:sync and
// the digest of its shared data. of is the item a conflict version
// belongs to. It returns nil for the version when the element has no
// sx:sync, and a nil lazyEl at an error.
func (sc *scan) version(f Format, of *engine.Item, owner *lazyEl) (*version, *lazyEl, string) {
	t := sc.s.Token()
	lz := &lazyEl{src: sc.p.src, start: t.Off, syncAt: -1}
	if owner != nil {
		lz.more = &lazyMore{owner: owner}
		m := owner.extra()
		m.nested = append(m.nested, lz)
	}
	depth := sc.s.Depth()
	level := 0
	if owner != nil {
		level = 1
	}
	cw := sc.canonAt(level)
	var v *version
	lead, first := "", true
	for sc.next() {
		t := sc.s.Token()
		if t.Kind == xmlscan.EndElement && sc.s.Depth() == depth-1 {
			lz.end = t.End
			if v != nil {
				v.data = itemData{format: f, lz: lz}
				v.item.Data = &v.data
				if dg, ok := cw.digest(); ok {
					v.dg = dg
					v.data.digest.Store(&v.dg)
				}
			}
			return v, lz, lead
		}
		if first {
			first = false
			// White space with CRLF line ends is not Space (a carriage
			// return was decoded), but its step is the feed's all the same.
			if t.Kind == xmlscan.Text && (t.Space || xmlutil.IsSpace(t.Text)) {
				lead = t.Text
			}
		}
		if t.Kind != xmlscan.StartElement {
			continue
		}
		u, _ := sc.s.Lookup(t.Name.Prefix)
		if u == NSFeedSync && t.Name.Local == "sync" {
			if v != nil {
				sc.p.addAt(t.Off, t.Name, "a second sx:sync in one item (1.0.2 §2.4)")
				if !sc.skip() {
					break
				}
				continue
			}
			v = &version{}
			lz.syncAt = t.Off
			if !sc.sync(f, v, of, lz) {
				break
			}
			continue
		}
		lz.has = lz.has.add(hasOf(f, u, t))
		if msg := OtherSync(FeedSync102, u, t.Name.Local); msg != "" {
			sc.p.other = append(sc.p.other, finding{src: sc.p.src, at: placeAt(t.Off, t.Name), msg: msg})
		}
		if !cw.field(sc, f, u) {
			break
		}
	}
	return nil, nil, ""
}

// canonAt returns the canonical writer of nesting level i, reset.
func (sc *scan) canonAt(i int) *canonWriter {
	for len(sc.canon) <= i {
		sc.canon = append(sc.canon, &canonWriter{})
	}
	cw := sc.canon[i]
	cw.reset()
	return cw
}

// skip reads up to the end tag of the element whose start tag the scanner
// has just read.
func (sc *scan) skip() bool { return sc.r.Skip() }

// sync reads sx:sync (§2.4), whose start tag the scanner has just read,
// into v: its attributes, its sx:history (§2.5) and sx:conflicts (§2.6).
func (sc *scan) sync(f Format, v *version, of *engine.Item, lz *lazyEl) bool {
	p := sc.p
	t := sc.s.Token()
	at := placeAt(t.Off, t.Name)
	s := &v.item.Sync
	p.syncAttrs(s, t.Attrs, at)
	depth := sc.s.Depth()
	hist := sc.histBuf(depth)
	foreign, conflictsSeen := "", false
	var conflicts place
	for sc.next() {
		t := sc.s.Token()
		if t.Kind == xmlscan.EndElement && sc.s.Depth() == depth-1 {
			break
		}
		if t.Kind != xmlscan.StartElement || sc.s.Depth() != depth+1 {
			continue
		}
		u, _ := sc.s.Lookup(t.Name.Prefix)
		if u != NSFeedSync {
			if t.Name.Local == "history" && foreign == "" {
				foreign = fmt.Sprintf("; its history elements are in namespace %q, not FeedSync's", u)
			}
			continue // foreign markup inside sx:sync is kept (§2.1.7)
		}
		switch t.Name.Local {
		case "history":
			hist = append(hist, p.history(t.Attrs, placeAt(t.Off, t.Name)))
		case "conflicts":
			switch {
			case of != nil:
				p.addAt(t.Off, t.Name, "a conflict version with conflicts of its own: the list is flat (1.0.2 §3.3)")
			case conflictsSeen:
				p.addAt(t.Off, t.Name, "a second sx:conflicts in one sx:sync (1.0.2 §2.6)")
			default:
				conflictsSeen, conflicts = true, placeAt(t.Off, t.Name)
				cs, ok := sc.conflicts(f, &v.item, lz)
				if !ok {
					return false
				}
				v.item.Conflicts = cs
			}
		}
	}
	if err := sc.s.SyntaxErr(); err != nil {
		return false
	}
	s.History = append(make([]engine.History, 0, len(hist)), hist...)
	sc.histBufs[depth] = hist[:0]
	if len(s.History) == 0 {
		p.add(at, "no sx:history: at least one is required (1.0.2 §2.5)%s", foreign)
	}
	if of != nil {
		if s.ID != "" && s.ID != of.Sync.ID {
			p.add(at, "conflict version has id %q, not its item's %q (1.0.2 §2.6)", s.ID, of.Sync.ID)
		}
		if s.NoConflicts != of.Sync.NoConflicts {
			p.add(at, "noconflicts differs from its item's; it never changes after the first update (1.0.2 §2.4)")
		}
	} else if s.NoConflicts && len(v.item.Conflicts) > 0 {
		p.add(conflicts, "item has noconflicts=\"true\" but keeps conflicts (1.0.2 §2.4, §3.3 step 10)")
	}
	return true
}

// histBuf returns a history buffer for nesting depth d, reused.
func (sc *scan) histBuf(d int) []engine.History {
	for len(sc.histBufs) <= d {
		sc.histBufs = append(sc.histBufs, nil)
	}
	return sc.histBufs[d][:0]
}

// conflicts reads the versions in an sx:conflicts element (§2.6), whose
// start tag the scanner has just read.
func (sc *scan) conflicts(f Format, of *engine.Item, owner *lazyEl) ([]*engine.Item, bool) {
	p := sc.p
	depth := sc.s.Depth()
	var out []*engine.Item
	for sc.next() {
		t := sc.s.Token()
		if t.Kind == xmlscan.EndElement && sc.s.Depth() == depth-1 {
			return out, true
		}
		if t.Kind != xmlscan.StartElement || sc.s.Depth() != depth+1 {
			continue
		}
		u, _ := sc.s.Lookup(t.Name.Prefix)
		if f == Atom && (u != NSAtom || t.Name.Local != "entry") || f == RSS && (u != "" || t.Name.Local != "item") {
			want := "atom:entry"
			if f == RSS {
				want = "item"
			}
			p.addAt(t.Off, t.Name, "sx:conflicts holds %s elements only (1.0.2 §2.6)", want)
			continue
		}
		off, name := t.Off, t.Name
		v, lz, _ := sc.version(f, of, owner)
		if lz == nil {
			return nil, false
		}
		if v == nil {
			p.addAt(off, name, "conflict version without sx:sync (1.0.2 §2.6)")
			continue
		}
		out = append(out, &v.item)
	}
	return nil, false
}
