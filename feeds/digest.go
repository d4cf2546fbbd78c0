package feeds

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// canonWriter builds the canonical form of a version's shared data from the
// tokens of its child elements, as the scan reads them: the bytes
// itemData.canonical makes from the version's tree, without the tree. A
// test holds the two to the same bytes on every feed of testdata. Data
// whose canonical form needs the tree (an Atom title or content of type
// "xhtml", whose markup counts as etree writes it) gets no digest here; its
// Digest is computed from its tree when asked for.
type canonWriter struct {
	g      [4][]byte // the groups of canonical: titles, contents, categories, the rest
	noTree bool      // the form needs the tree
	attrs  []string
	text   []byte
	cuts   []int // scratch for xml
}

func (cw *canonWriter) reset() {
	for i := range cw.g {
		cw.g[i] = cw.g[i][:0]
	}
	cw.noTree = false
}

// digest returns the digest of the canonical form, as itemData.Digest
// gives it, or false when the form needs the tree.
func (cw *canonWriter) digest() (sum, bool) {
	if cw.noTree {
		return sum{}, false
	}
	h := sha256.New()
	for _, g := range cw.g {
		h.Write(g)
	}
	var s sum
	h.Sum(s[:0])
	return s, true
}

// field reads a child element of a version, whose start tag the scanner
// has just read, up to its end tag, adding it to the canonical form when
// it is shared data (implementation note 1).
func (cw *canonWriter) field(sc *scan, f Format, uri string) bool {
	t := sc.s.Token()
	_, src := attrValue(t.Attrs, "src")
	k := classifyName(f, uri, t.Name.Local, src)
	if !k.shared() {
		return sc.skip()
	}
	g := group(k)
	b := append(cw.g[g], byte('0'+g))
	ok := true
	switch k {
	case kindTitle, kindContent:
		if uri == NSAtom && xmlutil.AttrAny(t.Attrs, "type") == "xhtml" {
			cw.noTree = true
			ok = sc.skip()
			break
		}
		var text string
		text, ok = cw.allText(sc)
		b = appendText(b, text)
	case kindCategory:
		if uri == NSAtom {
			b = appendText(appendText(b, xmlutil.AttrAny(t.Attrs, "term")), xmlutil.AttrAny(t.Attrs, "scheme"))
			ok = sc.skip()
			break
		}
		domain := xmlutil.AttrAny(t.Attrs, "domain")
		var text string
		text, ok = cw.allText(sc)
		b = appendText(appendText(b, text), domain)
	default:
		b, ok = cw.xml(sc, b)
	}
	cw.g[g] = b
	return ok
}

// attrValue returns the value of the first attribute whose local name is
// key, whatever its prefix, and whether there is one.
func attrValue(attrs []xmlscan.Attr, key string) (string, bool) {
	for _, a := range attrs {
		if a.Name.Local == key {
			return a.Value, true
		}
	}
	return "", false
}

// allText reads up to the end tag of the element whose start tag the
// scanner has just read and returns all the character data in it, as
// textOf does for an element that is not Atom xhtml.
func (cw *canonWriter) allText(sc *scan) (string, bool) {
	depth := sc.s.Depth()
	one, n := "", 0
	buf := cw.text[:0]
	for sc.next() {
		t := sc.s.Token()
		switch {
		case t.Kind == xmlscan.EndElement && sc.s.Depth() == depth-1:
			cw.text = buf
			if n > 1 {
				return string(buf), true
			}
			return one, true
		case t.Kind == xmlscan.Text || t.Kind == xmlscan.CDATA:
			if n == 0 {
				one = t.Text
			} else {
				if n == 1 {
					buf = append(buf, one...)
				}
				buf = append(buf, t.Text...)
			}
			n++
		}
	}
	return "", false
}

// xml appends the canonical form of the element whose start tag the
// scanner has just read, and reads up to its end tag, as canonicalXML
// does with the tree: names expanded to {uri}local, namespace
// declarations and comments left out, attributes sorted, indentation left
// out where it is only that. Whether it is shows at the end tags, so the
// indentation is appended and cut out at the end.
func (cw *canonWriter) xml(sc *scan, b []byte) ([]byte, bool) {
	b, cuts, ok := cw.element(sc, b, cw.cuts[:0])
	if ok && len(cuts) > 0 {
		w := cuts[0]
		for i := 0; i < len(cuts); i += 2 {
			end := len(b)
			if i+2 < len(cuts) {
				end = cuts[i+2]
			}
			w += copy(b[w:], b[cuts[i+1]:end])
		}
		b = b[:w]
	}
	cw.cuts = cuts[:0]
	return b, ok
}

// element is xml without the cutting: it appends to cuts the ranges of b
// (from, to) that hold indentation (see xmlutil.Indented) of the element and of
// the elements within that are indented as it is.
func (cw *canonWriter) element(sc *scan, b []byte, cuts []int) ([]byte, []int, bool) {
	t := sc.s.Token()
	u, _ := sc.s.Lookup(t.Name.Prefix)
	lay, elems, mark := xmlutil.Indentable(u, xmlutil.AttrAny(t.Attrs, "type"), xmlutil.ScanSpace(t.Attrs)), false, len(cuts)
	b = append(b, "<{"...)
	b = append(b, u...)
	b = append(b, '}')
	b = append(b, t.Name.Local...)
	attrs := cw.attrs[:0]
	for _, a := range t.Attrs {
		if a.Name.Prefix == "xmlns" || a.Name.Prefix == "" && a.Name.Local == "xmlns" {
			continue
		}
		au := ""
		if a.Name.Prefix != "" {
			au, _ = sc.s.Lookup(a.Name.Prefix)
		}
		attrs = append(attrs, "{"+au+"}"+a.Name.Local+"="+a.Value)
	}
	slices.Sort(attrs)
	for _, a := range attrs {
		b = append(b, ' ')
		b = appendText(b, a)
	}
	cw.attrs = attrs[:0]
	b = append(b, '>')
	depth := sc.s.Depth()
	for sc.next() {
		t := sc.s.Token()
		switch {
		case t.Kind == xmlscan.EndElement && sc.s.Depth() == depth-1:
			if !lay || !elems {
				cuts = cuts[:mark]
			}
			return append(b, "</>"...), cuts, true
		case t.Kind == xmlscan.Text || t.Kind == xmlscan.CDATA:
			space := t.Kind == xmlscan.Text && xmlutil.IsSpace(t.Text)
			lay = lay && xmlutil.IndentSpace(t.Text, t.Kind == xmlscan.CDATA)
			var at int
			if b, at = appendSpace(b, t.Text, space, false); at >= 0 {
				cuts = append(cuts, at, len(b))
			}
		case t.Kind == xmlscan.StartElement:
			elems = true
			var ok bool
			if b, cuts, ok = cw.element(sc, b, cuts); !ok {
				return b, cuts, false
			}
		}
	}
	return b, cuts, false
}

// Digest returns a digest of the shared data, the same for an Atom and an
// RSS version that carry the same title, content, categories and other
// shared elements: the SHA-256 of their canonical form, in lowercase hex. It
// is computed on first use, or was as the data was read; what is kept is
// its 32 bytes, and the hex is written for each caller (the engine needs it
// only to break ties between versions with equal sync metadata).
func (d *itemData) Digest() string {
	s := d.sum()
	var x [2 * sha256.Size]byte // on the stack: the string is the one allocation
	hex.Encode(x[:], s[:])
	return string(x[:])
}

// sum returns the bytes of the data's digest, computing them on first use.
func (d *itemData) sum() sum {
	p := d.digest.Load()
	if p == nil {
		var fs []field
		s := sum(sha256.Sum256(d.canonical(nil, &fs)))
		p = &s
		d.digest.Store(p)
	}
	return *p
}

// SameDigest reports whether a and b have equal digests (a nil Data's
// being ""), as comparing their Digests would, without writing either in
// hex: a store that compares every version a merge read with the one it
// keeps (the 100k pair: 200,000 Digests) does it for nothing.
func SameDigest(a, b engine.Data) bool {
	x, y := dataOf(a), dataOf(b)
	if x == nil || y == nil {
		return digestOf(a) == digestOf(b)
	}
	return x.sum() == y.sum()
}

// digestOf returns d's Digest, "" for a nil d.
func digestOf(d engine.Data) string {
	if d == nil {
		return ""
	}
	return d.Digest()
}

// sum is a SHA-256 digest: Digest's, before it is written in hex, whose
// order it keeps.
type sum [sha256.Size]byte
