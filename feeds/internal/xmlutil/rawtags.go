package xmlutil

import (
	"bufio"
	"bytes"
	"sync"
	"sync/atomic"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// RawTags holds the tags of elements read that etree writes in other
// bytes (AsRead): a start tag with an attribute in single quotes, white
// space other than one space before each attribute (a newline, two
// spaces, space around '=' or before '>'), a character written as a
// reference etree does not use (&apos;, &#39;, &#233;) or written
// literally where etree uses one; an empty element written as a start
// and an end tag; an end tag with white space. A Builder whose Tags it is
// records them, so the table is usually empty and costs a map lookup
// only where it is not. The writers below write an element read from
// them, so that an element whose attributes nothing changed keeps the
// bytes of its tags: the order of its attributes, their quotes, the
// references and white space in them. Text, comments and the like are
// still written as etree writes them.
//
// Several goroutines may use one at once: a LazyBuilder records into it
// while a writer reads it. The zero value is ready to use; a nil
// *RawTags holds nothing.
type RawTags struct {
	mu sync.RWMutex
	m  map[*etree.Element]rawTag
	n  atomic.Int32
}

// rawTag is an element's tags as read: start, the start tag, '>' or "/>"
// and all; end, the end tag when etree writes another, or when the
// element was read empty as a start and an end tag (pair), else "".
type rawTag struct {
	start, end string
	pair       bool
}

// get returns e's tags as read, if etree writes them otherwise.
func (t *RawTags) get(e *etree.Element) (rawTag, bool) {
	if t == nil || t.n.Load() == 0 {
		return rawTag{}, false
	}
	t.mu.RLock()
	r, ok := t.m[e]
	t.mu.RUnlock()
	return r, ok
}

// set records e's tags as read.
func (t *RawTags) set(e *etree.Element, f func(*rawTag)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = map[*etree.Element]rawTag{}
	}
	r, ok := t.m[e]
	f(&r)
	t.m[e] = r
	if !ok {
		t.n.Add(1)
	}
}

// Len returns the number of elements whose tags are recorded.
func (t *RawTags) Len() int {
	if t == nil {
		return 0
	}
	return int(t.n.Load())
}

// noteStart records the start tag t of e, read from data, when etree
// writes another, and it refers to no entity the document declares: the
// element may be written into another document, which declares others.
func (t *RawTags) noteStart(ar *AsRead, data []byte, tok *xmlscan.Token, e *etree.Element) {
	if plainStartTag(data, tok) || ar.startTag(data[tok.Off:tok.End], tok) || declaredRef(data[tok.Off:tok.End]) {
		return
	}
	raw := string(data[tok.Off:tok.End])
	t.set(e, func(r *rawTag) { r.start = raw })
}

// noteEnd records the end tag t of e, read from data, when etree writes
// another: when it has white space, or when e is empty, its end tag right
// after its start tag (pair).
func (t *RawTags) noteEnd(data []byte, tok *xmlscan.Token, e *etree.Element, pair bool) {
	if tok.Off == tok.End { // the end of <x/>
		return
	}
	if !pair && tok.End-tok.Off == len(tok.Name.String())+3 {
		return
	}
	raw := string(data[tok.Off:tok.End])
	t.set(e, func(r *rawTag) { r.end, r.pair = raw, pair })
}

// StartTag writes the start tag of e, without the '>' or "/>" that ends
// it, with attrs and then extra, and reports whether it wrote the bytes
// e's start tag was read from: when they are recorded and attrs are e's
// attributes, or e's with some left out, in their order and with their
// values. Those left out are cut out with the white space before them;
// extra go after the last attribute, each after one space, and the white
// space before '>' stays. Otherwise it writes what etree writes.
func (t *RawTags) StartTag(w *bufio.Writer, e *etree.Element, attrs, extra []etree.Attr) bool {
	r, ok := t.get(e)
	if !ok || r.start == "" || !subsequence(attrs, e.Attr) {
		StartTag(w, e.FullTag(), attrs, extra)
		return false
	}
	raw := r.start
	spans := attrSpans(raw)
	if len(spans) != len(e.Attr) { // not the tag read for e: cannot be
		StartTag(w, e.FullTag(), attrs, extra)
		return false
	}
	at, k := nameEnd(raw), 0 // what is written up to at
	if len(spans) > 0 {
		at = spans[0][0]
	}
	w.WriteString(raw[:at])
	for i, a := range e.Attr {
		s := spans[i]
		if k < len(attrs) && sameAttr(attrs[k], a) {
			k++
			w.WriteString(raw[at:s[1]])
		}
		at = s[1]
	}
	for _, a := range extra {
		w.WriteByte(' ')
		a.WriteTo(w, &WriteSettings)
	}
	end := len(raw) - 1 // the '>'
	if raw[end-1] == '/' {
		end--
	}
	w.WriteString(raw[at:end])
	return true
}

// EndEmpty ends the start tag of e, written with StartTag, when e is
// written without children: as it was read, "/>" or a start and an end
// tag.
func (t *RawTags) EndEmpty(w *bufio.Writer, e *etree.Element) {
	if r, ok := t.get(e); ok && r.pair {
		w.WriteByte('>')
		w.WriteString(r.end)
		return
	}
	w.WriteString("/>")
}

// EndTag writes e's end tag as it was read.
func (t *RawTags) EndTag(w *bufio.Writer, e *etree.Element) {
	if r, ok := t.get(e); ok && r.end != "" && !r.pair {
		w.WriteString(r.end)
		return
	}
	EndTag(w, e.FullTag())
}

// WriteElement writes e as read, with extra added to its start tag: as
// etree writes it but with the tags recorded for e and the elements
// within it.
func (t *RawTags) WriteElement(w *bufio.Writer, e *etree.Element, extra []etree.Attr) {
	if t.Len() == 0 && len(extra) == 0 {
		e.WriteTo(w, &WriteSettings)
		return
	}
	t.Wrap(w, e, extra, func() {
		for _, c := range e.Child {
			if ce, ok := c.(*etree.Element); ok {
				t.WriteElement(w, ce, nil)
			} else {
				c.WriteTo(w, &WriteSettings)
			}
		}
	})
}

// Wrap writes e's tags as read, with extra added to its start tag, and
// calls inside to write what lies between them when e has children (an
// element without is written empty, as it was read).
func (t *RawTags) Wrap(w *bufio.Writer, e *etree.Element, extra []etree.Attr, inside func()) {
	t.StartTag(w, e, e.Attr, extra)
	if len(e.Child) == 0 {
		t.EndEmpty(w, e)
		return
	}
	w.WriteByte('>')
	inside()
	t.EndTag(w, e)
}

// subsequence reports whether attrs are all in read, in read's order.
func subsequence(attrs, read []etree.Attr) bool {
	k := 0
	for _, a := range read {
		if k < len(attrs) && sameAttr(attrs[k], a) {
			k++
		}
	}
	return k == len(attrs)
}

func sameAttr(a, b etree.Attr) bool {
	return a.Space == b.Space && a.Key == b.Key && a.Value == b.Value
}

// attrSpans returns where each attribute of a well-formed start tag
// begins, with the white space before it, and ends, after its closing
// quote.
func attrSpans(raw string) [][2]int {
	var spans [][2]int
	i := nameEnd(raw)
	for {
		from := i
		for i < len(raw) && isSpace(raw[i]) {
			i++
		}
		if i >= len(raw) || raw[i] == '>' || raw[i] == '/' {
			return spans
		}
		for raw[i] != '=' {
			i++
		}
		i++
		for isSpace(raw[i]) {
			i++
		}
		q := raw[i]
		i++
		for raw[i] != q {
			i++
		}
		i++
		spans = append(spans, [2]int{from, i})
	}
}

// plainStartTag reports, in one pass over the attributes the scanner
// read, whether the start tag t is surely the one etree writes: each
// attribute after one space, as name="value" with the value as written
// what it reads as (no reference, no white space normalized, so nothing
// etree escapes: '&', '<', '"', a tab, newline or carriage return), and
// then '>' or "/>". The common case, which AsRead's comparison then need
// not make: it costs about a tenth of an OPML outline's parse.
func plainStartTag(data []byte, t *xmlscan.Token) bool {
	i := t.Off + 1 + len(t.Name.Local)
	if t.Name.Prefix != "" {
		i += len(t.Name.Prefix) + 1
	}
	for _, a := range t.Attrs {
		j := a.Off + len(a.QName) // the '=' of a plain attribute
		v := j + 2
		end := v + len(a.Value)
		if a.Off != i+1 || data[i] != ' ' || end >= t.End || data[j] != '=' || data[j+1] != '"' ||
			data[end] != '"' || string(data[v:end]) != a.Value {
			return false
		}
		i = end + 1
	}
	if t.Empty {
		return t.End-i == 2 && data[i] == '/'
	}
	return t.End-i == 1
}

// declaredRef reports whether raw holds a reference to an entity other
// than XML's five (&lt; &gt; &amp; &apos; &quot;) and characters.
func declaredRef(raw []byte) bool {
	for i := bytes.IndexByte(raw, '&'); i >= 0; i = bytes.IndexByte(raw, '&') {
		raw = raw[i+1:]
		end := bytes.IndexByte(raw, ';')
		switch string(raw[:max(end, 0)]) {
		case "lt", "gt", "amp", "apos", "quot":
		default:
			if end < 0 || end == 0 || raw[0] != '#' {
				return true
			}
		}
	}
	return false
}

// nameEnd returns where the name of a start tag ends.
func nameEnd(raw string) int {
	i := 1
	for i < len(raw) && !isSpace(raw[i]) && raw[i] != '>' && raw[i] != '/' {
		i++
	}
	return i
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }
