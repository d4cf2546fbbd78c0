package ssefeed

import (
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
// out.
//
// Merge takes all of this from its local feed (§4.4 merges items only).
func (d *Doc) FeedLevel() []feeds.Part {
	var out []feeds.Part
	p := xmlutil.Parts{Add: func(name, text string) { out = append(out, feeds.Part{Name: name, XML: text}) }}
	p.Prolog(d.src.tree, d.root)
	p.Attrs(d.root)
	for _, t := range d.root.Child {
		switch e, _ := t.(*etree.Element); {
		case t == etree.Token(d.box):
		case e != nil && d.kind == KindOPML && e.Tag == "head" && uriOf(e) == "":
			p.Attrs(e)
			for _, c := range e.Child {
				p.Token(c)
			}
		default:
			p.Token(t)
		}
	}
	p.Attrs(d.box)
	for i, t := range d.box.Child {
		if d.kind == KindRSS && d.slots[i] != -1 {
			continue
		}
		if e, ok := t.(*etree.Element); ok && d.kind == KindOPML && d.synced(e) {
			continue
		}
		p.Token(t)
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
