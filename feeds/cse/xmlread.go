package cse

import (
	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// parseXML reads data, a document named name in messages, into an etree
// document, strictly, decoded from its charset as the bindings decode a
// feed (xmlutil.Read, xmlscan.Decode). A document that is not well-formed,
// or in an encoding feedsync does not read, gives feeds.Problems placed by
// feeds.SyntaxProblems. It returns the bytes etree read, data decoded to
// UTF-8, so that feeds.Locate places findings in the same bytes etree saw,
// and the charset data was in (nil for UTF-8), which a stamped file is
// written back in.
func parseXML(name string, data []byte) (*etree.Document, []byte, *xmlscan.Charset, error) {
	doc, text, cs, err := xmlutil.Read(data, xmlutil.DefaultLimits)
	if err != nil {
		return nil, nil, nil, feeds.SyntaxProblems(name, text, err)
	}
	if doc.Root() == nil {
		return nil, nil, nil, feeds.Problems{{File: name, Line: 1, Col: 1, Element: "document", Msg: "no root element"}}
	}
	return doc, text, cs, nil
}
