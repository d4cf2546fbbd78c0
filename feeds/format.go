package feeds

import (
	"fmt"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// Namespace URIs. Elements are matched by these, never by prefix.
const (
	// NSFeedSync is the FeedSync 1.0.2 namespace (§1.1).
	NSFeedSync = "http://feedsync.org/2007/feedsync"
	// NSAtom is the Atom 1.0 namespace (RFC 4287).
	NSAtom = xmlutil.NSAtom
	// NSSSE091 is the namespace of Simple Sharing Extensions 0.91, in the
	// http form real feeds use; DetectDialect also counts the https form
	// SSE 0.91's §1.1 gives (nsSSE091HTTPS).
	NSSSE091 = "http://www.microsoft.com/schemas/rss/sse"
	// NSSSEPre10 is the namespace of the 0.93-era drafts that preceded FeedSync 1.0.
	NSSSEPre10 = "http://www.microsoft.com/schemas/sse"

	nsSSE091HTTPS = "https://www.microsoft.com/schemas/rss/sse"
)

// Format is the container format of a feed.
type Format int

// The formats FeedSync binds to (§1.2.5).
const (
	Atom Format = iota + 1 // Atom 1.0: <feed>, items are <entry>
	RSS                    // RSS 2.0: <rss><channel>, items are <item>
)

// String returns "atom" or "rss".
func (f Format) String() string {
	switch f {
	case Atom:
		return "atom"
	case RSS:
		return "rss"
	}
	return "unknown"
}

// Dialect is the synchronisation vocabulary a document declares.
type Dialect int

// The dialects DetectDialect tells apart. Only FeedSync102 and PlainFeed load.
const (
	PlainFeed   Dialect = iota // no sharing namespace declared on the feed
	FeedSync102                // FeedSync 1.0.2 (NSFeedSync)
	SSE091                     // Simple Sharing Extensions 0.91 (NSSSE091, in either form)
	SSEPre10                   // the 0.93-era drafts (NSSSEPre10)
)

// String names the dialect for messages.
func (d Dialect) String() string {
	switch d {
	case FeedSync102:
		return "FeedSync 1.0.2"
	case SSE091:
		return "SSE 0.91"
	case SSEPre10:
		return "pre-1.0 SSE"
	}
	return "plain feed"
}

// NamespaceDialect returns the dialect whose namespace uri is (SSE 0.91
// in either form), or PlainFeed for any other namespace. The bindings use
// it to refuse an item whose sync element is of another dialect than the
// feed's (see OtherSync).
func NamespaceDialect(uri string) Dialect {
	switch uri {
	case NSFeedSync:
		return FeedSync102
	case NSSSE091, nsSSE091HTTPS:
		return SSE091
	case NSSSEPre10:
		return SSEPre10
	}
	return PlainFeed
}

// OtherSync returns the message for an item's child element named local
// in namespace uri when it is the sync element of a dialect other than
// self, the dialect of the feed: "SSE 0.91 sync data in a FeedSync 1.0.2
// feed: …". It returns "" for anything else. Such an item is refused,
// never read as one without sync data: that would drop it from every sync
// without a word.
func OtherSync(self Dialect, uri, local string) string {
	d := NamespaceDialect(uri)
	if local != "sync" || d == PlainFeed || d == self {
		return ""
	}
	article := "a"
	if self == SSE091 {
		article = "an"
	}
	return fmt.Sprintf("%s sync data in %s %s feed: a feed's items sync in one dialect, and this item would not sync", d, article, self)
}

// DetectDialect reports which sharing vocabulary a document uses, from the
// namespaces declared on its root element and the root's child elements
// (where RSS keeps its channel). SSE 0.91's namespace counts in its http
// form (NSSSE091) and its https form. A document that declares FeedSync
// 1.0.2 is FeedSync102 even if it also declares an older namespace. This is
// the one place that tells dialects apart, so that support for another can
// start here.
func DetectDialect(doc *etree.Document) Dialect {
	d, _ := detectDialect(doc)
	return d
}

// detectDialect is DetectDialect, with the namespace URI that decided.
func detectDialect(doc *etree.Document) (Dialect, string) {
	root := doc.Root()
	if root == nil {
		return PlainFeed, ""
	}
	found, uri := PlainFeed, ""
	see := func(e *etree.Element) {
		for _, a := range e.Attr {
			if !xmlutil.IsDecl(a) {
				continue
			}
			switch a.Value {
			case NSFeedSync:
				found, uri = FeedSync102, a.Value
			case NSSSE091, nsSSE091HTTPS:
				if found != FeedSync102 && found != SSE091 {
					found, uri = SSE091, a.Value
				}
			case NSSSEPre10:
				if found == PlainFeed {
					found, uri = SSEPre10, a.Value
				}
			}
		}
	}
	see(root)
	for c := range root.ChildElementsSeq() {
		see(c)
	}
	return found, uri
}

// kind is what an item's child element means to FeedSync (implementation
// note 1): one of the shared fields the formats agree on, other shared data,
// or publisher-specific data.
type kind uint8

const (
	kindOther     kind = iota // shared: foreign markup and unknown names
	kindTitle                 // shared: atom:title, RSS title
	kindContent               // shared: atom:content without src, RSS description
	kindSummary               // shared: atom:summary
	kindCategory              // shared: atom:category, RSS category
	kindPublisher             // publisher-specific
	kindSync                  // sx:sync: metadata, neither
)

func (k kind) shared() bool { return k != kindPublisher && k != kindSync }

// classify says what a child element of an item means, given its namespace
// URI and the item's format. This is the classification doc.go documents.
func classify(f Format, uri string, e *etree.Element) kind {
	return classifyName(f, uri, e.Tag, e.SelectAttr("src") != nil)
}

// classifyName is classify for an element with local name local, and an
// attribute src (of any prefix) when src is true.
func classifyName(f Format, uri, local string, src bool) kind {
	switch uri {
	case NSFeedSync:
		if local == "sync" {
			return kindSync
		}
	case NSAtom:
		return classifyAtom(local, src)
	case "":
		if f == RSS {
			return classifyRSS(local)
		}
	}
	return kindOther
}

func classifyAtom(local string, src bool) kind {
	switch local {
	case "title":
		return kindTitle
	case "content":
		if src {
			return kindOther // out-of-line content has no text to carry across formats
		}
		return kindContent
	case "summary":
		return kindSummary
	case "category":
		return kindCategory
	case "id", "author", "contributor", "link", "published", "updated", "rights", "source":
		return kindPublisher
	}
	return kindOther
}

func classifyRSS(tag string) kind {
	switch tag {
	case "title":
		return kindTitle
	case "description":
		return kindContent
	case "category":
		return kindCategory
	case "link", "guid", "author", "comments", "enclosure", "pubDate", "source":
		return kindPublisher
	}
	return kindOther
}

// qname returns an element's name as written.
func qname(e *etree.Element) string {
	if e == nil {
		return "document"
	}
	return e.FullTag()
}
