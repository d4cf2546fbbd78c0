package merge3

import (
	"encoding/xml"
	"errors"
	"io"
	"strings"

	"github.com/feedsync/feedsync/diff"
)

// tokens cuts s as mode m reads it: word tokens, with markup whole in HTML
// and XHTML mode.
func tokens(s string, m Mode) []string {
	if m == Text {
		return diff.Tokens(s)
	}
	var toks []string
	text := 0
	for i := 0; i < len(s); {
		k := strings.IndexAny(s[i:], "<&")
		if k < 0 {
			break
		}
		i += k
		n := markupLen(s[i:])
		if n == 0 {
			i++
			continue
		}
		toks = append(toks, diff.Tokens(s[text:i])...)
		toks = append(toks, s[i:i+n])
		i += n
		text = i
	}
	return append(toks, diff.Tokens(s[text:])...)
}

// markupLen returns the length of the tag, comment, CDATA section,
// processing instruction or reference that starts s, or 0 if none does
// (a lone "<" or "&" is text).
func markupLen(s string) int {
	if s[0] == '&' {
		return refLen(s)
	}
	for _, d := range [...][2]string{{"<!--", "-->"}, {"<![CDATA[", "]]>"}, {"<?", "?>"}} {
		if strings.HasPrefix(s, d[0]) {
			if k := strings.Index(s[len(d[0]):], d[1]); k >= 0 {
				return len(d[0]) + k + len(d[1])
			}
			return 0
		}
	}
	if len(s) < 2 || !(isNameStart(s[1]) || s[1] == '/' || s[1] == '!') {
		return 0
	}
	return tagLen(s)
}

// tagLen returns the length of the tag that starts s, up to the ">" that
// no quoted attribute value holds, or 0 if it does not end.
func tagLen(s string) int {
	var quote byte
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return i + 1
		case c == '<':
			return 0
		}
	}
	return 0
}

// refLen returns the length of the entity or character reference that
// starts s ("&amp;", "&#233;", "&#x1F600;"), or 0.
func refLen(s string) int {
	for i := 1; i < len(s) && i <= 32; i++ {
		c := s[i]
		switch {
		case c == ';':
			if i == 1 {
				return 0
			}
			return i + 1
		case c == '#' && i == 1, isNameStart(c), c >= '0' && c <= '9', c == '-', c == '.':
		default:
			return 0
		}
	}
	return 0
}

func isNameStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ':' || c >= 0x80
}

// wellFormed reports whether s is well-formed XML content: elements,
// text and references, inside one wrapping element. HTML's named entities
// are known, as an XHTML reader knows them.
func wellFormed(s string) bool {
	d := xml.NewDecoder(strings.NewReader("<merge3>" + s + "</merge3>"))
	d.Strict = true
	d.Entity = xml.HTMLEntity
	for {
		if _, err := d.Token(); err != nil {
			return errors.Is(err, io.EOF)
		}
	}
}
