package ssefeed

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/beevik/etree"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// Parse loads an SSE 0.91 feed, RSS 2.0 or OPML. name is used in messages
// only. A feed that is not well-formed XML, is neither RSS nor OPML, uses
// FeedSync 1.0.2 or a pre-1.0 SSE namespace, or breaks a rule of the spec
// gives a feeds.Problems error listing every problem, and no Doc. What is
// wrong but readable is in the Doc's Warnings. The feed is read strictly
// and decoded as feeds.Parse reads and decodes; the Doc shares memory with
// data, which must not change afterwards.
func Parse(name string, data []byte) (*Doc, error) {
	d, ps := parse(name, data, nil)
	if len(ps) > 0 {
		return nil, ps
	}
	return d, nil
}

// Validate returns every problem Parse would report for the feed, or nil;
// warnings are not among them.
func Validate(name string, data []byte) feeds.Problems {
	_, ps := parse(name, data, nil)
	return ps
}

// parse reads a feed, telling progress how far it has read
// (ParseWithProgress).
func parse(name string, data []byte, progress feeds.Progress) (*Doc, feeds.Problems) {
	text, cs, err := xmlscan.Decode(data)
	if err != nil {
		return nil, feeds.SyntaxProblems(name, data, &xmlutil.DecodeError{Err: err})
	}
	src := &source{name: name, cs: cs}
	p := &parser{src: src, d: &Doc{name: name, src: src, index: map[string]int{}, dates: map[int64]string{}}}
	if rssRoot(text) {
		// RSS: one scan, items read without their trees (lazy.go).
		src.data = text
		p.rep = xmlutil.NewReporter(progress, len(text), feeds.ReportBytes)
		p.scan = &scan{p: p, s: xmlscan.New(text)}
		p.scan.r.S = p.scan.s
		p.scan.b.Tags, src.bld.Tags = &src.tags, &src.tags
		if src.tree = p.scan.run(); src.tree == nil {
			return nil, feeds.SyntaxProblems(name, text, p.err)
		}
		src.bld.Entities = p.scan.s.Entities()
		src.shells = p.scan.order
	} else {
		b := xmlutil.Builder{Limits: readLimits, Tags: &src.tags}
		tree, err := b.Document(xmlscan.New(text))
		if err != nil {
			return nil, feeds.SyntaxProblems(name, text, err)
		}
		src.data, src.tree = text, tree
		p.rep = xmlutil.NewReporter(progress, len(text), feeds.ReportBytes)
	}
	ok := p.doc()
	p.errs = append(p.errs, p.other...)
	if !ok || len(p.errs) > 0 {
		return nil, src.locate(p.errs)
	}
	p.d.warnings = src.locate(p.warns)
	p.rep.Done()
	return p.d, nil
}

// readLimits bound the tree of a feed (see xmlutil.Limits): its items are
// an RSS channel's items, or the top-level outlines of an OPML body with
// the outlines they hold.
var readLimits = func() xmlutil.Limits {
	l := xmlutil.DefaultLimits
	l.ItemDepth = func(xmlscan.Name) int { return 3 }
	return l
}()

// source is a parsed input: its name, bytes and tree, kept so that
// items can be built and findings placed after the fact.
type source struct {
	name   string
	data   []byte           // the document in UTF-8
	cs     *xmlscan.Charset // the charset it came in, nil for UTF-8
	tree   *etree.Document
	shells []xmlutil.Shell              // RSS items read without their content, in document order
	plain  map[*etree.Element]*lazyItem // among them, those without sx:sync
	// untexted are the RSS items without title or description (Incomplete).
	untexted []finding

	bld xmlutil.LazyBuilder // builds the items skipped on first use
	// tags are the tags read that etree writes otherwise, written as read
	// (xmlutil.RawTags): the Builder of the tree and the LazyBuilder record them.
	tags xmlutil.RawTags

	outlineOnce sync.Once // outlineNS is known (usesOutlineNS)
	outlineNS   bool
}

// finding is a problem with an element of the tree, or with the start tag
// at an offset (off >= 0) read from the tokens.
type finding struct {
	el   *etree.Element
	off  int
	name xmlscan.Name
	msg  string
}

// locate places findings in the source and sorts them by position; those
// at one place keep their order.
func (s *source) locate(fs []finding) feeds.Problems {
	if len(fs) == 0 {
		return nil
	}
	want := map[*etree.Element]bool{}
	for _, f := range fs {
		if f.off < 0 && f.el != nil {
			want[f.el] = true
		}
	}
	offs := xmlutil.Offsets(s.data, s.tree, want, s.shells)
	ps := make(feeds.Problems, 0, len(fs))
	lines := xmlscan.NewLines(s.data)
	for _, f := range fs {
		p := feeds.Problem{File: s.name, Element: f.name.String(), Msg: f.msg}
		off, ok := f.off, f.off >= 0
		if !ok {
			p.Element = "document"
			if f.el != nil {
				p.Element = f.el.FullTag()
				off, ok = offs[f.el]
			} else {
				off, ok = 0, true
			}
		}
		if ok {
			p.Line, p.Col = lines.Position(off)
		}
		ps = append(ps, p)
	}
	slices.SortStableFunc(ps, func(a, b feeds.Problem) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	return ps
}

// findings collects the errors and warnings of one parse.
type findings struct {
	errs, warns []finding
}

func (f *findings) errorf(e *etree.Element, format string, args ...any) {
	f.errs = append(f.errs, finding{el: e, off: -1, msg: fmt.Sprintf(format, args...)})
}

func (f *findings) warnf(e *etree.Element, format string, args ...any) {
	f.warns = append(f.warns, finding{el: e, off: -1, msg: fmt.Sprintf(format, args...)})
}

// errorAt and warnAt note problems with the start tag at offset off.
func (f *findings) errorAt(off int, name xmlscan.Name, format string, args ...any) {
	f.errs = append(f.errs, finding{off: off, name: name, msg: fmt.Sprintf(format, args...)})
}

func (f *findings) warnAt(off int, name xmlscan.Name, format string, args ...any) {
	f.warns = append(f.warns, finding{off: off, name: name, msg: fmt.Sprintf(format, args...)})
}

// parser walks a parsed tree once, building the Doc and noting problems.
type parser struct {
	findings
	src     *source
	d       *Doc
	firstNS string // the first form of the SSE namespace met
	read    []readItem
	pending []pendingConflict
	scan    *scan                // the scan that read an RSS feed, or nil
	err     *xmlscan.SyntaxError // the scan stopped at it
	rep     *xmlutil.Reporter    // the bytes read, after each RSS item; nil unless asked
	// other is the items the scan found whose sync element is another
	// dialect's: errors unless the feed as a whole is refused as that
	// dialect.
	other []finding
}

// readItem is an item element as read, before items with one id merge.
type readItem struct {
	el       *etree.Element
	sync     *etree.Element // nil when read by the scan
	syncOff  int            // then its sx:sync's offset and name
	syncName xmlscan.Name
	item     *sse.Item
	slot     int // RSS: its index among the children of channel
}

// pendingConflict is an sx:conflict without a position of its own, which
// takes its item's once the item's is known.
type pendingConflict struct {
	c  *sse.Conflict
	it *sse.Item
}

func (p *parser) doc() bool {
	root := p.top()
	if root == nil {
		return false
	}
	switch feeds.DetectDialect(p.src.tree) {
	case feeds.FeedSync102:
		p.errorf(root, "FeedSync 1.0.2 feed (namespace %s): not SSE 0.91", feeds.NSFeedSync)
		p.other = nil // its items are that dialect's: the one problem says so
		return false
	case feeds.SSEPre10:
		p.errorf(root, "pre-1.0 SSE feed (namespace %s): not SSE 0.91", feeds.NSSSEPre10)
		p.other = nil
		return false
	}
	d := p.d
	d.root = root
	switch u := uriOf(root); {
	case u == "" && root.Tag == "rss":
		d.kind = KindRSS
		if !p.rss() {
			return false
		}
	case u == "" && root.Tag == "opml":
		d.kind = KindOPML
		if !p.opml() {
			return false
		}
	case feeds.LegacyFormat(root, u) != "":
		p.errorf(root, "%s", feeds.LegacyMessage(feeds.LegacyFormat(root, u)))
		return false
	default:
		p.errorf(root, "root element %s in namespace %q is neither RSS 2.0 <rss> nor OPML <opml> (0.91 §1)", root.FullTag(), u)
		return false
	}
	p.finish()
	return true
}

// top returns the root element. The reader has refused a document
// without one, with two, or with text outside it.
func (p *parser) top() *etree.Element {
	return p.src.tree.Root()
}

// isSSE reports whether e is the SSE element local, noting the form of
// the namespace and a prefix bound to nothing.
func (p *parser) isSSE(e *etree.Element, local string) bool {
	if e.Tag != local {
		return false
	}
	u, ok := lookup(e, e.Space)
	if !ok {
		p.errorf(e, "prefix %q is not bound to a namespace", e.Space)
		return false
	}
	if isSSE(u) && p.firstNS == "" {
		p.firstNS = u
	}
	return isSSE(u)
}

// rss finds the channel and reads sx:sharing and the items.
func (p *parser) rss() bool {
	d := p.d
	v, _ := plainAttr(d.root, "version")
	if note, ok := feeds.RSSVersion(v); !ok {
		p.warnf(d.root, "%s; SSE 0.91 extends RSS 2.0 (0.91 §1)", note)
	} else if note != "" {
		p.warnf(d.root, "%s", note)
	}
	outside := p.topLevel("channel", map[string]**etree.Element{"channel": &d.box})
	if d.box == nil {
		p.errorf(d.root, "rss without a channel")
		return false
	}
	p.sharings(outside, d.box)
	if sc := p.scan; sc != nil {
		for u, text := range d.dates { // sx:sharing's texts come before the items'
			sc.dates[u] = text
		}
		d.dates = sc.dates
		p.read = make([]readItem, 0, len(sc.items))
	}
	d.slots = make([]int, len(d.box.Child))
	for i, t := range d.box.Child {
		d.slots[i] = -1
		e, ok := t.(*etree.Element)
		switch {
		case !ok:
		case e.Tag == "item" && uriOf(e) == "" && p.scan != nil && p.scan.items[e] != nil:
			if sn := p.scan.items[e]; sn.it != nil {
				p.read = append(p.read, readItem{el: e, syncOff: sn.lz.syncAt, syncName: sn.syncName, item: sn.it, slot: i})
			}
		case e.Tag == "item" && uriOf(e) == "":
			if sync := p.syncOf(e); sync != nil {
				it := p.version(e, sync, nil)
				p.read = append(p.read, readItem{el: e, sync: sync, item: it, slot: i})
			}
		case p.isSSE(e, "sync"):
			p.errorf(e, "sx:sync belongs inside an item (0.91 §2.3)")
		}
	}
	return true
}

// opml finds head and body and reads sx:sharing and the outlines.
func (p *parser) opml() bool {
	d := p.d
	var head *etree.Element
	outside := p.topLevel("head", map[string]**etree.Element{"head": &head, "body": &d.box})
	if d.box == nil {
		p.errorf(d.root, "opml without a body")
		return false
	}
	d.head = head
	p.sharings(outside, head)
	p.outlines(d.box, "")
	return true
}

// topLevel reads the root's child elements: the first one in no
// namespace whose tag is in slots goes to its slot, a second one is an
// error; an sx:sharing there is warned about (it belongs inside home) and
// returned, to be read from where it is.
func (p *parser) topLevel(home string, slots map[string]**etree.Element) (outside []*etree.Element) {
	for c := range p.d.root.ChildElementsSeq() {
		if slot := slots[c.Tag]; slot != nil && uriOf(c) == "" {
			if *slot != nil {
				p.errorf(c, "a second %s", c.Tag)
				continue
			}
			*slot = c
		} else if p.isSSE(c, "sharing") {
			p.warnf(c, "sx:sharing belongs inside %s (0.91 §2.1); read from here and left in place", home)
			outside = append(outside, c)
		}
	}
	return outside
}

// date reads a date-time attribute (§1.2) and remembers its text, so that
// the instant is written back as it was read.
func (p *parser) date(e *etree.Element, a etree.Attr) time.Time {
	t, warn, err := parseDate(a.Value)
	switch {
	case err != "":
		p.errorf(e, "%s %q %s", a.Key, a.Value, err)
		return time.Time{}
	case t.IsZero():
		p.errorf(e, "%s %q is the zero time, which stands for an absent %s (0.91 §2.4)", a.Key, a.Value, a.Key)
		return t
	case warn != "":
		p.warnf(e, "%s %q %s", a.Key, a.Value, warn)
	}
	if _, ok := p.d.dates[t.Unix()]; !ok {
		p.d.dates[t.Unix()] = a.Value
	}
	return t
}

// syncOf returns the sx:sync child of an item or outline, noting any
// beyond the first.
func (p *parser) syncOf(e *etree.Element) *etree.Element {
	var sync *etree.Element
	for c := range e.ChildElementsSeq() {
		if !p.isSSE(c, "sync") {
			if msg := feeds.OtherSync(feeds.SSE091, uriOf(c), c.Tag); msg != "" {
				p.errorf(c, "%s", msg)
			}
			continue
		}
		if sync != nil {
			p.errorf(c, "a second sx:sync in one %s (0.91 §2.3)", e.Tag)
			continue
		}
		sync = c
	}
	return sync
}

// count reads a version: an integer from 1 to sse.MaxVersion.
func (p *parser) count(e *etree.Element, a etree.Attr, sec string) int {
	n, ok := number(a.Value, 1, 10)
	switch {
	case ok && n == 0:
		p.errorf(e, "%s %q is below 1 (%s)", a.Key, a.Value, sec)
	case !ok || n > sse.MaxVersion:
		p.errorf(e, "%s %q is not an integer from 1 to %d (%s)", a.Key, a.Value, sse.MaxVersion, sec)
		return 0
	}
	return n
}

// flag reads deleted or conflict (§2.3).
func (p *parser) flag(e *etree.Element, a etree.Attr) bool {
	b, err := sse.ParseFlag(a.Value)
	if err != nil {
		p.errorf(e, "%s %q is not \"true\", \"false\" or empty (0.91 §2.3)", a.Key, a.Value)
	}
	return b
}

// stamp reads the when and by of sx:history, sx:update or sx:conflict. An
// empty attribute is read as an absent one, whose value it is (§2.4).
func (p *parser) stamp(e *etree.Element, sec string) sse.Stamp {
	var st sse.Stamp
	has := false
	for _, a := range e.Attr {
		if a.Space != "" || a.Value == "" {
			continue
		}
		switch a.Key {
		case "when":
			has, st.When = true, p.date(e, a)
		case "by":
			has, st.By = true, a.Value
			if !sse.ValidID(a.Value) {
				p.errorf(e, "by %q is not an RFC 2141 namespace specific string (0.91 §1.2)", a.Value)
			}
		}
	}
	if !has {
		p.errorf(e, "neither when nor by: one or both are required (%s)", sec)
	}
	return st
}

// finish merges items that share an id (§2.3 forbids them, sse.Dedupe
// merges them, here with an sse.Fold per id, in time linear in the
// versions) and gives each element its record.
func (p *parser) finish() {
	d := p.d
	folds := map[int]*sse.Fold{}
	for _, r := range p.read {
		slot, added := xmlutil.Put(&d.recs, d.index, r.item.ID)
		if added {
			d.recs[slot] = record{item: r.item, el: r.el}
		} else {
			f := folds[slot]
			if f == nil {
				f = sse.NewFold(d.recs[slot].item)
				folds[slot] = f
			}
			f.Add(r.item) // the ids are equal: no error
			msg := "id %q is used by an earlier %s too; ids are unique in a feed (0.91 §2.3), so the two were merged"
			if r.sync == nil {
				p.warnAt(r.syncOff, r.syncName, msg, r.item.ID, r.el.Tag)
			} else {
				p.warnf(r.sync, msg, r.item.ID, r.el.Tag)
			}
			slot = -2
		}
		if d.kind == KindRSS {
			d.slots[r.slot] = slot
		}
	}
	for j, f := range folds {
		d.recs[j].item = asRead(f.Result(), d.recs[j].item, nil)
	}
	if d.kind == KindOPML {
		cycles := sse.NewCycleSet(d.records())
		p.cycles(cycles)
		p.depth(cycles)
	}
	d.nRead = len(d.recs)
	if p.firstNS == "" && p.scan != nil {
		p.firstNS = p.scan.firstNS
	}
	d.prefixes(p.firstNS)
	d.indentation()
}

// cycles warns about outlines that their stored positions make their own
// ancestors and that no merge has flagged yet (0.91 §4.4.2), cut by
// cycle detection from cycles. Merging never produces one (it flags each
// cycle it causes), so such a cycle comes from another implementation or
// a hand edit.
func (p *parser) cycles(cycles *sse.CycleSet) {
	d := p.d
	items := d.records()
	parent := make(map[string]string, len(items))
	for _, it := range items {
		parent[it.ID] = it.Position.Parent
	}
	for _, id := range cycles.Cuts() {
		r := d.recs[d.index[id]]
		if r.item.Conflict {
			continue
		}
		path := []string{id}
		for q := parent[id]; ; q = parent[q] {
			path = append(path, q)
			if q == id || len(path) > len(items) {
				break
			}
		}
		p.warnf(r.el, "outline %q is its own ancestor by its stored position (%s); it is shown at the top level, and the first merge with a feed that lacks this cycle sets conflict=\"true\" on it (0.91 §4.4.2)",
			id, strings.Join(path, " → "))
	}
}

// depth refuses an outline that the writer would nest deeper than
// MaxDepth: a chain of fso:parent, written flat, nests as deep as it is
// long when written back (DepthError). What it and cycles found is kept
// for MergeIn (outlineIndex), which so needs no walk of the outline.
func (p *parser) depth(cycles *sse.CycleSet) {
	d := p.d
	rec, outlines, depth := d.deepest()
	if depth > MaxDepth {
		p.errorf(d.recs[rec].el, "outline %q is under %d outlines by its stored positions (fso:parent): written back, its elements would nest %d deep, past the %d that feedsync reads",
			d.recs[rec].item.ID, outlines-1, depth, MaxDepth)
		return
	}
	d.outline = d.newOutlineIndex(cycles, depth)
}

// prefixes picks the prefixes written for SSE and for feedsync's outline
// positions: those bound at the channel or body, or free ones, declared
// on the root when needed.
func (d *Doc) prefixes(firstNS string) {
	if pre, u, ok := prefixFor(d.box, "sx", NS, NSHTTP); ok {
		d.sx, d.ns = pre, u
	} else {
		d.sx, d.ns, d.declSX = freePrefix(d.box, "sx"), cmpOr(firstNS, NS), true
	}
	if pre, _, ok := prefixFor(d.box, "fso", NSOutline); ok {
		d.fso = pre
	} else {
		d.fso, d.declFSO = freePrefix(d.box, "fso"), true
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func itoa(n int) string { return strconv.Itoa(n) }
