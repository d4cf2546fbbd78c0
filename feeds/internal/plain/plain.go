// Package plain finds the items of a feed that carry no sync data, with
// what each already holds that can name it, and writes sync elements into
// them without changing any other byte of the feed. It is the XML work of
// dialect.Doc.Adopt (`feedsync adopt`): an Atom feed's entries, an RSS
// channel's items, an OPML body's outlines at every depth.
//
// It works on the bytes a feed was read from, which the feed's binding
// (package feeds or feeds/sse) has already parsed without error: the
// output is the input with insertions only (and an OPML outline written
// as an empty element, <outline …/>, opened so that it can hold a child).
package plain

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Format is the container format of a feed.
type Format int

// The formats.
const (
	Atom Format = iota + 1
	RSS
	OPML
)

const nsAtom = "http://www.w3.org/2005/Atom"

// ErrEncoding: the feed is not UTF-8, so that byte offsets into it are not
// those of its text.
var ErrEncoding = errors.New("only a UTF-8 (or ASCII) feed can be adopted: convert it to UTF-8 first")

// Item is one item of a feed.
type Item struct {
	Start, End int    // the element's bytes: data[Start:End]
	tagEnd     int    // the end of its start tag
	Line       int    // 1-based line of its start tag
	Synced     bool   // has a sync element of one of the SyncNS namespaces as a child
	Key        string // what names it: atom:id, guid, xmlUrl or url, trimmed; "" for none
	KeyFrom    string // "atom:id", "guid", "xmlUrl", "url" or "" for none
	keyText    strings.Builder
	selfClose  bool
	name       string // the element's qualified name as written
	endTag     int    // start of the end tag
	wsStart    int    // start of the white space before the end tag, or -1
	childInd   string // indentation of the first child on its own line, or ""
	// binds are the prefixes the item and the elements between it and
	// the root declare, the nearest first; nil when none do.
	binds []xml.Attr
}

// bound returns the namespace prefix p means inside the item, and
// whether an element below the root binds it.
func (it *Item) bound(p string) (string, bool) {
	for _, a := range it.binds {
		if a.Name.Local == p {
			return a.Value, true
		}
	}
	return "", false
}

// Digest returns a digest of the item's bytes: "sha256-" and the first 16
// hex digits of their SHA-256, the same at every endpoint that holds the
// same item. An OPML outline's are those of its start tag, its data (its
// attributes), not of the outlines below it.
func (it *Item) Digest(data []byte, f Format) string {
	end := it.End
	if f == OPML {
		end = it.tagEnd
	}
	sum := sha256.Sum256(data[it.Start:end])
	return "sha256-" + hex.EncodeToString(sum[:8])
}

// Scan is a feed's items and where its root declares namespaces.
type Scan struct {
	Items []*Item
	// Prefixes are the namespace prefixes the root (and an RSS channel)
	// declare, by URI; Bound holds every prefix declared there.
	Prefixes map[string]string
	Bound    map[string]bool
	declAt   int // where a declaration on the root's start tag goes
	format   Format
	line     int // the line of data[lineAt]
	lineAt   int
	unit     string
}

// SyncNS are the namespaces whose sync child makes an item synced: any
// sync data, which Adopt must leave as it is.
var SyncNS = []string{"http://feedsync.org/2007/feedsync", "https://www.microsoft.com/schemas/rss/sse", "http://www.microsoft.com/schemas/rss/sse"}

// frame is an open element.
type frame struct {
	item  *Item      // the item this element is, or nil
	owner *Item      // the item this element is a direct child of, or nil
	key   bool       // a key child (atom:id, guid) of owner
	outl  bool       // an element where OPML outlines are items (body or outline)
	decls []xml.Attr // the prefixes it declares (below the root)
}

// Read scans data, a feed of format f.
func Read(data []byte, f Format) (*Scan, error) {
	if bytes.HasPrefix(data, []byte{0xFE, 0xFF}) || bytes.HasPrefix(data, []byte{0xFF, 0xFE}) {
		return nil, ErrEncoding // UTF-16
	}
	ascii := !slices.ContainsFunc(data, func(c byte) bool { return c >= 0x80 })
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = func(label string, r io.Reader) (io.Reader, error) {
		// Offsets are byte offsets only when the text is read as it is:
		// UTF-8, or ASCII in any encoding that extends it (what is
		// written, ids escaped by NSSOf and endpoint ids, is ASCII).
		if l := strings.ToLower(label); ascii || l == "utf-8" || l == "utf8" || l == "us-ascii" {
			return r, nil
		}
		return nil, ErrEncoding
	}
	s := &Scan{Prefixes: map[string]string{}, Bound: map[string]bool{}, unit: "  ", format: f, line: 1}
	var stack []frame
	for {
		off := int(dec.InputOffset())
		t, err := dec.Token()
		if err == io.EOF {
			return s, nil
		}
		if err != nil {
			if errors.Is(err, ErrEncoding) {
				return nil, ErrEncoding
			}
			return nil, fmt.Errorf("reading items: %w", err)
		}
		end := int(dec.InputOffset())
		var top *frame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		switch t := t.(type) {
		case xml.StartElement:
			fr := s.start(data, f, t, stack, off, end)
			stack = append(stack, fr)
		case xml.EndElement:
			if top.item != nil {
				s.close(data, top.item, off, end)
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if top != nil && top.key {
				top.owner.keyText.Write(t)
			}
		}
	}
}

// start handles a start tag at data[off:end] below the open elements.
func (s *Scan) start(data []byte, f Format, t xml.StartElement, stack []frame, off, end int) frame {
	depth := len(stack)
	var parent frame
	if depth > 0 {
		parent = stack[depth-1]
	}
	if depth == 0 || depth == 1 && f == RSS && t.Name.Local == "channel" {
		s.declares(t.Attr)
		if depth == 0 {
			s.declAt = end - 1
			if data[end-2] == '/' {
				s.declAt--
			}
		}
	}
	fr := frame{outl: f == OPML && (depth == 1 && t.Name.Local == "body" || parent.outl && t.Name.Local == "outline")}
	if depth > 0 {
		for _, a := range t.Attr {
			if a.Name.Space == "xmlns" {
				fr.decls = append(fr.decls, a)
			}
		}
	}
	isItem := false
	switch f {
	case Atom:
		isItem = depth == 1 && t.Name.Space == nsAtom && t.Name.Local == "entry"
	case RSS:
		isItem = depth == 2 && t.Name.Space == "" && t.Name.Local == "item"
	case OPML:
		isItem = parent.outl && t.Name.Local == "outline"
	}
	if it := parent.item; it != nil { // a direct child of an item
		if slices.Contains(SyncNS, t.Name.Space) && t.Name.Local == "sync" {
			it.Synced = true
		}
		if it.childInd == "" && !it.hasChild() {
			it.childInd = lineIndent(data, off)
		}
		it.markChild()
		fr.owner = it
		fr.key = f == Atom && t.Name.Space == nsAtom && t.Name.Local == "id" || f == RSS && t.Name.Space == "" && t.Name.Local == "guid"
		if fr.key {
			it.KeyFrom = map[Format]string{Atom: "atom:id", RSS: "guid"}[f]
		}
	}
	if !isItem {
		return fr
	}
	s.line += bytes.Count(data[s.lineAt:off], []byte("\n")) // counted on from the last item: linear in the feed
	s.lineAt = off
	it := &Item{Start: off, tagEnd: end, Line: s.line, wsStart: -1, selfClose: data[end-2] == '/'}
	it.name = qname(data, off)
	if f == OPML {
		for _, k := range []string{"xmlUrl", "url"} {
			if v := attr(t.Attr, k); strings.TrimSpace(v) != "" {
				it.Key, it.KeyFrom = strings.TrimSpace(v), k
				break
			}
		}
	}
	if it.selfClose {
		it.End, it.endTag = end, end-2
	}
	it.binds = slices.Clone(fr.decls)
	for i := len(stack) - 1; i > 0; i-- {
		it.binds = append(it.binds, stack[i].decls...)
	}
	s.Items = append(s.Items, it)
	fr.item = it
	return fr
}

// hasChild and markChild note whether the item has had a child element.
func (it *Item) hasChild() bool { return it.wsStart == -2 || it.childInd != "" }
func (it *Item) markChild()     { it.wsStart = -2 }

// close handles the end of an item, whose end tag is data[off:end] (empty
// for an element written empty).
func (s *Scan) close(data []byte, it *Item, off, end int) {
	if it.KeyFrom == "atom:id" || it.KeyFrom == "guid" {
		it.Key = strings.TrimSpace(it.keyText.String())
	}
	if it.selfClose {
		return
	}
	it.End, it.endTag, it.wsStart = end, off, -1
	i := off
	for i > it.Start && isSpace(data[i-1]) {
		i--
	}
	if i < off && bytes.IndexByte(data[i:off], '\n') >= 0 && data[i-1] == '>' {
		it.wsStart = i
	}
	if in, ind := it.childInd, lineIndent(data, it.Start); in != "" && len(in) > len(ind) && strings.HasPrefix(in, ind) && ind != "" {
		s.unit = in[len(ind):]
	}
}

// declares records the namespace declarations of the root or channel.
func (s *Scan) declares(attrs []xml.Attr) {
	for _, a := range attrs {
		if a.Name.Space == "xmlns" {
			s.Bound[a.Name.Local] = true
			if _, ok := s.Prefixes[a.Value]; !ok {
				s.Prefixes[a.Value] = a.Name.Local
			}
		}
	}
}

// lineIndent returns the white space between the last newline before off
// and off, with the newline, when only white space is there; else "".
func lineIndent(data []byte, off int) string {
	i := off
	for i > 0 && (data[i-1] == ' ' || data[i-1] == '\t') {
		i--
	}
	if i > 1 && data[i-2] == '\r' && data[i-1] == '\n' {
		return "\r\n" + string(data[i:off]) // a feed with CRLF line ends keeps them
	}
	if i > 0 && data[i-1] == '\n' {
		return "\n" + string(data[i:off])
	}
	return ""
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// qname returns the name of the start tag at data[off].
func qname(data []byte, off int) string {
	e := off + 1
	for e < len(data) && !isSpace(data[e]) && data[e] != '/' && data[e] != '>' {
		e++
	}
	return string(data[off+1 : e])
}

func attr(attrs []xml.Attr, key string) string {
	for _, a := range attrs {
		if a.Name.Space == "" && a.Name.Local == key {
			return a.Value
		}
	}
	return ""
}

// Sync is the sync element to write into one item: its name's prefix,
// and its attributes and its one history entry's, in order.
type Sync struct {
	Item    *Item
	Attrs   [][2]string // of sx:sync: id and updates or version
	History [][2]string // of sx:history: sequence, when, by
	decl    string      // a declaration the element needs, or ""
}

// Write returns data with each sync element written as the last child of
// its item (an OPML outline's first, as feeds/sse writes one with
// children), laid out as the item's children are, and, when decl is true,
// prefix declared for uri on the root's start tag. An item inside which
// an element below the root binds prefix to another namespace gets the
// declaration on its sync element. Nothing else changes.
func (s *Scan) Write(data []byte, prefix, uri string, decl bool, syncs []Sync) []byte {
	type edit struct {
		at, del int
		text    string
	}
	var edits []edit
	declText := "xmlns:" + prefix + `="` + uri + `"`
	if decl {
		edits = append(edits, edit{at: s.declAt, text: " " + declText})
	}
	for _, sy := range syncs {
		it := sy.Item
		if u, ok := it.bound(prefix); ok && u != uri {
			sy.decl = declText
		}
		switch {
		case it.selfClose:
			ind := lineIndent(data, it.Start)
			in := ""
			if ind != "" {
				in = ind + s.unit
			}
			edits = append(edits, edit{at: it.endTag, del: 2, text: ">" + in + s.element(prefix, sy, in) + ind + "</" + it.name + ">"})
		case s.format == OPML && it.childInd != "":
			// An outline with children: first, as feeds/sse writes it.
			edits = append(edits, edit{at: it.tagEnd, text: it.childInd + s.element(prefix, sy, it.childInd)})
		case s.format == OPML:
			edits = append(edits, edit{at: it.tagEnd, text: s.element(prefix, sy, "")})
		case it.wsStart >= 0:
			in := it.childInd
			if in == "" {
				in = lineIndent(data, it.endTag) + s.unit
			}
			edits = append(edits, edit{at: it.wsStart, text: in + s.element(prefix, sy, in)})
		default:
			edits = append(edits, edit{at: it.endTag, text: s.element(prefix, sy, "")})
		}
	}
	slices.SortStableFunc(edits, func(a, b edit) int { return a.at - b.at })
	var out bytes.Buffer
	out.Grow(len(data) + 200*len(syncs))
	last := 0
	for _, e := range edits {
		out.Write(data[last:e.at])
		out.WriteString(e.text)
		last = e.at + e.del
	}
	out.Write(data[last:])
	return out.Bytes()
}

// element renders a sync element at indentation ind ("" for compact).
func (s *Scan) element(prefix string, sy Sync, ind string) string {
	var b strings.Builder
	name := prefix + ":sync"
	b.WriteString("<" + name)
	if sy.decl != "" {
		b.WriteString(" " + sy.decl)
	}
	writeAttrs(&b, sy.Attrs)
	b.WriteString(">")
	if ind != "" {
		b.WriteString(ind + s.unit)
	}
	b.WriteString("<" + prefix + ":history")
	writeAttrs(&b, sy.History)
	b.WriteString("/>")
	b.WriteString(ind)
	b.WriteString("</" + name + ">")
	return b.String()
}

func writeAttrs(b *strings.Builder, attrs [][2]string) {
	for _, a := range attrs {
		b.WriteString(" " + a[0] + `="`)
		xml.EscapeText(b, []byte(a[1]))
		b.WriteString(`"`)
	}
}
