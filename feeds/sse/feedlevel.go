package ssefeed

import (
	"bufio"
	"strings"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// FeedLevel returns the feed's feed-level data, part by part in document
// order, as feeds.Doc.FeedLevel does for FeedSync 1.0.2: the tokens around
// the root, the attributes of the root and of the channel or body, the
// root's other children (for OPML each child of head: its title, its
// dates, sx:sharing), and the children of the channel or body other than
// its items with sx:sync. White space and namespace declarations are left
// out. sx:sharing is as set by SetSharing.
//
// Merge takes all of this from its local feed (§4.4 merges items only).
func (d *Doc) FeedLevel() []feeds.Part {
	var out []feeds.Part
	p := xmlutil.Parts{Add: func(name, text string) { out = append(out, feeds.Part{Name: name, XML: text}) }}
	token := func(t etree.Token) {
		if e, ok := t.(*etree.Element); ok {
			t = d.src.builtChild(e) // an RSS item without sx:sync, read without its tree
		}
		if !(d.sharingSet && t == etree.Token(d.sharingEl)) { // written from the Sharing set, below
			p.Token(t)
		}
	}
	p.Prolog(d.src.tree, d.root)
	p.Attrs(d.root)
	for _, t := range d.root.Child {
		switch e, _ := t.(*etree.Element); {
		case t == etree.Token(d.box):
		case e != nil && d.kind == KindOPML && e.Tag == "head" && uriOf(e) == "":
			p.Attrs(e)
			d.levelChildren(e, -1, token)
		default:
			token(t)
		}
	}
	p.Attrs(d.box)
	if d.kind == KindRSS {
		d.levelChildren(d.box, d.levelInsertAt(), token)
	} else {
		for _, t := range d.box.Child {
			if e, ok := t.(*etree.Element); !ok || !d.synced(e) {
				token(t)
			}
		}
	}
	if d.sharingSet && d.sharing != nil {
		var b strings.Builder
		wr := &writer{d: d, w: bufio.NewWriter(&b), cur: &xmlutil.Scope{Attrs: []etree.Attr{xmlutil.Decl(d.sx, d.ns)}}}
		wr.sharing("")
		wr.w.Flush()
		out = append(out, feeds.Part{Name: wr.sxName("sharing"), XML: b.String()})
	}
	return out
}

// levelChildren calls f for the feed-level children of parent (the RSS
// channel or the OPML head) as written: items left out, elements taken
// from another version in place of those read, those added before child
// insertAt (-1: after the last).
func (d *Doc) levelChildren(parent *etree.Element, insertAt int, f func(etree.Token)) {
	if insertAt < 0 {
		insertAt = len(parent.Child)
	}
	for i, t := range parent.Child {
		if i == insertAt {
			eachToken(d.level.Inserts(), f)
		}
		if parent != d.box || d.slots[i] == -1 {
			d.level.Each(t, f)
		}
	}
	if insertAt >= len(parent.Child) {
		eachToken(d.level.Inserts(), f)
	}
}

// levelEdits are the feed-level elements a Doc takes from another version
// of the feed (TakeFeedLevel), and that version. Edits is nil until some
// are taken; its methods read nil as none.
type levelEdits struct {
	*xmlutil.Edits
	from *Doc
}

// tags are the tags read of the elements taken from another version.
func (l levelEdits) tags() *xmlutil.RawTags {
	if l.from == nil {
		return nil
	}
	return &l.from.src.tags
}

// levelInserts writes the feed-level elements taken from another version
// that the feed did not have, each at indentation ind.
func (wr *writer) levelInserts(ind string) {
	defer wr.useTags(wr.d.level.tags())()
	for _, e := range wr.d.level.Inserts() {
		wr.w.WriteString(ind)
		wr.element(e)
	}
}

// feedChild writes t, a child of the RSS channel or the OPML head that is
// neither an item nor sx:sharing: as the element taken from another
// version in its place (TakeFeedLevel), not at all, with the white space
// before it, when that version has none, else as read.
func (wr *writer) feedChild(t etree.Token, g *gap) {
	if !wr.d.level.Replaces(t) {
		g.flush()
		wr.token(t)
		return
	}
	if e := wr.d.level.Replace[t]; e != nil {
		g.flush()
		defer wr.useTags(wr.d.level.tags())()
		wr.element(e)
		return
	}
	g.drop() // a feed-level element taken away
}

// gap is the white space read before a child of the channel or the OPML
// head, held until it is known whether that child is written.
type gap struct {
	wr *writer
	ws etree.Token // nil when none is held
}

// hold writes the white space held and holds ws in its place.
func (g *gap) hold(ws etree.Token) {
	g.flush()
	g.ws = ws
}

// flush writes the white space held: the child after it is written.
func (g *gap) flush() {
	if g.ws != nil {
		g.ws.WriteTo(g.wr.w, &xmlutil.WriteSettings)
		g.ws = nil
	}
}

// drop forgets the white space held: the child after it is left out.
func (g *gap) drop() { g.ws = nil }

// levelInsertAt is the child of an RSS channel before which feed-level
// elements taken from another version are added: the first item, or where
// items are added.
func (d *Doc) levelInsertAt() int {
	for i, s := range d.slots {
		if s >= 0 {
			return i
		}
	}
	return d.appendAt
}

// TakeFeedLevel makes the feed-level elements named in names those of
// from, another version of the same feed, as feeds.Doc.TakeFeedLevel does:
// among the children of the RSS channel, or of the OPML head, each element
// of a name is replaced by from's one for one when both have as many,
// added when d has none (in RSS before the first item, in OPML at the end
// of the head), removed when from has none; sx:sharing is taken through
// SetSharing (unless it was set), as the other version's Sharing. It
// returns the names it took; other parts and feeds of another kind are not
// taken.
func (d *Doc) TakeFeedLevel(from *Doc, names []string) []string {
	if from.kind != d.kind || from == d || d.level.Edits != nil && d.level.from != from {
		return nil
	}
	l := levelEdits{d.level.Clone(), from}
	var taken []string
	for _, name := range names {
		if d.sharingName(name) || from.sharingName(name) {
			if !d.sharingSet {
				d.SetSharing(from.Sharing()) // the publisher's own: the other version is this publisher's too
				taken = append(taken, name)
			}
			continue
		}
		ours, theirs := d.levelElements(name), from.levelElements(name)
		if ours != nil && theirs != nil && l.Take(ours, theirs) {
			taken = append(taken, name)
		}
	}
	if len(taken) > 0 {
		d.level = l
	}
	return taken
}

// levelElements returns the elements named name among the children of
// the RSS channel or OPML head that are not items or sx:sharing: an empty
// list when there are none, nil when the feed has no such parent or the
// name is sx:sharing's or used elsewhere outside the items.
func (d *Doc) levelElements(name string) []*etree.Element {
	parent := d.box
	if d.kind == KindOPML {
		parent = d.head
	}
	if parent == nil {
		return nil
	}
	for _, t := range d.root.Child {
		if e, ok := t.(*etree.Element); ok && e != d.box && e != parent && e.FullTag() == name {
			return nil
		}
	}
	out := []*etree.Element{}
	for i, t := range parent.Child {
		e, ok := t.(*etree.Element)
		switch {
		case !ok || e.FullTag() != name:
		case e == d.sharingEl || e.Tag == "sharing" && isSSE(uriOf(e)):
			return nil
		case parent == d.box && d.slots[i] != -1:
		default:
			out = append(out, e)
		}
	}
	return out
}

// synced reports whether an outline carries an sx:sync: whether it is an
// item rather than feed-level data.
func (d *Doc) synced(e *etree.Element) bool {
	for c := range e.ChildElementsSeq() {
		if c.Tag == "sync" && isSSE(uriOf(c)) {
			return true
		}
	}
	return false
}

// sharingName reports whether name is that of the feed's sx:sharing.
func (d *Doc) sharingName(name string) bool {
	return d.sharingEl != nil && d.sharingEl.FullTag() == name
}

// eachToken calls f for each element.
func eachToken(es []*etree.Element, f func(etree.Token)) {
	for _, e := range es {
		f(e)
	}
}
