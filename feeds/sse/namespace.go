package ssefeed

import (
	"slices"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// Namespace URIs. Elements and attributes are matched by these, never by
// prefix.
const (
	// NS is the SSE 0.91 namespace as §1.1 gives it.
	NS = "https://www.microsoft.com/schemas/rss/sse"
	// NSHTTP is the same namespace with http, which real feeds use
	// (feeds.NSSSE091). Both are read; a feed is written back in the form
	// it was read in.
	NSHTTP = "http://www.microsoft.com/schemas/rss/sse"
	// NSOutline is feedsync's own namespace for what 0.91 leaves to the
	// application: the sibling key and parent of an OPML outline,
	// attributes of its sx:sync and sx:conflict, and the mark of an
	// sx:conflict that records a deletion (see the package doc). Other
	// implementations keep them as foreign markup.
	NSOutline = "https://github.com/feedsync/feedsync/ns/outline"
)

// isSSE reports whether a namespace URI is SSE 0.91's, in either form.
func isSSE(uri string) bool { return uri == NS || uri == NSHTTP }

// Is reports whether data is an SSE 0.91 feed: well-formed XML whose root
// element or one of its children declares the SSE 0.91 namespace, in
// either form, and which does not declare FeedSync 1.0.2 there. This is
// feeds.DetectDialect's test, made on the bytes; it looks at one feed, so
// callers decide per feed which binding loads it.
func Is(data []byte) bool {
	text, _, err := xmlscan.Decode(data)
	if err != nil {
		return false
	}
	s := xmlscan.New(text)
	sse, fs := false, false
	for s.Next() {
		t := s.Token()
		if t.Kind != xmlscan.StartElement || s.Depth() > 2 {
			continue
		}
		for _, a := range t.Attrs {
			if a.Name.Prefix == "xmlns" || a.Name.Prefix == "" && a.Name.Local == "xmlns" {
				sse = sse || isSSE(a.Value)
				fs = fs || a.Value == feeds.NSFeedSync
			}
		}
	}
	return sse && !fs && s.Err() == nil
}

// lookup returns the namespace URI prefix is bound to at element e in the
// tree it was read in, and whether it is bound. The default namespace is
// always bound, to "" when nothing declares it.
func lookup(e *etree.Element, prefix string) (string, bool) {
	for ; e != nil; e = e.Parent() {
		if u, ok := xmlutil.Bound(e.Attr, prefix); ok {
			return u, true
		}
	}
	return xmlscan.Implicit(prefix)
}

// uriOf returns the namespace URI of an element.
func uriOf(e *etree.Element) string {
	u, _ := lookup(e, e.Space)
	return u
}

// attrURI returns the namespace URI of an attribute of e; unprefixed
// attributes have none. e may be nil for attributes made anew (never
// prefixed).
func attrURI(e *etree.Element, a etree.Attr) string {
	if a.Space == "" {
		return ""
	}
	u, _ := lookup(e, a.Space)
	return u
}

// fixups returns the declarations element e needs so that, written in
// output context dst, every prefix its subtree uses without declaring
// means what it meant where e was read. Prefixes unbound where e was read
// need nothing: the input was already wrong there.
func fixups(e *etree.Element, dst *xmlutil.Scope) []etree.Attr { return fixupsWith(e, e.Attr, dst) }

// fixupsWith is fixups for e written with attrs in place of its own.
func fixupsWith(e *etree.Element, attrs []etree.Attr, dst *xmlutil.Scope) []etree.Attr {
	var decls []etree.Attr
	seen := map[string]bool{}
	var walk func(x *etree.Element, declared []string)
	walk = func(x *etree.Element, declared []string) {
		own := x.Attr
		if x == e {
			own = attrs
		}
		for _, a := range own {
			if xmlutil.IsDecl(a) {
				if a.Space == "" {
					declared = append(declared, "")
				} else {
					declared = append(declared, a.Key)
				}
			}
		}
		need := func(p string) {
			if p == "xmlns" || seen[p] || slices.Contains(declared, p) {
				return
			}
			seen[p] = true
			su, ok := lookup(x, p)
			if !ok {
				return
			}
			if du, _ := dst.URI(p); du != su {
				decls = append(decls, xmlutil.Decl(p, su))
			}
		}
		need(x.Space)
		for _, a := range own {
			if a.Space != "" && a.Space != "xmlns" {
				need(a.Space)
			}
		}
		for c := range x.ChildElementsSeq() {
			walk(c, declared)
		}
	}
	walk(e, nil)
	return decls
}

// freePrefix returns want, or want followed by a number, unbound at e.
func freePrefix(e *etree.Element, want string) string {
	return xmlutil.FreePrefix(want, func(p string) bool { _, ok := lookup(e, p); return ok })
}

// prefixFor returns a prefix bound to one of uris at e, preferring want,
// with the URI it is bound to.
func prefixFor(e *etree.Element, want string, uris ...string) (prefix, uri string, ok bool) {
	if u, ok := lookup(e, want); ok && slices.Contains(uris, u) {
		return want, u, true
	}
	for x := e; x != nil; x = x.Parent() {
		for _, a := range x.Attr {
			if a.Space != "xmlns" || !slices.Contains(uris, a.Value) {
				continue
			}
			if u, _ := lookup(e, a.Key); u == a.Value {
				return a.Key, u, true
			}
		}
	}
	return "", "", false
}
