package resolver

import (
	"html"
	"regexp"
	"strings"

	"github.com/feedsync/feedsync/diff"
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

// holdsMarkup reports whether a text field holds markup: its type says
// so (feeds.Field.Type: Atom's html or xhtml, an RSS description), or a
// version's value does (markupOf). A list's values are not text.
func holdsMarkup(f mergeField, typ string) bool {
	if f.list {
		return false
	}
	if typ == "html" || typ == "xhtml" {
		return true
	}
	for _, v := range append([]string{f.winner}, f.values...) {
		if markupOf(v) != "" {
			return true
		}
	}
	return false
}

// markupGranularity is how a text field's hunks are cut: by words, and
// for markup by words with each tag and reference whole.
func markupGranularity(markup bool) diff.Granularity {
	if markup {
		return diff.ByMarkup
	}
	return diff.ByWord
}

// diffRows is diff.SideBySide, or for markup shown as it is written
// diff.SideBySideMarkup.
func diffRows(a, b string, markup bool) []diff.Row {
	if markup {
		return diff.SideBySideMarkup(a, b)
	}
	return diff.SideBySide(a, b)
}
