package feeds

import (
	"bufio"
	"strings"

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
	for i, t := range d.box.Child {
		if d.slots[i] == -1 && !(i == d.sharingAt && d.sharingSet) {
			p.Token(t)
		}
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
