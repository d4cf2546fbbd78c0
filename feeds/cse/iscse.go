package cse

import (
	"bytes"
	"regexp"
	"sync"

	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// IsCSE reports whether doc declares or uses the CSE namespace. Names are
// matched by namespace URI, never by prefix. A document that is not
// well-formed before that point is still recognised by a declaration of
// the namespace, so that validation can report what is wrong with it.
func IsCSE(doc []byte) bool {
	data, _, err := xmlscan.Decode(doc)
	if err != nil {
		return declaresCSE().Match(doc)
	}
	// A declaration of the namespace writes its URI, unless it writes it
	// with references: a document with neither is not CSE, unread.
	if !bytes.Contains(data, []byte(Namespace)) && bytes.IndexByte(data, '&') < 0 {
		return false
	}
	s := xmlscan.New(data)
	for s.Next() {
		if t := s.Token(); t.Kind == xmlscan.StartElement && usesCSE(s, t) {
			return true
		}
	}
	if s.Err() != nil {
		return declaresCSE().Match(doc)
	}
	return false
}

// declaresCSE finds a namespace declaration of the CSE URI, quoted or not
// (the spec's own example leaves it unquoted).
var declaresCSE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`xmlns(:[^\s=]+)?\s*=\s*["']?` + regexp.QuoteMeta(Namespace) + `["'\s/>]`)
})

// usesCSE reports whether an element, or one of its attributes, is in the
// CSE namespace or declares it.
func usesCSE(s *xmlscan.Scanner, t *xmlscan.Token) bool {
	if u, _ := s.Lookup(t.Name.Prefix); u == Namespace {
		return true
	}
	for _, a := range t.Attrs {
		decl := a.Name.Prefix == "xmlns" || a.Name.Prefix == "" && a.Name.Local == "xmlns"
		if decl && a.Value == Namespace {
			return true
		}
		if u, _ := s.Lookup(a.Name.Prefix); !decl && a.Name.Prefix != "" && u == Namespace {
			return true
		}
	}
	return false
}
