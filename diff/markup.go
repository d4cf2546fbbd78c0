package diff

import "strings"

// Markup: HTML and XHTML text compared so that no span or chunk cuts a
// tag or a reference. Word by word, "<strong>" is the tokens "<",
// "strong" and ">", and a change from <strong> to <em> is the one word
// "strong" → "em": a merge tool that takes that hunk in one place and not
// in another makes "<em>world</strong>", and a hunk at a tag's edge can
// leave half of it behind. With markup tokens each tag and each reference
// is whole: it is kept, changed or taken as one.

// WordsMarkup is [Words] for HTML or XHTML text: each tag, comment and
// reference is one word ([MarkupTokens]), so that no span cuts one.
func WordsMarkup(a, b string) (left, right []Span) {
	ops := tokenOps(nil, tokenizeMarkup(a), tokenizeMarkup(b), true)
	return side(ops, Insert), side(ops, Delete)
}

// SideBySideMarkup is [SideBySide] with the word spans of [WordsMarkup].
func SideBySideMarkup(a, b string) []Row {
	return sideBySide(a, b, WordsMarkup)
}

// markupLines cuts s into lines as splitLines does, but for a line break
// inside a tag, a comment or a CDATA section, which does not end a line:
// a line diff must not cut one either.
func markupLines(s string) []string {
	var lines []string
	var c markupCutter
	start, at := 0, 0
	for s[at:] != "" {
		n := c.tokenLen(s[at:])
		at += n
		if s[at-1] == '\n' { // white space: markup ends in '>' or ';'
			lines = append(lines, s[start:at])
			start = at
		}
	}
	if start < len(s) {
		lines = append(lines, s[start:])
	}
	return lines
}

// MarkupTokens cuts s, HTML or XHTML, into the tokens [WordsMarkup] and
// [ByMarkup] compare: those of [Tokens], except that each tag (from "<"
// to the ">" no quoted attribute value holds), comment, CDATA section,
// processing instruction and entity or character reference is one.
// A "<" or "&" that starts none of them is a character of its own.
// Joining the tokens gives s; the cost is linear in its length.
func MarkupTokens(s string) []string { return tokenizeMarkup(s) }

// tokenizeMarkup is MarkupTokens.
func tokenizeMarkup(s string) []string {
	var toks []string
	var c markupCutter
	for s != "" {
		n := c.tokenLen(s)
		toks = append(toks, s[:n])
		s = s[n:]
	}
	return toks
}

// markupCutter cuts markup tokens. It remembers which closing delimiters
// ("-->", "]]>", "?>") are nowhere further on, so that each search for
// one reads the rest of the text at most once.
type markupCutter struct{ none [3]bool }

// delimited are the constructs that end at a fixed delimiter.
var delimited = [3][2]string{{"<!--", "-->"}, {"<![CDATA[", "]]>"}, {"<?", "?>"}}

// tokenLen returns the length of the token s starts with, markup or not.
func (c *markupCutter) tokenLen(s string) int {
	if n := c.markupLen(s); n > 0 {
		return n
	}
	return tokenLen(s)
}

// markupLen returns the length of the markup s starts with, or 0.
func (c *markupCutter) markupLen(s string) int {
	switch {
	case s[0] == '&':
		return refLen(s)
	case s[0] != '<':
		return 0
	}
	for k, d := range delimited {
		if !strings.HasPrefix(s, d[0]) {
			continue
		}
		if !c.none[k] {
			if i := strings.Index(s[len(d[0]):], d[1]); i >= 0 {
				return len(d[0]) + i + len(d[1])
			}
			c.none[k] = true
		}
		return 0
	}
	if len(s) < 2 || !(isNameStart(s[1]) || s[1] == '/' || s[1] == '!') {
		return 0
	}
	return tagLen(s)
}

// tagLen returns the length of the tag that starts s, up to the ">" that
// no quoted attribute value holds, or 0 if it does not end. It stops at a
// "<", so that a stray one stays a character of its own and the scan of
// one start never passes the next: tokenizing stays linear.
func tagLen(s string) int {
	var quote byte
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '<':
			return 0
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return i + 1
		}
	}
	return 0
}

// maxRef bounds the name of a reference: "&" and ";" with at most this
// many characters between are one.
const maxRef = 32

// refLen returns the length of the entity or character reference that
// starts s ("&amp;", "&#233;", "&#x1F600;"), or 0.
func refLen(s string) int {
	for i := 1; i < len(s) && i <= maxRef; i++ {
		c := s[i]
		switch {
		case c == ';':
			if i == 1 {
				return 0
			}
			return i + 1
		case c == '#' && i == 1, isNameStart(c), '0' <= c && c <= '9', c == '-', c == '.':
		default:
			return 0
		}
	}
	return 0
}

// isNameStart reports whether c may start an XML name, for a byte; any
// byte of a non-ASCII character may.
func isNameStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == ':' || c >= 0x80
}
