package cse

import (
	"encoding/xml"
	"io"
	"regexp"

	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// IsCSE reports whether doc declares or uses the CSE namespace. Names are
// matched by namespace URI, never by prefix. A document that is not
// well-formed before that point is still recognised by a declaration of
// the namespace, so that validation can report what is wrong with it.
func IsCSE(doc []byte) bool {
	data, _, err := toUTF8("", doc)
	if err != nil {
		return declaresCSE.Match(doc)
	}
	d := xmlutil.NewDecoder(data)
	d.Strict = false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return false
		}
		if err != nil {
			return declaresCSE.Match(doc)
		}
		if se, ok := tok.(xml.StartElement); ok && usesCSE(se) {
			return true
		}
	}
}

// declaresCSE finds a namespace declaration of the CSE URI, quoted or not
// (the spec's own example leaves it unquoted).
var declaresCSE = regexp.MustCompile(`xmlns(:[^\s=]+)?\s*=\s*["']?` + regexp.QuoteMeta(Namespace) + `["'\s/>]`)

// usesCSE reports whether an element, or one of its attributes, is in the
// CSE namespace or declares it. encoding/xml has already turned prefixes
// into URIs.
func usesCSE(se xml.StartElement) bool {
	if se.Name.Space == Namespace {
		return true
	}
	for _, a := range se.Attr {
		if a.Name.Space == Namespace || a.Value == Namespace && (a.Name.Space == "xmlns" || a.Name.Local == "xmlns") {
			return true
		}
	}
	return false
}
