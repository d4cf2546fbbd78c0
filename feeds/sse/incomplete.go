package ssefeed

import (
	"slices"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds"
)

// noText says, by kind of feed, what an item without its text lacks.
var noText = map[string]string{
	KindRSS:  "neither title nor description: RSS 2.0 requires one",
	KindOPML: "no text attribute: OPML 2.0 requires it",
}

// Incomplete returns a problem at each item of the feed as read, sync
// item or not, that lacks what its format requires of its text: an RSS
// item a title or a description (RSS 2.0), an OPML outline, at any depth,
// a text attribute (OPML 2.0). Conflict records are not items of the feed
// and are not looked at. The feed loads and syncs all the same: these are
// warnings, for a validator to give, about what is the publisher's
// concern. The parse noted the RSS items; OPML's tree is walked.
func (d *Doc) Incomplete() feeds.Problems {
	if d.kind == KindRSS {
		return d.src.locate(d.src.untexted)
	}
	var fs []finding
	var walk func(*etree.Element)
	walk = func(parent *etree.Element) {
		for _, e := range parent.ChildElements() {
			if e.Tag != "outline" || e.NamespaceURI() != "" {
				continue // an outline inside other markup is not one of the feed's
			}
			if !slices.ContainsFunc(e.Attr, func(a etree.Attr) bool { return a.Space == "" && a.Key == "text" }) {
				fs = append(fs, finding{el: e, off: -1, msg: noText[KindOPML]})
			}
			walk(e)
		}
	}
	if d.box != nil {
		walk(d.box)
	}
	return d.src.locate(fs)
}
