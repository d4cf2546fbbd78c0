package ssefeed

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"time"

	"github.com/beevik/etree"
	sse "github.com/feedsync/feedsync/engine/sse"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// scanned is an RSS item as the scan read it.
type scanned struct {
	it       *sse.Item // its version, nil when it has no sx:sync
	lz       *lazyItem
	syncName xmlscan.Name
}

// scan reads an RSS feed in one pass over its tokens: the tree of
// everything but the items' content, in which each item of the channel is
// an element without children (a shell), and each item's sync metadata
// and digest from the tokens (see lazy.go). The walk over the tree that
// follows (parser.doc) takes the items from it.
type scan struct {
	p   *parser
	s   *xmlscan.Scanner
	b   xmlutil.Builder
	doc *etree.Document

	box      *etree.Element // the first channel
	inBox    bool
	bindings []xmlscan.Binding

	items   map[*etree.Element]*scanned
	order   []xmlutil.Shell
	dates   map[int64]string   // the first text of each instant met in an item
	firstNS string             // the form of the SSE namespace of the first SSE element met in an item
	r       xmlutil.ItemReader // reads an item's tokens
	canon   canon
	updates []sse.Stamp // sx:update elements read, reused
}

// rssItem is what the scan makes of one item, allocated together.
type rssItem struct {
	it sse.Item
	x  itemData
	ld lazyData
	lz lazyItem
	sn scanned
}

// run reads the document, and returns its skeleton, or nil when the
// scanner stopped at an error.
func (sc *scan) run() *etree.Document {
	sc.doc = etree.NewDocument()
	sc.doc.ReadSettings, sc.doc.WriteSettings = xmlutil.ReadSettings, xmlutil.WriteSettings
	sc.b.Limits = xmlutil.DefaultLimits
	sc.b.Begin(sc.doc)
	sc.items, sc.dates = map[*etree.Element]*scanned{}, map[int64]string{}
	for sc.s.Next() {
		t := sc.s.Token()
		depth := sc.s.Depth()
		if t.Kind == xmlscan.StartElement && sc.inBox && depth == 3 && t.Name.Local == "item" {
			if u, _ := sc.s.Lookup(t.Name.Prefix); u == "" {
				if !sc.item() {
					break
				}
				continue
			}
		}
		kind, end := t.Kind, t.Kind == xmlscan.EndElement && depth == 1
		tok := sc.b.Add(sc.s)
		if kind == xmlscan.StartElement && tok == nil {
			break // a limit
		}
		if e, ok := tok.(*etree.Element); ok && depth == 2 && sc.box == nil && e.Tag == "channel" {
			if u, _ := sc.s.Lookup(e.Space); u == "" {
				sc.box, sc.inBox = e, !sc.s.Token().Empty
				sc.bindings = sc.s.Bindings()
			}
		}
		if end {
			sc.inBox = false
		}
	}
	if err := sc.s.SyntaxErr(); err != nil {
		sc.p.err = err
		return nil
	}
	sc.b.End()
	return sc.doc
}

// rssRoot reports whether data's root element is an RSS 2.0 rss, the
// feeds scan reads.
func rssRoot(data []byte) bool {
	s := xmlscan.New(data)
	for s.Next() {
		if t := s.Token(); t.Kind == xmlscan.StartElement {
			u, _ := s.Lookup(t.Name.Prefix)
			return t.Name.Local == "rss" && u == ""
		}
	}
	return false
}

// next reads the next token of an item (xmlutil.ItemReader).
func (sc *scan) next() bool { return sc.r.Next() }

// skip reads up to the end tag of the element whose start tag was just
// read.
func (sc *scan) skip() bool { return sc.r.Skip() }

// item reads an item of the channel, whose start tag the scanner has just
// read, up to its end tag: a shell in the tree, and its version (see
// parser.version, which it follows step by step).
func (sc *scan) item() bool {
	t := sc.s.Token()
	tok := sc.b.Add(sc.s)
	if tok == nil {
		return false // a limit
	}
	shell := tok.(*etree.Element)
	src := sc.p.src
	ri := &rssItem{}
	lz, sn := &ri.lz, &ri.sn
	*lz = lazyItem{src: src, start: t.Off, shell: shell, syncAt: -1, bindings: sc.bindings}
	sn.lz = lz
	sc.r.Start("item")
	cw := sc.canon.at(0)
	cw.attrs(sc.s, t.Attrs)
	depth := sc.s.Depth()
	name, texted := t.Name, false
	for sc.next() {
		t := sc.s.Token()
		if t.Kind == xmlscan.EndElement && sc.s.Depth() == depth-1 {
			lz.end = t.End
			if !texted {
				src.untexted = append(src.untexted, finding{off: lz.start, name: name, msg: noText[KindRSS]})
			}
			sc.b.Token(t)
			if sn.it != nil {
				ri.ld = lazyData{item: lz, conflict: -1}
				x := &ri.x
				x.kind, x.read, x.lz, x.tags = KindRSS, sn.it, &ri.ld, &src.tags
				x.setDigest(cw.sum())
				sn.it.Data = x
			} else {
				if src.plain == nil {
					src.plain = map[*etree.Element]*lazyItem{}
				}
				src.plain[shell] = lz
			}
			sc.items[shell] = sn
			sc.order = append(sc.order, xmlutil.Shell{El: shell, Off: lz.start})
			sc.p.rep.At(lz.end)
			return true
		}
		switch t.Kind {
		case xmlscan.Text, xmlscan.CDATA:
			if t.Kind == xmlscan.CDATA || !xmlutil.IsSpace(t.Text) {
				cw.text(t.Text)
			}
			continue
		case xmlscan.StartElement:
		default:
			continue
		}
		u, _ := sc.s.Lookup(t.Name.Prefix)
		if t.Name.Local == "sync" && isSSE(u) {
			sc.sawSSE(u)
			if sn.it != nil {
				sc.p.errorAt(t.Off, t.Name, "a second sx:sync in one item (0.91 §2.3)")
				if !sc.skip() {
					return false
				}
				continue
			}
			sn.it, sn.syncName = &ri.it, t.Name
			lz.syncAt, lz.syncNS = t.Off, u
			if !sc.sync(sn.it, lz) {
				return false
			}
			continue
		}
		texted = texted || u == "" && (t.Name.Local == "title" || t.Name.Local == "description")
		if msg := feeds.OtherSync(feeds.SSE091, u, t.Name.Local); msg != "" {
			sc.p.other = append(sc.p.other, finding{off: t.Off, name: t.Name, msg: msg})
		}
		if !cw.field(sc) {
			return false
		}
	}
	return false
}

// sawSSE notes the form of the SSE namespace first met.
func (sc *scan) sawSSE(u string) {
	if sc.firstNS == "" {
		sc.firstNS = u
	}
}

// sync reads sx:sync (§2.3), whose start tag the scanner has just read,
// into it: its attributes, sx:history (§2.4, §2.5) and sx:conflicts (§5).
func (sc *scan) sync(it *sse.Item, lz *lazyItem) bool {
	p := sc.p
	t := sc.s.Token()
	off, name := t.Off, t.Name
	sc.syncAttrs(it, t.Attrs, off, name)
	depth := sc.s.Depth()
	hist, conflicts := false, false
	for sc.next() {
		t := sc.s.Token()
		if t.Kind == xmlscan.EndElement && sc.s.Depth() == depth-1 {
			if !hist {
				p.errorAt(off, name, "no sx:history: sx:sync must contain one (0.91 §2.4)")
			}
			return true
		}
		if t.Kind != xmlscan.StartElement || sc.s.Depth() != depth+1 {
			continue
		}
		u, _ := sc.s.Lookup(t.Name.Prefix)
		if !isSSE(u) {
			continue // foreign markup, kept
		}
		switch {
		case t.Name.Local == "history" && !hist:
			hist = true
			if !sc.history(it) {
				return false
			}
		case t.Name.Local == "conflicts" && !conflicts:
			conflicts = true
			if !sc.conflicts(it, lz) {
				return false
			}
		case t.Name.Local == "history" || t.Name.Local == "conflicts":
			p.errorAt(t.Off, t.Name, "a second %s in one sx:sync (0.91 §2.4, §5.1)", t.Name)
		default:
			p.warnAt(t.Off, t.Name, "%s is not an SSE 0.91 element of sx:sync; kept as it is", t.Name)
		}
	}
	return false
}

// syncAttrs reads the attributes of sx:sync (§2.3) and the position in
// feedsync's namespace, which an RSS item does not use (parser.syncAttrs).
func (sc *scan) syncAttrs(it *sse.Item, attrs []xmlscan.Attr, off int, name xmlscan.Name) {
	p := sc.p
	var hasID, hasVersion bool
	for _, a := range attrs {
		if a.Name.Prefix != "" || a.Name.Local == "xmlns" {
			continue
		}
		switch a.Name.Local {
		case "id":
			hasID, it.ID = true, a.Value
			if !sse.ValidID(a.Value) {
				p.errorAt(off, name, "id %q is not an RFC 2141 namespace specific string (0.91 §2.3)", a.Value)
			}
		case "version":
			hasVersion, it.Version = true, sc.count(off, name, a, "0.91 §2.3")
		case "deleted":
			it.Deleted = sc.flag(off, name, a)
		case "conflict":
			it.Conflict = sc.flag(off, name, a)
		}
	}
	if !hasID {
		p.errorAt(off, name, "no id: it is required (0.91 §2.3)")
	}
	if !hasVersion {
		p.errorAt(off, name, "no version: it is required (0.91 §2.3)")
	}
	sc.position(attrs, off, name)
}

// position reads fso:parent and fso:key as parser.position does, for its
// warning: an RSS item has no position.
func (sc *scan) position(attrs []xmlscan.Attr, off int, name xmlscan.Name) {
	parent, set := "", false
	for _, a := range attrs {
		if a.Name.Prefix == "" || a.Name.Prefix == "xmlns" {
			continue
		}
		if u, _ := sc.s.Lookup(a.Name.Prefix); u != NSOutline {
			continue
		}
		switch a.Name.Local {
		case "parent":
			parent = a.Value
		case "key":
			set = true
		}
	}
	if set && parent != "" && !sse.ValidID(parent) {
		sc.p.warnAt(off, name, "outline position names parent %q, which is not a valid id; ignored", parent)
	}
}

// deletedMark reads fso:deleted as parser.deletedMark does.
func (sc *scan) deletedMark(attrs []xmlscan.Attr, off int, name xmlscan.Name) bool {
	for _, a := range attrs {
		if a.Name.Prefix == "" || a.Name.Prefix == "xmlns" || a.Name.Local != "deleted" {
			continue
		}
		if u, _ := sc.s.Lookup(a.Name.Prefix); u != NSOutline {
			continue
		}
		b, err := sse.ParseFlag(a.Value)
		if err != nil {
			sc.p.warnAt(off, name, "%s:%s %q is not \"true\", \"false\" or empty; read as not deleted", a.Name.Prefix, a.Name.Local, a.Value)
		}
		return b
	}
	return false
}

// fromMark reads fso:fromWhen and fso:fromBy as parser.fromMark does.
func (sc *scan) fromMark(attrs []xmlscan.Attr, off int, name xmlscan.Name) (sse.Stamp, bool) {
	var when, by *string
	for _, a := range attrs {
		if a.Name.Prefix == "" || a.Name.Prefix == "xmlns" || (a.Name.Local != "fromWhen" && a.Name.Local != "fromBy") {
			continue
		}
		if u, _ := sc.s.Lookup(a.Name.Prefix); u != NSOutline {
			continue
		}
		v := a.Value
		if a.Name.Local == "fromWhen" {
			when = &v
		} else {
			by = &v
		}
	}
	st, ok, warn := readFrom(when, by)
	if warn != "" {
		sc.p.warnAt(off, name, "%s; the record is read as not saying what its version was made from", warn)
	}
	return st, ok
}

// count reads a version: an integer from 1 to sse.MaxVersion.
func (sc *scan) count(off int, name xmlscan.Name, a xmlscan.Attr, sec string) int {
	n, ok := number(a.Value, 1, 10)
	switch {
	case ok && n == 0:
		sc.p.errorAt(off, name, "%s %q is below 1 (%s)", a.Name.Local, a.Value, sec)
	case !ok || n > sse.MaxVersion:
		sc.p.errorAt(off, name, "%s %q is not an integer from 1 to %d (%s)", a.Name.Local, a.Value, sse.MaxVersion, sec)
		return 0
	}
	return n
}

// flag reads deleted or conflict (§2.3).
func (sc *scan) flag(off int, name xmlscan.Name, a xmlscan.Attr) bool {
	b, err := sse.ParseFlag(a.Value)
	if err != nil {
		sc.p.errorAt(off, name, "%s %q is not \"true\", \"false\" or empty (0.91 §2.3)", a.Name.Local, a.Value)
	}
	return b
}

// stamp reads the when and by of the element whose start tag the scanner
// has just read (parser.stamp).
func (sc *scan) stamp(sec string) sse.Stamp {
	p := sc.p
	t := sc.s.Token()
	var st sse.Stamp
	has := false
	for _, a := range t.Attrs {
		if a.Name.Prefix != "" || a.Value == "" {
			continue
		}
		switch a.Name.Local {
		case "when":
			has, st.When = true, sc.date(t.Off, t.Name, a)
		case "by":
			has, st.By = true, a.Value
			if !sse.ValidID(a.Value) {
				p.errorAt(t.Off, t.Name, "by %q is not an RFC 2141 namespace specific string (0.91 §1.2)", a.Value)
			}
		}
	}
	if !has {
		p.errorAt(t.Off, t.Name, "neither when nor by: one or both are required (%s)", sec)
	}
	return st
}

// date reads a date-time attribute (§1.2), noting its text for the
// instant (parser.date).
func (sc *scan) date(off int, name xmlscan.Name, a xmlscan.Attr) time.Time {
	p := sc.p
	t, warn, err := parseDate(a.Value)
	switch {
	case err != "":
		p.errorAt(off, name, "%s %q %s", a.Name.Local, a.Value, err)
		return time.Time{}
	case t.IsZero():
		p.errorAt(off, name, "%s %q is the zero time, which stands for an absent %s (0.91 §2.4)", a.Name.Local, a.Value, a.Name.Local)
		return t
	case warn != "":
		p.warnAt(off, name, "%s %q %s", a.Name.Local, a.Value, warn)
	}
	if _, ok := sc.dates[t.Unix()]; !ok {
		sc.dates[t.Unix()] = a.Value
	}
	return t
}

// history reads sx:history (§2.4), whose start tag the scanner has just
// read, and its sx:update children (§2.5).
func (sc *scan) history(it *sse.Item) bool {
	t := sc.s.Token()
	off, name := t.Off, t.Name
	st := sc.stamp("0.91 §2.4")
	it.History.When, it.History.By = st.When, st.By
	depth := sc.s.Depth()
	updates := sc.updates[:0]
	for sc.next() {
		t := sc.s.Token()
		if t.Kind == xmlscan.EndElement && sc.s.Depth() == depth-1 {
			if len(updates) > 0 {
				it.History.Updates = append(make([]sse.Stamp, 0, len(updates)), updates...)
			}
			sc.updates = updates[:0]
			if n := len(it.History.Updates); it.Version > 0 && n > it.Version-1 {
				sc.p.warnAt(off, name, "%d sx:update elements in version %d, which has only %d earlier versions (0.91 §4.2)", n, it.Version, it.Version-1)
			}
			return true
		}
		if t.Kind != xmlscan.StartElement || sc.s.Depth() != depth+1 || t.Name.Local != "update" {
			continue
		}
		if u, _ := sc.s.Lookup(t.Name.Prefix); isSSE(u) {
			sc.sawSSE(u)
			updates = append(updates, sc.stamp("0.91 §2.5"))
		}
	}
	return false
}

// conflicts reads sx:conflicts (§5.1), whose start tag the scanner has
// just read.
func (sc *scan) conflicts(it *sse.Item, lz *lazyItem) bool {
	t := sc.s.Token()
	off, name := t.Off, t.Name
	depth := sc.s.Depth()
	for sc.next() {
		t := sc.s.Token()
		if t.Kind == xmlscan.EndElement && sc.s.Depth() == depth-1 {
			if len(it.Conflicts) == 0 {
				sc.p.errorAt(off, name, "no sx:conflict: sx:conflicts must contain one or more (0.91 §5.1)")
			}
			return true
		}
		if t.Kind != xmlscan.StartElement || sc.s.Depth() != depth+1 || t.Name.Local != "conflict" {
			continue
		}
		u, _ := sc.s.Lookup(t.Name.Prefix)
		if !isSSE(u) {
			continue
		}
		sc.sawSSE(u)
		c, ok := sc.conflict(lz)
		if !ok {
			return false
		}
		it.Conflicts = append(it.Conflicts, c)
	}
	return false
}

// conflict reads sx:conflict (§5.2), whose start tag the scanner has just
// read: its children are the losing version's data.
func (sc *scan) conflict(lz *lazyItem) (*sse.Conflict, bool) {
	t := sc.s.Token()
	off, name := t.Off, t.Name
	c := &sse.Conflict{}
	hasVersion := false
	for _, a := range t.Attrs {
		if a.Name.Prefix == "" && a.Name.Local == "version" {
			hasVersion, c.Version = true, sc.count(off, name, a, "0.91 §5.2")
		}
	}
	if !hasVersion {
		sc.p.errorAt(off, name, "no version: it is required (0.91 §5.2)")
	}
	st := sc.stamp("0.91 §5.2")
	c.When, c.By = st.When, st.By
	sc.position(t.Attrs, off, name)
	c.Deleted = sc.deletedMark(t.Attrs, off, name)
	c.From, c.HasFrom = sc.fromMark(t.Attrs, off, name)
	lz.conflicts = append(lz.conflicts, off)
	cw := sc.canon.at(1)
	depth := sc.s.Depth()
	for sc.next() {
		t := sc.s.Token()
		if t.Kind == xmlscan.EndElement && sc.s.Depth() == depth-1 {
			x := &itemData{kind: KindRSS, lz: &lazyData{item: lz, conflict: off}, tags: &lz.src.tags}
			x.setDigest(cw.sum())
			c.Data = x
			return c, true
		}
		switch t.Kind {
		case xmlscan.Text, xmlscan.CDATA:
			if t.Kind == xmlscan.CDATA || !xmlutil.IsSpace(t.Text) {
				cw.text(t.Text)
			}
		case xmlscan.StartElement:
			if !cw.field(sc) {
				return nil, false
			}
		}
	}
	return nil, false
}

// canon holds the canonical writers of the nesting levels: an item's own,
// and its conflicts'.
type canon struct{ w [2]canonWriter }

func (c *canon) at(i int) *canonWriter {
	c.w[i].b = c.w[i].b[:0]
	c.w[i].run, c.w[i].inText = c.w[i].run[:0], false
	return &c.w[i]
}

// canonWriter builds the bytes itemData.Digest hashes from the tokens of
// the data, as the scan reads them: a test holds the two to the same
// digest on every feed of testdata.
type canonWriter struct {
	b      []byte
	list   []string
	run    []byte // the run of character data not yet appended
	inText bool
	cuts   []cut  // runs of indentation (see field)
	kept   []byte // what the cuts' runs become
}

// cut is a run of character data appended to b[at:end] as read, whose
// canonical form, when its element and the elements around it up to the
// field are indented (xmlutil.Indented), is kept[from:to].
type cut struct{ at, end, from, to int }

// attrs appends the canonical form of an element's attributes (as
// canonicalAttrs does), its declarations in scope.
func (cw *canonWriter) attrs(s *xmlscan.Scanner, attrs []xmlscan.Attr) {
	list := cw.list[:0]
	for _, a := range attrs {
		if a.Name.Prefix == "xmlns" || a.Name.Prefix == "" && a.Name.Local == "xmlns" {
			continue
		}
		u := ""
		if a.Name.Prefix != "" {
			u, _ = s.Lookup(a.Name.Prefix)
		}
		list = append(list, "{"+u+"}"+a.Name.Local+"="+a.Value)
	}
	slices.Sort(list)
	for _, a := range list {
		cw.b = append(cw.b, ' ')
		cw.b = appendText(cw.b, a)
	}
	cw.list = list[:0]
}

// text appends character data (as canonicalTokens does: a run of it is
// one text).
func (cw *canonWriter) text(s string) {
	cw.run = append(cw.run, s...)
	cw.inText = true
}

// flush appends the run of character data read so far.
func (cw *canonWriter) flush() {
	if cw.inText {
		cw.b = append(cw.b, 't')
		cw.b = appendText(cw.b, string(cw.run))
		cw.run, cw.inText = cw.run[:0], false
	}
}

// field appends the canonical form of a child element of the data, whose
// start tag the scanner has just read, reading up to its end tag (as
// canonicalTokens does). The white space of an element the writer lays
// out afresh (relaid) is known to be only indentation at its end tag, so
// it is appended as read and cut out here.
func (cw *canonWriter) field(sc *scan) bool {
	cw.flush()
	t := sc.s.Token()
	u, _ := sc.s.Lookup(t.Name.Prefix)
	ok := cw.element(sc)
	if !ok || groupOf(KindRSS, u, t.Name.Local) != 3 { // not relaid
		cw.cuts, cw.kept = cw.cuts[:0], cw.kept[:0]
		return ok
	}
	if len(cw.cuts) > 0 {
		b, w := cw.b, cw.cuts[0].at
		var num [20]byte
		for i, c := range cw.cuts {
			// the run's kept form is no longer than the run: it fits
			kept, n := cw.kept[c.from:c.to], strconv.AppendInt(num[:0], int64(c.to-c.from), 10)
			b[w] = 't'
			w += 1 + copy(b[w+1:], n)
			b[w] = ':'
			w += 1 + copy(b[w+1:], kept)
			next := len(b)
			if i+1 < len(cw.cuts) {
				next = cw.cuts[i+1].at
			}
			w += copy(b[w:], b[c.end:next])
		}
		cw.b, cw.cuts, cw.kept = b[:w], cw.cuts[:0], cw.kept[:0]
	}
	return true
}

// element appends the canonical form of the element whose start tag the
// scanner has just read, reading up to its end tag (as canonicalTokens
// does), and notes in cuts the runs of its white space that are only
// indentation, and those of the elements within it, when it is indented.
func (cw *canonWriter) element(sc *scan) bool {
	t := sc.s.Token()
	u, _ := sc.s.Lookup(t.Name.Prefix)
	cw.b = append(cw.b, "<{"...)
	cw.b = append(cw.b, u...)
	cw.b = append(cw.b, '}')
	cw.b = append(cw.b, t.Name.Local...)
	cw.attrs(sc.s, t.Attrs)
	lay, elems := xmlutil.Indentable(u, xmlutil.AttrAny(t.Attrs, "type"), xmlutil.ScanSpace(t.Attrs)), false
	mark, kmark := len(cw.cuts), len(cw.kept)
	from := kmark // where the kept form of the run being read begins
	flush := func() {
		if !cw.inText {
			return
		}
		at := len(cw.b)
		cw.flush()
		if lay {
			cw.cuts = append(cw.cuts, cut{at: at, end: len(cw.b), from: from, to: len(cw.kept)})
		}
	}
	depth := sc.s.Depth()
	for sc.next() {
		t := sc.s.Token()
		switch {
		case t.Kind == xmlscan.EndElement && sc.s.Depth() == depth-1:
			flush()
			if !lay || !elems {
				cw.cuts, cw.kept = cw.cuts[:mark], cw.kept[:kmark]
			}
			cw.b = append(cw.b, "</>"...)
			return true
		case t.Kind == xmlscan.Text || t.Kind == xmlscan.CDATA:
			lay = lay && xmlutil.IndentSpace(t.Text, t.Kind == xmlscan.CDATA)
			if lay {
				cw.kept = append(cw.kept, xmlutil.Kept(t.Text)...)
			}
			cw.text(t.Text)
		case t.Kind == xmlscan.StartElement:
			elems = true
			flush()
			if !cw.element(sc) {
				return false
			}
			from = len(cw.kept)
		}
	}
	return false
}

// sum returns the digest of what was appended.
func (cw *canonWriter) sum() string {
	cw.flush()
	sum := sha256.Sum256(cw.b)
	return hex.EncodeToString(sum[:])
}
