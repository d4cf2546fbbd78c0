package mergemodel

import (
	"regexp"
	"strings"
	"sync"
)

// TagRe matches one HTML or XHTML tag; entityRe one character or entity
// reference. A text either matches holds markup, whose hunks the merge
// cuts by diff.ByMarkup, a tag or an entity being one word, so that no
// hunk cuts a tag and taking one cannot leave half of it (issue 20 item 1).
// Both are compiled when first used, not when the program starts, which
// every command would pay (TestStartupInitIsLight).
var (
	TagRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`</?[a-zA-Z][a-zA-Z0-9:-]*(\s[^<>]*)?/?>`)
	})
	entityRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`&(#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]*);`)
	})
)

// MarkupOf names the markup a text holds: "xhtml" (Atom content of type
// xhtml, whose value is the XHTML div), "html" (tags or entities: Atom html,
// an RSS description of escaped HTML), or "".
func MarkupOf(s string) string {
	switch {
	case strings.Contains(s, `xmlns="http://www.w3.org/1999/xhtml"`):
		return "xhtml"
	case TagRe().MatchString(s) || entityRe().MatchString(s):
		return "html"
	}
	return ""
}
