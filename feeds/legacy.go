package feeds

import (
	"fmt"

	"github.com/beevik/etree"
)

// RSSVersion reads the version attribute of an rss element, v ("" when
// it has none), for both bindings. RSS 2.0 is read as it is. RSS 0.91,
// 0.92 and the drafts after them, 0.93 and 0.94, and an rss without a
// version are read as RSS 2.0, which is their superset (RSS 2.0: "it is
// upward compatible with RSS 0.91 and 0.92"; every element of theirs is
// one of its): ok, with a note that says so, for a validator to give once
// per feed. The attribute is never rewritten: it is part of the feed's
// bytes, written as read. Any other version is not RSS 2.0: not ok, and
// the note is the problem.
func RSSVersion(v string) (note string, ok bool) {
	switch v {
	case "2.0":
		return "", true
	case "":
		return "rss without a version attribute: read as RSS 2.0", true
	case "0.91", "0.92", "0.93", "0.94":
		return fmt.Sprintf("rss version %q: read as RSS 2.0, its superset", v), true
	}
	return fmt.Sprintf("rss version %q: not RSS 2.0, nor 0.91 to 0.94, which are read as it", v), false
}

// Namespaces of formats feedsync refuses by name (LegacyFormat).
const (
	NSAtom03 = "http://purl.org/atom/ns#"
	NSRDF    = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	NSRSS10  = "http://purl.org/rss/1.0/"
	NSRSS090 = "http://my.netscape.com/rdf/simple/0.9/"
)

// LegacyFormat names the format of a root element, in namespace uri,
// that is a feed but not one FeedSync binds: "Atom 0.3", "RSS 1.0 (RDF)",
// "RSS 0.90 (RDF)"; "" for any other. Both bindings refuse such a feed
// with a message that names it.
func LegacyFormat(root *etree.Element, uri string) string {
	switch {
	case root.Tag == "feed" && uri == NSAtom03:
		return "Atom 0.3"
	case root.Tag == "RDF" && uri == NSRDF:
		for _, a := range root.Attr {
			if a.Value == NSRSS090 && (a.Space == "xmlns" || a.Space == "" && a.Key == "xmlns") {
				return "RSS 0.90 (RDF)"
			}
		}
		return "RSS 1.0 (RDF)"
	}
	return ""
}

// LegacyMessage is the problem of a feed of a format LegacyFormat names.
func LegacyMessage(format string) string {
	return "an " + format + " feed: not a format FeedSync binds (feedsync reads Atom 1.0, RFC 4287, and RSS 2.0, RSS 0.91 to 0.94 as RSS 2.0)"
}

// Notes returns what validating the feed notes once without it being a
// problem: an rss element whose version is read as RSS 2.0 (RSSVersion).
// The feed loads and syncs all the same.
func (d *Doc) Notes() Problems {
	if d.note == "" {
		return nil
	}
	return report([]finding{{src: d.src, at: elPlace(d.root), msg: d.note}})
}
