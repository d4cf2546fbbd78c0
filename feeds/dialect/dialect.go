package dialect

import (
	"cmp"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// Dialect is the synchronisation vocabulary of a feed's sync data.
type Dialect int

// The dialects. A feed that holds no sync data yet has None.
const (
	None        Dialect = iota // no sync data yet: no item with a sync element, no sx:sharing
	FeedSync102                // FeedSync 1.0.2 (Atom and RSS)
	SSE091                     // Simple Sharing Extensions 0.91 (RSS and OPML)
)

// dialectInfo is what a dialect is called (its id, its title and a feed
// of it, in messages) and the formats it binds (1.0.2 §1.2.5: Atom and
// RSS; 0.91 §1: RSS and OPML).
type dialectInfo struct {
	id, title, article, formats string
	binds                       [OPML + 1]bool
}

var dialectNames = [...]dialectInfo{
	None:        {"none", "no dialect", "a feed with no sync data", "no", [OPML + 1]bool{}},
	FeedSync102: {"feedsync-1.0.2", "FeedSync 1.0.2", "a FeedSync 1.0.2 feed", "Atom and RSS", [OPML + 1]bool{Atom: true, RSS: true}},
	SSE091:      {"sse-0.91", "SSE 0.91", "an SSE 0.91 feed", "RSS and OPML", [OPML + 1]bool{RSS: true, OPML: true}},
}

// names returns the dialect's names; None's for a value out of range.
func (d Dialect) names() *dialectInfo {
	if d < 0 || int(d) >= len(dialectNames) {
		d = None
	}
	return &dialectNames[d]
}

// String returns "feedsync-1.0.2", "sse-0.91" or "none", the names
// `conflicts --json` prints.
func (d Dialect) String() string { return d.names().id }

// title names the dialect in messages: "FeedSync 1.0.2".
func (d Dialect) title() string { return d.names().title }

// article names a feed of the dialect in messages: "a FeedSync 1.0.2 feed".
func (d Dialect) article() string { return d.names().article }

// formats names the formats a dialect binds, for messages.
func (d Dialect) formats() string { return d.names().formats }

// carries reports whether the dialect binds feeds of format f.
func (d Dialect) carries(f Format) bool { return f >= 0 && f <= OPML && d.names().binds[f] }

// other returns the other dialect.
func (d Dialect) other() Dialect {
	if d == SSE091 {
		return FeedSync102
	}
	return SSE091
}

// Format is a feed's container format.
type Format int

// The formats.
const (
	Atom Format = iota + 1 // Atom 1.0: <feed>, items are <entry>
	RSS                    // RSS 2.0: <rss><channel>, items are <item>
	OPML                   // OPML: <opml><body>, items are <outline>
)

// formatNames are a format's id and a feed of it in messages.
var formatNames = [...][2]string{{"unknown", "a feed"}, Atom: {"atom", "an Atom feed"}, RSS: {"rss", "an RSS feed"}, OPML: {"opml", "an OPML outline"}}

func (f Format) names() [2]string {
	if f < 0 || f > OPML {
		f = 0
	}
	return formatNames[f]
}

// String returns "atom", "rss" or "opml".
func (f Format) String() string { return f.names()[0] }

// article names a feed of the format in messages: "an Atom feed".
func (f Format) article() string { return f.names()[1] }

// sniff chooses the binding that loads data from its first bytes: the
// namespace declarations of the root element and, in RSS, of the channel,
// where feeds.DetectDialect and ssefeed.Is look. FeedSync 1.0.2 declared
// there wins (as DetectDialect has it), then SSE 0.91 in either form. A
// feed that declares neither is an OPML outline, which only SSE 0.91
// binds, or anything else, which package feeds loads or refuses with its
// own messages (pre-1.0 SSE, a root that is no feed, XML that is not
// well-formed). Reading, with the scanner the bindings use, stops at the
// channel: the cost does not grow with the feed. ns is the sync namespace URI declared, "" for none.
func sniff(data []byte) (binding Dialect, ns string) {
	if text, cs, err := xmlscan.Decode(data); err == nil && cs != nil {
		data = text // a feed in another encoding is read as its binding will read it
	}
	sc := xmlscan.New(data)
	fs, sse := "", ""
	declares := func(attrs []xmlscan.Attr) {
		for _, a := range attrs {
			if a.Name.Prefix == "xmlns" || a.Name.Prefix == "" && a.Name.Local == "xmlns" {
				switch a.Value {
				case feeds.NSFeedSync:
					fs = a.Value
				case ssefeed.NS, ssefeed.NSHTTP:
					sse = cmp.Or(sse, a.Value)
				}
			}
		}
	}
	root := ""
	for depth := 0; sc.Next(); {
		t := sc.Token()
		channel := false
		switch t.Kind {
		case xmlscan.EndElement:
			depth--
		case xmlscan.StartElement:
			depth++
			switch {
			case depth == 1:
				root = t.Name.Local
				declares(t.Attrs)
			case depth == 2 && t.Name.Local == "channel":
				channel = true
				declares(t.Attrs)
			}
		}
		// Done after the root when it is not RSS, after the channel, or at
		// the end of the root.
		if depth == 0 && root != "" || depth == 1 && root != "rss" || depth == 2 && root == "rss" && channel {
			break
		}
	}
	switch {
	case fs != "":
		return FeedSync102, fs
	case sse != "":
		return SSE091, sse
	case root == "opml":
		return SSE091, ""
	}
	return FeedSync102, ""
}
