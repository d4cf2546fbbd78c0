package feeds

import (
	"slices"

	"github.com/beevik/etree"
)

// scope is the namespace context of a point in a document: the namespace
// declarations of one element and, through parent, of its ancestors. Only
// elements that declare namespaces get a frame of their own; the others share
// their parent's, so looking a prefix up costs a few comparisons.
//
// Elements keep the prefixes they were written with. When an element is
// written somewhere other than where it was read (into another document, or
// under an element that binds its prefixes differently), the writer compares
// the two scopes and declares what is needed (see fixups).
type scope struct {
	parent *scope
	attrs  []etree.Attr // the attributes of the declaring element; only declarations count
	src    *source      // the document the scope belongs to, for positions
}

// uri returns the namespace URI a prefix ("" for the default namespace) is
// bound to, and whether it is bound at all. The default namespace is always
// bound, to "" when nothing declares it.
func (s *scope) uri(prefix string) (string, bool) {
	for ; s != nil; s = s.parent {
		for _, a := range s.attrs {
			if declares(a, prefix) {
				return a.Value, true
			}
		}
	}
	switch prefix {
	case "":
		return "", true
	case "xml":
		return nsXML, true
	}
	return "", false
}

// declares reports whether attribute a declares the prefix.
func declares(a etree.Attr, prefix string) bool {
	if prefix == "" {
		return a.Space == "" && a.Key == "xmlns"
	}
	return a.Space == "xmlns" && a.Key == prefix
}

// hasDecl reports whether an element declares any namespace.
func hasDecl(e *etree.Element) bool {
	for _, a := range e.Attr {
		if isNSDecl(a) {
			return true
		}
	}
	return false
}

// child returns the scope inside element e, whose parent's scope is s.
func (s *scope) child(e *etree.Element) *scope {
	if !hasDecl(e) {
		return s
	}
	return &scope{parent: s, attrs: e.Attr, src: s.src}
}

// elemURI returns the namespace URI of element e, whose parent's scope is s.
func (s *scope) elemURI(e *etree.Element) string {
	for _, a := range e.Attr {
		if declares(a, e.Space) {
			return a.Value
		}
	}
	u, _ := s.uri(e.Space)
	return u
}

// attrURI returns the namespace URI of an attribute of an element whose own
// scope (declarations included) is s. Unprefixed attributes have none.
func (s *scope) attrURI(a etree.Attr) string {
	if a.Space == "" {
		return ""
	}
	u, _ := s.uri(a.Space)
	return u
}

// prefixFor returns a prefix bound to uri in s, preferring want, or "" and
// false if none is.
func (s *scope) prefixFor(uri, want string) (string, bool) {
	if u, ok := s.uri(want); ok && u == uri {
		return want, true
	}
	for f := s; f != nil; f = f.parent {
		for _, a := range f.attrs {
			if a.Value != uri || !isNSDecl(a) {
				continue
			}
			p := a.Key
			if a.Space == "" {
				p = ""
			}
			if u, _ := s.uri(p); u == uri {
				return p, true
			}
		}
	}
	return "", false
}

// freePrefix returns a prefix, want or want followed by a number, that s
// leaves unbound.
func (s *scope) freePrefix(want string) string {
	p := want
	for i := 2; ; i++ {
		if _, ok := s.uri(p); !ok {
			return p
		}
		p = want + itoa(i)
	}
}

// fixups returns the namespace declarations element e needs so that, written
// under dst, every prefix in its subtree means what it meant under src (the
// scope of e's original parent). Prefixes the subtree declares itself, and
// prefixes src leaves unbound, need nothing.
func fixups(e *etree.Element, src, dst *scope) []etree.Attr {
	if src == dst {
		return nil
	}
	var used []string
	var path []*etree.Element
	collectFree(e, &path, &used)
	var decls []etree.Attr
	for _, p := range used {
		su, ok := src.uri(p)
		if !ok {
			continue
		}
		if du, _ := dst.uri(p); du == su {
			continue
		}
		decls = append(decls, nsDecl(p, su))
	}
	return decls
}

// collectFree adds to used the prefixes that e's subtree uses without
// declaring them itself.
func collectFree(e *etree.Element, path *[]*etree.Element, used *[]string) {
	*path = append(*path, e)
	need := func(p string) {
		if p == "xmlns" || slices.Contains(*used, p) {
			return
		}
		for _, a := range *path {
			for _, at := range a.Attr {
				if declares(at, p) {
					return
				}
			}
		}
		*used = append(*used, p)
	}
	need(e.Space)
	for _, a := range e.Attr {
		if a.Space != "" && a.Space != "xmlns" {
			need(a.Space)
		}
	}
	for _, t := range e.Child {
		if c, ok := t.(*etree.Element); ok {
			collectFree(c, path, used)
		}
	}
	*path = (*path)[:len(*path)-1]
}

// nsDecl returns the attribute that binds prefix to uri.
func nsDecl(prefix, uri string) etree.Attr {
	if prefix == "" {
		return etree.Attr{Key: "xmlns", Value: uri}
	}
	return etree.Attr{Space: "xmlns", Key: prefix, Value: uri}
}

// declScope returns the scope under dst once decls are written on an element.
func declScope(dst *scope, decls []etree.Attr) *scope {
	if len(decls) == 0 {
		return dst
	}
	return &scope{parent: dst, attrs: decls, src: dst.src}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
