// Package plain finds the items of a feed that carry no sync data, with
// what each already holds that can name it, and writes sync elements into
// them without changing any other byte of the feed. It is the XML work of
// dialect.Doc.Adopt (`feedsync adopt`): an Atom feed's entries, an RSS
// channel's items, an OPML body's outlines at every depth.
//
// It works on the bytes a feed was read from, which the feed's binding
// (package feeds or feeds/sse) has already parsed without error, and reads
// them as the bindings do: decoded to UTF-8 when they are in another
// encoding (xmlscan.Decode), then with the strict scanner (xmlscan). The
// output is that text with insertions only (and an OPML outline written
// as an empty element, <outline …/>, opened so that it can hold a child),
// encoded back in the feed's charset as any command writes it
// (xmlutil.WriteIn): every byte of the input is in the output.
package plain

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"slices"
	"strings"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// Format is the container format of a feed.
type Format int

// The formats.
const (
	Atom Format = iota + 1
	RSS
	OPML
)

// Item is one item of a feed.
type Item struct {
	Start, End int    // the element's bytes: Scan.Text[Start:End]
	tagEnd     int    // the end of its start tag
	Line       int    // 1-based line of its start tag
	Depth      int    // the elements from the root to it, both counted
	Synced     bool   // has a sync element as a child (isSync)
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
	binds []xmlscan.Attr
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

// Digest returns a digest of the item's bytes in UTF-8: "sha256-" and the
// first 16 hex digits of their SHA-256, the same at every endpoint that
// holds the same item, in whatever encoding. An OPML outline's are those
// of its start tag, its data (its attributes), not of the outlines below
// it.
func (s *Scan) Digest(it *Item) string {
	end := it.End
	if s.format == OPML {
		end = it.tagEnd
	}
	sum := sha256.Sum256(s.Text[it.Start:end])
	return "sha256-" + hex.EncodeToString(sum[:8])
}

// Scan is a feed's items and where its root declares namespaces.
type Scan struct {
	Text  []byte           // the feed in UTF-8, which the offsets are of
	cs    *xmlscan.Charset // the charset the feed came in, nil for UTF-8
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

// isSync reports whether an item's child named local in namespace uri is
// sync data, which Adopt must leave as it is: the sync element of a
// dialect the bindings read, as feeds.NamespaceDialect names them
// (FeedSync 1.0.2, SSE 0.91 in either form). A pre-1.0 SSE one is not
// sync data: no binding reads it, and a feed that holds one does not load.
func isSync(uri, local string) bool {
	d := feeds.NamespaceDialect(uri)
	return local == "sync" && (d == feeds.FeedSync102 || d == feeds.SSE091)
}

// frame is an open element.
type frame struct {
	item  *Item          // the item this element is, or nil
	owner *Item          // the item this element is a direct child of, or nil
	key   bool           // a key child (atom:id, guid) of owner
	box   bool           // an element whose children named item (RSS: the channel) or outline (OPML: the body, an outline), in no namespace, are items
	decls []xmlscan.Attr // the prefixes it declares (below the root)
}

// Read scans data, a feed of format f, as the bindings read feeds (see
// the package doc), so that it reads what they read: an error is the
// *xmlutil.DecodeError of an encoding they do not read, or the
// *xmlscan.SyntaxError of the first thing that makes the feed not
// well-formed.
func Read(data []byte, f Format) (*Scan, error) {
	text, cs, err := xmlscan.Decode(data)
	if err != nil {
		return nil, &xmlutil.DecodeError{Err: err}
	}
	s := &Scan{Text: text, cs: cs, Prefixes: map[string]string{}, Bound: map[string]bool{}, unit: "  ", format: f, line: 1}
	data = text
	sc := xmlscan.New(text)
	var stack []frame
	for sc.Next() {
		t := sc.Token()
		var top *frame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		switch t.Kind {
		case xmlscan.StartElement:
			stack = append(stack, s.start(sc, t, stack))
		case xmlscan.EndElement:
			if top.item != nil {
				s.close(data, top.item, t.Off, t.End)
			}
			stack = stack[:len(stack)-1]
		case xmlscan.Text, xmlscan.CDATA:
			if top != nil && top.key {
				top.owner.keyText.WriteString(t.Text)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return s, nil
}

// start handles the start tag t that sc has just read, below the open
// elements.
func (s *Scan) start(sc *xmlscan.Scanner, t *xmlscan.Token, stack []frame) frame {
	data, f, off, end := sc.Data(), s.format, t.Off, t.End
	space, _ := sc.Lookup(t.Name.Prefix)
	depth := len(stack)
	var parent frame
	if depth > 0 {
		parent = stack[depth-1]
	}
	if depth == 0 || depth == 1 && f == RSS && t.Name.Local == "channel" {
		s.declares(t.Attrs)
		if depth == 0 {
			s.declAt = end - 1
			if t.Empty {
				s.declAt--
			}
		}
	}
	// Items are named as the bindings name them: in no namespace, but for
	// Atom's, and where they hold them.
	local, none := t.Name.Local, space == ""
	fr := frame{box: none && (depth == 1 && (f == RSS && local == "channel" || f == OPML && local == "body") || f == OPML && parent.box && local == "outline")}
	if depth > 0 {
		for _, a := range t.Attrs {
			if a.Name.Prefix == "xmlns" {
				fr.decls = append(fr.decls, a)
			}
		}
	}
	isItem := false
	switch f {
	case Atom:
		isItem = depth == 1 && space == feeds.NSAtom && t.Name.Local == "entry"
	case RSS:
		isItem = parent.box && none && local == "item"
	case OPML:
		isItem = parent.box && none && local == "outline"
	}
	if it := parent.item; it != nil { // a direct child of an item
		if isSync(space, t.Name.Local) {
			it.Synced = true
		}
		if it.childInd == "" && !it.hasChild() {
			it.childInd = lineIndent(data, off)
		}
		it.markChild()
		fr.owner = it
		fr.key = f == Atom && space == feeds.NSAtom && t.Name.Local == "id" || f == RSS && space == "" && t.Name.Local == "guid"
		if fr.key {
			it.KeyFrom = map[Format]string{Atom: "atom:id", RSS: "guid"}[f]
		}
	}
	if !isItem {
		return fr
	}
	s.line += bytes.Count(data[s.lineAt:off], []byte("\n")) // counted on from the last item: linear in the feed
	s.lineAt = off
	it := &Item{Start: off, tagEnd: end, Line: s.line, Depth: depth + 1, wsStart: -1, selfClose: t.Empty, name: t.Name.String()}
	if f == OPML {
		for _, k := range []string{"xmlUrl", "url"} {
			if v := attr(t.Attrs, k); strings.TrimSpace(v) != "" {
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
func (s *Scan) declares(attrs []xmlscan.Attr) {
	for _, a := range attrs {
		if a.Name.Prefix == "xmlns" {
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

func attr(attrs []xmlscan.Attr, key string) string {
	for _, a := range attrs {
		if a.Name.Prefix == "" && a.Name.Local == key {
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

// Write returns the feed with each sync element written as the last child of
// its item (an OPML outline's first, as feeds/sse writes one with
// children), laid out as the item's children are, and, when decl is true,
// prefix declared for uri on the root's start tag, in the charset it came
// in (xmlutil.WriteIn). An item inside which an element below the root
// binds prefix to another namespace gets the declaration on its sync
// element. Nothing else changes.
func (s *Scan) Write(prefix, uri string, decl bool, syncs []Sync) []byte {
	data := s.Text
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
	return xmlutil.EncodeIn(out.Bytes(), s.cs)
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
