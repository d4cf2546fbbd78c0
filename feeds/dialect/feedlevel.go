package dialect

import "github.com/feedsync/feedsync/feeds"

// FeedLevel returns the feed's feed-level data, part by part in document
// order: everything but its sync items (feeds.Doc.FeedLevel,
// ssefeed.Doc.FeedLevel). Merge takes it from the local feed; a caller that
// holds a common ancestor compares the parts of three versions to tell
// which side changed what (the git merge driver does).
func (d *Doc) FeedLevel() []feeds.Part {
	switch b := d.b.(type) {
	case fs102:
		return b.doc.FeedLevel()
	case sse091:
		return b.doc.FeedLevel()
	}
	return nil
}

// TakeFeedLevel makes the feed-level elements named in names those of
// from, another version of the same feed in the same binding
// (feeds.Doc.TakeFeedLevel, ssefeed.Doc.TakeFeedLevel): the children of the
// RSS channel, the Atom feed or the OPML head of those names. It returns
// the names it took; other parts, and every name when the two are held in
// different bindings, are not taken.
func (d *Doc) TakeFeedLevel(from *Doc, names []string) []string {
	var taken []string
	switch b := d.b.(type) {
	case fs102:
		if f, ok := from.b.(fs102); ok {
			taken = b.doc.TakeFeedLevel(f.doc, names)
		}
	case sse091:
		if f, ok := from.b.(sse091); ok {
			taken = b.doc.TakeFeedLevel(f.doc, names)
		}
	}
	if len(taken) > 0 {
		d.src = nil // read again, the feed is what it now writes
	}
	return taken
}
