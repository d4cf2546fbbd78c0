package feeds

import (
	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// A version the writer writes anew (a merged item, each of its conflict
// versions) is mostly the bytes it was read from: its children but
// sx:sync are written as etree writes them, which for most feeds is as
// they were read. Building a tree only to write it cost a merge of the
// generated 100k pair a fifth of its CPU and 350 MB of garbage. So the
// writer first reads the version's children from their bytes
// (versionAsRead), and writes each as its bytes where it proves that the
// tree path would write exactly those: etree writes every token of it as read
// (xmlutil.AsRead), the prefixes it names mean the same where it is
// written (relocate would change nothing), and a new layout would not
// touch its white space. A child it cannot prove so is built as a tree of
// its own and written as the tree path writes it; what it cannot read (an
// sx:sync holding more than sx:history and sx:conflicts, a conflict
// version whose sx:sync or sx:conflicts declares a namespace or says
// xml:space) sends the whole version down the tree path.

// rawVersion is a version's element as read from its bytes.
type rawVersion struct {
	name      qn
	attrs     []etree.Attr
	src       *scope         // the namespace context of its parent where read
	ind       string         // its indentation where read
	preserved bool           // xml:space="preserve" holds at it (xmlutil.SpacePreserved)
	in        string         // where its children are laid out afresh (composed), or "" for as read (pristine)
	iscope    *scope         // the namespace context inside it where read
	kids      []rawKid       // its children, white space and sx:sync included
	sync      *etree.Element // its sx:sync's name and attributes, no children; nil for none
}

// rawKid is one child of a version, as read.
type rawKid struct {
	raw   []byte
	kind  xmlscan.Kind
	text  string // a Text's or CDATA's
	uri   string // an element's namespace, name and src attribute (classify)
	local string
	src   bool
	sync  bool // the version's sx:sync
	// A child not proven to be written as read is written through a
	// tree of its own: tok, for one that is not an element; else one
	// built from raw when it is written (build), whose parent had the
	// bindings ns, the scope scope and xml:space="preserve" (preserved)
	// where it was read, in a document that declares ents.
	tok       etree.Token
	tree      bool
	ns        []xmlscan.Binding
	scope     *scope
	preserved bool
	ents      *xmlscan.Entities
}

// element reports whether the kid is an element.
func (k *rawKid) element() bool { return k.kind == xmlscan.StartElement }

// blank reports whether the kid is white space, which a composition
// leaves out (itemData.childrenIn).
func (k *rawKid) blank() bool {
	return (k.kind == xmlscan.Text || k.kind == xmlscan.CDATA) && xmlutil.IsSpace(k.text)
}

// plainRead reports whether x is data read from a feed whose tree is not
// built: what the writer would build a tree for only to write it.
func plainRead(x *itemData) bool {
	return x.made == nil && x.lz != nil && !x.lz.ready()
}

// readVersion reads lz's element, written at ind under parent, from its
// bytes, with its children proven to be written as read under the scope
// inside its start tag as written (tag), and, unless it is written as it
// was laid out (pristine), laid out afresh (composed), which composing
// says it is in any case. It returns false when something in it is not
// proven so.
func (wr *writer) readVersion(lz *lazyEl, parent *scope, ind string, composing bool) (*rawVersion, tagPlan, bool) {
	s, v, ok := wr.openVersion(lz)
	if !ok {
		return nil, tagPlan{}, false
	}
	if composing || v.ind != ind {
		v.in = wr.d.deeper(ind)
	}
	v.iscope = v.src.child(&etree.Element{Attr: v.attrs})
	tag := planTag(v.name, v.attrs, v.src, v.iscope, parent, false)
	if v.kids, v.sync, ok = wr.readKids(s, lz.syncAt, tag.inner, v); !ok {
		return nil, tagPlan{}, false
	}
	return v, tag, true
}

// readVersionUnder is readVersion for a version whose children are
// composed into another version's element, under dst, at ind.
func (wr *writer) readVersionUnder(lz *lazyEl, dst *scope, ind string) (*rawVersion, bool) {
	s, v, ok := wr.openVersion(lz)
	if !ok {
		return nil, false
	}
	v.in = wr.d.deeper(ind)
	v.iscope = v.src.child(&etree.Element{Attr: v.attrs})
	if v.kids, v.sync, ok = wr.readKids(s, lz.syncAt, dst, v); !ok {
		return nil, false
	}
	return v, true
}

// openVersion returns a scanner that has read lz's start tag, and the
// element as far as it is known from that tag. A conflict version is
// read only where the elements around it up to its item, sx:sync and
// sx:conflicts, declare no namespace and say nothing of xml:space, so
// that its item's scope is its parent's.
func (wr *writer) openVersion(lz *lazyEl) (*xmlscan.Scanner, *rawVersion, bool) {
	o := lz.owner()
	if o == nil {
		s := wr.fragment(lz.src, lz.start)
		if !s.Next() {
			return nil, nil, false
		}
		sh := lz.shell
		return s, &rawVersion{name: qn{sh.Space, sh.Tag}, attrs: sh.Attr, src: lz.src.scope, ind: lz.indent(),
			preserved: xmlutil.SpacePreserved(sh)}, true
	}
	s := wr.fragment(o.src, o.start)
	prev := ""
	var spaced [2]bool // whether the open element at depth 2 (sx:sync), 3 (sx:conflicts) declares or spaces
	for s.Next() {
		t := s.Token()
		switch {
		case t.Kind == xmlscan.StartElement && t.Off == lz.start:
			if spaced[0] || spaced[1] || s.Depth() != 4 {
				return nil, nil, false
			}
			attrs := etreeAttrs(t.Attrs)
			preserved := xmlutil.SpacePreserved(o.shell)
			if sp := xmlutil.XMLSpace(attrs); sp != "" {
				preserved = sp == "preserve"
			}
			return s, &rawVersion{name: qn{t.Name.Prefix, t.Name.Local}, attrs: attrs,
				src: o.src.scope.child(o.shell), ind: prev, preserved: preserved}, true
		case t.Kind == xmlscan.StartElement && (s.Depth() == 2 || s.Depth() == 3):
			// kept by depth: a sibling that follows (sx:history after
			// sx:sync's start tag) does not clear what an ancestor says
			spaced[s.Depth()-2] = declaresOrSpaces(t.Attrs)
		}
		prev = ""
		if t.Kind == xmlscan.Text && xmlutil.IsSpace(t.Text) {
			prev = xmlutil.LastLine(t.Text)
		}
	}
	return nil, nil, false
}

// fragment returns the writer's scanner, made a scanner of the element
// at src.data[off], an item of src (xmlscan.NewFragment): one version is
// read at a time, each before it is written.
func (wr *writer) fragment(src *source, off int) *xmlscan.Scanner {
	if wr.sc == nil {
		wr.sc = xmlscan.NewFragment(src.data, off, src.bindings, xmlscan.DefaultLimits)
	} else {
		wr.sc.Refragment(src.data, off, src.bindings)
	}
	wr.sc.SetEntities(src.ents)
	return wr.sc
}

// declaresOrSpaces reports whether a start tag declares a namespace or
// says anything of xml:space.
func declaresOrSpaces(attrs []xmlscan.Attr) bool {
	for _, a := range attrs {
		if a.Name.Prefix == "xmlns" || a.Name.Prefix == "" && a.Name.Local == "xmlns" ||
			a.Name.Prefix == "xml" && a.Name.Local == "space" {
			return true
		}
	}
	return false
}

// etreeAttrs returns a start tag's attributes as the Builder makes them.
func etreeAttrs(attrs []xmlscan.Attr) []etree.Attr {
	out := make([]etree.Attr, len(attrs))
	for i, a := range attrs {
		out[i] = etree.Attr{Space: a.Name.Prefix, Key: a.Name.Local, Value: a.Value}
	}
	return out
}

// readKids reads the children of v, whose start tag s has just read, up
// to its end tag: each proven to be written as read under dst, or marked
// to be written through a tree (rawKid.tok, rawKid.tree); false when s
// fails or sx:sync holds more.
// syncAt is where its sx:sync starts, which is read for its name and
// attributes alone, and must hold nothing but sx:history and
// sx:conflicts.
func (wr *writer) readKids(s *xmlscan.Scanner, syncAt int, dst *scope, v *rawVersion) ([]rawKid, *etree.Element, bool) {
	data, base := s.Data(), s.Depth()
	kids := wr.kidBuf()
	var sync *etree.Element
	for s.Next() {
		t := s.Token()
		if t.Kind == xmlscan.EndElement && s.Depth() < base {
			return kids, sync, true
		}
		k := rawKid{kind: t.Kind, text: t.Text}
		off := t.Off
		switch {
		case t.Kind != xmlscan.StartElement:
			wr.ar.Reset()
			if !wr.ar.Token(data, t) {
				k.tok = tokenOf(t)
			}
			k.raw = data[off:t.End]
			kids = append(kids, k)
			continue
		case off == syncAt:
			k.sync = true
			sync = &etree.Element{Space: t.Name.Prefix, Tag: t.Name.Local, Attr: etreeAttrs(t.Attrs)}
			if !syncHoldsSync(s) {
				wr.release(kids)
				return nil, nil, false
			}
		default:
			k.uri, _ = s.Lookup(t.Name.Prefix)
			k.local, k.src = t.Name.Local, hasSrc(t.Attrs)
			ind := "" // where elementAt lays it out afresh (fieldInd)
			if v.in != "" && !v.preserved && wr.d.laidOut(k.uri, k.local, k.src) {
				ind = v.in
			}
			if d := s.Depth(); !wr.elementAsRead(s, dst, ind) {
				if !skipTo(s, d) {
					wr.release(kids)
					return nil, nil, false
				}
				k.tree, k.ns, k.scope, k.preserved, k.ents = true, s.Bindings(), v.iscope, v.preserved, s.Entities()
			}
		}
		k.raw = data[off:s.Token().End]
		kids = append(kids, k)
	}
	wr.release(kids)
	return nil, nil, false
}

// skipTo reads on to the end tag of the element at depth d whose start
// tag s has read, if s is not there yet, and reports whether it got there.
func skipTo(s *xmlscan.Scanner, d int) bool {
	for {
		if s.Token().Kind == xmlscan.EndElement && s.Depth() < d {
			return true
		}
		if !s.Next() {
			return false
		}
	}
}

// tokenOf returns the token the Builder makes of t, which is not an
// element.
func tokenOf(t *xmlscan.Token) etree.Token {
	switch t.Kind {
	case xmlscan.CDATA:
		return etree.NewCData(t.Text)
	case xmlscan.Comment:
		return etree.NewComment(t.Text)
	case xmlscan.ProcInst:
		return etree.NewProcInst(t.Name.Local, t.Text)
	}
	return etree.NewText(t.Text)
}

// build returns the tree of a child written through one: the element
// the Builder builds from its bytes, without a parent.
func (k *rawKid) build() *etree.Element {
	s := xmlscan.NewFragment(k.raw, 0, k.ns, xmlscan.DefaultLimits)
	s.SetEntities(k.ents)
	var b xmlutil.Builder
	var e *etree.Element
	if s.Next() {
		e = b.Element(s)
	}
	if e == nil {
		panic(changedAfterParse)
	}
	return e
}

// kidBuf returns an empty list of kids, reusing one released: the
// writer reads a version's children into lists that live until it is
// written, and versions nest (a conflict version is written within its
// item), so the lists are a free list rather than one buffer.
func (wr *writer) kidBuf() []rawKid {
	n := len(wr.kidBufs)
	if n == 0 {
		return make([]rawKid, 0, 16)
	}
	b := wr.kidBufs[n-1]
	wr.kidBufs = wr.kidBufs[:n-1]
	return b
}

// release gives lists of kids back for kidBuf to reuse.
func (wr *writer) release(lists ...[]rawKid) {
	for _, l := range lists {
		if cap(l) > 0 {
			wr.kidBufs = append(wr.kidBufs, l[:0])
		}
	}
}

// hasSrc reports whether a start tag has an attribute named src, of any
// prefix: what classify asks (etree's SelectAttr("src")).
func hasSrc(attrs []xmlscan.Attr) bool {
	for _, a := range attrs {
		if a.Name.Local == "src" {
			return true
		}
	}
	return false
}

// syncHoldsSync reads an sx:sync whose start tag s has just read, up to
// its end tag, and reports whether its child elements are all
// sx:history and sx:conflicts: what the writer writes anew from the
// item's metadata.
func syncHoldsSync(s *xmlscan.Scanner) bool {
	d := s.Depth()
	for s.Next() {
		t := s.Token()
		switch {
		case t.Kind == xmlscan.EndElement && s.Depth() < d:
			return true
		case t.Kind == xmlscan.StartElement && s.Depth() == d+1:
			u, _ := s.Lookup(t.Name.Prefix)
			if u != NSFeedSync || t.Name.Local != "history" && t.Name.Local != "conflicts" {
				return false
			}
		}
	}
	return false
}

// elementAsRead reads the element whose start tag s has just read, up to
// its end tag, and reports whether the tree path would write it as read
// under dst, laid out afresh at ind unless that is "": every token as
// read (xmlutil.AsRead), every prefix it uses that it does not declare
// itself bound as where it was read (relocate would rename or declare
// nothing), and its white space where the layout puts it (layout).
func (wr *writer) elementAsRead(s *xmlscan.Scanner, dst *scope, ind string) bool {
	data, d := s.Data(), s.Depth()
	wr.ar.Reset()
	wr.lay.reset()
	decl := wr.decl[:0] // the prefixes the open elements within declare
	marks := wr.marks[:0]
	defer func() { wr.decl, wr.marks = decl, marks }()
	for t := s.Token(); ; t = s.Token() {
		if !wr.ar.Token(data, t) {
			return false
		}
		if ind != "" {
			wr.lay.token(s, t)
		}
		switch t.Kind {
		case xmlscan.StartElement:
			marks = append(marks, len(decl))
			decl = appendDecls(decl, t.Attrs)
			if !wr.bound(s, t, decl, dst) {
				return false
			}
		case xmlscan.EndElement:
			n := len(marks) - 1
			decl, marks = decl[:marks[n]], marks[:n]
			if s.Depth() < d {
				return ind == "" || wr.lay.keeps(ind, wr.d.deeper)
			}
		}
		if !s.Next() {
			return false
		}
	}
}

// appendDecls appends the prefixes a start tag declares ("" for the
// default namespace).
func appendDecls(decl []string, attrs []xmlscan.Attr) []string {
	for _, a := range attrs {
		switch {
		case a.Name.Prefix == "xmlns":
			decl = append(decl, a.Name.Local)
		case a.Name.Prefix == "" && a.Name.Local == "xmlns":
			decl = append(decl, "")
		}
	}
	return decl
}

// bound reports whether the prefixes of the start tag t (its element's,
// even none, and its attributes') that no element within the one being
// read declares (decl) are bound in dst as where they were read, or not
// bound where they were read: what relocate asks of each.
func (wr *writer) bound(s *xmlscan.Scanner, t *xmlscan.Token, decl []string, dst *scope) bool {
	if !wr.sameURI(s, t.Name.Prefix, decl, dst) {
		return false
	}
	for _, a := range t.Attrs {
		if a.Name.Prefix != "" && a.Name.Prefix != "xmlns" && !wr.sameURI(s, a.Name.Prefix, decl, dst) {
			return false
		}
	}
	return true
}

// sameURI is bound for one prefix.
func (wr *writer) sameURI(s *xmlscan.Scanner, p string, decl []string, dst *scope) bool {
	for _, q := range decl {
		if q == p {
			return true
		}
	}
	su, ok := s.Lookup(p)
	if !ok {
		return true
	}
	du, _ := dst.URI(p)
	return du == su
}
