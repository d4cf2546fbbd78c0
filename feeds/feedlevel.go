package feeds

import (
	"bufio"
	"strings"

	"github.com/beevik/etree"

	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// Part is one piece of a feed's feed-level data: what the feed holds
// besides its sync items.
type Part struct {
	// Name says where the part is, as a person reads it: an element's
	// qualified name ("title", "lastBuildDate", "sx:sharing", "item" for an
	// item without sx:sync), an attribute as "element@name" ("rss@version"),
	// "#comment", "#text", or "?target" for a processing instruction.
	Name string
	// XML is the part as it is written (an attribute's value), for
	// comparing versions of a feed.
	XML string
}

// FeedLevel returns the feed's feed-level data, part by part in document
// order: the tokens around the root (the XML declaration, a stylesheet,
// comments), the attributes of the root and of the channel, the root's
// children other than the channel, and the children of the channel (RSS)
// or feed (Atom) other than its sync items: its elements, sx:sharing,
// items without sx:sync, text and comments. White space and namespace
// declarations are left out: they are how the feed is written, not what it
// says. sx:sharing is as set by SetSharing.
//
// Merge takes all of this from its local feed (§3.3 merges items only). A
// caller that holds a common ancestor of two feeds compares the parts of
// the three to tell which side changed what; the git merge driver does.
func (d *Doc) FeedLevel() []Part {
	var out []Part
	p := xmlutil.Parts{Add: func(name, text string) { out = append(out, Part{name, text}) }}
	p.Prolog(d.src.doc, d.root)
	p.Attrs(d.root)
	if d.box != d.root {
		for _, t := range d.root.Child {
			if t != d.box {
				p.Token(t)
			}
		}
		p.Attrs(d.box)
	}
	insertAt := d.firstItem
	if insertAt < 0 {
		insertAt = d.appendAt
	}
	for i, t := range d.box.Child {
		if i == insertAt {
			eachToken(d.level.Inserts(), p.Token)
		}
		if d.slots[i] != -1 || i == d.sharingAt && d.sharingSet {
			continue
		}
		if e, ok := t.(*etree.Element); ok {
			t = d.src.builtChild(e) // an item without sx:sync
		}
		d.level.Each(t, p.Token)
	}
	if insertAt >= len(d.box.Child) {
		eachToken(d.level.Inserts(), p.Token)
	}
	if d.sharingSet && d.sharing != nil {
		var b strings.Builder
		wr := &writer{d: d, w: bufio.NewWriter(&b), cs: d.cscope}
		wr.sharing()
		wr.w.Flush()
		out = append(out, Part{qn{d.sx, "sharing"}.String(), b.String()})
	}
	return out
}

// levelEdits are the feed-level elements a Doc takes from another version
// of the feed (TakeFeedLevel), and the namespace context of that version's
// box, which they were read in. Edits is nil until some are taken; its
// methods read nil as none.
type levelEdits struct {
	*xmlutil.Edits
	scope *scope
}

// levelInserts writes the feed-level elements taken from another version
// that the feed did not have, each on a line of its own.
func (wr *writer) levelInserts() {
	l := wr.d.level
	for _, e := range l.Inserts() {
		wr.w.WriteString(wr.d.itemInd)
		wr.element(e, l.scope, wr.cs)
	}
}

// TakeFeedLevel makes the feed-level elements named in names, qualified
// names as FeedLevel gives them, those of from, another version of the
// same feed (the git merge driver takes the parts only the other side
// changed): the elements of that name among the channel's (RSS) or feed's
// (Atom) children are replaced by from's, one for one, when both have as
// many; added before the first item when d has none; removed when from has
// none; sx:sharing is taken through SetSharing (unless it was set), as the
// other version's Sharing. It returns the names it took. Names of other
// parts (attributes, comments, elements outside the channel), names of elements
// that both feeds hold in different numbers, and every name when the feeds
// are of different formats, are not taken. Nothing else changes; the
// parsed trees do not: the elements are written from from's, with the
// namespaces they have there.
func (d *Doc) TakeFeedLevel(from *Doc, names []string) []string {
	if from.format != d.format || from == d {
		return nil
	}
	if d.level.Edits != nil && d.level.scope != from.cscope {
		return nil // edits from one version only
	}
	l := levelEdits{d.level.Clone(), from.cscope}
	var taken []string
	sharing := qn{d.sx, "sharing"}.String()
	for _, name := range names {
		if name == sharing && !d.sharingSet {
			d.SetSharing(from.Sharing()) // the publisher's own, §2.2: the other version is this publisher's too
			taken = append(taken, name)
			continue
		}
		ours, theirs := d.levelElements(name), from.levelElements(name)
		if ours != nil && theirs != nil && name != sharing && l.Take(ours, theirs) {
			taken = append(taken, name)
		}
	}
	if len(taken) > 0 {
		d.level = l
	}
	return taken
}

// levelElements returns the feed-level elements of the box named name:
// an empty list when there are none, nil when the name is also used
// outside the box, where TakeFeedLevel does not reach.
func (d *Doc) levelElements(name string) []*etree.Element {
	if d.box != d.root {
		for _, t := range d.root.Child {
			if e, ok := t.(*etree.Element); ok && e != d.box && e.FullTag() == name {
				return nil
			}
		}
	}
	out := []*etree.Element{}
	for i, t := range d.box.Child {
		if e, ok := t.(*etree.Element); ok && d.slots[i] == -1 && e.FullTag() == name {
			out = append(out, d.src.builtChild(e))
		}
	}
	return out
}

// eachToken calls f for each element.
func eachToken(es []*etree.Element, f func(etree.Token)) {
	for _, e := range es {
		f(e)
	}
}
