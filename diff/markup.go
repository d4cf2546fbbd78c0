package diff

// Markup: HTML and XHTML text compared so that no span or chunk cuts a
// tag or a reference. Word by word, "<strong>" is the tokens "<",
// "strong" and ">", and a change from <strong> to <em> is the one word
// "strong" → "em": a merge tool that takes that hunk in one place and not
// in another makes "<em>world</strong>", and a hunk at a tag's edge can
// leave half of it behind. With markup tokens each tag and each reference
// is whole: it is kept, changed or taken as one.

// WordsMarkup is [Words] for HTML or XHTML text: a tag, from "<" to its
// ">" (see markupLen), and an entity or character reference, from "&"
// to ";", are each one word, so that no span cuts one.
func WordsMarkup(a, b string) (left, right []Span) {
	ops := tokenOps(nil, tokenizeMarkup(a), tokenizeMarkup(b), true)
	return side(ops, Insert), side(ops, Delete)
}

// SideBySideMarkup is [SideBySide] with the word spans of [WordsMarkup].
func SideBySideMarkup(a, b string) []Row {
	return sideBySide(a, b, WordsMarkup)
}

// markupLines cuts s into lines as splitLines does, but for a line break
// inside a tag, which does not end a line: a line diff must not cut a tag
// either.
func markupLines(s string) []string {
	var lines []string
	start, at := 0, 0
	for s[at:] != "" {
		n := markupLen(s[at:])
		if n == 0 {
			n = tokenLen(s[at:])
		}
		at += n
		if s[at-1] == '\n' { // white space: a tag ends in '>', a reference in ';'
			lines = append(lines, s[start:at])
			start = at
		}
	}
	if start < len(s) {
		lines = append(lines, s[start:])
	}
	return lines
}

// tokenizeMarkup cuts s as tokenize does, but each tag and each
// reference is one token. Joining the tokens gives s.
func tokenizeMarkup(s string) []string {
	var toks []string
	for s != "" {
		n := markupLen(s)
		if n == 0 {
			n = tokenLen(s)
		}
		toks = append(toks, s[:n])
		s = s[n:]
	}
	return toks
}

// maxRef bounds the name of a reference: "&" and ";" with at most this
// many letters, digits and "#" between are one.
const maxRef = 32

// markupLen returns the length of the tag or reference s starts with, or
// 0 if it starts with neither. A tag is "<" followed by a letter, "/",
// "!" or "?", up to the first ">" outside quotes; it ends at no "<", so
// that a stray "<" stays a character of its own and the scan of one
// start never passes the next: tokenizing stays linear. A reference is
// "&", a name or "#" and digits, and ";".
func markupLen(s string) int {
	switch {
	case len(s) < 3:
		return 0
	case s[0] == '<':
		return tagLen(s)
	case s[0] == '&':
		for i := 1; i < len(s) && i <= maxRef+1; i++ {
			c := s[i]
			switch {
			case c == ';':
				if i == 1 {
					return 0
				}
				return i + 1
			case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '#':
			default:
				return 0
			}
		}
	}
	return 0
}

// tagLen returns the length of the tag s starts with ("<"), or 0.
func tagLen(s string) int {
	c := s[1]
	if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '/' || c == '!' || c == '?') {
		return 0
	}
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
