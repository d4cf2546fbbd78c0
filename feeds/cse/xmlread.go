package cse

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// parseXML reads data, a document named name in messages, into an etree
// document, strictly (xmlutil.ReadUTF8). A document that is not
// well-formed gives feeds.Problems placed by feeds.SyntaxProblems. It returns the bytes etree read: data itself, or
// data decoded to UTF-8 when its XML declaration names Latin-1, so that
// feeds.Locate places findings in the same bytes etree saw.
func parseXML(name string, data []byte) (*etree.Document, []byte, error) {
	data, decoded, err := toUTF8(name, data)
	if err != nil {
		return nil, nil, err
	}
	doc, err := xmlutil.ReadUTF8(data, xmlutil.DefaultLimits)
	if err != nil {
		return nil, nil, feeds.SyntaxProblems(name, data, err)
	}
	if doc.Root() == nil {
		return nil, nil, feeds.Problems{{File: name, Line: 1, Col: 1, Element: "document", Msg: "no root element"}}
	}
	if decoded {
		declareUTF8(doc)
	}
	return doc, data, nil
}

// declareUTF8 makes the XML declaration of a document decoded from Latin-1
// say what etree holds and writes: UTF-8.
func declareUTF8(doc *etree.Document) {
	for _, t := range doc.Child {
		if pi, ok := t.(*etree.ProcInst); ok && pi.Target == "xml" {
			pi.Inst = xmlEncoding.ReplaceAllString(pi.Inst, `${1}UTF-8${2}`)
			return
		}
	}
}

var xmlEncoding = regexp.MustCompile(`(\bencoding\s*=\s*["'])[^"']*(["'])`)

// xmlDecl finds the encoding an XML declaration names.
var xmlDecl = regexp.MustCompile(`^(?:\xEF\xBB\xBF)?<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']`)

// toUTF8 lets UTF-8 and ASCII documents through and decodes Latin-1 ones;
// feeds in other encodings are rare enough that naming the encoding is the
// kinder failure. A document without a declaration is UTF-8.
// It reports whether it decoded data.
func toUTF8(name string, data []byte) ([]byte, bool, error) {
	m := xmlDecl.FindSubmatch(data)
	if m == nil {
		return data, false, nil
	}
	switch strings.ToLower(string(m[1])) {
	case "utf-8", "utf8", "us-ascii", "ascii":
		return data, false, nil
	case "iso-8859-1", "latin1", "latin-1":
		return latin1ToUTF8(data), true, nil
	}
	return nil, false, feeds.Problems{{File: name, Line: 1, Col: 1, Element: "document",
		Msg: fmt.Sprintf("encoding %q is not supported (UTF-8, US-ASCII and ISO-8859-1 are)", m[1])}}
}

func latin1ToUTF8(raw []byte) []byte {
	out := make([]byte, 0, len(raw)+len(raw)/8)
	for _, b := range raw {
		out = utf8.AppendRune(out, rune(b))
	}
	return out
}
