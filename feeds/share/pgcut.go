package share

import (
	"errors"
	"fmt"
	"html"
	"slices"
	"strconv"
	"strings"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// A feed in the database is its shell and its items (see "Hubs on
// PostgreSQL" in the package doc): the shell is the feed as written with
// its sync items cut out, and ins the place in it where they go; an item
// is the bytes of its element, with the white space before it, as the
// feed writes it in the shell's namespace context. shell[:ins], the items
// in any order, and shell[ins:] make a feed that loads as the one cut
// (compose): the feed the hub merges a POST into holds only the items the
// POST names, and the complete feed is streamed item by item.
//
// An OPML outline nests its items: each outline is stored without the
// outlines it holds, with its position (fso:parent, fso:key, fso:version,
// package feeds/sse) on its sx:sync whatever the layout it was written in,
// so that outlines composed side by side load with the places they had.
// Declarations an outline took from the outlines around it are made on
// its own start tag.

// piece is one sync item of a feed as the database holds it.
type piece struct {
	id   string
	body []byte
}

// cut is a written feed cut into its shell and its items.
type cut struct {
	shell []byte
	ins   int
	items []piece // in document order (an OPML outline before those it holds)
}

// place is what the cutter needs of an OPML outline: its position and
// sx:sync version, written on its sx:sync when missing.
type place struct {
	parent, key string
	version     int
}

// errNoBox says that the written feed has no element to hold items: it is
// no feed of its format.
var errNoBox = errors.New("the feed has no channel, feed or body to hold its items")

// cutFeed cuts data, a feed of format f as this package writes it, into
// its shell and its sync items: the elements that carry a sync element
// whose id is in ids. places gives OPML outlines' positions.
func cutFeed(data []byte, f dialect.Format, ids map[string]bool, places func(id string) (place, bool)) (*cut, error) {
	c := &cutter{data: data, format: f, ids: ids, places: places, boxAt: -1}
	if err := c.scan(); err != nil {
		return nil, err
	}
	return c.result()
}

// cutter scans a feed once, keeping a frame per open element.
type cutter struct {
	data   []byte
	format dialect.Format
	ids    map[string]bool
	places func(string) (place, bool)

	stack []*frame
	last  xmlscan.Token     // the previous token
	spans []*frame          // the items found, in the order they end
	boxAt int               // depth of the element that holds the items
	boxNS map[string]string // the namespaces in scope in it, by prefix
	box   *frame            // that element, once closed
	err   error
}

// frame is an open element.
type frame struct {
	name      xmlscan.Name
	depth     int
	off, from int // its start tag's offset; from: with the white space before it
	tagEnd    int // the end of its start tag
	empty     bool
	end       int // the end of its end tag
	endOff    int // the offset of its end tag
	wsBefore  int // the offset of the white space before its end tag, or endOff
	item      bool
	candidate bool
	id        string
	parent    *frame
	kids      []*frame // item children (OPML)
	edits     []splice // attributes to add or remove
}

// splice replaces data[from:to] by text in an item's bytes.
type splice struct {
	from, to int
	text     string
}

func (c *cutter) scan() error {
	s := xmlscan.New(c.data)
	for s.Next() {
		t := s.Token()
		switch t.Kind {
		case xmlscan.StartElement:
			c.start(s, t)
		case xmlscan.EndElement:
			c.end(t)
		}
		c.last = *t
		c.last.Attrs = nil
	}
	if err := s.Err(); err != nil {
		return fmt.Errorf("reading the feed back: %w", err)
	}
	return c.err
}

// spaceBefore reports whether the token before the one at off is white
// space alone, which goes with what follows it. It reads the bytes: the
// scanner's Space is false for white space holding a carriage return,
// which it normalizes, and a feed written with CRLF line ends would
// otherwise leave its items' white space in the shell.
func (c *cutter) spaceBefore(off int) bool {
	if c.last.Kind != xmlscan.Text || c.last.End != off {
		return false
	}
	for _, b := range c.data[c.last.Off:c.last.End] {
		if b != ' ' && b != '\t' && b != '\r' && b != '\n' {
			return false
		}
	}
	return true
}

func (c *cutter) top() *frame {
	if len(c.stack) == 0 {
		return nil
	}
	return c.stack[len(c.stack)-1]
}

func (c *cutter) start(s *xmlscan.Scanner, t *xmlscan.Token) {
	parent := c.top()
	fr := &frame{name: t.Name, depth: s.Depth(), off: t.Off, from: t.Off, tagEnd: t.End, empty: t.Empty, parent: parent}
	if c.spaceBefore(t.Off) {
		fr.from = c.last.Off
	}
	uri, _ := s.Lookup(t.Name.Prefix)
	local := t.Name.Local
	switch {
	case c.isBox(fr, uri, parent):
		c.boxAt = fr.depth
		c.boxNS = map[string]string{}
		for _, b := range s.Bindings() {
			c.boxNS[b.Prefix] = b.URI
		}
	case parent != nil && parent.depth == c.boxAt && c.isItemName(uri, local):
		fr.candidate = true
	case parent != nil && parent.item && c.format == dialect.OPML && uri == "" && local == "outline":
		fr.candidate = true
	case parent != nil && parent.candidate && local == "sync" && isSyncNS(uri):
		c.syncElement(s, t, parent)
	}
	if fr.candidate {
		c.redeclare(s, t, fr)
	}
	c.stack = append(c.stack, fr)
}

// isBox reports whether the element opened is the one that holds the
// items: Atom's feed, RSS's channel, OPML's body.
func (c *cutter) isBox(fr *frame, uri string, parent *frame) bool {
	if c.boxAt >= 0 {
		return false
	}
	switch c.format {
	case dialect.Atom:
		return fr.depth == 1 && uri == feeds.NSAtom && fr.name.Local == "feed"
	case dialect.RSS:
		return fr.depth == 2 && uri == "" && fr.name.Local == "channel"
	}
	return fr.depth == 2 && uri == "" && fr.name.Local == "body"
}

func (c *cutter) isItemName(uri, local string) bool {
	switch c.format {
	case dialect.Atom:
		return uri == feeds.NSAtom && local == "entry"
	case dialect.RSS:
		return uri == "" && local == "item"
	}
	return uri == "" && local == "outline"
}

func isSyncNS(uri string) bool {
	return uri == feeds.NSFeedSync || uri == ssefeed.NS || uri == ssefeed.NSHTTP
}

// syncElement notes the sync element of a candidate item: its id makes
// the candidate an item; an OPML outline's gets its position.
func (c *cutter) syncElement(s *xmlscan.Scanner, t *xmlscan.Token, item *frame) {
	if item.id != "" {
		return
	}
	var id string
	var version string
	for _, a := range t.Attrs {
		switch {
		case a.Name.Prefix == "" && a.Name.Local == "id":
			id = a.Value
		case a.Name.Prefix == "" && a.Name.Local == "version":
			version = a.Value
		}
	}
	if !c.ids[id] {
		return
	}
	item.id, item.item = id, true
	if c.format != dialect.OPML {
		return
	}
	var stale []splice
	fsoVersion, fsoKey := "", false
	for _, a := range t.Attrs {
		if u, _ := s.Lookup(a.Name.Prefix); a.Name.Prefix != "" && a.Name.Prefix != "xmlns" && u == ssefeed.NSOutline {
			switch a.Name.Local {
			case "key":
				fsoKey = true
			case "version":
				fsoVersion = a.Value
			}
			stale = append(stale, splice{from: a.Off, to: attrEnd(c.data, a.Off)})
		}
	}
	if fsoKey && fsoVersion == version {
		return // its position is on it already
	}
	pl, ok := c.places(id)
	if !ok {
		c.err = fmt.Errorf("outline %q: no position", id)
		return
	}
	// Attributes gone stale (another implementation moved the outline on
	// and kept them) are replaced: the reader would ignore them.
	item.edits = append(item.edits, stale...)
	prefix, declare := outlinePrefix(s)
	var b strings.Builder
	if declare {
		fmt.Fprintf(&b, ` xmlns:%s="%s"`, prefix, ssefeed.NSOutline)
	}
	fmt.Fprintf(&b, ` %s:parent="%s" %s:key="%s" %s:version="%d"`, prefix, html.EscapeString(pl.parent), prefix, html.EscapeString(pl.key), prefix, pl.version)
	at := tagEndAt(t)
	item.edits = append(item.edits, splice{from: at, to: at, text: b.String()})
}

// attrEnd returns the end of the attribute whose name begins at off: past
// its value's closing quote.
func attrEnd(data []byte, off int) int {
	eq := off + strings.IndexByte(string(data[off:]), '=')
	i := eq + 1
	for data[i] != '"' && data[i] != '\'' {
		i++
	}
	q := data[i]
	j := i + 1 + strings.IndexByte(string(data[i+1:]), q)
	return j + 1
}

// outlinePrefix returns the prefix bound to feedsync's outline namespace
// where the scanner is, or a free one to declare.
func outlinePrefix(s *xmlscan.Scanner) (string, bool) {
	for _, b := range slices.Backward(s.Bindings()) {
		if b.URI == ssefeed.NSOutline && b.Prefix != "" {
			if u, _ := s.Lookup(b.Prefix); u == ssefeed.NSOutline {
				return b.Prefix, false
			}
		}
	}
	for i := 1; ; i++ {
		p := "fso"
		if i > 1 {
			p += strconv.Itoa(i)
		}
		if _, bound := s.Lookup(p); !bound {
			return p, true
		}
	}
}

// tagEndAt is the offset at which attributes go in a start tag: before
// its '>' or '/>'.
func tagEndAt(t *xmlscan.Token) int {
	if t.Empty {
		return t.End - 2
	}
	return t.End - 1
}

// redeclare makes on an OPML outline's start tag the declarations it has
// from the outlines around it and the body lacks: stored alone, it is
// composed under the body.
func (c *cutter) redeclare(s *xmlscan.Scanner, t *xmlscan.Token, fr *frame) {
	if c.format != dialect.OPML || fr.parent == nil || !fr.parent.item {
		return
	}
	own := map[string]bool{}
	for _, a := range t.Attrs {
		switch {
		case a.Name.Prefix == "xmlns":
			own[a.Name.Local] = true
		case a.Name.Prefix == "" && a.Name.Local == "xmlns":
			own[""] = true
		}
	}
	var b strings.Builder
	seen := map[string]bool{}
	for _, bd := range slices.Backward(s.Bindings()) {
		if own[bd.Prefix] || seen[bd.Prefix] {
			continue
		}
		seen[bd.Prefix] = true
		if u, ok := c.boxNS[bd.Prefix]; ok && u == bd.URI || !ok && bd.Prefix == "" && bd.URI == "" {
			continue // the body has it
		}
		if bd.Prefix == "" {
			fmt.Fprintf(&b, ` xmlns="%s"`, html.EscapeString(bd.URI))
		} else {
			fmt.Fprintf(&b, ` xmlns:%s="%s"`, bd.Prefix, html.EscapeString(bd.URI))
		}
	}
	if b.Len() > 0 {
		at := tagEndAt(t)
		fr.edits = append(fr.edits, splice{from: at, to: at, text: b.String()})
	}
}

func (c *cutter) end(t *xmlscan.Token) {
	fr := c.top()
	c.stack = c.stack[:len(c.stack)-1]
	fr.end, fr.endOff, fr.wsBefore = t.End, t.Off, t.Off
	if c.spaceBefore(t.Off) && !fr.empty {
		fr.wsBefore = c.last.Off
	}
	if fr.depth == c.boxAt && c.box == nil {
		c.box = fr
	}
	if !fr.item {
		return
	}
	c.spans = append(c.spans, fr)
	if fr.parent != nil && fr.parent.item {
		fr.parent.kids = append(fr.parent.kids, fr)
	}
}

// result cuts the items out and makes the shell.
func (c *cutter) result() (*cut, error) {
	if c.box == nil {
		return nil, errNoBox
	}
	out := &cut{}
	var top []*frame
	for _, fr := range c.spans {
		if fr.parent == nil || !fr.parent.item {
			top = append(top, fr)
		}
	}
	// The items in document order: by where they begin.
	order := slices.Clone(c.spans)
	slices.SortFunc(order, func(a, b *frame) int { return a.from - b.from })
	for _, fr := range order {
		out.items = append(out.items, piece{id: fr.id, body: c.itemBytes(fr)})
	}
	var shell []byte
	at := 0
	ins := -1
	for _, fr := range top {
		shell = append(shell, c.data[at:fr.from]...)
		if ins < 0 {
			ins = len(shell)
		}
		at = fr.end
	}
	shell = append(shell, c.data[at:]...)
	if ins < 0 {
		// No items: they go before the white space that ends the box, or
		// into a box written empty, opened for them.
		if c.box.empty {
			tag := c.data[c.box.off:c.box.end]
			open := strings.TrimSuffix(strings.TrimRight(strings.TrimSuffix(string(tag), ">"), "/ \t\r\n"), "/") + ">"
			closeTag := "</" + c.box.name.String() + ">"
			shell = slices.Concat(c.data[:c.box.off], []byte(open), []byte(closeTag), c.data[c.box.end:])
			ins = c.box.off + len(open)
		} else {
			ins = c.box.wsBefore
		}
	}
	out.shell, out.ins = shell, ins
	return out, nil
}

// itemBytes is an item's element, with the white space before it,
// without the items it holds, with what it must carry inserted.
func (c *cutter) itemBytes(fr *frame) []byte {
	edits := slices.Clone(fr.edits)
	for _, k := range fr.kids {
		edits = append(edits, splice{from: k.from, to: k.end})
	}
	slices.SortStableFunc(edits, func(a, b splice) int { return a.from - b.from })
	var b []byte
	at := fr.from
	for _, e := range edits {
		b = append(b, c.data[at:e.from]...)
		b = append(b, e.text...)
		at = e.to
	}
	return append(b, c.data[at:fr.end]...)
}

// compose makes the feed of a shell and items: the items at ins, in the
// order given.
func compose(shell []byte, ins int, items [][]byte) []byte {
	n := len(shell)
	for _, it := range items {
		n += len(it)
	}
	b := make([]byte, 0, n)
	b = append(b, shell[:ins]...)
	for _, it := range items {
		b = append(b, it...)
	}
	return append(b, shell[ins:]...)
}

// placesOf gives the positions of a feed's OPML outlines.
func placesOf(f feed) func(string) (place, bool) {
	return func(id string) (place, bool) {
		e, err := f.Entry(id)
		if err != nil {
			return place{}, false
		}
		w := e.Winner()
		pos := w.Position()
		return place{parent: pos.Parent, key: pos.Key, version: w.State().Version}, true
	}
}
