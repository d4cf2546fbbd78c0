package feeds

import (
	"slices"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// scope is the namespace context of a point in a document, an
// xmlutil.Scope (its URI looks a prefix up), with the document it belongs
// to. Each Scope in the chain is that of a scope.
//
// Elements keep the prefixes they were written with. When an element is
// written somewhere other than where it was read (into another document, or
// under an element that binds its prefixes differently), the writer compares
// the two scopes and renames or declares what is needed (see relocate).
type scope struct {
	xmlutil.Scope
	src *source // the document the scope belongs to, for positions
}

// child returns the scope inside element e, whose parent's scope is s.
func (s *scope) child(e *etree.Element) *scope {
	if !xmlutil.HasDecl(e.Attr) {
		return s
	}
	return &scope{Scope: xmlutil.Scope{Parent: &s.Scope, Attrs: e.Attr}, src: s.src}
}

// elemURI returns the namespace URI of element e, whose parent's scope is s.
func (s *scope) elemURI(e *etree.Element) string {
	if u, ok := xmlutil.Bound(e.Attr, e.Space); ok {
		return u
	}
	u, _ := s.URI(e.Space)
	return u
}

// attrURI returns the namespace URI of an attribute of an element whose own
// scope (declarations included) is s. Unprefixed attributes have none.
func (s *scope) attrURI(a etree.Attr) string {
	if a.Space == "" {
		return ""
	}
	u, _ := s.URI(a.Space)
	return u
}

// prefixFor returns a prefix bound to uri in s, preferring want, or "" and
// false if none is.
func (s *scope) prefixFor(uri, want string) (string, bool) {
	if u, ok := s.URI(want); ok && u == uri {
		return want, true
	}
	for f := &s.Scope; f != nil; f = f.Parent {
		for _, a := range f.Attrs {
			if a.Value != uri || !xmlutil.IsDecl(a) {
				continue
			}
			p := a.Key
			if a.Space == "" {
				p = ""
			}
			if u, _ := s.URI(p); u == uri {
				return p, true
			}
		}
	}
	return "", false
}

// move says how to write an element read under one scope under another:
// element prefixes to write as others bound to the same namespace there,
// and the declarations to add on the element for the rest.
type move struct {
	rename map[string]string
	decls  []etree.Attr
}

// relocate works out how element e, read under scope src (its parent's),
// keeps its meaning when written under dst. A prefix dst binds to the same
// namespace needs nothing; an element prefix dst binds under another name
// is renamed to it when that name is free in e's subtree; the others are
// declared on e. The default namespace is declared rather than renamed, and
// attribute prefixes are kept (declared when needed).
func relocate(e *etree.Element, src, dst *scope) move {
	var m move
	if src == dst {
		return m
	}
	var fr freeSet
	fr.collect(e, nil)
	changed := func(p string) (string, bool) {
		su, ok := src.URI(p)
		if !ok {
			return "", false // unbound where it was read: nothing to keep
		}
		du, _ := dst.URI(p)
		return su, du != su
	}
	declareDefault := false
	if su, ch := changed(""); ch && slices.Contains(fr.elem, "") {
		m.decls, declareDefault = append(m.decls, xmlutil.Decl("", su)), true
	}
	for _, p := range fr.elem {
		su, ch := changed(p)
		if p == "" || !ch {
			continue
		}
		if q, ok := dst.prefixFor(su, ""); ok && (q == "" && !declareDefault || q != "" && !fr.uses(q)) {
			if m.rename == nil {
				m.rename = map[string]string{}
			}
			m.rename[p] = q
			if !slices.Contains(fr.attr, p) {
				continue
			}
		}
		m.decls = append(m.decls, xmlutil.Decl(p, su))
	}
	for _, p := range fr.attr {
		if su, ch := changed(p); ch && !slices.Contains(fr.elem, p) {
			m.decls = append(m.decls, xmlutil.Decl(p, su))
		}
	}
	return m
}

// freeSet is what an element's subtree does with prefixes.
type freeSet struct {
	elem, attr []string // prefixes element and attribute names use without the subtree declaring them
	declared   []string // prefixes declared anywhere in the subtree
}

func (f *freeSet) uses(p string) bool {
	return slices.Contains(f.elem, p) || slices.Contains(f.attr, p) || slices.Contains(f.declared, p)
}

// collect walks e's subtree; path holds e's ancestors within it.
func (f *freeSet) collect(e *etree.Element, path []*etree.Element) {
	path = append(path, e)
	free := func(p string) bool {
		for _, a := range path {
			if xmlutil.Declared(a.Attr, p) {
				return false
			}
		}
		return true
	}
	add := func(list *[]string, p string) {
		if !slices.Contains(*list, p) {
			*list = append(*list, p)
		}
	}
	if free(e.Space) {
		add(&f.elem, e.Space)
	}
	for _, a := range e.Attr {
		switch {
		case a.Space == "xmlns":
			add(&f.declared, a.Key)
		case a.Space == "" && a.Key == "xmlns":
			add(&f.declared, "")
		case a.Space != "" && free(a.Space):
			add(&f.attr, a.Space)
		}
	}
	for c := range e.ChildElementsSeq() {
		f.collect(c, path)
	}
}

// declScope returns the scope under dst once decls are written on an element.
func declScope(dst *scope, decls []etree.Attr) *scope {
	if len(decls) == 0 {
		return dst
	}
	return &scope{Scope: xmlutil.Scope{Parent: &dst.Scope, Attrs: decls}, src: dst.src}
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
