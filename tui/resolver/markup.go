package resolver

import (
	"html"
	"regexp"
	"strings"
)

// Markup in a field's text: Atom content of type xhtml (whose value is
// the XHTML div) or html (whose value is the HTML, unescaped once), and
// RSS descriptions that hold escaped HTML, which read the same once
// unescaped. The item screen labels such a field and, on r, shows it with
// the tags and entities rendered away; the word diff works on either.

var (
	tagRe    = regexp.MustCompile(`</?[a-zA-Z][a-zA-Z0-9:-]*(\s[^<>]*)?/?>`)
	entityRe = regexp.MustCompile(`&(#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]*);`)
	blockRe  = regexp.MustCompile(`(?i)<(br|/?p|/?div|/?li|/?h[1-6]|/?tr|/?blockquote|/?pre|/?ul|/?ol|/?table)(\s[^<>]*)?/?>`)
	spacesRe = regexp.MustCompile(`[ \t]+`)
)

// markupOf names the markup a text holds: "xhtml", "html", or "".
func markupOf(s string) string {
	switch {
	case strings.Contains(s, `xmlns="http://www.w3.org/1999/xhtml"`):
		return "xhtml"
	case tagRe.MatchString(s) || entityRe.MatchString(s):
		return "html"
	}
	return ""
}

// rendered returns the text with its tags rendered away: block elements
// and line breaks become line breaks, other tags go, entities are
// decoded, and runs of spaces shrink to one.
func renderedMarkup(s string) string {
	s = blockRe.ReplaceAllString(s, "\n")
	s = tagRe.ReplaceAllString(s, "")
	s = html.UnescapeString(s)
	var lines []string
	blank := false
	for l := range strings.SplitSeq(s, "\n") {
		l = strings.TrimSpace(spacesRe.ReplaceAllString(l, " "))
		if l == "" {
			if !blank && len(lines) > 0 {
				lines = append(lines, "")
			}
			blank = true
			continue
		}
		lines, blank = append(lines, l), false
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
