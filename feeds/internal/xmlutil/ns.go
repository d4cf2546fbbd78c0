// Package xmlutil is what the two XML bindings, feeds (FeedSync 1.0.2) and
// feeds/sse (SSE 0.91), share below their vocabularies: namespace
// declarations and scopes, writing with etree as both write, and the
// bookkeeping of a Doc's item records that Subset hides.
package xmlutil

import (
	"strconv"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// NSXML is the namespace the prefix xml is bound to without a declaration.
const NSXML = xmlscan.NSXML

// IsDecl reports whether an attribute declares a namespace.
func IsDecl(a etree.Attr) bool {
	return a.Space == "xmlns" || a.Space == "" && a.Key == "xmlns"
}

// Declares reports whether attribute a binds prefix ("" for the default
// namespace).
func Declares(a etree.Attr, prefix string) bool {
	if prefix == "" {
		return a.Space == "" && a.Key == "xmlns"
	}
	return a.Space == "xmlns" && a.Key == prefix
}

// Bound returns the namespace URI one of attrs binds prefix to, and whether
// one does.
func Bound(attrs []etree.Attr, prefix string) (string, bool) {
	for _, a := range attrs {
		if Declares(a, prefix) {
			return a.Value, true
		}
	}
	return "", false
}

// Declared reports whether one of attrs binds prefix.
func Declared(attrs []etree.Attr, prefix string) bool {
	_, ok := Bound(attrs, prefix)
	return ok
}

// HasDecl reports whether attrs declare any namespace.
func HasDecl(attrs []etree.Attr) bool {
	for _, a := range attrs {
		if IsDecl(a) {
			return true
		}
	}
	return false
}

// Decls returns the namespace declarations among attrs, or nil.
func Decls(attrs []etree.Attr) []etree.Attr {
	var out []etree.Attr
	for _, a := range attrs {
		if IsDecl(a) {
			out = append(out, a)
		}
	}
	return out
}

// Decl returns the attribute that binds prefix to uri.
func Decl(prefix, uri string) etree.Attr {
	if prefix == "" {
		return etree.Attr{Key: "xmlns", Value: uri}
	}
	return etree.Attr{Space: "xmlns", Key: prefix, Value: uri}
}

// FreePrefix returns want, or want followed by a number from 2 up, the
// first that bound reports unbound.
func FreePrefix(want string, bound func(prefix string) bool) string {
	p := want
	for i := 2; bound(p); i++ {
		p = want + strconv.Itoa(i)
	}
	return p
}

// Scope is the namespace context of a point in a document: the namespace
// declarations of one element and, through Parent, of its ancestors. Only
// elements that declare namespaces need a Scope of their own; the others
// share their parent's, so looking a prefix up costs a few comparisons.
// The nil Scope has no declarations.
type Scope struct {
	Parent *Scope
	Attrs  []etree.Attr // the declaring element's attributes; only declarations count
}

// URI returns the namespace URI prefix ("" for the default namespace) is
// bound to, and whether it is bound at all. The default namespace is always
// bound, to "" when nothing declares it.
func (s *Scope) URI(prefix string) (string, bool) {
	for ; s != nil; s = s.Parent {
		for _, a := range s.Attrs { // Bound, written out so that URI inlines
			if Declares(a, prefix) {
				return a.Value, true
			}
		}
	}
	return xmlscan.Implicit(prefix)
}

// Push returns the scope inside an element with attributes attrs whose
// parent's scope is s: s itself when they declare nothing.
func (s *Scope) Push(attrs []etree.Attr) *Scope {
	decls := Decls(attrs)
	if decls == nil {
		return s
	}
	return &Scope{Parent: s, Attrs: decls}
}

// FreePrefix returns a prefix, want or want followed by a number, that s
// leaves unbound.
func (s *Scope) FreePrefix(want string) string {
	return FreePrefix(want, func(p string) bool { _, ok := s.URI(p); return ok })
}
