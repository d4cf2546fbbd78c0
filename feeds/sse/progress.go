package ssefeed

import "github.com/feedsync/feedsync/feeds"

// ParseWithProgress is Parse, telling p how many of data's bytes it has
// read (of the decoded text's, for a feed that is not UTF-8): an RSS feed
// after each item, an OPML feed, read as one tree, at the end (see
// feeds.Progress).
func ParseWithProgress(name string, data []byte, p feeds.Progress) (*Doc, error) {
	d, ps := parse(name, data, p)
	if len(ps) > 0 {
		return nil, ps
	}
	return d, nil
}

// MergeWithProgress is Merge, telling p how many items of the result it
// has settled, of all: they are settled once the engine has merged the
// two sets of items (see feeds.Progress).
func MergeWithProgress(local, remote *Doc, p feeds.Progress) (*Doc, error) {
	return merge(local, remote, p)
}
