package resolver

import (
	"html"
	"regexp"
	"strings"

	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/tui/resolver/mergemodel"
)

// Markup in a field's text: Atom content of type xhtml (whose value is
// the XHTML div) or html (whose value is the HTML, unescaped once), and
// RSS descriptions that hold escaped HTML, which read the same once
// unescaped. The item screen labels such a field and, on r, shows it with
// the tags and entities rendered away; the word diff works on either,
// each tag and entity one word (diff.ByMarkup), as the merge view's hunks
// are cut: no hunk cuts a tag, so that taking one cannot leave half of it
// (issue 20 item 1).

var (
	tagRe    = mergemodel.TagRe
	blockRe  = regexp.MustCompile(`(?i)<(br|/?p|/?div|/?li|/?h[1-6]|/?tr|/?blockquote|/?pre|/?ul|/?ol|/?table)(\s[^<>]*)?/?>`)
	spacesRe = regexp.MustCompile(`[ \t]+`)
)

// markupOf names the markup a text holds: "xhtml", "html", or "".
func markupOf(s string) string { return mergemodel.MarkupOf(s) }

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

// diffRows is diff.SideBySide, or for markup shown as it is written
// diff.SideBySideMarkup.
func diffRows(a, b string, markup bool) []diff.Row {
	if markup {
		return diff.SideBySideMarkup(a, b)
	}
	return diff.SideBySide(a, b)
}
