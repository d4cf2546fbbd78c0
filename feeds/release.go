package feeds

import "github.com/feedsync/feedsync/feeds/internal/xmlutil"

// indent returns the indentation of an item's element where it was read.
func (lz *lazyEl) indent() string {
	if lz.src.released {
		if m := lz.more; m != nil && m.hasInd {
			return m.ind
		}
		return lz.src.ind
	}
	return xmlutil.IndentOf(lz.shell)
}

// Release lets go of what d alone reads, for a d that nothing reads again
// but through the items another Doc took from it: a merge's REMOTE, in a
// command that writes the merge and ends. The list of its items, the
// offsets of the children of the element that holds them and those
// children go; an item another Doc holds keeps its bytes, its element's
// name and attributes, and its indentation (source.ind, or lazyMore.ind
// for an item indented otherwise than the first). Those few items
// held the rest through their elements' parent, the feed's tree: at 100k
// items, ~37 MB of REMOTE that the ~1k items a merge took from it kept.
// d must not be used afterwards.
func (d *Doc) Release() {
	src := d.src
	if src.released {
		return
	}
	for i, lz := range src.items {
		switch ind := xmlutil.IndentOf(lz.shell); {
		case i == 0:
			src.ind = ind
		case ind != src.ind:
			m := lz.extra()
			m.ind, m.hasInd = ind, true
		}
	}
	src.released = true
	d.box.Child = nil
	src.items, src.offs, src.plain = nil, nil, nil
}
