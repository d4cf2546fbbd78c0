package ssefeed

import (
	"strings"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// indentation learns how the feed indents, for the elements it writes
// anew: itemInd, the white space before a top-level item (an RSS item, an
// outline in the body), and unit, one level.
func (d *Doc) indentation() {
	first := d.firstItem()
	if first >= 0 {
		d.appendAt = d.lastItem() + 1
	} else {
		d.appendAt = len(d.box.Child)
		for d.appendAt > 0 && xmlutil.IsWS(d.box.Child[d.appendAt-1]) {
			d.appendAt--
		}
	}
	outer := xmlutil.IndentOf(d.box)
	switch {
	case first >= 0:
		d.itemInd = xmlutil.IndentOf(d.box.Child[first].(*etree.Element))
	case d.appendAt > 0:
		if e, ok := d.box.Child[d.appendAt-1].(*etree.Element); ok {
			d.itemInd = xmlutil.IndentOf(e)
		}
	}
	if d.itemInd == "" && outer != "" {
		d.itemInd = outer + "  "
	}
	if d.itemInd == "" {
		return
	}
	d.unit = "  "
	if len(d.itemInd) > len(outer) && strings.HasPrefix(d.itemInd, outer) && outer != "" {
		d.unit = d.itemInd[len(outer):]
	}
}

// firstItem returns the index among the box's children of the first item
// or outline, or -1.
func (d *Doc) firstItem() int {
	for i, t := range d.box.Child {
		if e, ok := t.(*etree.Element); ok && d.isItem(e) {
			return i
		}
	}
	return -1
}

func (d *Doc) lastItem() int {
	for i := len(d.box.Child) - 1; i >= 0; i-- {
		if e, ok := d.box.Child[i].(*etree.Element); ok && d.isItem(e) {
			return i
		}
	}
	return -1
}

func (d *Doc) isItem(e *etree.Element) bool {
	tag := "item"
	if d.kind == KindOPML {
		tag = "outline"
	}
	return e.Tag == tag && uriOf(e) == ""
}
