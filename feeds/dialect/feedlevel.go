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
